/**
 * Order operations on one instance: a customer previews and opens an order (POST
 * /api/orders/preview, then POST /api/orders with its rateVersion) and the order
 * goes along its main path (deposit, confirm-deposit, payout, received), each a real request
 * with its cookie and Idempotency-Key, one at a time. Budget (issue 15): p99 < 50 ms for
 * creating, and for the transitions.
 *
 *   npm run bench -- --only orders
 */
import { randomUUID } from 'node:crypto';
import { orderSchema } from '../../src/shared/api/orders';
import { nubanCheckDigit } from '../../src/shared/payout-accounts/nuban';
import { waitForReading } from '../../src/server/features/image-readings';
import { testPng } from '../../tests/support/images';
import { makeAgent, makeCustomer, sessionCookie } from '../../tests/support/users';
import { startBenchApp } from '../lib/bench-app';
import {
  BENCH_BTC_ADDRESS,
  ORDER_STEPS,
  p99ByStep,
  percentile,
  seedBitcoinRate,
} from '../lib/order-desk';
import type { BenchRow, BenchSuite } from '../lib/types';

/** Customers, each with a chat and an order of their own (a chat holds one open order). */
const ORDERS = Number(process.env.BENCH_ORDERS ?? 200);
const BUDGET_MS = 50;
const TRANSITIONS = ORDER_STEPS;

function row(name: string, times: number[], errors: number, cpuMs: number[]): BenchRow {
  const sorted = [...times].sort((a, b) => a - b);
  return {
    cpu: { appMs: cpuMs.reduce((a, b) => a + b, 0) / cpuMs.length },
    suite: 'orders',
    name,
    requestsPerSecond: 1000 / (sorted.reduce((a, b) => a + b, 0) / sorted.length),
    p50Ms: percentile(sorted, 50),
    p99Ms: percentile(sorted, 99),
    errors,
    total: sorted.length,
    budget: { metric: 'p99Ms', below: BUDGET_MS },
    details: { maxMs: sorted.at(-1)!, sequential: 'one request at a time' },
  };
}

