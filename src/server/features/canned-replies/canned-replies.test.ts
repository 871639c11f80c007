import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cannedReplyListSchema, cannedReplySchema } from '../../../shared/api/canned-replies';
import { injectJson, type InjectedCall } from '../../../../tests/support/app';
import { testDatabaseKinds, type TestDatabase } from '../../../../tests/support/databases';
import { startLiveApp, type LiveApp } from '../../../../tests/support/live-app';
import { makeAgent, makeCustomer, sessionCookie } from '../../../../tests/support/users';

describe.each(testDatabaseKinds())('canned replies on $name', (kind) => {
  let database: TestDatabase;
  let live: LiveApp;
  const cookies = { admin: '', ada: '', bola: '', customer: '' };

  const call = (
    who: keyof typeof cookies,
    method: InjectedCall['method'],
    url: string,
    body?: unknown,
  ) => injectJson(live.app, { cookie: cookies[who], method, url, body });
  const list = async (who: keyof typeof cookies) =>
    cannedReplyListSchema.parse((await call(who, 'GET', '/api/canned-replies')).body);

  beforeAll(async () => {
    database = await kind.open();
    live = await startLiveApp(database, { DATA_DIR: `/tmp/agentchat-canned-${randomUUID()}` });
    cookies.admin = await sessionCookie(database.db, await makeAgent(database.db, { admin: true }));
    cookies.ada = await sessionCookie(database.db, await makeAgent(database.db));
    cookies.bola = await sessionCookie(database.db, await makeAgent(database.db));
    cookies.customer = await sessionCookie(database.db, await makeCustomer(database.db));
  });
  afterAll(async () => {
    await live.close();
    await database.dispose();
  });

  it('team replies are managed by admins and seen by every agent; personal ones by their owner alone', async () => {
    const team = await call('admin', 'POST', '/api/canned-replies', {
      scope: 'team',
      shortcut: ' Welcome ',
      content: 'Hello {customer.firstName}, our rate is {rate.bitcoin.sell}',
    });
    expect(team.status, JSON.stringify(team.body)).toBe(201);
    expect(cannedReplySchema.parse(team.body)).toMatchObject({
      scope: 'team',
      shortcut: 'welcome',
    });

    // An agent may not write, edit or delete a team reply.
    const refused = await call('ada', 'POST', '/api/canned-replies', {
      scope: 'team',
      shortcut: 'mine',
      content: 'x',
    });
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({ error: 'Only admins manage team replies' });
    expect(
      (await call('ada', 'PATCH', `/api/canned-replies/${team.body.id}`, { content: 'y' })).status,
    ).toBe(403);
    expect((await call('ada', 'DELETE', `/api/canned-replies/${team.body.id}`)).status).toBe(403);

    const personal = await call('ada', 'POST', '/api/canned-replies', {
      scope: 'personal',
      shortcut: 'address',
      content: 'Send to {order.depositAddress}',
    });
    expect(personal.status).toBe(201);
    expect(personal.body.scope).toBe('personal');
    // The same shortcut is Ada's own twice: 409; Bola may use it for himself.
    const again = await call('ada', 'POST', '/api/canned-replies', {
      scope: 'personal',
      shortcut: 'ADDRESS',
      content: 'again',
    });
    expect(again.status).toBe(409);
    expect(
      (
        await call('bola', 'POST', '/api/canned-replies', {
          scope: 'personal',
          shortcut: 'address',
          content: 'b',
        })
      ).status,
    ).toBe(201);

    expect((await list('ada')).map((r) => [r.scope, r.shortcut, r.content])).toEqual([
      ['personal', 'address', 'Send to {order.depositAddress}'],
      ['team', 'welcome', 'Hello {customer.firstName}, our rate is {rate.bitcoin.sell}'],
    ]);
    // Bola never sees Ada's, and cannot change or delete it (404, as if it did not exist).
    expect((await list('bola')).map((r) => r.content)).toEqual([
      'b',
      'Hello {customer.firstName}, our rate is {rate.bitcoin.sell}',
    ]);
    expect(
      (await call('bola', 'PATCH', `/api/canned-replies/${personal.body.id}`, { content: 'z' }))
        .status,
    ).toBe(404);
    expect((await call('bola', 'DELETE', `/api/canned-replies/${personal.body.id}`)).status).toBe(
      404,
    );
    // Nor does the admin see Ada's personal replies.
    expect((await list('admin')).map((r) => r.id)).toEqual([team.body.id]);

    const edited = await call('ada', 'PATCH', `/api/canned-replies/${personal.body.id}`, {
      content: 'Pay into {order.depositAddress}',
    });
    expect(edited.body).toMatchObject({ content: 'Pay into {order.depositAddress}' });
    const teamEdited = await call('admin', 'PATCH', `/api/canned-replies/${team.body.id}`, {
      shortcut: 'hello',
    });
    expect(teamEdited.body.shortcut).toBe('hello');
    expect((await call('ada', 'DELETE', `/api/canned-replies/${personal.body.id}`)).status).toBe(
      204,
    );
    expect((await call('admin', 'DELETE', `/api/canned-replies/${team.body.id}`)).status).toBe(204);
    expect((await list('ada')).map((r) => r.id)).toEqual([]);
  });

  it('customers get 403; bad input 400', async () => {
    expect((await call('customer', 'GET', '/api/canned-replies')).status).toBe(403);
    expect(
      (
        await call('customer', 'POST', '/api/canned-replies', {
          scope: 'personal',
          shortcut: 'a',
          content: 'b',
        })
      ).status,
    ).toBe(403);
    for (const body of [
      { scope: 'personal', shortcut: 'has space', content: 'x' },
      { scope: 'personal', shortcut: 'ok', content: '   ' },
      { scope: 'everyone', shortcut: 'ok', content: 'x' },
    ]) {
      const res = await call('ada', 'POST', '/api/canned-replies', body);
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ error: expect.any(String) });
    }
    expect((await call('ada', 'PATCH', '/api/canned-replies/1', {})).status).toBe(400);
    expect((await call('ada', 'DELETE', '/api/canned-replies/abc')).status).toBe(400);
  });
});
