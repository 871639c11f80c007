/**
 * Chat delivery, the product's heart, against the spec's design (issue 8):
 * - realtime: PAIRS customer-agent pairs over real WebSockets through the real API; each side
 *   sends a message every 2 s; latency from the send to the other side's socket event; on
 *   PGlite, on PostgreSQL and across two instances on PostgreSQL (customers on one, agents on
 *   the other, so every message crosses by LISTEN/NOTIFY);
 * - polling: the same number of senders and readers polling GET /api/test/messages/:id every 2 s;
 * - HTTP: GET /api/chat-sessions as an agent with 10,000 sessions (autocannon), and POST of a
 *   message (loops: each needs a fresh client message id);
 * - memory per idle WebSocket with 5,000 open.
 * The server runs as its own process (the bundle `dist/server/main.js`), the load from this one.
 *
 *   npm run bench -- --only chat
 *   CHAT_PAIRS=500 CHAT_SECONDS=60 npm run bench -- --only chat
 *   (PostgreSQL rows need BENCH_DATABASE_URL or TEST_DATABASE_URL, a server to make databases on)
 */
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import WebSocket from 'ws';
import { openDatabase, type Database } from '../../src/server/db/client';
import { migrateDatabase } from '../../src/server/db/migrate';
import { DEMO_CUSTOMER_ID } from '../../src/shared/api/demo';
import { createSession, SESSION_COOKIE } from '../../src/server/platform/sessions';
import { SHARED_DATA_ENV, ServerProcess } from '../../tests/support/server-process';
import { createPostgresTestDatabase } from '../../tests/support/databases';
import { CpuMeter, PROFILE_NODE_ARGS } from '../lib/cpu';
import type { BenchOptions, BenchRow, BenchSuite } from '../lib/types';
import { measureHttp } from '../lib/http-load';
import { combine, histogramQuantile, scrapeHistogram } from '../lib/prom-histogram';

const PAIRS = Number(process.env.CHAT_PAIRS ?? 500);
const SECONDS = Number(process.env.CHAT_SECONDS ?? 60);
const IDLE_SOCKETS = Number(process.env.CHAT_IDLE_SOCKETS ?? 5000);
const LIST_SESSIONS = 10_000;
const INTERVAL_MS = 2000;
/**
 * The first seconds of a realtime run, which a row of its own leaves out: the app starts cold
 * (its JIT, its caches, the database's plans and its connections' catalog caches), and at full
 * rate from the first second a backlog built then can take seconds to drain.
 */
const WARM_UP_SECONDS = 5;
/** Keep-alive connections per instance the senders share, as browsers behind a proxy would. */
const SENDER_CONNECTIONS = 128;
/** Which parts to run (comma-separated), all by default: realtime, polling, http, memory, postgres. */
const CASES = new Set(
  (process.env.CHAT_CASES ?? 'realtime,polling,http,memory,postgres')
    .split(',')
    .map((c) => c.trim()),
);

/** CHAT_AGENTS: how many agents share the pairs, to see what the audience costs. */
const AGENTS = process.env.CHAT_AGENTS ? Number(process.env.CHAT_AGENTS) : undefined;

/** One agent per 10 customers, up to 50 (or CHAT_AGENTS). */
function agentsFor(pairs: number): number {
  return AGENTS ?? Math.max(1, Math.min(50, Math.ceil(pairs / 10)));
}

export interface Seeded {
  agentCookies: string[];
  pairs: { customerCookie: string; sessionId: number; agentIndex: number }[];
}

async function rows<T>(database: Database, query: ReturnType<typeof sql>): Promise<T[]> {
  return ((await database.db.execute(query)) as unknown as { rows: T[] }).rows;
}

