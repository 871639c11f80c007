/**
 * The server process is killed with SIGKILL in the middle of a burst of 1,000 sends from
 * several clients, then started again on the same data. Every message it acknowledged must be
 * stored exactly once, and clients that retry what was not acknowledged (same clientMessageId)
 * must end with every message stored exactly once: on the embedded database and on PostgreSQL.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Message } from '../../../src/shared/api/messages';
import { openDatabase, type Database } from '../../../src/server/db/client';
import { migrateDatabase } from '../../../src/server/db/migrate';
import { messages, realtimeEvents } from '../../../src/server/db/schema';
import { createPostgresTestDatabase } from '../../support/databases';
import { makeAgent, makeCustomer, sessionCookie } from '../../support/users';
import { SHARED_DATA_ENV, ServerProcess } from '../../support/server-process';
import {
  ApiUser,
  eachLimited,
  isStored,
  planMessage,
  sendUntilStored,
  type PlannedMessage,
} from './chat-client';

const TOTAL = 1000;
const CUSTOMERS = 6;
const AGENTS = 2;
/** Requests each client keeps in flight, like a browser sending a quick series. */
const IN_FLIGHT = 4;
/** The kill comes once this many sends were acknowledged: well inside the burst. */
const KILL_AFTER_ACKS = 350;
/** Acknowledged messages each client sends again, as if the answer had been lost. */
const RESENT_AFTER_ACK = 3;

const serverUrl = process.env.TEST_DATABASE_URL;

/** Where the app keeps its data, and how the test reads it. */
interface Backing {
  name: string;
  env: Record<string, string>;
  /** On the embedded database only while the app is stopped (one process per folder). */
  open(): Promise<Database>;
  dispose(): Promise<void>;
}

async function pgliteBacking(): Promise<Backing> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'agentchat-faults-'));
  return {
    name: 'pglite',
    env: { DATA_DIR: dataDir },
    open: () => openDatabase({ kind: 'pglite', dataDir }),
    dispose: async () => fs.rmSync(dataDir, { recursive: true, force: true }),
  };
}

async function postgresBacking(): Promise<Backing> {
  const created = await createPostgresTestDatabase(serverUrl!);
  return {
    name: 'postgres',
    env: { DATABASE_URL: created.url },
    open: () => openDatabase({ kind: 'postgres', url: created.url, poolSize: 2 }),
    dispose: () => created.drop(),
  };
}

interface Client {
  name: string;
  user: ApiUser;
  plan: (PlannedMessage & { attempted?: boolean })[];
  /** Set at the first send with no answer: the client stops until the server is back. */
  offline: boolean;
}

