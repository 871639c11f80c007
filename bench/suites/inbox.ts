/**
 * The agents' inbox at desk scale (issue 17): 10,000 chats, 50 agents, 5,000 customers.
 * Budgets: each list filter answers in under 50 ms (p99), and a new chat is created and
 * assigned round-robin in under 50 ms (p99). The query plans of the filters' pages are read
 * with EXPLAIN: a sequential scan of chat_sessions fails the suite.
 *
 *   npm run bench -- --only inbox
 */
import { sql } from 'drizzle-orm';
import { chatSessionPageSchema, chatSessionSchema } from '../../src/shared/api/chat-sessions';
import { DEMO_CUSTOMER_ID } from '../../src/shared/api/demo';
import type { ChatListFilter } from '../../src/shared/api/chat-sessions';
import { rows } from '../../src/server/db/raw';
import { assignWaitingChats } from '../../src/server/features/chat-sessions';
import { EventBus } from '../../src/server/platform/event-bus';
import { encodeCursor } from '../../src/server/platform/pagination';
import { EventLog } from '../../src/server/platform/realtime/events';
import { listFilterCondition } from '../../src/server/features/chat-sessions/list-chat-sessions';
import type { SessionUser } from '../../src/server/platform/sessions';
import { createSession, SESSION_COOKIE } from '../../src/server/platform/sessions';
import { startBenchApp } from '../lib/bench-app';
import type { BenchRow, BenchSuite } from '../lib/types';

const CHATS = 10_000;
const AGENTS = 50;
const CUSTOMERS = 5_000;
/** Unresolved chats each agent holds at the start: room for 5 more under the default cap. */
const HELD_PER_AGENT = 5;
const REQUESTS = 100;
const NEW_CHATS = 100;
const FILTERS: readonly ChatListFilter[] = ['all', 'mine', 'unassigned', 'locked', 'archived'];

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

function timings(times: number[]) {
  const sorted = [...times].sort((a, b) => a - b);
  return {
    p50Ms: percentile(sorted, 50),
    p99Ms: percentile(sorted, 99),
    requestsPerSecond: 1000 / (times.reduce((a, b) => a + b, 0) / times.length),
  };
}