export const suite: BenchSuite = {
  name: 'orders',
  description: `${ORDERS} orders created and taken from deposit to received, one request at a time`,
  async run(options) {
    const bench = await startBenchApp();
    try {
      const db = bench.database.db;
      const send = async (
        cookie: string,
        path: string,
        body: unknown,
        key: string = randomUUID(),
      ): Promise<{
        status: number;
        json: unknown;
        ms: number;
        cpuMs: number;
        statements: string[];
      }> => {
        const statements: string[] = [];
        const served = new Promise<number>((resolve) =>
          bench.app.server.once('request', (_request, response) => {
            const cpu = process.cpuUsage();
            // Every statement sent while the request is served (the hub's reads of its events too).
            const stop = bench.database.watchStatements((text) => statements.push(text));
            response.once('finish', () => {
              const { user, system } = process.cpuUsage(cpu);
              stop();
              resolve((user + system) / 1000);
            });
          }),
        );
        const start = performance.now();
        const res = await fetch(`${bench.baseUrl}${path}`, {
          method: 'POST',
          headers: { cookie, 'content-type': 'application/json', 'idempotency-key': key },
          body: JSON.stringify(body),
        });
        const json: unknown = await res.json();
        const cpuMs = await served;
        return { status: res.status, json, ms: performance.now() - start, cpuMs, statements };
      };
      const must = async (cookie: string, path: string, body: unknown) => {
        const res = await send(cookie, path, body);
        if (res.status >= 300)
          throw new Error(`${path}: ${res.status} ${JSON.stringify(res.json)}`);
        return res.json as { id: number };
      };

      const admin = await sessionCookie(db, await makeAgent(db, { admin: true }));
      const agent = await sessionCookie(db, await makeAgent(db));
      await seedBitcoinRate(db);
      await must(admin, '/api/admin/desk-addresses', {
        network: 'BTC',
        address: BENCH_BTC_ADDRESS,
        label: 'Bench',
      });

      options.log(`  seeding ${ORDERS} customers with a chat and a payout account`);
      const customers: { cookie: string; chatSessionId: number; payoutAccountId: number }[] = [];
      for (let i = 0; i < ORDERS; i++) {
        const cookie = await sessionCookie(db, await makeCustomer(db));
        const chat = await must(cookie, '/api/chat-sessions', { category: 'bitcoin' });
        const serial = String(100_000_000 + i).slice(-9);
        const account = await must(cookie, '/api/payout-accounts', {
          bankCode: '058',
          accountNumber: serial + String(nubanCheckDigit('058', serial)),
          accountName: `Bench Customer ${i}`,
        });
        customers.push({ cookie, chatSessionId: chat.id, payoutAccountId: account.id });
      }

      /**
       * The payout's proof: an image the agent sends into the chat first, and its OCR reading
       * (not timed: the payout waits for it, and OCR has its own budget in the receipts suite).
       */
      const png = await testPng();
      const sendProof = async (chatSessionId: number): Promise<number> => {
        const form = new FormData();
        form.append('clientMessageId', randomUUID());
        form.append('caption', '');
        form.append('file', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'proof.png');
        const res = await fetch(`${bench.baseUrl}/api/chat-sessions/${chatSessionId}/attachments`, {
          method: 'POST',
          headers: { cookie: agent },
          body: form,
        });
        const json = (await res.json()) as { id: number };
        if (res.status !== 201)
          throw new Error(`proof image: ${res.status} ${JSON.stringify(json)}`);
        await waitForReading({ db: bench.database.db, messageId: json.id, timeoutMs: 30_000 });
        return json.id;
      };

      const previewTimes: number[] = [];
      const createTimes: number[] = [];
      const stepTimes: number[] = [];
      /** The app's CPU for each timed request, from its arrival to its response. */
      const previewCpu: number[] = [];
      const createCpu: number[] = [];
      const stepCpu: number[] = [];
      const byStep = Object.fromEntries(TRANSITIONS.map((t) => [t, [] as number[]]));
      /** Statements per request, by operation (preview, create and each step). */
      const statements: Record<string, number[]> = {};
      const counted = (name: string, sent: string[]) => (statements[name] ??= []).push(sent.length);
      let errors = 0;
      for (const [i, c] of customers.entries()) {
        const quote = {
          chatSessionId: c.chatSessionId,
          coin: 'bitcoin',
          amount: '0.01',
          payoutAccountId: c.payoutAccountId,
        };
        // As the Sell form does: the preview, then the lock of exactly its rateVersion.
        const preview = await send(c.cookie, '/api/orders/preview', quote);
        previewTimes.push(preview.ms);
        previewCpu.push(preview.cpuMs);
        counted('preview', preview.statements);
        if (preview.status !== 200) {
          errors++;
          continue;
        }
        const { rateVersion } = preview.json as { rateVersion: string };
        const created = await send(c.cookie, '/api/orders', { ...quote, rateVersion });
        createTimes.push(created.ms);
        createCpu.push(created.cpuMs);
        counted('create', created.statements);
        if (created.status !== 201) {
          errors++;
          continue;
        }
        const order = orderSchema.parse(created.json);
        const bodies: Record<(typeof TRANSITIONS)[number], [string, unknown]> = {
          deposit: [c.cookie, { txHash: (randomUUID() + randomUUID()).replaceAll('-', '') }],
          'confirm-deposit': [agent, { reason: 'Bench: no chain reader runs' }],
          payout: [agent, { bankReference: `BENCH-${i}` }],
          received: [c.cookie, {}],
        };
        for (const step of TRANSITIONS) {
          const [cookie, stepBody] = bodies[step];
          const body =
            step === 'payout'
              ? { ...(stepBody as object), proofMessageId: await sendProof(c.chatSessionId) }
              : stepBody;
          const res = await send(cookie, `/api/orders/${order.id}/${step}`, body);
          stepTimes.push(res.ms);
          stepCpu.push(res.cpuMs);
          byStep[step]!.push(res.ms);
          counted(step, res.statements);
          if (process.env.BENCH_ORDERS_SQL && i === 0)
            options.log(
              `  ${step}:\n    ${res.statements.map((t) => t.replace(/\s+/g, ' ').slice(0, 160)).join('\n    ')}`,
            );
          if (res.status !== 200) {
            errors++;
            options.log(`  ${step}: ${res.status} ${JSON.stringify(res.json)}`);
            break;
          }
        }
      }
      const transitions = row(
        'order transitions (deposit to received)',
        stepTimes,
        errors,
        stepCpu,
      );
      transitions.details = {
        ...transitions.details,
        ...p99ByStep(byStep),
      };
      const meanStatements = Object.fromEntries(
        Object.entries(statements).map(([name, counts]) => [
          `${name}Statements`,
          counts.reduce((a, b) => a + b, 0) / counts.length,
        ]),
      );
      options.log(
        `  statements per request (the hub's reads included): ${Object.entries(meanStatements)
          .map(([name, mean]) => `${name.replace(/Statements$/, '')} ${mean.toFixed(1)}`)
          .join(', ')}`,
      );
      transitions.details = { ...transitions.details, ...meanStatements };
      return [
        row('POST /api/orders/preview', previewTimes, 0, previewCpu),
        row('POST /api/orders', createTimes, 0, createCpu),
        transitions,
      ];
    } finally {
      await bench.close();
    }
  },
};
