/**
 * Order steps under load (issue 33, item 3): N customers at once, each taking an order from
 * preview to received, against one app process (the server bundle, as production runs it), on
 * PGlite and, with BENCH_DATABASE_URL (or TEST_DATABASE_URL), on PostgreSQL. The `orders` suite
 * times the same path one request at a time, with each request's own CPU and statements; this
 * one is about queueing: what a step costs when 50 or 200 orders are in flight.
 *
 *   npm run bench -- --only order-load
 *   BENCH_ORDERS_IN_FLIGHT=50 npm run bench -- --only order-load
 *
 * Budgets (issue 33): p99 < 50 ms per step with 50 in flight and < 200 ms with 200 on PostgreSQL;
 * PGlite within 3x of that. The payout's proof image is sent into each chat before the run (not
 * timed), with the receipt reader off: OCR has its own thread and budget (the `receipts` suite).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
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
      await new Promise((resolve) => setTimeout(resolve, 100));
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
        const proofMessageIds: number[] = [];
        for (const round of ['warm-up', 'timed']) {
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
          proofMessageIds.push(proof.id);
        }
        return { ...c, payoutAccountId: account.id, proofMessageIds };
      }),
    );

    const createTimes: number[] = [];
    const stepTimes: number[] = [];
    const byStep = Object.fromEntries(TRANSITIONS.map((t) => [t, [] as number[]]));
    let errors = 0;
    let requests = 0;
    /** Every customer's order from preview to received, all at once. */
    const round = (tag: 'warm-up' | 'timed') =>
      Promise.all(
        ready.map(async (c, i) => {
          const quote = {
            chatSessionId: c.chatSessionId,
            coin: 'bitcoin',
            amount: '0.01',
            payoutAccountId: c.payoutAccountId,
          };
          const preview = await post(base, c.cookie, '/api/orders/preview', quote);
          requests++;
          if (preview.status !== 200) return void errors++;
          const { rateVersion } = preview.json as { rateVersion: string };
          const created = await post(base, c.cookie, '/api/orders', { ...quote, rateVersion });
          requests++;
          createTimes.push(created.ms);
          if (created.status !== 201) return void errors++;
          const orderId = (created.json as { id: number }).id;
          const bodies: Record<(typeof TRANSITIONS)[number], [string, unknown]> = {
            deposit: [c.cookie, { txHash: (randomUUID() + randomUUID()).replaceAll('-', '') }],
            'confirm-deposit': [seeded.agent, { reason: 'Bench: no chain reader runs' }],
            payout: [
              seeded.agent,
              {
                bankReference: `LOAD-${tag}-${i}`,
                proofMessageId: c.proofMessageIds[tag === 'timed' ? 1 : 0],
              },
            ],
            received: [c.cookie, {}],
          };
          for (const step of TRANSITIONS) {
            const [cookie, body] = bodies[step];
            const res = await post(base, cookie, `/api/orders/${orderId}/${step}`, body);
            requests++;
            stepTimes.push(res.ms);
            byStep[step]!.push(res.ms);
            if (res.status !== 200) {
              errors++;
              if (errors <= 3) options.log(`  ${step}: ${res.status} ${JSON.stringify(res.json)}`);
              return;
            }
          }
        }),
      );
    // A server that has run a while, as production's has: the first round warms V8's compiler
    // and PostgreSQL's plans (8.4 ms of app CPU per request against 4.6 on PostgreSQL); the
    // second is timed.
    options.log(`  ${label}: ${inFlight} orders in flight, preview to received (warm-up round)`);
    await round('warm-up');
    createTimes.length = 0;
    stepTimes.length = 0;
    for (const times of Object.values(byStep)) times.length = 0;
    errors = 0;
    requests = 0;
    options.log(`  ${label}: ${inFlight} orders in flight, preview to received`);
    const meter = await CpuMeter.start(app.pids.slice(-1), target.databaseUrl);
    const started = performance.now();
    await round('timed');
    const seconds = (performance.now() - started) / 1000;
    const cpu = await meter.per(requests);
    const factor = label === 'PGlite' ? PGLITE_FACTOR : 1;
    const row = (name: string, times: number[], budgetMs: number): BenchRow => {
      const sorted = [...times].sort((a, b) => a - b);
      return {
        suite: 'order-load',
        name,
        requestsPerSecond: requests / seconds,
        p50Ms: percentile(sorted, 50),
        p99Ms: percentile(sorted, 99),
        errors,
        total: sorted.length,
        budget: { metric: 'p99Ms', below: budgetMs },
        cpu,
        details: { maxMs: sorted.at(-1) ?? Number.NaN, inFlight, seconds },
      };
    };
    const steps = row(
      `${label}, ${inFlight} in flight: each step (deposit to received)`,
      stepTimes,
      STEP_BUDGET_MS(inFlight) * factor,
    );
    steps.details = {
      ...steps.details,
      ...p99ByStep(byStep),
    };
    return [
      row(
        `${label}, ${inFlight} in flight: POST /api/orders`,
        createTimes,
        STEP_BUDGET_MS(inFlight) * factor,
      ),
      steps,
    ];
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
