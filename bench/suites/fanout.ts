/**
 * What the realtime fan-out costs per event as the audience grows: one event, serialized and
 * framed once (src/server/platform/realtime/shared-frame.ts), written to 1 and to 50 open
 * WebSocket connections as the realtime route writes it (corked, straight onto each
 * connection), the CPU of those writes measured with process.cpuUsage. No budget: a cost to
 * compare between runs (decision 035).
 *
 *   npm run bench -- --only fanout
 */
import type { AddressInfo, Socket } from 'node:net';
import WebSocket, { WebSocketServer } from 'ws';
import { SharedFrame } from '../../src/server/platform/realtime/shared-frame';
import type { ServerFrame } from '../../src/shared/api/realtime';
import type { BenchRow, BenchSuite } from '../lib/types';

const AUDIENCES = [1, 50];
const EVENTS = 4000;
/** Events per corked turn, as when several commits land in one turn of the event loop. */
const PER_TURN = 10;

function sampleEvent(n: number): ServerFrame {
  return {
    type: 'event',
    event: {
      id: n,
      type: 'message.created',
      message: { id: n, content: `bench ${'x'.repeat(200)}`, clientMessageId: crypto.randomUUID() },
    },
  } as unknown as ServerFrame; // a message event's shape without its every field: only bytes count here
}

async function measure(sockets: number): Promise<number> {
  const server = new WebSocketServer({ port: 0, host: '127.0.0.1' });
  await new Promise((resolve) => server.once('listening', resolve));
  const url = `ws://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const connections: Socket[] = [];
  server.on('connection', (_ws, request) => connections.push(request.socket));
  const clients = await Promise.all(
    Array.from(
      { length: sockets },
      () =>
        new Promise<WebSocket>((resolve, reject) => {
          const client = new WebSocket(url);
          client.on('open', () => resolve(client));
          client.on('error', reject);
        }),
    ),
  );
  while (connections.length < sockets) await new Promise((resolve) => setTimeout(resolve, 10));
  let cpuUs = 0;
  // The first half warms up; the second is measured.
  for (let n = 0; n < 2 * EVENTS; n += PER_TURN) {
    const start = process.cpuUsage();
    for (const connection of connections) connection.cork();
    for (let i = n; i < n + PER_TURN; i++) {
      const frame = new SharedFrame(sampleEvent(i));
      for (const connection of connections) connection.write(frame.wire);
    }
    for (const connection of connections) connection.uncork();
    const { user, system } = process.cpuUsage(start);
    if (n >= EVENTS) cpuUs += user + system;
    // Let the clients read, as they would between turns.
    await new Promise((resolve) => setTimeout(resolve, 2));
  }
  for (const client of clients) client.terminate();
  await new Promise((resolve) => server.close(resolve));
  return cpuUs / EVENTS;
}

export const suite: BenchSuite = {
  name: 'fanout',
  description: `realtime fan-out: CPU per event written to ${AUDIENCES.join(' and ')} sockets`,
  async run(options) {
    const rows: BenchRow[] = [];
    for (const sockets of AUDIENCES) {
      options.log(`  ${EVENTS} events to ${sockets} socket(s)`);
      rows.push({
        suite: 'fanout',
        name: `one event to ${sockets} socket${sockets === 1 ? '' : 's'}: CPU per event`,
        value: Math.round((await measure(sockets)) * 10) / 10,
        unit: 'µs',
        errors: 0,
        total: EVENTS,
      });
    }
    return rows;
  },
};