/** Customers, agents, sessions and sign-in sessions, written straight to the database. */
export async function seed(database: Database, pairs: number, extraSessions = 0): Promise<Seeded> {
  await database.db.execute(sql`
    insert into users (email, first_name, last_name, is_agent, password_hash)
    select 'agent' || i || '@bench.example', 'Agent', 'No ' || i, true, 'not-a-login'
    from generate_series(1, ${agentsFor(pairs)}) as i`);
  await database.db.execute(sql`
    insert into users (email, first_name, last_name)
    select 'customer' || i || '@bench.example', 'Customer', 'No ' || i
    from generate_series(1, ${pairs}) as i`);
  const agents = await rows<{ id: string }>(
    database,
    sql`select id from users where is_agent order by email`,
  );
  const customers = await rows<{ id: string }>(
    database,
    sql`select id from users where not is_agent order by email`,
  );
  const result: Seeded = { agentCookies: [], pairs: [] };
  for (const agent of agents) {
    const s = await createSession({ db: database.db, userId: agent.id, method: 'password' });
    result.agentCookies.push(`${SESSION_COOKIE}=${s.token}`);
  }
  for (const [i, customer] of customers.entries()) {
    const agentIndex = i % agents.length;
    const [session] = await rows<{ id: number }>(
      database,
      sql`insert into chat_sessions (customer_id, agent_id, category, status)
          values (${customer.id}, ${agents[agentIndex]!.id}, 'bitcoin', 'active') returning id`,
    );
    const s = await createSession({ db: database.db, userId: customer.id, method: 'oidc' });
    result.pairs.push({
      customerCookie: `${SESSION_COOKIE}=${s.token}`,
      sessionId: session!.id,
      agentIndex,
    });
  }
  if (extraSessions > 0) {
    await database.db.execute(sql`
      insert into chat_sessions (customer_id, category, status, created_at, updated_at)
      select c.ids[1 + (i % array_length(c.ids, 1))], 'usdt', 'open', now() - i * interval '1 second', now() - i * interval '1 second'
      from generate_series(1, ${extraSessions}) as i,
           (select array_agg(id) as ids from users where not is_agent) as c`);
  }
  await database.db.execute(sql`analyze`);
  return result;
}

export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

function openSocket(baseUrl: string, cookie: string): Promise<WebSocket> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(`${baseUrl.replace('http', 'ws')}/api/ws`, {
      headers: { cookie, origin: baseUrl },
    });
    ws.once('message', (data) => {
      const hello = JSON.parse(String(data)) as { lastEventId: number };
      ws.send(JSON.stringify({ type: 'resume', after: hello.lastEventId }));
      resolve(ws);
    });
    ws.once('error', reject);
  });
}

/** Opens many sockets a few at a time, so the server is not asked for thousands at once. */
async function openSockets(baseUrl: string, cookies: string[]): Promise<WebSocket[]> {
  const sockets: WebSocket[] = [];
  for (let i = 0; i < cookies.length; i += 100) {
    sockets.push(
      ...(await Promise.all(cookies.slice(i, i + 100).map((c) => openSocket(baseUrl, c)))),
    );
  }
  return sockets;
}

/**
 * A JSON POST on a bounded keep-alive pool. Node's http costs the load generator a fraction of
 * what fetch does, so more of the 2 cores is left to the server.
 */
function post(
  agent: http.Agent,
  url: string,
  headers: Record<string, string>,
  body: string,
): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = http.request(url, {
      method: 'POST',
      agent,
      headers: {
        ...headers,
        'content-type': 'application/json',
        'content-length': Buffer.byteLength(body),
      },
    });
    req.on('response', (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (text += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(body);
  });
}

/** What a realtime run measures the CPU of: the app processes, and PostgreSQL's backends. */
export interface CpuSources {
  apps: ServerProcess[];
  databaseUrl?: string;
}

/**
 * The realtime design: every pair's two sides send every 2 s (or `pace.intervalMs`) for
 * CHAT_SECONDS (or `pace.seconds`); latency from the send to the other side's socket, and the
 * CPU the app processes (and PostgreSQL's backends) spent per message sent.
 */
