/**
 * The message path's own cost (issue 33): the send-message use case called straight, in this
 * process, one message at a time, half by customers and half by their agents, in assigned chats
 * (the common case); on PGlite, and on PostgreSQL with BENCH_DATABASE_URL or TEST_DATABASE_URL.
 * The realtime hub reads the events back after each commit, as in the server (no sockets).
 * Per message: the statements sent to the database (round trips, the hub's reads included:
 * several commits can share one) and the CPU it took
 * (`process.cpuUsage()`: on PGlite the database's work included; on PostgreSQL the server's
 * backends are not, and are measured beside it). No HTTP, no sockets, no budget: a cost to compare.
 *
 *   npm run bench -- --only messages
 */
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Fastify from 'fastify';
import { pgliteThreadFromEnv } from '../../src/server/db/pglite-thread';
import { openDatabase, type Database } from '../../src/server/db/client';
import { migrateDatabase } from '../../src/server/db/migrate';
import { chatSessions } from '../../src/server/db/schema';
import { sendMessage } from '../../src/server/features/messages/send-message';
import { EventBus } from '../../src/server/platform/event-bus';
import { EventLog } from '../../src/server/platform/realtime/events';
import { RealtimeHub } from '../../src/server/platform/realtime/hub';
import { createPostgresTestDatabase } from '../../tests/support/databases';
import { makeAgent, makeCustomer } from '../../tests/support/users';
import { CpuMeter } from '../lib/cpu';
import type { BenchRow, BenchSuite } from '../lib/types';

const CHATS = 50;
/** Messages sent before measuring (JIT, caches, the planner's). */
const WARM_UP = 300;

async function measure(
  name: string,
  database: Database,
  durationSeconds: number,
  databaseUrl?: string,
): Promise<BenchRow> {
  await migrateDatabase(database);
  const { db } = database;
  const events = new EventLog(database, new EventBus());
  // The hub reads each commit's events back (no sockets: the fan-out is the fanout suite's).
  const logger = Fastify().log;
  const hub = new RealtimeHub(database, events, logger, database.notifications(logger));
  await hub.start();
  const agent = await makeAgent(db);
  const pairs: { customer: Awaited<ReturnType<typeof makeCustomer>>; chatSessionId: number }[] = [];
  for (let i = 0; i < CHATS; i++) {
    const customer = await makeCustomer(db);
    const [chat] = await db
      .insert(chatSessions)
      .values({ customerId: customer.id, category: 'bitcoin', status: 'active', agentId: agent.id })
      .returning({ id: chatSessions.id });
    pairs.push({ customer, chatSessionId: chat!.id });
  }
  let n = 0;
  const one = async () => {
    const pair = pairs[n % CHATS]!;
    const caller = n % 2 === 0 ? pair.customer : agent;
    n++;
    await sendMessage({
      db,
      events,
      caller,
      chatSessionId: pair.chatSessionId,
      clientMessageId: randomUUID(),
      content: `message ${n}`,
      cap: 5,
    });
  };
  for (let i = 0; i < WARM_UP; i++) await one();

  let statements = 0;
  const stop = database.watchStatements(() => statements++);
  const meter = await CpuMeter.start([], databaseUrl);
  const cpu = process.cpuUsage();
  const started = performance.now();
  let sent = 0;
  while (performance.now() - started < durationSeconds * 1000) {
    await one();
    sent++;
  }
  const elapsed = performance.now() - started;
  const { user, system } = process.cpuUsage(cpu);
  const backends = await meter.per(sent);
  stop();
  await hub.stop();
  return {
    suite: 'messages',
    name,
    requestsPerSecond: (sent * 1000) / elapsed,
    errors: 0,
    total: sent,
    cpu: {
      appMs: (user + system) / 1000 / sent,
      ...(databaseUrl ? { databaseMs: backends.databaseMs } : {}),
    },
    details: { statementsPerMessage: statements / sent, sequential: 'one message at a time' },
  };
}

export const suite: BenchSuite = {
  name: 'messages',
  description: 'the send-message use case in process: statements and CPU per message',
  async run(options) {
    const rows: BenchRow[] = [];
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'agentchat-bench-messages-'));
    const pglite = await openDatabase({ kind: 'pglite', dataDir, thread: pgliteThreadFromEnv() });
    try {
      rows.push(await measure('message, PGlite', pglite, options.durationSeconds));
    } finally {
      await pglite.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
    const serverUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
    if (serverUrl) {
      const created = await createPostgresTestDatabase(serverUrl);
      const postgres = await openDatabase({ kind: 'postgres', url: created.url });
      try {
        rows.push(
          await measure('message, PostgreSQL', postgres, options.durationSeconds, created.url),
        );
      } finally {
        await postgres.close();
        await created.drop();
      }
    } else {
      options.log('  PostgreSQL row skipped: set BENCH_DATABASE_URL (or TEST_DATABASE_URL)');
    }
    for (const row of rows)
      options.log(
        `  ${row.name}: ${String(row.details?.statementsPerMessage)} statements, ` +
          `${row.cpu!.appMs.toFixed(3)} ms app CPU` +
          (row.cpu!.databaseMs === undefined
            ? ''
            : `, ${row.cpu!.databaseMs.toFixed(3)} ms database CPU`) +
          ' per message',
      );
    return rows;
  },
};