/** The test on one database; each has a file of its own, so the two can run side by side. */
export function describeKillDuringBurst(kind: 'pglite' | 'postgres'): void {
  const make = kind === 'pglite' ? pgliteBacking : postgresBacking;
  const skip = kind === 'postgres' && !serverUrl;
  if (skip) {
    console.warn(
      'TEST_DATABASE_URL is not set: the PostgreSQL case of the SIGKILL test is skipped',
    );
  }
  describe(`SIGKILL during a burst of 1,000 sends on ${kind}`, () => {
    let backing: Backing;
    let app: ServerProcess | undefined;
    const clients: Client[] = [];
    let agentReader: ApiUser;

    beforeAll(async () => {
      if (skip) return;
      backing = await make();
      const database = await backing.open();
      const cookies: { name: string; cookie: string; agent: boolean }[] = [];
      try {
        await migrateDatabase(database);
        for (let i = 0; i < CUSTOMERS; i++) {
          const user = await makeCustomer(database.db);
          cookies.push({
            name: `customer${i}`,
            cookie: await sessionCookie(database.db, user),
            agent: false,
          });
        }
        for (let i = 0; i < AGENTS; i++) {
          const user = await makeAgent(database.db);
          cookies.push({
            name: `agent${i}`,
            cookie: await sessionCookie(database.db, user),
            agent: true,
          });
        }
      } finally {
        await database.close();
      }
      app = await ServerProcess.start({
        name: backing.name,
        env: { ...SHARED_DATA_ENV, ...backing.env },
      });

      const customers = cookies.filter((c) => !c.agent);
      const sessionIds: number[] = [];
      for (const c of customers) {
        sessionIds.push(await new ApiUser(app.url, c.cookie).createChatSession());
      }
      const perClient = TOTAL / cookies.length;
      cookies.forEach((c, index) => {
        // A customer writes in their own chat; an agent answers across several.
        const targets = c.agent
          ? sessionIds.filter((_, s) => s % AGENTS === index - CUSTOMERS)
          : [sessionIds[index]!];
        clients.push({
          name: c.name,
          user: new ApiUser(app!.url, c.cookie),
          offline: false,
          plan: Array.from({ length: perClient }, (_, n) =>
            planMessage(targets[n % targets.length]!, `${c.name} message ${n + 1}`),
          ),
        });
      });
      expect(clients.reduce((sum, c) => sum + c.plan.length, 0)).toBe(TOTAL);
      agentReader = clients.find((c) => c.name === 'agent0')!.user;
    }, 180_000);

    afterAll(async () => {
      await app?.stop();
      await backing?.dispose();
    });

    it.skipIf(skip)(
      'keeps every acknowledged message exactly once, and retries end with each message once',
      { timeout: 300_000 },
      async () => {
        const server = app!;
        const sessionIds = [...new Set(clients.flatMap((c) => c.plan.map((m) => m.chatSessionId)))];

        const phases: string[] = [];
        let phaseStart = performance.now();
        const phase = (name: string) => {
          phases.push(`${name} ${Math.round(performance.now() - phaseStart)} ms`);
          phaseStart = performance.now();
        };

        // The burst: every client sends its messages; the server dies part way through.
        let acks = 0;
        let killed: Promise<void> | undefined;
        const unexpected: string[] = [];
        await Promise.all(
          clients.map((client) =>
            eachLimited(client.plan, IN_FLIGHT, async (message) => {
              if (client.offline) return;
              message.attempted = true;
              const outcome = await client.user.sendMessage(
                message.chatSessionId,
                message.clientMessageId,
                message.content,
              );
              if (outcome.kind === 'answered' && isStored(outcome)) {
                message.acked = outcome.body as Message;
                if (++acks === KILL_AFTER_ACKS) killed = server.kill();
              } else if (outcome.kind === 'network') {
                client.offline = true;
              } else {
                unexpected.push(
                  `${client.name}: ${outcome.status} ${JSON.stringify(outcome.body)}`,
                );
              }
            }),
          ),
        );
        await killed;
        phase('burst');
        expect(unexpected).toEqual([]);
        expect(server.running).toBe(false);
        const ackedBeforeKill = clients.flatMap((c) => c.plan.filter((m) => m.acked));
        const inFlightAtKill = clients.flatMap((c) =>
          c.plan.filter((m) => m.attempted && !m.acked),
        );
        expect(ackedBeforeKill.length).toBeGreaterThanOrEqual(KILL_AFTER_ACKS);
        expect(ackedBeforeKill.length).toBeLessThan(TOTAL);

        if (backing.name === 'pglite') {
          // The dead process's lock file is still there: the restart must take it over.
          const lock = fs.readFileSync(path.join(backing.env.DATA_DIR!, 'agentchat.lock'), 'utf8');
          expect(Number(lock)).toBe(server.pids.at(-1));
        }
        await server.start();
        phase('restart');

        // Everything acknowledged before the kill survived, once, with its id and text.
        const storedAfterRestart = new Map<string, Message[]>();
        for (const id of sessionIds) {
          for (const m of await agentReader.listMessages(id)) {
            storedAfterRestart.set(m.clientMessageId, [
              ...(storedAfterRestart.get(m.clientMessageId) ?? []),
              m,
            ]);
          }
        }
        for (const m of ackedBeforeKill) {
          const stored = storedAfterRestart.get(m.clientMessageId) ?? [];
          expect(stored, `${m.content}, acknowledged before the kill`).toHaveLength(1);
          expect(stored[0]).toMatchObject({ id: m.acked!.id, content: m.content });
        }

        phase('check');
        // A client whose answer was lost sends again: the server says "already stored" (200).
        for (const client of clients) {
          for (const m of client.plan.filter((p) => p.acked).slice(-RESENT_AFTER_ACK)) {
            const again = await sendUntilStored(client.user, m);
            expect(again.status, `resending ${m.content}`).toBe(200);
            expect(again.message).toMatchObject({
              id: m.acked!.id,
              clientMessageId: m.clientMessageId,
              content: m.content,
            });
          }
        }

        // Every client retries what was never acknowledged, with the same clientMessageId.
        let storedBeforeKillButUnacknowledged = 0;
        await Promise.all(
          clients.map((client) =>
            eachLimited(
              client.plan.filter((m) => !m.acked),
              IN_FLIGHT,
              async (message) => {
                const result = await sendUntilStored(client.user, message);
                if (result.status === 200) storedBeforeKillButUnacknowledged++;
                message.acked = result.message;
              },
            ),
          ),
        );
        phase('retries');
        console.info(
          `[${backing.name}] acknowledged before the kill: ${ackedBeforeKill.length}; ` +
            `in flight at the kill: ${inFlightAtKill.length}, of which stored without an answer: ` +
            `${storedBeforeKillButUnacknowledged}; retried after the restart: ${TOTAL - ackedBeforeKill.length} (${phases.join(', ')})`,
        );

        // In the database: each client message id exactly once, as acknowledged, and one event each.
        await server.stop();
        const database = await backing.open();
        let rows: (typeof messages.$inferSelect)[];
        let eventRows: { payload: Record<string, unknown> }[];
        try {
          rows = await database.db.select().from(messages);
          eventRows = await database.db
            .select({ payload: realtimeEvents.payload })
            .from(realtimeEvents)
            .where(eq(realtimeEvents.type, 'message.created'));
        } finally {
          await database.close();
        }
        const planned = clients.flatMap((c) => c.plan);
        const countByClientId = new Map<string, number>();
        for (const row of rows) {
          countByClientId.set(
            row.clientMessageId,
            (countByClientId.get(row.clientMessageId) ?? 0) + 1,
          );
        }
        const doubled = [...countByClientId].filter(([, n]) => n > 1);
        const missing = planned.filter((m) => !countByClientId.has(m.clientMessageId));
        expect(doubled, 'client message ids stored more than once').toEqual([]);
        expect(
          missing.map((m) => m.content),
          'messages never stored',
        ).toEqual([]);
        expect(rows).toHaveLength(TOTAL);
        const rowByClientId = new Map(rows.map((r) => [r.clientMessageId, r]));
        for (const m of planned) {
          expect(rowByClientId.get(m.clientMessageId)).toMatchObject({
            id: m.acked!.id,
            chatSessionId: m.chatSessionId,
            content: m.content,
          });
        }
        const eventCount = new Map<number, number>();
        for (const e of eventRows) {
          const id = (e.payload.message as { id: number }).id;
          eventCount.set(id, (eventCount.get(id) ?? 0) + 1);
        }
        expect([...eventCount.values()].filter((n) => n !== 1)).toEqual([]);
        expect([...eventCount.keys()].sort((a, b) => a - b)).toEqual(
          rows.map((r) => r.id).sort((a, b) => a - b),
        );
      },
    );
  });
}