export async function realtimeRun(
  label: string,
  customerUrl: string,
  agentUrl: string,
  seeded: Seeded,
  options: BenchOptions,
  cpuSources: CpuSources,
  pace: { seconds: number; intervalMs: number } = { seconds: SECONDS, intervalMs: INTERVAL_MS },
): Promise<BenchRow> {
  const { seconds, intervalMs } = pace;
  const pending = new Map<string, { sentAt: number; to: 'agent' | 'customer' }>();
  const latencies: number[] = [];
  /** Each delivered message's send time and latency, for the figures after the warm-up. */
  const timeline: { sentAt: number; ms: number }[] = [];
  let errors = 0;
  let received = 0;
  /** Failed sends by status ("network" when there was no answer), to say why. */
  const failures: Record<string, number> = {};
  const fail = (why: string) => {
    errors++;
    failures[why] = (failures[why] ?? 0) + 1;
  };
  /**
   * The metric's interval as the bench sees it, ends first: each message's first arrival on a
   * socket of each instance (wall clock, sub-millisecond), one per message per instance, as the
   * hub's metric observes one per event per instance (customers' sockets are all on one
   * instance, agents' on the other). realtimeWithMetrics adds the starts from the database.
   */
  const arrivals: { id: string; at: number }[] = [];
  /** The bench's own messages (ids), and per instance those that arrived there already. */
  const arrived = new Set<string>();
  const arrivedOn = new Map<string, Set<string>>();
  const arrivedOnInstance = (url: string) => {
    let ids = arrivedOn.get(url);
    if (!ids) arrivedOn.set(url, (ids = new Set()));
    return ids;
  };
  // Found in the frame's bytes, not in a string of the whole frame: an agent's socket gets every
  // message of the desk (25,000 frames a second at 500 pairs with 50 agents), and this process
  // shares the machine's cores with the app it measures.
  const ID_MARKER = Buffer.from('"clientMessageId":"');
  const onFrame = (side: 'agent' | 'customer') => {
    const arrivedHere = arrivedOnInstance(side === 'agent' ? agentUrl : customerUrl);
    return (data: WebSocket.RawData) => {
      const bytes = Buffer.isBuffer(data)
        ? data
        : Array.isArray(data)
          ? Buffer.concat(data)
          : Buffer.from(data);
      const at = bytes.indexOf(ID_MARKER);
      if (at < 0) return;
      const start = at + ID_MARKER.length;
      const id = bytes.toString('latin1', start, start + 36);
      if (arrived.has(id) && !arrivedHere.has(id)) {
        arrivedHere.add(id);
        arrivals.push({ id, at: performance.timeOrigin + performance.now() });
      }
      const entry = pending.get(id);
      if (entry && entry.to === side) {
        const ms = performance.now() - entry.sentAt;
        latencies.push(ms);
        timeline.push({ sentAt: entry.sentAt, ms });
        pending.delete(id);
        received++;
      }
    };
  };
  options.log(
    `  ${label}: opening ${seeded.agentCookies.length} agent and ${seeded.pairs.length} customer sockets`,
  );
  const agentSockets = await openSockets(agentUrl, seeded.agentCookies);
  agentSockets.forEach((ws) => ws.on('message', onFrame('agent')));
  const customerSockets = await openSockets(
    customerUrl,
    seeded.pairs.map((p) => p.customerCookie),
  );
  customerSockets.forEach((ws) => ws.on('message', onFrame('customer')));
  await new Promise((r) => setTimeout(r, 500));

  const senders = new http.Agent({ keepAlive: true, maxSockets: SENDER_CONNECTIONS });
  const send = async (
    baseUrl: string,
    cookie: string,
    sessionId: number,
    to: 'agent' | 'customer',
  ) => {
    const clientMessageId = randomUUID();
    pending.set(clientMessageId, { sentAt: performance.now(), to });
    arrived.add(clientMessageId);
    try {
      const { status, body } = await post(
        senders,
        `${baseUrl}/api/chat-sessions/${sessionId}/messages`,
        { cookie, origin: baseUrl },
        JSON.stringify({ clientMessageId, content: `bench ${clientMessageId}` }),
      );
      if (status !== 201) fail(`${status} ${body.slice(0, 80)}`);
    } catch (error) {
      fail(`network ${(error as Error).message.slice(0, 60)}`);
    }
  };
  options.log(
    `  ${label}: ${seeded.pairs.length} pairs sending every ${intervalMs / 1000} s for ${seconds} s`,
  );
  const cpu = await CpuMeter.start(
    cpuSources.apps.map((app) => app.pids.at(-1)!),
    cpuSources.databaseUrl,
  );
  const started = performance.now();
  // The load generator's own CPU (this process): it shares the machine's cores with the app.
  const clientCpuAtStart = process.cpuUsage();
  // And how late its event loop reads a frame that has arrived: part of every latency it sees.
  const loopDelay = monitorEventLoopDelay({ resolution: 1 });
  loopDelay.enable();
  const timers: NodeJS.Timeout[] = [];
  let sent = 0;
  seeded.pairs.forEach((pair, i) => {
    const offset = (i / seeded.pairs.length) * intervalMs;
    timers.push(
      setTimeout(() => {
        const tick = () => {
          if (performance.now() - started > seconds * 1000) return;
          sent += 2;
          void send(customerUrl, pair.customerCookie, pair.sessionId, 'agent');
          void send(agentUrl, seeded.agentCookies[pair.agentIndex]!, pair.sessionId, 'customer');
        };
        tick();
        timers.push(setInterval(tick, intervalMs));
      }, offset),
    );
  });
  await new Promise((r) => setTimeout(r, seconds * 1000 + 3000));
  timers.forEach((t) => clearInterval(t));
  // Per message the server took (a failed send's cost is not a message's).
  loopDelay.disable();
  lastLoopDelayP99Ms = loopDelay.percentile(99) / 1e6;
  const cpuPerMessage = await cpu.per(Math.max(1, sent - errors));
  const clientCpu = process.cpuUsage(clientCpuAtStart);
  const clientCpuMsPerMessage = (clientCpu.user + clientCpu.system) / 1000 / Math.max(1, sent);
  options.log(
    `  ${label}: the load generator's own CPU ${clientCpuMsPerMessage.toFixed(2)} ms per message sent`,
  );
  for (const ws of [...agentSockets, ...customerSockets]) ws.terminate();
  senders.destroy();
  const lost = pending.size;
  latencies.sort((a, b) => a - b);
  lastArrivals = arrivals;
  const warm = byTime(timeline, started, seconds);
  const lostAfterWarmUp = [...pending.values()].filter(
    ({ sentAt }) => sentAt - started >= WARM_UP_SECONDS * 1000,
  ).length;
  options.log(
    `  ${label}: worst latency of each second's sends (ms): ${warm.worstBySecond.join(' ')}`,
  );
  return {
    suite: 'chat',
    name: `realtime delivery, ${label}`,
    requestsPerSecond: received / seconds,
    p50Ms: percentile(latencies, 50),
    p99Ms: percentile(latencies, 99),
    errors: errors + lost,
    total: sent,
    budget: { metric: 'p99Ms', below: label.includes('two instances') ? 100 : 50 },
    cpu: cpuPerMessage,
    details: {
      agents: seeded.agentCookies.length,
      p95Ms: percentile(latencies, 95),
      maxMs: latencies.at(-1) ?? 0,
      notDelivered: lost,
      pairs: seeded.pairs.length,
      failedSends: JSON.stringify(failures),
      clientCpuMsPerMessage: Number(clientCpuMsPerMessage.toFixed(3)),
      afterWarmUpP50Ms: warm.p50Ms,
      afterWarmUpP99Ms: warm.p99Ms,
      afterWarmUpDelivered: warm.count,
      afterWarmUpNotDelivered: lostAfterWarmUp,
      worstMsBySecond: warm.worstBySecond.join(' '),
    },
  };
}

