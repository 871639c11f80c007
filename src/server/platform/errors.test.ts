import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { testDatabaseKinds, type TestDatabase } from '../../../tests/support/databases';
import { decimalString } from '../../shared/api/common';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import type { Database } from '../db/client';
import { settings } from '../db/schema';
import { AppError, type AppErrorCode } from './errors';

const UNAVAILABLE = { error: 'The service is temporarily unavailable. Please try again shortly.' };
const INTERNAL = { error: 'Internal Server Error' };

interface LogLine {
  level: number;
  msg: string;
  reqId?: string;
  err?: { message?: string; stack?: string };
}

/** A real app with throwaway routes that fail in every way a handler can, and its log lines. */
async function appWithFailingRoutes(
  database: Database,
  level = 'warn',
): Promise<{
  app: FastifyInstance;
  logs: LogLine[];
}> {
  const logs: LogLine[] = [];
  const config = loadConfig({
    NODE_ENV: 'test',
    PRICE_API_URL: 'http://127.0.0.1:1/api/v3',
    PRICE_REFRESH_MS: '3600000',
  });
  const app = await buildApp({
    config,
    database,
    web: 'none',
    logger: {
      level,
      stream: { write: (line: string) => void logs.push(JSON.parse(line) as LogLine) },
    },
  });
  const api = app.withTypeProvider<ZodTypeProvider>();
  const route = { config: { role: 'public' as const } };

  api.get('/api/test/app-error/:code', route, async (request) => {
    const { code } = request.params as { code: AppErrorCode };
    throw new AppError(code, `The ${code} message, for the user`);
  });
  api.get('/api/test/crash', route, async () => {
    throw new Error('secret detail: password=hunter2');
  });
  api.get('/api/test/crash-sync', route, () => {
    throw new TypeError("Cannot read properties of undefined (reading 'x')");
  });
  api.get('/api/test/throw-string', route, async () => {
    throw 'a bare string';
  });
  api.get('/api/test/status/:status', route, async (request) => {
    const { status } = request.params as { status: string };
    throw Object.assign(new Error(`upstream said: token=abc ${status}`), {
      statusCode: Number(status),
    });
  });
  api.get('/api/test/db-down/:kind', route, async (request) => {
    const { kind } = request.params as { kind: string };
    const errors: Record<string, unknown> = {
      refused: Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), {
        code: 'ECONNREFUSED',
      }),
      wrapped: Object.assign(new Error('Failed query: select 1'), {
        cause: Object.assign(new Error('terminating connection due to administrator command'), {
          code: '57P01',
        }),
      }),
      terminated: new Error('Connection terminated unexpectedly'),
      'pool-timeout': new Error('timeout exceeded when trying to connect'),
      'cannot-connect': Object.assign(new Error('the database system is starting up'), {
        code: '57P03',
      }),
    };
    throw errors[kind];
  });
  api.post(
    '/api/test/body',
    {
      ...route,
      schema: {
        body: z.object({ name: z.string().min(1), amount: decimalString }),
        querystring: z.object({ page: z.coerce.number().int().min(1).optional() }),
      },
    },
    async (request) => ({ received: request.body }),
  );
  api.post('/api/test/store', route, async (request) => {
    const { key, value, spread } = request.body as { key: string; value: string; spread: string };
    await database.db.insert(settings).values({ key, value });
    if (spread !== undefined) {
      await database.db.execute(sql`select ${spread}::numeric(6, 2)`);
    }
    return { stored: true };
  });
  api.get('/api/test/query-db', route, async () => {
    await database.db.execute(sql`select 1`);
    return { ok: true };
  });
  await app.ready();
  return { app, logs };
}

