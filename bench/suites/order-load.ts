/**
 * Order steps under load (issue 33, item 3): N customers at once, each taking an order from
 * preview to received, against one app process (the server bundle, as production runs it), on
 * PGlite and, with BENCH_DATABASE_URL (or TEST_DATABASE_URL), on PostgreSQL. The `orders` suite
 * times the same path one request at a time, with each request's own CPU and statements; this
 * one is about queueing: what a step costs when 50 or 200 orders are in flight.
 *
 *   npm run bench -- --only order-load
 *   BENCH_ORDERS_IN_FLIGHT=50 BENCH_ORDERS_PACE_MS=1000 npm run bench -- --only order-load
 *
 * Three rounds on each database: a warm-up (not counted); every order back to back, each request
 * as soon as the last answered (N requests always queued: what one instance serves, no budget);
 * and every order at a pace, each party's next request about a second after the last answer.
 * Budgets (issue 33, decision 044), on the paced round: p99 < 50 ms per step with 50 in flight
 * and < 200 ms with 200 on PostgreSQL; PGlite within 3x of that. The payout's proof image is sent
 * into each chat before the run (not timed), with the receipt reader off: OCR has its own thread
 * and budget (the `receipts` suite).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { sql } from 'drizzle-orm';
import { openDatabase, type Database } from '../../src/server/db/client';
import { migrateDatabase } from '../../src/server/db/migrate';
import { nubanCheckDigit } from '../../src/shared/payout-accounts/nuban';
import { createPostgresTestDatabase } from '../../tests/support/databases';
import { testPng } from '../../tests/support/images';
import { PriceServer } from '../../tests/support/price-server';
import { SHARED_DATA_ENV, ServerProcess } from '../../tests/support/server-process';
import { makeAgent, makeCustomer, sessionCookie } from '../../tests/support/users';
import { CpuMeter, PROFILE_NODE_ARGS } from '../lib/cpu';
import { scrapeGauges } from '../lib/prom-histogram';
import {
  BENCH_BTC_ADDRESS,
  ORDER_STEPS,
  p99ByStep,
  percentile,
  seedBitcoinRate,
} from '../lib/order-desk';
import type { BenchOptions, BenchRow, BenchSuite } from '../lib/types';

const IN_FLIGHT = (process.env.BENCH_ORDERS_IN_FLIGHT ?? '50,200')
  .split(',')
  .map(Number)
  .filter((n) => Number.isInteger(n) && n > 0);
const TRANSITIONS = ORDER_STEPS;
/**
 * The pause before each party's next request on an order in flight, on average (uniform over
 * half to one and a half of it): every customer and the agent act on each open order once a
 * second, faster than people do (decision 044).
 */
const PACE_MS = Number(process.env.BENCH_ORDERS_PACE_MS ?? 1000);
/** Not counted, back to back (what one instance serves), at the pace (the budgets). */
const ROUNDS = ['warm-up', 'capacity', 'paced'] as const;
type Round = (typeof ROUNDS)[number];

interface RoundResult {
  createTimes: number[];
  stepTimes: number[];
  byStep: Record<string, number[]>;
  errors: number;
  requests: number;
}

/** PostgreSQL's budget per step by orders in flight; PGlite gets 3x (issue 33). */
const STEP_BUDGET_MS = (inFlight: number) => (inFlight <= 50 ? 50 : 200);
const PGLITE_FACTOR = 3;

interface Customer {
  cookie: string;
  chatSessionId: number;
}

interface Seeded {
  customers: Customer[];
  agent: string;
  admin: string;
}

async function seed(database: Database, count: number): Promise<Seeded> {
  const db = database.db;
  const agentUser = await makeAgent(db);
  const agent = await sessionCookie(db, agentUser);
  const admin = await sessionCookie(db, await makeAgent(db, { admin: true }));
  await seedBitcoinRate(db);
  const customers: Customer[] = [];
  for (let i = 0; i < count; i++) {
    const user = await makeCustomer(db);
    const result = (await db.execute(sql`
      insert into chat_sessions (customer_id, agent_id, category, status)
      values (${user.id}, ${agentUser.id}, 'bitcoin', 'active') returning id`)) as unknown as {
      rows: { id: number }[];
    };
    customers.push({ cookie: await sessionCookie(db, user), chatSessionId: result.rows[0]!.id });
  }
  await db.execute(sql`analyze`);
  return { customers, agent, admin };
}

/** One POST: its status, its JSON and how long it took (ms). */
async function post(
  baseUrl: string,
  cookie: string,
  url: string,
  body: unknown,
): Promise<{ status: number; json: unknown; ms: number }> {
  const start = performance.now();
  const res = await fetch(`${baseUrl}${url}`, {
    method: 'POST',
    headers: { cookie, 'content-type': 'application/json', 'idempotency-key': randomUUID() },
    body: JSON.stringify(body),
  });
  const json: unknown = await res.json();
  return { status: res.status, json, ms: performance.now() - start };
}

