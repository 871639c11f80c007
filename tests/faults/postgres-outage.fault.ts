/**
 * PostgreSQL goes away under two running app instances (real processes), and comes back:
 * - restarted: both instances reconnect (pool and LISTEN) and sockets on one instance receive
 *   everything sent through the other, without restarting the apps;
 * - stopped for a while: requests get a clear 503, health says the database is unreachable,
 *   and service comes back by itself once PostgreSQL is started again.
 *
 * These run on a throwaway PostgreSQL server of their own (same programs as TEST_DATABASE_URL's)
 * so stopping it never disturbs anyone else using the shared server.
 */
import { eq } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../../src/server/db/client';
import { migrateDatabase } from '../../src/server/db/migrate';
import { messages } from '../../src/server/db/schema';
import { makeAgent, makeCustomer, sessionCookie } from '../support/users';
import { SHARED_DATA_ENV, ServerProcess } from '../support/server-process';
import {
  ApiUser,
  planMessage,
  sendUntilStored,
  sleep,
  type PlannedMessage,
} from './support/chat-client';
import { ResumingSocket } from './support/resuming-socket';
import { ThrowawayPostgres, throwawayPostgresUnavailable } from './support/throwaway-postgres';

const UNAVAILABLE = { error: 'The service is temporarily unavailable. Please try again shortly.' };
/** How long the database stays away in the outage test. */
const OUTAGE_MS = 6_000;
/** An answer while the database is down must come this fast: no request waits for it. */
const ANSWER_WITHIN_MS = 6_000;

const skipReason = !process.env.TEST_DATABASE_URL
  ? 'TEST_DATABASE_URL is not set'
  : throwawayPostgresUnavailable;
if (skipReason) console.warn(`PostgreSQL outage tests skipped: ${skipReason}`);