/**
 * A realtime run's latencies by when each message was sent: p50 and p99 of those sent after
 * WARM_UP_SECONDS, and the worst of each second's sends (a backlog at the start, or a stall
 * later, shows where it happened instead of only in the whole run's tail).
 */
function byTime(
  timeline: readonly { sentAt: number; ms: number }[],
  started: number,
  seconds: number,
): { p50Ms: number; p99Ms: number; count: number; worstBySecond: number[] } {
  const worstBySecond = Array.from({ length: seconds }, () => 0);
  const warm: number[] = [];
  for (const { sentAt, ms } of timeline) {
    const second = Math.floor((sentAt - started) / 1000);
    if (second >= 0 && second < seconds)
      worstBySecond[second] = Math.max(worstBySecond[second]!, Math.round(ms));
    if (second >= WARM_UP_SECONDS) warm.push(ms);
  }
  warm.sort((a, b) => a - b);
  return {
    p50Ms: percentile(warm, 50),
    p99Ms: percentile(warm, 99),
    count: warm.length,
    worstBySecond,
  };
}

/**
 * The same run without its first WARM_UP_SECONDS: the steady state's figures, in a row of
 * their own beside the whole run's (which keeps the budget).
 */
function afterWarmUp(row: BenchRow): BenchRow {
  const figure = (key: string) => Number(row.details?.[key] ?? Number.NaN);
  return {
    suite: row.suite,
    name: `${row.name}, sent after the first ${WARM_UP_SECONDS} s`,
    p50Ms: figure('afterWarmUpP50Ms'),
    p99Ms: figure('afterWarmUpP99Ms'),
    errors: figure('afterWarmUpNotDelivered'),
    total: figure('afterWarmUpDelivered') + figure('afterWarmUpNotDelivered'),
  };
}

