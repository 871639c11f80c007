import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/server/app';
import { loadConfig } from '../../src/server/config';
import type { Database } from '../../src/server/db/client';

export interface TestAppOptions {
  database: Database;
  /** Environment variables on top of the test defaults. */
  env?: Record<string, string>;
  /** The app's clock for orders (a fake one to test expiry without waiting). */
  clock?: () => Date;
}

export const TEST_ADMIN_SETUP_SECRET = 'test-admin-setup-secret';

/** A real app on a test database, API only, quiet, with the price feed pointed nowhere useful. */
export async function createTestApp(options: TestAppOptions): Promise<FastifyInstance> {
  const config = loadConfig({
    NODE_ENV: 'test',
    PORT: '0',
    DATA_DIR: '/tmp/agentchat-test-unused',
    // An address nothing listens on: price refreshes fail fast unless a test sets its own server.
    PRICE_API_URL: 'http://127.0.0.1:9/api/v3',
    PRICE_REFRESH_MS: '3600000',
    // Nothing listens here either: the deposit watcher never reaches a real explorer from a test.
    BTC_EXPLORER_URL: 'http://127.0.0.1:9/api',
    TRON_API_URL: 'http://127.0.0.1:9',
    ADMIN_SETUP_SECRET: TEST_ADMIN_SETUP_SECRET,
    // Off by default outside development; the API tests cover its routes too.
    DEMO_MODE: 'on',
    LOG_LEVEL: 'silent',
    // OCR costs a worker thread and a CPU-second an image: on where a test reads receipts.
    RECEIPT_OCR: 'off',
    ...options.env,
  });
  return buildApp({
    config,
    database: options.database,
    web: 'none',
    logger: false,
    clock: options.clock,
  });
}

export interface InjectedCall {
  /** The caller's session cookie; none for a signed-out caller. */
  cookie?: string;
  method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
  url: string;
  /** Sent as JSON. */
  body?: unknown;
  headers?: Record<string, string>;
}

/** One API call through `app.inject`: its status and its JSON body (undefined when empty). */
export async function injectJson(
  app: FastifyInstance,
  call: InjectedCall,
  // any: API tests read the answer's fields as the API documents them, and check its shape.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
): Promise<{ status: number; body: any }> {
  const res = await app.inject({
    method: call.method,
    url: call.url,
    headers: { ...(call.cookie ? { cookie: call.cookie } : {}), ...call.headers },
    ...(call.body === undefined ? {} : { payload: call.body as object }),
  });
  return { status: res.statusCode, body: res.body ? res.json() : undefined };
}
