/**
 * A client's socket is cut mid-stream (the TCP connection reset, as a network drop does, no
 * close frame) while messages flow; it reconnects and resumes after the last event id it had.
 * It must receive every message it missed, in order, with no duplicates.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabaseKinds, type TestDatabase } from '../support/databases';
import { startLiveApp, type LiveApp } from '../support/live-app';
import { makeAgent, makeCustomer, sessionCookie } from '../support/users';
import { ApiUser, planMessage, sendUntilStored, sleep } from './support/chat-client';
import { ResumingSocket } from './support/resuming-socket';
import { TcpProxy } from './support/tcp-proxy';

const MESSAGES = 200;
/** Cuts while the stream flows, after this many messages were sent. */
const CUT_AFTER = [30, 80, 130, 170];

if (!process.env.TEST_DATABASE_URL) {
  console.warn(
    'TEST_DATABASE_URL is not set: the PostgreSQL case of the socket-cut test is skipped',
  );
}

describe.each(testDatabaseKinds())('a socket cut mid-stream on $name', (kind) => {
  let database: TestDatabase;
  let live: LiveApp;
  let proxy: TcpProxy;

  beforeAll(async () => {
    database = await kind.open();
    live = await startLiveApp(database);
    proxy = await TcpProxy.start(Number(new URL(live.baseUrl).port));
  });
  afterAll(async () => {
    await proxy?.close();
    await live?.close();
    await database?.dispose();
  });

  it('receives what it missed after reconnecting, in order, once each', async () => {
    const db = database.db;
    const customer = new ApiUser(live.baseUrl, await sessionCookie(db, await makeCustomer(db)));
    const agentCookie = await sessionCookie(db, await makeAgent(db));
    const customerCookie = customer.cookie;
    const chatSessionId = await customer.createChatSession();

    // Both sides watch through the relay that gets cut; sends go straight to the app.
    const agentSocket = await ResumingSocket.open(() => proxy.url, agentCookie);
    const customerSocket = await ResumingSocket.open(() => proxy.url, customerCookie);

    const sentIds: number[] = [];
    let cuts = 0;
    for (let n = 1; n <= MESSAGES; n++) {
      const { message } = await sendUntilStored(
        customer,
        planMessage(chatSessionId, `message ${n} of ${MESSAGES}`),
      );
      sentIds.push(message.id);
      if (CUT_AFTER.includes(n)) {
        // Cut only live streams: both sockets back from the last cut and resumed.
        for (const socket of [agentSocket, customerSocket]) {
          await socket.waitFor(() => socket.live, 'the socket to be live before a cut');
        }
        expect(proxy.cut()).toBe(2);
        cuts++;
      }
      // A steady stream (about 1 per ms or less) so cuts land while events are on the wire.
      if (n % 10 === 0) await sleep(5);
    }

    for (const socket of [agentSocket, customerSocket]) {
      await socket.waitForMessages(sentIds, 'after the cuts', 30_000);
      // Exactly the sent messages, in the order they were stored, none twice.
      expect(socket.messageIds()).toEqual(sentIds);
      const eventIds = socket.events.map((e) => e.id);
      expect(eventIds).toEqual([...eventIds].sort((a, b) => a - b));
      expect(new Set(eventIds).size).toBe(eventIds.length);
      expect(socket.connections).toBeGreaterThanOrEqual(cuts + 1);
      expect(socket.incompleteResumes).toBe(0);
      // The cuts did cost messages, and the resumes brought them back.
      expect(socket.replayed).toBeGreaterThan(0);
    }
    agentSocket.close();
    customerSocket.close();
  });
});
