/**
 * The WhatsApp channel (issue 34): Meta's webhook deliveries at 50 messages/s from 50
 * customers, each timed from the POST to its message's event on an agent's socket. Budget: p99
 * under 100 ms. The app runs as in production with the channel on, against the Graph API
 * stand-in of the tests (it only answers the desk's replies; none are sent here).
 *
 *   npm run bench -- --only whatsapp
 */
import http from 'node:http';
import { sql } from 'drizzle-orm';
import WebSocket from 'ws';
import { rows } from '../../src/server/db/raw';
import { createSession, SESSION_COOKIE } from '../../src/server/platform/sessions';
import {
  GraphApiServer,
  signWebhook,
  textMessage,
  webhookDelivery,
  whatsappEnv,
} from '../../tests/support/graph-api-server';
import { startBenchApp } from '../lib/bench-app';
import type { BenchRow, BenchSuite } from '../lib/types';

const CUSTOMERS = 50;
const RATE_PER_SECOND = 50;

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

function postWebhook(agent: http.Agent, url: string, body: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = http.request(url, {
      method: 'POST',
      agent,
      headers: {
        'content-type': 'application/json',
        'content-length': Buffer.byteLength(body),
        'x-hub-signature-256': signWebhook(body),
      },
    });
    req.on('response', (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
    });
    req.on('error', reject);
    req.end(body);
  });
}

export const suite: BenchSuite = {
  name: 'whatsapp',
  description: `WhatsApp webhook deliveries to an agent's socket at ${RATE_PER_SECOND} messages/s`,
  async run(options) {
    const graph = await new GraphApiServer().start();
    const bench = await startBenchApp(whatsappEnv(graph.url));
    const agentPool = new http.Agent({ keepAlive: true, maxSockets: 10 });
    let socket: WebSocket | undefined;
    try {
      const db = bench.database.db;
      const [agent] = await rows<{ id: string }>(
        db,
        sql`insert into users (email, first_name, last_name, is_agent, agent_type)
            values ('agent@bench.example', 'Agent', 'Bench', true, 'bitcoin') returning id`,
      );
      const session = await createSession({ db, userId: agent!.id, method: 'password' });
      const url = `${bench.baseUrl}/api/channels/whatsapp/webhook`;
      const numbers = Array.from(
        { length: CUSTOMERS },
        (_, i) => `23480300${String(i).padStart(5, '0')}`,
      );

      // Each customer's first message opens their chat on the Bitcoin desk.
      for (const number of numbers) {
        const body = webhookDelivery({
          contacts: [{ wa_id: number, name: `Customer ${number.slice(-3)}` }],
          messages: [textMessage(number, 'Hello, I want to sell Bitcoin.')],
        });
        if ((await postWebhook(agentPool, url, body)) !== 200) throw new Error('webhook refused');
      }
      await bench.app.whatsapp!.deliveries.idle();

      const sentAt = new Map<string, number>();
      const latencies: number[] = [];
      socket = await new Promise<WebSocket>((resolve, reject) => {
        const ws = new WebSocket(`${bench.baseUrl.replace('http', 'ws')}/api/ws`, {
          headers: { cookie: `${SESSION_COOKIE}=${session.token}`, origin: bench.baseUrl },
        });
        ws.once('message', (data) => {
          const hello = JSON.parse(String(data)) as { lastEventId: number };
          ws.send(JSON.stringify({ type: 'resume', after: hello.lastEventId }));
          resolve(ws);
        });
        ws.once('error', reject);
      });
      socket.on('message', (data) => {
        const text = String(data);
        const marker = '"clientMessageId":"wa:';
        const at = text.indexOf(marker);
        if (at < 0) return;
        const id = text.slice(at + marker.length, text.indexOf('"', at + marker.length));
        const start = sentAt.get(id);
        if (start === undefined) return;
        latencies.push(performance.now() - start);
        sentAt.delete(id);
      });
      await new Promise((resolve) => setTimeout(resolve, 300));

      const total = options.durationSeconds * RATE_PER_SECOND;
      options.log(`  ${total} deliveries at ${RATE_PER_SECOND}/s from ${CUSTOMERS} customers`);
      let errors = 0;
      const posts: Promise<void>[] = [];
      const started = performance.now();
      for (let i = 0; i < total; i++) {
        const due = started + (i * 1000) / RATE_PER_SECOND;
        const wait = due - performance.now();
        if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
        const number = numbers[i % CUSTOMERS]!;
        const message = textMessage(number, `How much for 0.0${i % 10} BTC? (${i})`) as {
          id: string;
        };
        const body = webhookDelivery({ messages: [message] });
        sentAt.set(message.id, performance.now());
        posts.push(
          postWebhook(agentPool, url, body).then(
            (status) => {
              if (status !== 200) errors++;
            },
            () => {
              errors++;
            },
          ),
        );
      }
      await Promise.all(posts);
      const deadline = performance.now() + 10_000;
      while (sentAt.size > 0 && performance.now() < deadline)
        await new Promise((resolve) => setTimeout(resolve, 50));
      errors += sentAt.size;
      const sorted = [...latencies].sort((a, b) => a - b);
      const elapsed = (performance.now() - started) / 1000;
      const row: BenchRow = {
        suite: 'whatsapp',
        name: `webhook to agent socket, ${RATE_PER_SECOND} msg/s`,
        requestsPerSecond: latencies.length / elapsed,
        p50Ms: percentile(sorted, 50),
        p99Ms: percentile(sorted, 99),
        errors,
        total,
        budget: { metric: 'p99Ms', below: 100 },
        details: { maxMs: sorted.at(-1) ?? 0 },
      };
      return [row];
    } finally {
      socket?.close();
      agentPool.destroy();
      await bench.close();
      await graph.stop();
    }
  },
};
