/**
 * The server is killed with SIGKILL right after an agent's reply to a WhatsApp customer was
 * stored and a webhook delivery was answered, before the Graph API took the reply (it is not
 * even listening yet). Started again on the same data, the reply goes out exactly once and the
 * stored delivery joins the chat exactly once: on the embedded database and on PostgreSQL. And
 * killed in the middle of a batch of ten customers' deliveries (some processed, some in flight,
 * some not begun), started again: every message once, each customer's in order.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../../src/server/db/client';
import { migrateDatabase } from '../../src/server/db/migrate';
import { createPostgresTestDatabase } from '../support/databases';
import {
  GraphApiServer,
  signWebhook,
  textMessage,
  webhookDelivery,
  whatsappEnv,
} from '../support/graph-api-server';
import { freePort, SHARED_DATA_ENV, ServerProcess } from '../support/server-process';
import { makeAgent, sessionCookie } from '../support/users';
import { ApiUser, sleep } from './support/chat-client';

const serverUrl = process.env.TEST_DATABASE_URL;
const CUSTOMER = '2348031112222';
const REPLY = 'Our rate is ₦150,000,000 per BTC';

interface Backing {
  env: Record<string, string>;
  open(): Promise<Database>;
  dispose(): Promise<void>;
}

async function backingFor(kind: 'pglite' | 'postgres'): Promise<Backing> {
  if (kind === 'postgres') {
    const created = await createPostgresTestDatabase(serverUrl!);
    return {
      env: { DATABASE_URL: created.url },
      open: () => openDatabase({ kind: 'postgres', url: created.url, poolSize: 2 }),
      dispose: () => created.drop(),
    };
  }
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'agentchat-faults-wa-'));
  return {
    env: { DATA_DIR: dataDir },
    open: () => openDatabase({ kind: 'pglite', dataDir }),
    dispose: async () => fs.rmSync(dataDir, { recursive: true, force: true }),
  };
}

async function until<T>(what: string, probe: () => Promise<T | undefined>, ms = 60_000) {
  const deadline = Date.now() + ms;
  for (;;) {
    const found = await probe();
    if (found !== undefined) return found;
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await sleep(100);
  }
}

describe.each(['pglite', 'postgres'] as const)('SIGKILL in the WhatsApp channel on %s', (kind) => {
  const skip = kind === 'postgres' && !serverUrl;
  let backing: Backing;
  let app: ServerProcess | undefined;
  let graph: GraphApiServer | undefined;
  let graphPort = 0;
  let agent: ApiUser;

  const webhook = async (body: string) => {
    const response = await fetch(`${app!.url}/api/channels/whatsapp/webhook`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-hub-signature-256': signWebhook(body) },
      body,
    });
    expect(response.status).toBe(200);
  };
  const contents = async (chatSessionId: number) =>
    (await agent.listMessages(chatSessionId)).map((m) => m.content);

  beforeAll(async () => {
    if (skip) return;
    backing = await backingFor(kind);
    const database = await backing.open();
    let cookie: string;
    try {
      await migrateDatabase(database);
      cookie = await sessionCookie(database.db, await makeAgent(database.db));
    } finally {
      await database.close();
    }
    // Its port is known, but nothing listens there until after the kill.
    graphPort = await freePort();
    const graphUrl = `http://127.0.0.1:${graphPort}/v23.0`;
    app = await ServerProcess.start({
      name: `whatsapp-${kind}`,
      env: {
        ...SHARED_DATA_ENV,
        ...backing.env,
        ...whatsappEnv(graphUrl),
      },
    });
    agent = new ApiUser(app.url, cookie);
  }, 180_000);

  afterAll(async () => {
    await app?.stop();
    await graph?.stop();
    await backing?.dispose();
  });

  it.skipIf(skip)(
    'sends the stored reply once and processes the stored delivery once after the restart',
    { timeout: 180_000 },
    async () => {
      await webhook(
        webhookDelivery({
          contacts: [{ wa_id: CUSTOMER, name: 'Ngozi Eze' }],
          messages: [textMessage(CUSTOMER, 'Hello, I want to sell Bitcoin.')],
        }),
      );
      const chatSessionId = await until('the WhatsApp chat', async () => {
        const list = await agent.request('GET', '/api/chat-sessions');
        const items =
          list.kind === 'answered' ? (list.body as { items: { id: number }[] }).items : [];
        return items[0]?.id;
      });

      const sent = await agent.request('POST', `/api/chat-sessions/${chatSessionId}/messages`, {
        clientMessageId: crypto.randomUUID(),
        content: REPLY,
      });
      expect(sent.kind === 'answered' && sent.status).toBe(201);
      await webhook(webhookDelivery({ messages: [textMessage(CUSTOMER, 'Is the rate fixed?')] }));
      await app!.kill();

      graph = await new GraphApiServer().start(graphPort);
      await app!.start();
      const out = await graph.waitForSent(1, 60_000);
      expect(out.map((m) => [m.to, m.body.text])).toEqual([
        [CUSTOMER, { body: REPLY, preview_url: false }],
      ]);
      await until('the stored delivery in the chat', async () =>
        (await contents(chatSessionId)).includes('Is the rate fixed?') ? true : undefined,
      );
      // Past two more polls of each worker: nothing is sent or stored twice.
      await sleep(5_000);
      expect(graph.attempts).toHaveLength(1);
      expect(await contents(chatSessionId)).toEqual([
        'Hello, I want to sell Bitcoin.',
        REPLY,
        'Is the rate fixed?',
      ]);
    },
  );

  it.skipIf(skip)(
    "processes a batch cut by a kill once after the restart, each customer's messages in order",
    { timeout: 180_000 },
    async () => {
      const numbers = Array.from({ length: 10 }, (_, i) => `23480444${String(i).padStart(5, '0')}`);
      const expected = new Map(numbers.map((n) => [n, [] as string[]]));
      const bodies: string[] = [];
      for (let round = 0; round < 5; round++)
        for (const [i, number] of numbers.entries()) {
          const text = round === 0 ? 'Hello, I want to sell Bitcoin.' : `${i}: message ${round}`;
          expected.get(number)!.push(text);
          bodies.push(
            webhookDelivery({
              contacts: [{ wa_id: number, name: `Customer ${i}` }],
              messages: [textMessage(number, text)],
            }),
          );
        }
      for (const body of bodies) await webhook(body);
      await app!.kill();
      await app!.start();

      const chatOf = async (number: string) => {
        const list = await agent.request('GET', `/api/chat-sessions?q=${number}`);
        const items =
          list.kind === 'answered' ? (list.body as { items: { id: number }[] }).items : [];
        return items[0]?.id;
      };
      const chats = async () => {
        const found = new Map<string, string[]>();
        for (const number of numbers) {
          const id = await chatOf(number);
          found.set(number, id === undefined ? [] : await contents(id));
        }
        return found;
      };
      await until('every message of the batch', async () => {
        const found = await chats();
        return numbers.every((n) => found.get(n)!.length >= expected.get(n)!.length)
          ? true
          : undefined;
      });
      // Past two more polls of the processor: nothing is stored twice.
      await sleep(5_000);
      expect(await chats()).toEqual(expected);
    },
  );
});