describe.skipIf(!!skipReason)('PostgreSQL going away under two app instances', () => {
  let server: ThrowawayPostgres;
  let database: Database;
  let a: ServerProcess;
  let b: ServerProcess;
  let customerOnA: ApiUser;
  let customerOnB: ApiUser;
  let agentOnB: ApiUser;
  let chatSessionId: number;
  /** Every message any test sent and had acknowledged, for the exactly-once check. */
  const sent: PlannedMessage[] = [];

  beforeAll(async () => {
    server = await ThrowawayPostgres.create();
    const admin = new pg.Client({ connectionString: server.url() });
    await admin.connect();
    await admin.query('create database agentchat');
    await admin.end();
    const url = server.url('agentchat');
    database = await openDatabase({ kind: 'postgres', url, poolSize: 2 });
    await migrateDatabase(database);
    const customerCookie = await sessionCookie(database.db, await makeCustomer(database.db));
    const agentCookie = await sessionCookie(database.db, await makeAgent(database.db));
    [a, b] = await Promise.all([
      ServerProcess.start({ name: 'A', env: { ...SHARED_DATA_ENV, DATABASE_URL: url } }),
      ServerProcess.start({ name: 'B', env: { ...SHARED_DATA_ENV, DATABASE_URL: url } }),
    ]);
    customerOnA = new ApiUser(a.url, customerCookie);
    customerOnB = new ApiUser(b.url, customerCookie);
    agentOnB = new ApiUser(b.url, agentCookie);
    chatSessionId = await customerOnA.createChatSession();
  });

  afterAll(async () => {
    await Promise.all([a?.stop(), b?.stop()]);
    await database?.close();
    await server?.dispose();
  });

  /** Runs `during` with PostgreSQL stopped, and always starts it again. */
  async function withPostgresStopped(during: () => Promise<void>): Promise<void> {
    await server.stop();
    try {
      await during();
    } finally {
      if (!(await server.isRunning())) await server.start();
    }
  }

  async function sendAll(user: ApiUser, count: number, label: string): Promise<number[]> {
    const ids: number[] = [];
    for (let n = 1; n <= count; n++) {
      const message = planMessage(chatSessionId, `${label} ${n}`);
      // The first sends after an outage may meet a 503 while the pool reconnects: retried.
      message.acked = (await sendUntilStored(user, message)).message;
      sent.push(message);
      ids.push(message.acked.id);
    }
    return ids;
  }

  function expectInOrderOnce(socket: ResumingSocket): void {
    const eventIds = socket.events.map((e) => e.id);
    expect(new Set(eventIds).size, 'no event twice').toBe(eventIds.length);
    expect(eventIds, 'events in id order').toEqual([...eventIds].sort((x, y) => x - y));
  }

  async function expectAppsNeverRestarted(): Promise<void> {
    for (const app of [a, b]) {
      expect(app.running, `app ${app.url} still running:\n${app.output()}`).toBe(true);
      expect(app.pids).toHaveLength(1);
    }
  }

  async function expectStoredOnce(): Promise<void> {
    const rows = await database.db
      .select({ id: messages.id, clientMessageId: messages.clientMessageId })
      .from(messages)
      .where(eq(messages.chatSessionId, chatSessionId));
    expect(rows.map((r) => r.clientMessageId).sort()).toEqual(
      sent.map((m) => m.clientMessageId).sort(),
    );
    expect(rows.map((r) => r.id).sort()).toEqual(sent.map((m) => m.acked!.id).sort());
  }

  it('reconnects after a PostgreSQL restart: sockets on one instance get what the other stored', async () => {
    const agentSocketOnB = await ResumingSocket.open(() => b.url, agentOnB.cookie);
    const customerSocketOnA = await ResumingSocket.open(() => a.url, customerOnA.cookie);

    const before = [
      ...(await sendAll(customerOnA, 10, 'customer via A before the restart')),
      ...(await sendAll(agentOnB, 10, 'agent via B before the restart')),
    ];
    await agentSocketOnB.waitForMessages(before, 'on B before the restart');
    await customerSocketOnA.waitForMessages(before, 'on A before the restart');

    await withPostgresStopped(async () => undefined);

    // One direction at a time, so the only way across is the other instance's LISTEN (a local
    // send would make an instance read the event log anyway).
    const fromA = await sendAll(customerOnA, 25, 'customer via A after the restart');
    await agentSocketOnB.waitForMessages(fromA, 'sent through A, on B', 30_000);
    const fromB = await sendAll(agentOnB, 25, 'agent via B after the restart');
    await customerSocketOnA.waitForMessages(fromB, 'sent through B, on A', 30_000);

    const all = [...before, ...fromA, ...fromB];
    for (const socket of [agentSocketOnB, customerSocketOnA]) {
      await socket.waitForMessages(all, 'in all');
      expect(socket.messageIds().sort()).toEqual([...all].sort());
      expectInOrderOnce(socket);
      expect(socket.incompleteResumes).toBe(0);
    }
    await expectAppsNeverRestarted();
    await expectStoredOnce();
    agentSocketOnB.close();
    customerSocketOnA.close();
  });

  it('answers 503 while the database is unreachable, and serves again by itself', async () => {
    const agentSocketOnB = await ResumingSocket.open(() => b.url, agentOnB.cookie);
    const refused: PlannedMessage[] = [];

    await withPostgresStopped(async () => {
      const until = Date.now() + OUTAGE_MS;
      while (Date.now() < until) {
        for (const app of [a, b]) {
          const health = await new ApiUser(app.url, '').request('GET', '/api/health');
          expect(health).toMatchObject({
            kind: 'answered',
            status: 503,
            body: { status: 'unavailable', database: 'unreachable' },
          });
          expect(health.ms).toBeLessThan(ANSWER_WITHIN_MS);
        }
        const message = planMessage(
          chatSessionId,
          `sent while the database was down ${refused.length + 1}`,
        );
        const send = await customerOnA.sendMessage(
          message.chatSessionId,
          message.clientMessageId,
          message.content,
        );
        expect(send).toMatchObject({ kind: 'answered', status: 503, body: UNAVAILABLE });
        expect(send.ms).toBeLessThan(ANSWER_WITHIN_MS);
        refused.push(message);

        const list = await agentOnB.request('GET', '/api/chat-sessions');
        expect(list).toMatchObject({ kind: 'answered', status: 503, body: UNAVAILABLE });
        // What needs no database keeps working.
        const config = await customerOnB.request('GET', '/api/config');
        expect(config).toMatchObject({ kind: 'answered', status: 200 });
        await sleep(300);
      }
    });

    // Back by itself: no app restart.
    for (const app of [a, b]) {
      await expect
        .poll(async () => await new ApiUser(app.url, '').request('GET', '/api/health'), {
          timeout: 30_000,
          interval: 250,
        })
        .toMatchObject({ status: 200, body: { status: 'ok', database: 'ok' } });
    }
    await expectAppsNeverRestarted();

    // The client sends again what was refused: stored now, once each, and delivered across
    // (through A only: B learns of them by its LISTEN, back after several failed attempts).
    const retried: number[] = [];
    for (const message of refused) {
      const result = await sendUntilStored(customerOnA, message);
      expect(result.status, 'a refused message was not stored before').toBe(201);
      message.acked = result.message;
      sent.push(message);
      retried.push(result.message.id);
    }
    const after = await sendAll(customerOnA, 10, 'customer via A after the outage');
    await agentSocketOnB.waitForMessages([...retried, ...after], 'after the outage', 30_000);
    expectInOrderOnce(agentSocketOnB);
    await expectStoredOnce();
    agentSocketOnB.close();
  });

  // No PGlite case: the embedded database runs inside the app process, so it cannot be
  // unreachable while the app is up.
});
