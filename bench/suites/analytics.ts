/**
 * GET /api/admin/analytics on a business-sized data set: 5,000 customers, 20,000 chat sessions
 * and 100,000 transactions over 30 days. Budget (issue 6): answers in under 200 ms (p99).
 *
 *   npm run bench -- --only analytics
 */
import { sql } from 'drizzle-orm';
import { analyticsSchema } from '../../src/shared/api/reports';
import { createAgent } from '../../src/server/features/agents';
import { createSession, SESSION_COOKIE } from '../../src/server/platform/sessions';
import { startBenchApp } from '../lib/bench-app';
import type { BenchRow, BenchSuite } from '../lib/types';

const CUSTOMERS = 5_000;
const SESSIONS = 20_000;
const TRANSACTIONS = 100_000;
const REQUESTS = 60;

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

export const suite: BenchSuite = {
  name: 'analytics',
  description: `GET /api/admin/analytics with ${TRANSACTIONS.toLocaleString('en')} transactions and ${SESSIONS.toLocaleString('en')} sessions`,
  async run(options) {
    const bench = await startBenchApp();
    try {
      const db = bench.database.db;
      const admin = await createAgent({
        db,
        actorId: null,
        admin: true,
        input: {
          email: 'bench.admin@example.com',
          password: 'bench-password',
          firstName: 'Bench',
          lastName: 'Admin',
        },
      });
      options.log(
        `  seeding ${CUSTOMERS} customers, ${SESSIONS} sessions, ${TRANSACTIONS} transactions`,
      );
      const seedStart = performance.now();
      await db.execute(sql`
        insert into users (email, first_name, last_name, created_at)
        select 'customer' || i || '@bench.example', 'Customer', 'No ' || i, now() - (i % 60) * interval '1 day'
        from generate_series(1, ${CUSTOMERS}) as i`);
      await db.execute(sql`
        insert into chat_sessions (customer_id, category, status, created_at, updated_at)
        select c.ids[1 + (i % array_length(c.ids, 1))],
               (case when i % 2 = 0 then 'bitcoin' else 'usdt' end)::chat_category,
               (case i % 3 when 0 then 'active' when 1 then 'open' else 'closed' end)::chat_status,
               now() - (i % 43200) * interval '1 minute', now()
        from generate_series(1, ${SESSIONS}) as i,
             (select array_agg(id) as ids from users where not is_agent and not is_admin) as c`);
      await db.execute(sql`
        insert into transactions (reference, chat_session_id, customer_id, agent_id, kind, currency,
                                  amount, rate, total, status, created_at)
        select 'AC-B' || lpad(i::text, 8, '0'), s.id, s.customer_id, ${admin.id}, 'trade', 'usdt',
               (i % 500) + 0.5, 1600, ((i % 500) + 0.5) * 1600,
               (array['pending', 'completed', 'failed'])[1 + i % 3]::transaction_status,
               now() - (i % 43200) * interval '1 minute'
        from generate_series(1, ${TRANSACTIONS}) as i
        join chat_sessions s on s.id = 1 + (i % ${SESSIONS})`);
      await db.execute(sql`analyze`);
      options.log(`  seeded in ${((performance.now() - seedStart) / 1000).toFixed(1)} s`);

      const session = await createSession({ db, userId: admin.id, method: 'password' });
      const headers = { cookie: `${SESSION_COOKIE}=${session.token}` };
      const url = `${bench.baseUrl}/api/admin/analytics`;
      const first = analyticsSchema.parse(await (await fetch(url, { headers })).json());
      if (first.sessionStats.total !== SESSIONS)
        throw new Error(`expected ${SESSIONS} sessions, got ${first.sessionStats.total}`);

      const times: number[] = [];
      let errors = 0;
      for (let i = 0; i < REQUESTS; i++) {
        const start = performance.now();
        const res = await fetch(url, { headers });
        await res.arrayBuffer();
        times.push(performance.now() - start);
        if (res.status !== 200) errors++;
      }
      times.sort((a, b) => a - b);
      const row: BenchRow = {
        suite: 'analytics',
        name: 'GET /api/admin/analytics (7 days)',
        requestsPerSecond: 1000 / (times.reduce((a, b) => a + b, 0) / times.length),
        p50Ms: percentile(times, 50),
        p99Ms: percentile(times, 99),
        errors,
        total: REQUESTS,
        budget: { metric: 'p99Ms', below: 200 },
        details: { maxMs: times.at(-1)!, sequential: 'one request at a time' },
      };
      const monthUrl = `${url}?from=${first.range.to.slice(0, 8)}01&to=${first.range.to}`;
      const monthTimes: number[] = [];
      for (let i = 0; i < 20; i++) {
        const start = performance.now();
        await (await fetch(monthUrl, { headers })).arrayBuffer();
        monthTimes.push(performance.now() - start);
      }
      monthTimes.sort((a, b) => a - b);
      return [
        row,
        {
          suite: 'analytics',
          name: 'GET /api/admin/analytics (month to date)',
          p50Ms: percentile(monthTimes, 50),
          p99Ms: percentile(monthTimes, 99),
          errors: 0,
          total: monthTimes.length,
          budget: { metric: 'p99Ms', below: 200 },
        },
      ];
    } finally {
      await bench.close();
    }
  },
};