/** The last realtimeRun's arrivals per message per instance: realtimeWithMetrics reads them. */
let lastArrivals: { id: string; at: number }[] = [];
/** The last realtimeRun's own event-loop delay, p99 (ms): how late it may read a frame. */
let lastLoopDelayP99Ms = 0;

/** The hub's own figure of the same interval (platform/metrics/app-metrics.ts). */
const DELIVERY_LAG = 'agentchat_realtime_delivery_lag_seconds';
/** How far the metrics' p99 may be from the bench's own (issue 18). */
const METRICS_AGREEMENT_PERCENT = 10;

/**
 * A realtimeRun, with /metrics scraped on every instance before and after: the delivery lag's
 * histogram over the run (all instances together) gives its own p99, shown beside the bench's
 * figure of the same interval, and the two must agree within METRICS_AGREEMENT_PERCENT.
 */
async function realtimeWithMetrics(
  label: string,
  apps: ServerProcess[],
  databaseUrl: string,
  customerUrl: string,
  agentUrl: string,
  seeded: Seeded,
  options: BenchOptions,
): Promise<BenchRow[]> {
  const before = await Promise.all(apps.map((app) => scrapeHistogram(app.url, DELIVERY_LAG)));
  const delivery = await realtimeRun(label, customerUrl, agentUrl, seeded, options, {
    apps,
    databaseUrl,
  });
  const after = await Promise.all(apps.map((app) => scrapeHistogram(app.url, DELIVERY_LAG)));
  const run = combine([...after, ...before], [...after.map(() => 1), ...before.map(() => -1)]);
  const metricsP99Ms = histogramQuantile(0.99, run) * 1000;
  // The starts: each message event's created_at, the same column the metric starts from.
  const database = await openDatabase({ kind: 'postgres', url: databaseUrl, poolSize: 1 });
  const written = new Map<string, number>();
  try {
    const found = await rows<{ id: string; ms: string }>(
      database,
      sql`select payload->'message'->>'clientMessageId' as id,
                 (extract(epoch from created_at) * 1000)::text as ms
          from realtime_events where type = 'message.created'`,
    );
    for (const { id, ms } of found) written.set(id, Number(ms));
  } finally {
    await database.close();
  }
  const lags = lastArrivals
    .flatMap(({ id, at }) => {
      const start = written.get(id);
      return start === undefined ? [] : [Math.max(0, at - start)];
    })
    .sort((a, b) => a - b);
  const benchP99Ms = percentile(lags, 99);
  // The hub's figure ends when it writes the frame, the bench's when its event loop reads it: a
  // bench figure above the hub's by up to the bench's own loop delay is that delay, not a
  // disagreement. No figure on either side is no agreement.
  const loopDelayMs = lastLoopDelayP99Ms;
  const gapMs = Math.abs(metricsP99Ms - benchP99Ms);
  const beyondLoopDelayMs = benchP99Ms > metricsP99Ms ? Math.max(0, gapMs - loopDelayMs) : gapMs;
  const gapPercent =
    lags.length > 0 && Number.isFinite(metricsP99Ms)
      ? (beyondLoopDelayMs / benchP99Ms) * 100
      : Infinity;
  options.log(
    `  ${label}: commit-to-socket p99 ${benchP99Ms.toFixed(1)} ms (bench), ${metricsP99Ms.toFixed(1)} ms (/metrics); the bench's event-loop delay p99 ${loopDelayMs.toFixed(1)} ms`,
  );
  return [
    delivery,
    {
      suite: 'chat',
      name: `commit-to-socket lag, ${label} (bench)`,
      p50Ms: percentile(lags, 50),
      p99Ms: benchP99Ms,
      errors: 0,
      total: lags.length,
      details: { p95Ms: percentile(lags, 95), maxMs: lags.at(-1) ?? 0 },
    },
    {
      suite: 'chat',
      name: `commit-to-socket lag, ${label} (/metrics ${DELIVERY_LAG})`,
      p50Ms: histogramQuantile(0.5, run) * 1000,
      p99Ms: metricsP99Ms,
      errors: 0,
      total: run.at(-1)?.count ?? 0,
      details: { p95Ms: histogramQuantile(0.95, run) * 1000 },
    },
    {
      suite: 'chat',
      name: `/metrics p99 vs bench p99 (past the bench's loop delay), ${label}`,
      value: Math.round(gapPercent * 10) / 10,
      unit: '% apart',
      errors: 0,
      total: lags.length,
      budget: { metric: 'value', atMost: METRICS_AGREEMENT_PERCENT },
      details: { benchP99Ms, metricsP99Ms, benchLoopDelayP99Ms: loopDelayMs },
    },
  ];
}

