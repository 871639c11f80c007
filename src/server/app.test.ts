import net from 'node:net';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../tests/support/app';
import {
  openPgliteTestDatabase,
  testDatabaseKinds,
  type TestDatabase,
} from '../../tests/support/databases';
import { openDatabase, type Database } from './db/client';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

function expectSecurityHeaders(headers: Record<string, unknown>): void {
  const csp = String(headers['content-security-policy']);
  for (const directive of [
    "default-src 'self'",
    "script-src 'self'",
    "object-src 'none'",
    "frame-ancestors 'none'",
    "form-action 'self'",
  ]) {
    expect(csp).toContain(directive);
  }
  expect(headers['x-content-type-options']).toBe('nosniff');
  expect(headers['referrer-policy']).toBe('same-origin');
  expect(headers['x-powered-by']).toBeUndefined();
}

describe.each(testDatabaseKinds())('the app on $name', (kind) => {
  let database: TestDatabase;
  let app: FastifyInstance;

  beforeAll(async () => {
    database = await kind.open();
    app = await createTestApp({
      database,
      env: {
        BRAND_NAME: 'Naija Desk',
        WHATSAPP_NUMBER: '2348012345678',
        SESSION_SECRET: 'a-session-secret-that-is-long-enough',
        DEMO_MODE: 'false',
      },
    });
    await app.ready();
  });
  afterAll(async () => {
    await app?.close();
    await database?.dispose();
  });

  describe('GET /api/health', () => {
    it('answers ok when the database answers, never cached', async () => {
      const res = await app.inject({ method: 'GET', url: '/api/health' });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ status: 'ok', database: 'ok' });
      expect(res.headers['cache-control']).toBe('no-store');
    });

    it('answers 503 once the database is closed under a running app', async () => {
      // A connection of its own to a migrated database, so the test's own stays open.
      const own: Database =
        kind.name === 'postgres'
          ? await openDatabase({ kind: 'postgres', url: database.url! })
          : await openPgliteTestDatabase();
      const other = await createTestApp({ database: own });
      try {
        expect((await other.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
        await own.close();
        const res = await other.inject({ method: 'GET', url: '/api/health' });
        expect(res.statusCode).toBe(503);
        expect(res.json()).toEqual({ status: 'unavailable', database: 'unreachable' });
      } finally {
        await other.close();
      }
    });
  });

  describe('unknown /api paths', () => {
    it.each(['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const)(
      'answer %s with a JSON 404',
      async (method) => {
        const res = await app.inject({
          method,
          url: '/api/no-such-thing/42?x=1',
          ...(method === 'GET' || method === 'DELETE' ? {} : { payload: { a: 1 } }),
        });
        expect(res.statusCode).toBe(404);
        expect(res.headers['content-type']).toMatch(/^application\/json/);
        expect(res.json()).toEqual({ error: 'Not found' });
      },
    );

    it('answer JSON even to a browser asking for a page, and for /api itself', async () => {
      for (const url of ['/api/no-such-page', '/api']) {
        const res = await app.inject({
          method: 'GET',
          url,
          headers: { accept: 'text/html,application/xhtml+xml' },
        });
        expect(res.statusCode).toBe(404);
        expect(res.json()).toEqual({ error: 'Not found' });
      }
    });
  });

  describe('request ids', () => {
    it('gives every answer a fresh x-request-id, errors too', async () => {
      const ids = new Set<string>();
      for (const url of ['/api/health', '/api/health', '/api/no-such-thing']) {
        const res = await app.inject({ method: 'GET', url });
        const id = res.headers['x-request-id'];
        expect(id).toMatch(UUID);
        ids.add(String(id));
      }
      expect(ids.size).toBe(3);
    });

    it('keeps the x-request-id a proxy in front sent, so logs line up', async () => {
      const res = await app.inject({
        method: 'GET',
        url: '/api/health',
        headers: { 'x-request-id': 'from-the-proxy-123' },
      });
      expect(res.headers['x-request-id']).toBe('from-the-proxy-123');
    });
  });

  describe('security headers', () => {
    it.each(['/api/health', '/api/config', '/api/no-such-thing'])('are on %s', async (url) => {
      const res = await app.inject({ method: 'GET', url });
      expectSecurityHeaders(res.headers);
    });

    it('leave out HSTS and upgrade-insecure-requests when the app is served over http', async () => {
      const res = await app.inject({ method: 'GET', url: '/api/health' });
      expect(res.headers['strict-transport-security']).toBeUndefined();
      expect(String(res.headers['content-security-policy'])).not.toContain(
        'upgrade-insecure-requests',
      );
    });
  });

  describe('GET /api/config', () => {
    it('gives exactly the brand, the WhatsApp number, the support contact, demo mode and the payout SLA', async () => {
      const res = await app.inject({ method: 'GET', url: '/api/config' });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toStrictEqual({
        brandName: 'Naija Desk',
        whatsappNumber: '2348012345678',
        supportContact: 'https://wa.me/2348012345678',
        demoMode: false,
        payoutSlaMinutes: 30,
        disputeResponseHours: 24,
        firstResponseTargetMinutes: 5,
        quoteTtlMinutes: 15,
        minOrderNaira: '5000',
        maxOrderNaira: '50000000',
        approvalThresholdUsd: '50',
        whatsappChannel: false,
        depositWatchMs: 30_000,
      });
      expect(res.body).not.toContain('a-session-secret-that-is-long-enough');
    });
  });

  describe('closing', () => {
    it('finishes a request in flight on a keep-alive connection, then lets go at once', async () => {
      const slow = await createTestApp({ database });
      let arrived!: () => void;
      const inHandler = new Promise<void>((resolve) => (arrived = resolve));
      slow.get('/api/test/slow', { config: { role: 'public' } }, async () => {
        arrived();
        await new Promise((resolve) => setTimeout(resolve, 300));
        await database.db.execute(sql`select 1`);
        return { finished: true };
      });
      await slow.listen({ port: 0, host: '127.0.0.1' });
      const { port } = slow.server.address() as net.AddressInfo;
      const base = `http://127.0.0.1:${port}`;
      // One idle keep-alive connection, as a browser keeps, and one request in flight.
      expect((await fetch(`${base}/api/health`)).headers.get('connection')).toBe('keep-alive');
      const inFlight = fetch(`${base}/api/test/slow`);
      // In flight for certain: the handler has begun, and has 300 ms left.
      await inHandler;

      const started = Date.now();
      await slow.close();
      // Without ending the connection, close() waits for the 72 s keep-alive timeout.
      expect(Date.now() - started).toBeLessThan(5_000);
      const res = await inFlight;
      expect(res.status).toBe(200);
      expect(res.headers.get('connection')).toBe('close');
      expect(await res.json()).toEqual({ finished: true });
      await expect(fetch(`${base}/api/health`)).rejects.toThrow();
    });

    it('closes a connection that has sent nothing yet (a browser preconnect) instead of waiting on it', async () => {
      const app = await createTestApp({ database });
      await app.listen({ port: 0, host: '127.0.0.1' });
      const { port } = app.server.address() as net.AddressInfo;
      const preconnect = net.connect(port, '127.0.0.1');
      await new Promise((resolve) => preconnect.once('connect', resolve));
      const endedByServer = new Promise<void>((resolve) =>
        preconnect.once('close', () => resolve()),
      );
      preconnect.on('error', () => undefined);

      // Node's server.close() leaves such a connection open: close() would wait on it for ever.
      await app.close();
      await endedByServer;
      expect(preconnect.bytesWritten).toBe(0);
    });
  });
});

/** A TCP proxy in front of PostgreSQL that can be cut, as when the database server goes away. */
async function cuttableProxy(target: string): Promise<{ url: string; cut(): Promise<void> }> {
  const upstream = new URL(target);
  const sockets = new Set<net.Socket>();
  const track = (socket: net.Socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => socket.destroy());
  };
  const server = net.createServer((client) => {
    const server = net.connect(Number(upstream.port || 5432), upstream.hostname);
    track(client);
    track(server);
    client.pipe(server).pipe(client);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const proxied = new URL(target);
  proxied.hostname = '127.0.0.1';
  proxied.port = String((server.address() as net.AddressInfo).port);
  return {
    url: proxied.toString(),
    cut: async () => {
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      for (const socket of sockets) socket.destroy();
      await closed;
    },
  };
}

const postgres = testDatabaseKinds().find((k) => k.name === 'postgres');

describe.skipIf(!postgres)('a PostgreSQL server that goes away under a running app', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await postgres!.open();
  });
  afterAll(() => database?.dispose());

  it('answers /api/health and database requests with 503, never a stack trace', async () => {
    const proxy = await cuttableProxy(database.url!);
    const through = await openDatabase({ kind: 'postgres', url: proxy.url });
    const app = await createTestApp({ database: through });
    app.get('/api/test/read', { config: { role: 'public' } }, async () => {
      await through.db.execute(sql`select count(*) from users`);
      return { ok: true };
    });
    try {
      expect((await app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
      expect((await app.inject({ method: 'GET', url: '/api/test/read' })).statusCode).toBe(200);

      await proxy.cut();
      const health = await app.inject({ method: 'GET', url: '/api/health' });
      expect(health.statusCode).toBe(503);
      expect(health.json()).toEqual({ status: 'unavailable', database: 'unreachable' });
      const read = await app.inject({ method: 'GET', url: '/api/test/read' });
      expect(read.statusCode).toBe(503);
      expect(read.json()).toEqual({
        error: 'The service is temporarily unavailable. Please try again shortly.',
      });
    } finally {
      await app.close();
      await through.close();
    }
  });
});

describe('a database that hangs', () => {
  it('answers /api/health with 503 after its 2 s limit when the database hangs', async () => {
    const database = await openPgliteTestDatabase();
    // A database that takes the connection and never answers: pg would wait 5 s to give up.
    const hanging: Database = { ...database, ping: () => new Promise<void>(() => undefined) };
    const app = await createTestApp({ database: hanging });
    await app.ready();
    try {
      const started = Date.now();
      const res = await app.inject({ method: 'GET', url: '/api/health' });
      const took = Date.now() - started;
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({ status: 'unavailable', database: 'unreachable' });
      expect(took).toBeGreaterThanOrEqual(1_900);
      expect(took).toBeLessThan(8_000);
    } finally {
      await app.close();
      await database.dispose();
    }
  });
});

describe('the app served over https', () => {
  let database: TestDatabase;
  let app: FastifyInstance;
  beforeAll(async () => {
    database = await openPgliteTestDatabase();
    // A public https address: the development sign-in is mounted there only on purpose.
    app = await createTestApp({
      database,
      env: { PUBLIC_URL: 'https://desk.example.com', DEV_SIGN_IN: 'on' },
    });
  });
  afterAll(async () => {
    await app?.close();
    await database?.dispose();
  });

  it('sends HSTS and asks the browser to upgrade insecure requests', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/health' });
    expect(res.headers['strict-transport-security']).toMatch(/max-age=\d+/);
    expect(String(res.headers['content-security-policy'])).toContain('upgrade-insecure-requests');
    expectSecurityHeaders(res.headers);
  });
});