describe.each(testDatabaseKinds())('the error handler on $name', (kind) => {
  let database: TestDatabase;
  let app: FastifyInstance;
  let logs: LogLine[];

  beforeAll(async () => {
    database = await kind.open();
    ({ app, logs } = await appWithFailingRoutes(database));
  });
  afterAll(async () => {
    await app?.close();
    await database?.dispose();
  });
  beforeEach(() => {
    logs.length = 0;
  });

  it.each([
    ['bad_request', 400],
    ['unauthorized', 401],
    ['forbidden', 403],
    ['not_found', 404],
    ['conflict', 409],
    ['payload_too_large', 413],
    ['unprocessable', 422],
    ['too_many_requests', 429],
    ['service_unavailable', 503],
  ] as const)('answers AppError(%s) with %i and its message', async (code, status) => {
    const res = await app.inject({ method: 'GET', url: `/api/test/app-error/${code}` });
    expect(res.statusCode).toBe(status);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.json()).toEqual({ error: `The ${code} message, for the user` });
  });

  it.each(['/api/test/crash', '/api/test/crash-sync', '/api/test/throw-string'])(
    'answers a thrown non-AppError (%s) with a bare 500, and logs the detail',
    async (url) => {
      const res = await app.inject({
        method: 'GET',
        url,
        headers: { 'x-request-id': 'trace-500' },
      });
      expect(res.statusCode).toBe(500);
      expect(res.body).toBe(JSON.stringify(INTERNAL));
      expect(res.headers['x-request-id']).toBe('trace-500');
      const logged = logs.find((l) => l.msg === 'request failed');
      expect(logged).toMatchObject({ level: 50, reqId: 'trace-500' });
      if (url === '/api/test/crash') {
        expect(logged?.err?.message).toBe('secret detail: password=hunter2');
        expect(logged?.err?.stack).toContain('errors.test.ts');
      }
    },
  );

  it('never lets a 5xx error say more than "Internal Server Error"', async () => {
    for (const status of [500, 502, 504]) {
      const res = await app.inject({ method: 'GET', url: `/api/test/status/${status}` });
      expect(res.statusCode).toBe(500);
      expect(res.json()).toEqual(INTERNAL);
    }
  });

  it('answers a 4xx error that is not an AppError with its status and a generic text', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/test/status/418' });
    expect(res.statusCode).toBe(418);
    expect(res.json()).toEqual({ error: 'Bad request' });
    const notFound = await app.inject({ method: 'GET', url: '/api/test/status/404' });
    expect(notFound.json()).toEqual({ error: 'Not found' });
  });

  it.each(['refused', 'wrapped', 'terminated', 'pool-timeout', 'cannot-connect'])(
    'answers a database that cannot be reached (%s) with 503, and logs it',
    async (failure) => {
      const res = await app.inject({ method: 'GET', url: `/api/test/db-down/${failure}` });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual(UNAVAILABLE);
      expect(logs.map((l) => l.msg)).toContain('database unavailable');
    },
  );

  it('answers a body that is not JSON with 400 and no stack trace', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/test/body',
      headers: { 'content-type': 'application/json' },
      payload: '{"name": "Ada", ',
    });
    expect(res.statusCode).toBe(400);
    expect(res.body).toBe(JSON.stringify({ error: 'Request body is not valid JSON' }));
  });

  it('answers an empty JSON body with 400', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/test/body',
      headers: { 'content-type': 'application/json' },
      payload: '',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: 'Request body must not be empty' });
  });

  it('answers a body in another format with 415', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/test/body',
      headers: { 'content-type': 'application/xml' },
      payload: '<name>Ada</name>',
    });
    expect(res.statusCode).toBe(415);
    expect(res.json()).toEqual({ error: 'Unsupported content type' });
  });

  it('answers a JSON body over 64 KB with 413, and takes one just under', async () => {
    const over = JSON.stringify({ name: 'x'.repeat(64 * 1024), amount: '1' });
    const res = await app.inject({
      method: 'POST',
      url: '/api/test/body',
      headers: { 'content-type': 'application/json' },
      payload: over,
    });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ error: 'Request body is too large' });

    const under = JSON.stringify({ name: 'x'.repeat(60 * 1024), amount: '1' });
    const ok = await app.inject({
      method: 'POST',
      url: '/api/test/body',
      headers: { 'content-type': 'application/json' },
      payload: under,
    });
    expect(ok.statusCode).toBe(200);
  });

  it('answers a body that breaks the route schema with 400 naming each field', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/test/body',
      payload: { name: '', amount: '1e5' },
    });
    expect(res.statusCode).toBe(400);
    const { error } = res.json<{ error: string }>();
    expect(error).toMatch(/^name: .+; amount: must be a decimal number$/);
  });

  it('answers a query string that breaks the route schema with 400', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/test/body?page=0',
      payload: { name: 'Ada', amount: '1.5' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json<{ error: string }>().error).toMatch(/^page: /);
  });

  it('passes a valid body through', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/test/body?page=2',
      payload: { name: 'Ada', amount: '0.12345678' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ received: { name: 'Ada', amount: '0.12345678' } });
  });

  it.each([
    ['a NUL character in text', { key: 'k1', value: 'a\u0000b' }],
    ['a number out of range for its column', { key: 'k2', value: 'v', spread: '123456.7' }],
  ])('answers input the database refuses (%s) with 400, and logs it', async (_case, body) => {
    const res = await app.inject({ method: 'POST', url: '/api/test/store', payload: body });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: 'Invalid input: remove unsupported characters or values' });
    expect(logs.map((l) => l.msg)).toContain('input rejected by the database');
  });

  it('logs a failed statement without its values (a hash, a message text, a key)', async () => {
    const hash = '$argon2id$v=19$m=19456,t=2,p=1$c2FsdHNhbHQ$aGFzaGhhc2hoYXNo';
    const refused = await app.inject({
      method: 'POST',
      url: '/api/test/store',
      payload: { key: 'agent-hash', value: `${hash}\u0000 and the customer's message text` },
    });
    expect(refused.statusCode).toBe(400);
    const first = await app.inject({
      method: 'POST',
      url: '/api/test/store',
      payload: { key: 'secret-key-ada@example.com', value: 'v' },
    });
    expect(first.statusCode).toBe(200);
    const duplicate = await app.inject({
      method: 'POST',
      url: '/api/test/store',
      payload: { key: 'secret-key-ada@example.com', value: 'v' },
    });
    expect(duplicate.statusCode).toBe(500);

    const rejected = logs.find((l) => l.msg === 'input rejected by the database');
    const failed = logs.find((l) => l.msg === 'request failed');
    // Still useful: what failed, where, with the SQL and the database's code.
    expect(rejected?.err?.message).toMatch(/^Failed query: insert into "settings"/);
    expect(rejected?.err?.message).toContain('params: [2 redacted]');
    expect(failed?.err).toMatchObject({ cause: { code: '23505', constraint: 'settings_pkey' } });
    const written = JSON.stringify(logs);
    for (const secret of ['argon2id', 'aGFzaGhh', 'message text', 'secret-key-ada@example.com']) {
      expect(written).not.toContain(secret);
    }
  });

  it('answers 200 from a route that reads the database while it is up', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/test/query-db' });
    expect(res.statusCode).toBe(200);
  });
});

describe.each(testDatabaseKinds())('the request log on $name', (kind) => {
  let database: TestDatabase;
  let app: FastifyInstance;
  let logs: LogLine[];

  beforeAll(async () => {
    database = await kind.open();
    ({ app, logs } = await appWithFailingRoutes(database, 'info'));
  });
  afterAll(async () => {
    await app?.close();
    await database?.dispose();
  });

  it('redacts every query value from logged URLs, keeping the path and the names', async () => {
    const res = await app.inject({
      method: 'GET',
      url: '/api/callback?code=the-authorization-code&state=the-state&iss=https%3A%2F%2Fidp',
    });
    expect(res.statusCode).toBe(400);
    // A token a client put in a query, on any route, is no more logged than the code.
    await app.inject({ method: 'GET', url: '/api/prices?access_token=the-token&flag' });
    const urls = logs.map((l) => (l as { req?: { url?: string } }).req?.url).filter(Boolean);
    expect(urls).toEqual([
      '/api/callback?code=[redacted]&state=[redacted]&iss=[redacted]',
      '/api/prices?access_token=[redacted]&flag',
    ]);
    expect(JSON.stringify(logs)).not.toMatch(/the-authorization-code|the-state|the-token|idp/);
  });
});