/** The spec's design: readers poll GET /api/test/messages/:id every 2 s. */
async function pollingRun(
  baseUrl: string,
  pairs: number,
  options: BenchOptions,
): Promise<BenchRow> {
  const sessions: number[] = [];
  const visitor = (i: number) => ({
    'x-forwarded-for': `10.${i >> 16}.${(i >> 8) & 255}.${i & 255}`,
  });
  for (let i = 0; i < pairs; i++) {
    const res = await fetch(`${baseUrl}/api/test/chat-sessions`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: baseUrl, ...visitor(i) },
      body: JSON.stringify({
        customerId: DEMO_CUSTOMER_ID,
        category: 'bitcoin',
        status: 'open',
        priority: 'medium',
      }),
    });
    sessions.push(((await res.json()) as { id: number }).id);
  }
  const sentAt = new Map<string, number>();
  const latencies: number[] = [];
  let polls = 0;
  let errors = 0;
  options.log(
    `  polling: ${pairs} senders and ${pairs} readers polling every 2 s for ${SECONDS} s`,
  );
  const started = performance.now();
  const timers: NodeJS.Timeout[] = [];
  sessions.forEach((id, i) => {
    const seen = new Set<string>();
    timers.push(
      setTimeout(
        () => {
          const poll = async () => {
            if (performance.now() - started > SECONDS * 1000) return;
            polls++;
            try {
              const res = await fetch(`${baseUrl}/api/test/messages/${id}`);
              const list = (await res.json()) as { content: string }[];
              for (const m of list) {
                if (seen.has(m.content)) continue;
                seen.add(m.content);
                const at = sentAt.get(m.content);
                if (at !== undefined) latencies.push(performance.now() - at);
              }
            } catch {
              errors++;
            }
          };
          const sendOne = async () => {
            if (performance.now() - started > SECONDS * 1000) return;
            const content = `poll ${randomUUID()}`;
            sentAt.set(content, performance.now());
            const res = await fetch(`${baseUrl}/api/test/messages`, {
              method: 'POST',
              headers: { 'content-type': 'application/json', origin: baseUrl, ...visitor(i) },
              body: JSON.stringify({
                chatSessionId: id,
                senderId: DEMO_CUSTOMER_ID,
                content,
                messageType: 'text',
              }),
            }).catch(() => null);
            if (!res || res.status !== 201) errors++;
          };
          timers.push(setInterval(() => void poll(), INTERVAL_MS));
          setTimeout(() => {
            void sendOne();
            timers.push(setInterval(() => void sendOne(), INTERVAL_MS));
          }, Math.random() * INTERVAL_MS);
        },
        (i / pairs) * INTERVAL_MS,
      ),
    );
  });
  await new Promise((r) => setTimeout(r, SECONDS * 1000 + 3000));
  timers.forEach((t) => clearInterval(t));
  latencies.sort((a, b) => a - b);
  return {
    suite: 'chat',
    name: 'spec design: 2 s polling, PGlite',
    requestsPerSecond: polls / SECONDS,
    p50Ms: percentile(latencies, 50),
    p99Ms: percentile(latencies, 99),
    errors,
    total: latencies.length,
    details: {
      p95Ms: percentile(latencies, 95),
      maxMs: latencies.at(-1) ?? 0,
      pollRequestsPerSecond: polls / SECONDS,
    },
  };
}