export const suite: BenchSuite = {
  name: 'inbox',
  description: `the agents' inbox filters and round-robin assignment with ${CHATS.toLocaleString('en')} chats and ${AGENTS} agents`,
  async run(options) {
    const bench = await startBenchApp();
    try {
      const db = bench.database.db;
      options.log(`  seeding ${CUSTOMERS} customers, ${AGENTS} agents, ${CHATS} chats`);
      const seedStart = performance.now();
      await db.execute(sql`
        insert into users (email, first_name, last_name, created_at)
        select 'customer' || i || '@bench.example', 'Customer', 'No ' || i, now() - (i % 60) * interval '1 day'
        from generate_series(1, ${CUSTOMERS}) as i`);
      await db.execute(sql`
        insert into users (email, first_name, last_name, is_agent, agent_type)
        select 'agent' || i || '@bench.example', 'Agent', 'No ' || i, true,
               (array['bitcoin', 'usdt'])[1 + i % 2]::agent_type
        from generate_series(1, ${AGENTS}) as i`);
      await db.execute(sql`
        insert into agent_availability (agent_id, state, since, last_seen_at)
        select id, 'online', now(), now() + interval '1 day' from users where is_agent`);
      // Held chats first (5 per agent), then waiting ones, the rest resolved. The waiting chats
      // are general ones, which only general agents take and none is Online: they stay waiting,
      // as a desk with nobody for them would have them.
      const held = AGENTS * HELD_PER_AGENT;
      const waiting = 2_000;
      await db.execute(sql`
        with a as (select array_agg(id order by id) as ids from users where is_agent),
             c as (select array_agg(id) as ids from users where not is_agent and not is_admin)
        insert into chat_sessions (customer_id, agent_id, category, status, assigned_at,
                                   resolved_at, created_at, updated_at, last_message_at)
        select c.ids[1 + (i % array_length(c.ids, 1))],
               case when i <= ${held} or i > ${held + waiting}
                    then a.ids[1 + (i % array_length(a.ids, 1))] end,
               (case when i > ${held} and i <= ${held + waiting} then 'general'
                     when i % 2 = 0 then 'bitcoin' else 'usdt' end)::chat_category,
               (case when i <= ${held} then 'active'
                     when i <= ${held + waiting} then 'open' else 'closed' end)::chat_status,
               case when i <= ${held} or i > ${held + waiting} then now() - i * interval '1 minute' end,
               case when i > ${held + waiting} then now() - i * interval '1 minute' end,
               now() - i * interval '1 minute', now() - i * interval '1 minute',
               now() - i * interval '1 minute'
        from generate_series(1, ${CHATS}) as i, a, c`);
      await db.execute(sql`
        insert into messages (chat_session_id, sender_id, content, client_message_id, created_at)
        select s.id, s.customer_id, 'Hello, what is your rate?', 'bench-' || s.id, s.created_at
        from chat_sessions s`);
      await db.execute(sql`analyze`);
      options.log(`  seeded in ${((performance.now() - seedStart) / 1000).toFixed(1)} s`);

      const [agentRow] = await rows<{ id: string }>(
        db,
        sql`select id from users where is_agent order by id limit 1`,
      );
      const agent = agentRow!.id;
      const session = await createSession({ db, userId: agent, method: 'password' });
      const headers = { cookie: `${SESSION_COOKIE}=${session.token}` };

      // The plans of the filters' pages (select-sessions.ts's `page`), as the agent asks.
      const viewer = { id: agent } as SessionUser;
      const plans: Record<string, string> = {};
      for (const filter of FILTERS) {
        const condition = listFilterCondition(filter, viewer) ?? sql`true`;
        const plan = await rows<{ 'QUERY PLAN': string }>(
          db,
          sql`explain select s.* from chat_sessions s join users c on c.id = s.customer_id
              where s.customer_id <> ${DEMO_CUSTOMER_ID} and ${condition}
              order by s.updated_at desc, s.id desc limit 31`,
        );
        const text = plan.map((r) => r['QUERY PLAN']).join('\n');
        plans[filter] = text;
        options.log(`  plan (${filter}):\n${text.replace(/^/gm, '    ')}`);
        if (/Seq Scan on chat_sessions/.test(text))
          throw new Error(`the ${filter} filter scans every chat:\n${text}`);
      }

      const out: BenchRow[] = [];
      for (const filter of FILTERS) {
        const times: number[] = [];
        let errors = 0;
        let items = 0;
        // The web's page (30), from a cursor past the newest chat: the first page, read from the
        // database every time rather than the agents' first-page cache (list-chat-sessions.ts).
        const cursor = encodeCursor(new Date(Date.now() + 86_400_000).toISOString(), 2_147_483_647);
        for (let i = 0; i < REQUESTS; i++) {
          const url = `${bench.baseUrl}/api/chat-sessions/all?filter=${filter}&limit=30&cursor=${cursor}`;
          const start = performance.now();
          const res = await fetch(url, { headers });
          const body = await res.json();
          times.push(performance.now() - start);
          if (res.status !== 200) errors++;
          else items = chatSessionPageSchema.parse(body).items.length;
        }
        if (items === 0) throw new Error(`the ${filter} filter listed nothing`);
        out.push({
          suite: 'inbox',
          name: `GET /api/chat-sessions/all?filter=${filter}`,
          ...timings(times),
          errors,
          total: REQUESTS,
          budget: { metric: 'p99Ms', below: 50 },
          details: { plan: plans[filter]!, sequential: 'one request at a time' },
        });
      }

      // New chats, each assigned round-robin under the assignment lock as it is created.
      const customers = await rows<{ id: string }>(
        db,
        sql`select id from users where not is_agent and not is_admin order by id limit ${NEW_CHATS}`,
      );
      const cookies = await Promise.all(
        customers.map(async (c) => {
          const s = await createSession({ db, userId: c.id, method: 'oidc' });
          return `${SESSION_COOKIE}=${s.token}`;
        }),
      );
      const times: number[] = [];
      let errors = 0;
      let unassigned = 0;
      for (const cookie of cookies) {
        const start = performance.now();
        const res = await fetch(`${bench.baseUrl}/api/chat-sessions`, {
          method: 'POST',
          headers: { cookie, 'content-type': 'application/json' },
          body: JSON.stringify({ category: 'bitcoin' }),
        });
        const body = await res.json();
        times.push(performance.now() - start);
        if (res.status !== 201) errors++;
        else if (chatSessionSchema.parse(body).agentId === null) unassigned++;
      }
      // 25 bitcoin agents with room for 5 more each: every new chat is assigned at once.
      out.push({
        suite: 'inbox',
        name: 'POST /api/chat-sessions (round-robin assignment)',
        ...timings(times),
        errors,
        total: NEW_CHATS,
        details: { leftWaiting: unassigned, sequential: 'one request at a time' },
      });
      if (unassigned > 0) throw new Error(`${unassigned} new chats were left unassigned`);

      // The assignment alone, as the new chat's transaction runs it: the lock, the eligible
      // agent with room, the oldest waiting chat of the desk, the update, audit and events.
      const events = new EventLog(bench.database, new EventBus());
      const [someone] = customers;
      const assignTimes: number[] = [];
      for (let i = 0; i < 20; i++) {
        await db.execute(
          sql`insert into chat_sessions (customer_id, category, status)
              values (${someone!.id}::uuid, 'usdt', 'open')`,
        );
        const start = performance.now();
        const given = await events.transaction((tx) =>
          assignWaitingChats({ tx, events, cap: 10, now: new Date(), categories: ['usdt'] }),
        );
        assignTimes.push(performance.now() - start);
        if (given !== 1) throw new Error(`expected one chat assigned, got ${given}`);
      }
      out.push({
        suite: 'inbox',
        name: 'assignment of a new chat (round-robin, in the transaction)',
        ...timings(assignTimes),
        errors: 0,
        total: assignTimes.length,
        budget: { metric: 'p99Ms', below: 50 },
      });
      return out;
    } finally {
      await bench.close();
    }
  },
};
