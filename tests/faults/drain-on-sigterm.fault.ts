/**
 * Two instances on one PostgreSQL behind a load balancer. A client's socket is on A while
 * messages flow (sent through B); A gets SIGTERM. A stops taking connections and closes its
 * sockets with SOCKET_CLOSE_CODES.serverShuttingDown; the web app's own realtime client
 * reconnects at once, lands on B, resumes after its last event id, and ends with every message
 * sent during the switch, in order, none lost and none twice (nor sent twice by the server).
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import WebSocket from 'ws';
import { SOCKET_CLOSE_CODES, type RealtimeEvent } from '../../src/shared/api/realtime';
import { openDatabase } from '../../src/server/db/client';
import { migrateDatabase } from '../../src/server/db/migrate';
import { RealtimeClient } from '../../src/web/lib/realtime';
import { createPostgresTestDatabase } from '../support/databases';
import { SHARED_DATA_ENV, ServerProcess } from '../support/server-process';
import { makeAgent, makeCustomer, sessionCookie } from '../support/users';
import { ApiUser, planMessage, sendUntilStored } from './support/chat-client';
import { FailoverProxy } from './support/failover-proxy';

const MESSAGES = 150;
/** A gets its SIGTERM once this many messages were sent: the rest flow during the switch. */
const STOP_AFTER = 40;

const serverUrl = process.env.TEST_DATABASE_URL;
if (!serverUrl) {
  console.warn('TEST_DATABASE_URL is not set: the drain-on-SIGTERM test is skipped');
}

describe.skipIf(!serverUrl)('SIGTERM drains an instance’s sockets to the other one', () => {
  let created: Awaited<ReturnType<typeof createPostgresTestDatabase>>;
  let a: ServerProcess;
  let b: ServerProcess;
  let proxy: FailoverProxy;
  let customerCookie = '';
  let agentCookie = '';

  beforeAll(async () => {
    created = await createPostgresTestDatabase(serverUrl!);
    const database = await openDatabase({ kind: 'postgres', url: created.url, poolSize: 2 });
    try {
      await migrateDatabase(database);
      customerCookie = await sessionCookie(database.db, await makeCustomer(database.db));
      agentCookie = await sessionCookie(database.db, await makeAgent(database.db));
    } finally {
      await database.close();
    }
    const env = { ...SHARED_DATA_ENV, DATABASE_URL: created.url };
    [a, b] = await Promise.all([
      ServerProcess.start({ name: 'A', env }),
      ServerProcess.start({ name: 'B', env }),
    ]);
    // A first: every connection goes there while it listens.
    proxy = await FailoverProxy.start([a.port, b.port]);
  });
  afterAll(async () => {
    await proxy?.close();
    await Promise.all([a?.stop(), b?.stop()]);
    await created?.drop();
  });

  it('the client reconnects to B at once and gets every message once', async () => {
    const closeCodes: number[] = [];
    /** Every event frame the server sent, before the client's own de-duplication. */
    const framesReceived: number[] = [];
    // The browser's WebSocket, as the page's: its cookie and origin go with it.
    class BrowserSocket extends WebSocket {
      constructor(url: string) {
        super(url, { headers: { cookie: agentCookie, origin: proxy.url } });
        this.addEventListener('close', (event) => closeCodes.push(event.code));
        this.addEventListener('message', (message) => {
          const frame = JSON.parse(String(message.data)) as { type: string; event?: RealtimeEvent };
          if (frame.type === 'event' && frame.event?.type === 'message.created') {
            framesReceived.push(frame.event.message.id);
          }
        });
      }
    }
    vi.stubGlobal('WebSocket', BrowserSocket);
    const client = new RealtimeClient({
      url: () => `${proxy.url.replace('http', 'ws')}/api/ws`,
      network: null,
    });
    const received: number[] = [];
    client.onEvent((event) => {
      if (event.type === 'message.created') received.push(event.message.id);
    });
    const release = client.retain();
    try {
      await vi.waitFor(() => expect(client.getState()).toBe('online'), { timeout: 20_000 });
      expect(proxy.routed).toEqual([a.port]);

      // Sends go straight to B: only the watching socket is on A.
      const customer = new ApiUser(b.url, customerCookie);
      const chatSessionId = await customer.createChatSession();
      const sent: number[] = [];
      let stopping: Promise<void> | undefined;
      for (let n = 1; n <= MESSAGES; n++) {
        const { message } = await sendUntilStored(
          customer,
          planMessage(chatSessionId, `message ${n} of ${MESSAGES}`),
        );
        sent.push(message.id);
        if (n === STOP_AFTER) {
          // The first messages reached the client through A before it goes.
          await vi.waitFor(() => expect(received).toEqual(sent), { timeout: 10_000 });
          stopping = a.stop();
        }
      }
      await stopping;
      await vi.waitFor(() => expect(received.length).toBeGreaterThanOrEqual(sent.length), {
        timeout: 20_000,
      });
      expect(received).toEqual(sent);
      // Nothing doubled on the wire either: the resume started after the last id the client had.
      expect(framesReceived).toEqual(sent);
      // A said why it closed; the client's next socket went to B, at once, and only once.
      expect(closeCodes).toEqual([SOCKET_CLOSE_CODES.serverShuttingDown]);
      expect(proxy.routed).toEqual([a.port, b.port]);
      expect(client.getState()).toBe('online');
    } finally {
      release();
      vi.unstubAllGlobals();
    }
  });
});