/** Sustained throughput from concurrent loops (autocannon cannot send a fresh UUID per request). */
async function httpLoop(
  name: string,
  request: () => Promise<Response>,
  ok: number,
  options: BenchOptions,
): Promise<BenchRow> {
  const latencies: number[] = [];
  let errors = 0;
  const end = performance.now() + options.durationSeconds * 1000;
  await Promise.all(
    Array.from({ length: options.connections }, async () => {
      while (performance.now() < end) {
        const start = performance.now();
        try {
          const res = await request();
          await res.arrayBuffer();
          if (res.status !== ok) errors++;
        } catch {
          errors++;
        }
        latencies.push(performance.now() - start);
      }
    }),
  );
  latencies.sort((a, b) => a - b);
  return {
    suite: 'chat',
    name,
    requestsPerSecond: latencies.length / options.durationSeconds,
    p50Ms: percentile(latencies, 50),
    p99Ms: percentile(latencies, 99),
    errors,
    total: latencies.length,
  };
}

export function rssKiB(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
}

export async function withPglite<T>(
  pairs: number,
  extra: number,
  work: (url: string, seeded: Seeded, app: ServerProcess) => Promise<T>,
): Promise<T> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'agentchat-bench-chat-'));
  const database = await openDatabase({ kind: 'pglite', dataDir });
  await migrateDatabase(database);
  const seeded = await seed(database, pairs, extra);
  await database.close();
  const app = await ServerProcess.start({
    name: 'bench',
    // The polling case drives the demo's calls; each pair is its own visitor behind a proxy
    // (X-Forwarded-For), as in production, so the per-address demo write limit applies per pair.
    env: {
      ...SHARED_DATA_ENV,
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      DEMO_MODE: 'on',
      TRUST_PROXY: '1',
    },
    nodeArgs: PROFILE_NODE_ARGS,
  });
  try {
    return await work(app.url, seeded, app);
  } finally {
    await app.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

/**
 * A fresh database on the PostgreSQL server named by BENCH_DATABASE_URL (or TEST_DATABASE_URL),
 * seeded with `pairs`, and `instances` app processes on it. Undefined when no server is named.
 */
export async function withPostgres<T>(
  pairs: number,
  instances: number,
  work: (apps: ServerProcess[], seeded: Seeded, databaseUrl: string) => Promise<T>,
): Promise<T | undefined> {
  const serverUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
  if (!serverUrl) return undefined;
  const created = await createPostgresTestDatabase(serverUrl);
  const apps: ServerProcess[] = [];
  try {
    const database = await openDatabase({ kind: 'postgres', url: created.url });
    await migrateDatabase(database);
    const seeded = await seed(database, pairs);
    await database.close();
    for (let i = 0; i < instances; i++) {
      apps.push(
        await ServerProcess.start({
          name: String.fromCharCode(65 + i),
          env: { ...SHARED_DATA_ENV, DATABASE_URL: created.url, LOG_LEVEL: 'warn' },
          nodeArgs: PROFILE_NODE_ARGS,
        }),
      );
    }
    return await work(apps, seeded, created.url);
  } finally {
    for (const app of apps) await app.stop();
    await created.drop();
  }
}

export const suite: BenchSuite = {
  name: 'chat',
  description: `chat delivery: ${PAIRS} pairs over WebSockets vs 2 s polling; chat HTTP; memory per socket`,
  async run(options) {
    const result: BenchRow[] = [];
    if (CASES.has('realtime') || CASES.has('polling')) {
      await withPglite(PAIRS, 0, async (url, seeded, app) => {
        if (CASES.has('realtime')) {
          const delivery = await realtimeRun('PGlite', url, url, seeded, options, { apps: [app] });
          result.push(delivery, afterWarmUp(delivery));
        }
        if (CASES.has('polling')) result.push(await pollingRun(url, PAIRS, options));
      });
    }
    if (CASES.has('http'))
      await withPglite(10, LIST_SESSIONS, async (url, seeded) => {
        const agent = seeded.agentCookies[0]!;
        result.push(
          await measureHttp(
            {
              suite: 'chat',
              name: `GET /api/chat-sessions (agent, ${LIST_SESSIONS.toLocaleString('en')} sessions)`,
              url: `${url}/api/chat-sessions`,
              headers: { cookie: agent },
              budget: { metric: 'requestsPerSecond', atLeast: 5000 },
            },
            options,
          ),
        );
        const pair = seeded.pairs[0]!;
        result.push(
          await httpLoop(
            'POST /api/chat-sessions/:id/messages',
            () =>
              fetch(`${url}/api/chat-sessions/${pair.sessionId}/messages`, {
                method: 'POST',
                headers: {
                  cookie: pair.customerCookie,
                  'content-type': 'application/json',
                  origin: url,
                },
                body: JSON.stringify({ clientMessageId: randomUUID(), content: 'throughput' }),
              }),
            201,
            options,
          ),
        );
      });
    if (CASES.has('memory'))
      await withPglite(IDLE_SOCKETS, 0, async (url, seeded, app) => {
        const pid = app.pids.at(-1)!;
        await new Promise((r) => setTimeout(r, 2000));
        const before = rssKiB(pid);
        options.log(`  memory: opening ${IDLE_SOCKETS} idle sockets`);
        const sockets = await openSockets(
          url,
          seeded.pairs.map((p) => p.customerCookie),
        );
        await new Promise((r) => setTimeout(r, 3000));
        const after = rssKiB(pid);
        sockets.forEach((ws) => ws.terminate());
        result.push({
          suite: 'chat',
          name: `memory per idle WebSocket (${IDLE_SOCKETS.toLocaleString('en')} open)`,
          value: Math.round(((after - before) / IDLE_SOCKETS) * 10) / 10,
          unit: 'KiB',
          errors: 0,
          total: IDLE_SOCKETS,
          budget: { metric: 'value', atMost: 100 },
          details: { rssBeforeKiB: before, rssAfterKiB: after },
        });
      });

    if (!CASES.has('postgres')) return result;
    const done = await withPostgres(PAIRS, 2, async ([a, b], seeded, databaseUrl) => {
      const one = await realtimeRun('PostgreSQL', a!.url, a!.url, seeded, options, {
        apps: [a!],
        databaseUrl,
      });
      result.push(one, afterWarmUp(one));
      const [two, ...lags] = await realtimeWithMetrics(
        'PostgreSQL, two instances',
        [a!, b!],
        databaseUrl,
        a!.url,
        b!.url,
        seeded,
        options,
      );
      result.push(two!, afterWarmUp(two!), ...lags);
      return true;
    });
    if (!done)
      options.log('  PostgreSQL rows skipped: set BENCH_DATABASE_URL (or TEST_DATABASE_URL)');
    return result;
  },
};