/** The whole path for `inFlight` customers at once, on a freshly seeded database. */
async function flight(
  label: 'PGlite' | 'PostgreSQL',
  inFlight: number,
  open: () => Promise<{ env: Record<string, string>; databaseUrl?: string; drop(): Promise<void> }>,
  options: BenchOptions,
): Promise<BenchRow[]> {
  const target = await open();
  const priceServer = await new PriceServer().start();
  let app: ServerProcess | undefined;
  try {
    options.log(`  ${label}, ${inFlight} in flight: seeding`);
    const database = await openDatabase(
      target.databaseUrl
        ? { kind: 'postgres', url: target.databaseUrl }
        : { kind: 'pglite', dataDir: target.env.DATA_DIR },
    );
    await migrateDatabase(database);
    const seeded = await seed(database, inFlight);
    await database.close();
    app = await ServerProcess.start({
      name: 'bench',
      priceApiUrl: priceServer.url,
      env: {
        ...SHARED_DATA_ENV,
        ...target.env,
        LOG_LEVEL: 'warn',
        RECEIPT_OCR: 'off',
        PRICE_REFRESH_MS: '3600000',
      },
      nodeArgs: PROFILE_NODE_ARGS,
    });
    const base = app.url;
    for (let i = 0; ; i++) {
      const res = await fetch(`${base}/api/prices`);
      if (res.ok) break;
      if (i > 100) throw new Error(`no prices: ${res.status}`);
      await sleep(100);
    }
    const must = async (cookie: string, url: string, body: unknown) => {
      const res = await post(base, cookie, url, body);
      if (res.status >= 300) throw new Error(`${url}: ${res.status} ${JSON.stringify(res.json)}`);
      return res.json as { id: number };
    };
    await must(seeded.admin, '/api/admin/desk-addresses', {
      network: 'BTC',
      address: BENCH_BTC_ADDRESS,
      label: 'Bench',
    });
    // Before the clock starts: each customer's payout account and the agent's proof images.
    const png = new Uint8Array(await testPng());
    const ready = await Promise.all(
      seeded.customers.map(async (c, i) => {
        const serial = String(100_000_000 + i).slice(-9);
        const account = await must(c.cookie, '/api/payout-accounts', {
          bankCode: '058',
          accountNumber: serial + String(nubanCheckDigit('058', serial)),
          accountName: `Bench Customer ${i}`,
        });
        // One proof per round: an image is the payout proof of one order only.
        const proofMessageIds: Record<Round, number> = { 'warm-up': 0, capacity: 0, paced: 0 };
        for (const round of ROUNDS) {
          const form = new FormData();
          form.append('clientMessageId', randomUUID());
          form.append('caption', round);
          form.append('file', new Blob([png], { type: 'image/png' }), 'proof.png');
          const res = await fetch(`${base}/api/chat-sessions/${c.chatSessionId}/attachments`, {
            method: 'POST',
            headers: { cookie: seeded.agent },
            body: form,
          });
          const proof = (await res.json()) as { id: number };
          if (res.status !== 201) throw new Error(`proof image: ${res.status}`);
          proofMessageIds[round] = proof.id;
        }
        return { ...c, payoutAccountId: account.id, proofMessageIds };
      }),
    );

    // The image reader compares each proof with every earlier image: the rounds start once it
    // has read them all, so that they time the order steps and not the reader's backlog (a
    // payout waits up to 10 s for its proof's reading).
    const readersStarted = performance.now();
    for (;;) {
      const [pending] = await scrapeGauges(base, ['agentchat_image_readings_pending']);
      if (pending === 0) break;
      if (performance.now() - readersStarted > 300_000)
        throw new Error(`${pending} proof images still unread after 300 s`);
      await sleep(250);
    }
    options.log(
      `  ${label}: the ${ready.length * ROUNDS.length} proof images read in ${((performance.now() - readersStarted) / 1000).toFixed(1)} s after their upload`,
    );

    /**
     * Every customer's order from preview to received, all at once: back to back (each request
     * as soon as the last answered), or each party's next request a pause after the last answer.
     */
    const round = async (tag: Round): Promise<RoundResult> => {
      const result: RoundResult = {
        createTimes: [],
        stepTimes: [],
        byStep: Object.fromEntries(TRANSITIONS.map((t) => [t, [] as number[]])),
        errors: 0,
        requests: 0,
      };
      const paced = tag === 'paced';
      // Uniform over half to one and a half pauses, so the orders do not move in step.
      const pause = () => (paced ? sleep(PACE_MS * (0.5 + Math.random())) : Promise.resolve());
      await Promise.all(
        ready.map(async (c, i) => {
          // Paced, the orders start spread over one order's length (its six requests), so that
          // from the first seconds they are at every step, as on a desk, not all at the same one.
          if (paced) await sleep(Math.random() * PACE_MS * (TRANSITIONS.length + 2));
          const quote = {
            chatSessionId: c.chatSessionId,
            coin: 'bitcoin',
            amount: '0.01',
            payoutAccountId: c.payoutAccountId,
          };
          const preview = await post(base, c.cookie, '/api/orders/preview', quote);
          result.requests++;
          if (preview.status !== 200) return void result.errors++;
          const { rateVersion } = preview.json as { rateVersion: string };
          await pause();
          const created = await post(base, c.cookie, '/api/orders', { ...quote, rateVersion });
          result.requests++;
          result.createTimes.push(created.ms);
          if (created.status !== 201) return void result.errors++;
          const orderId = (created.json as { id: number }).id;
          const bodies: Record<(typeof TRANSITIONS)[number], [string, unknown]> = {
            deposit: [c.cookie, { txHash: (randomUUID() + randomUUID()).replaceAll('-', '') }],
            'confirm-deposit': [seeded.agent, { reason: 'Bench: no chain reader runs' }],
            payout: [
              seeded.agent,
              { bankReference: `LOAD-${tag}-${i}`, proofMessageId: c.proofMessageIds[tag] },
            ],
            received: [c.cookie, {}],
          };
          for (const step of TRANSITIONS) {
            const [cookie, body] = bodies[step];
            await pause();
            const res = await post(base, cookie, `/api/orders/${orderId}/${step}`, body);
            result.requests++;
            result.stepTimes.push(res.ms);
            result.byStep[step]!.push(res.ms);
            if (res.status !== 200) {
              result.errors++;
              if (result.errors <= 3)
                options.log(`  ${step}: ${res.status} ${JSON.stringify(res.json)}`);
              return;
            }
          }
        }),
      );
      return result;
    };

    const factor = label === 'PGlite' ? PGLITE_FACTOR : 1;
    const rows: BenchRow[] = [];
    for (const tag of ROUNDS) {
      options.log(`  ${label}: ${inFlight} orders in flight, preview to received (${tag})`);
      // A server that has run a while, as production's has: the first round warms V8's compiler
      // and PostgreSQL's plans (8.4 ms of app CPU per request against 4.6 on PostgreSQL) and is
      // not counted.
      if (tag === 'warm-up') {
        await round(tag);
        continue;
      }
      const meter = await CpuMeter.start(app.pids.slice(-1), target.databaseUrl);
      const started = performance.now();
      const result = await round(tag);
      const seconds = (performance.now() - started) / 1000;
      const cpu = await meter.per(result.requests);
      const name =
        tag === 'paced'
          ? `${label}, ${inFlight} orders in flight, each a step a second`
          : `${label}, ${inFlight} requests at once, back to back (capacity)`;
      // The budgets are on orders in flight at a pace (decision 044); back to back has none.
      const budget =
        tag === 'paced'
          ? { metric: 'p99Ms' as const, below: STEP_BUDGET_MS(inFlight) * factor }
          : undefined;
      const row = (what: string, times: number[]): BenchRow => {
        const sorted = [...times].sort((a, b) => a - b);
        return {
          suite: 'order-load',
          name: `${name}: ${what}`,
          requestsPerSecond: result.requests / seconds,
          p50Ms: percentile(sorted, 50),
          p99Ms: percentile(sorted, 99),
          errors: result.errors,
          total: sorted.length,
          ...(budget && { budget }),
          cpu,
          details: { maxMs: sorted.at(-1) ?? Number.NaN, inFlight, seconds },
        };
      };
      const steps = row('each step (deposit to received)', result.stepTimes);
      steps.details = { ...steps.details, ...p99ByStep(result.byStep) };
      rows.push(row('POST /api/orders', result.createTimes), steps);
    }
    return rows;
  } finally {
    await app?.stop();
    await priceServer.stop();
    await target.drop();
  }
}

export const suite: BenchSuite = {
  name: 'order-load',
  description: `orders in flight (${IN_FLIGHT.join(', ')}) from preview to received, one app process`,
  async run(options) {
    const rows: BenchRow[] = [];
    const serverUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
    for (const inFlight of IN_FLIGHT) {
      rows.push(
        ...(await flight(
          'PGlite',
          inFlight,
          async () => {
            const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'agentchat-bench-orders-'));
            return {
              env: { DATA_DIR: dataDir },
              drop: async () => fs.rmSync(dataDir, { recursive: true, force: true }),
            };
          },
          options,
        )),
      );
      if (serverUrl) {
        rows.push(
          ...(await flight(
            'PostgreSQL',
            inFlight,
            async () => {
              const created = await createPostgresTestDatabase(serverUrl);
              return {
                env: { DATABASE_URL: created.url },
                databaseUrl: created.url,
                drop: () => created.drop(),
              };
            },
            options,
          )),
        );
      }
    }
    return rows;
  },
};
