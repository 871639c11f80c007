import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, stubApi } from './api-stub';

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('stubApi', () => {
  it('answers from the declared routes and records what each request carried', async () => {
    const calls = stubApi({
      'GET /api/chat-sessions/:id': ({ params }) => ({ body: { id: Number(params.id) } }),
      'POST /api/transactions': { status: 201, body: { ok: true } },
    });
    const got = await fetch('/api/chat-sessions/7?include=agent');
    expect(got.status).toBe(200);
    expect(await got.json()).toEqual({ id: 7 });
    const posted = await fetch('/api/transactions', {
      method: 'POST',
      headers: { 'Idempotency-Key': 'k-1' },
      credentials: 'include',
      body: JSON.stringify({ amount: '1' }),
    });
    expect(posted.status).toBe(201);
    expect(calls).toMatchObject([
      { method: 'GET', path: '/api/chat-sessions/7', url: '/api/chat-sessions/7?include=agent' },
      { method: 'POST', path: '/api/transactions', body: { amount: '1' }, credentials: 'include' },
    ]);
    expect(calls[0]!.query.get('include')).toBe('agent');
    expect(calls[1]!.headers.get('Idempotency-Key')).toBe('k-1');
  });

  it('matches the method and every path segment', async () => {
    stubApi({
      'GET /api/chat-sessions/:id': { body: 'one' },
      'GET /api/chat-sessions/:id/messages': { body: 'messages' },
      'DELETE /api/chat-sessions/:id': { status: 204 },
      // `:id` stands for one segment, never for none.
      'GET /api/chat-sessions': { body: 'list' },
    });
    expect(await (await fetch('/api/chat-sessions/7/messages')).json()).toBe('messages');
    expect(await (await fetch('/api/chat-sessions/7')).json()).toBe('one');
    expect(await (await fetch('/api/chat-sessions')).json()).toBe('list');
    expect((await fetch('/api/chat-sessions/7', { method: 'DELETE' })).status).toBe(204);
  });

  it('passes a Response through, and a thrown error on as a failed request', async () => {
    stubApi({
      'GET /api/raw': () => json({ error: 'gone' }, 410),
      'GET /api/offline': () => {
        throw new TypeError('offline');
      },
    });
    expect((await fetch('/api/raw')).status).toBe(410);
    await expect(fetch('/api/offline')).rejects.toThrow('offline');
  });

  it('refuses a route that is not "METHOD /path"', () => {
    expect(() => stubApi({ '/api/prices': { body: [] } })).toThrow(/METHOD \/path/);
  });

  // The stub must fail the test that made an undeclared call, even though the app swallowed
  // the answer: this test is expected to fail, and vitest reports it if it does not.
  it.fails('fails the test that makes a call no route declares', async () => {
    stubApi({ 'GET /api/prices': { body: [] } });
    const answer = await fetch('/api/exchange-rates');
    expect(answer.status).toBe(501);
  });
});
