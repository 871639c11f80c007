import WebSocket from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPgliteTestDatabase, type TestDatabase } from '../../../tests/support/databases';
import { freePort } from '../../../tests/support/server-process';
import { buildApp } from '../app';
import { loadConfig } from '../config';

/** `npm run dev`: Vite serves the browser code from the same server, hot reload included. */
describe('development mode (Vite in the server)', () => {
  let database: TestDatabase;
  let app: Awaited<ReturnType<typeof buildApp>>;
  let baseUrl: string;

  beforeAll(async () => {
    database = await openPgliteTestDatabase();
    const port = await freePort();
    baseUrl = `http://127.0.0.1:${port}`;
    const config = loadConfig({
      NODE_ENV: 'development',
      PORT: String(port),
      PUBLIC_URL: baseUrl,
      DATA_DIR: '/tmp/agentchat-test-unused',
      PRICE_API_URL: 'http://127.0.0.1:9/api/v3',
      PRICE_REFRESH_MS: '3600000',
      LOG_LEVEL: 'silent',
    });
    app = await buildApp({ config, database, web: 'vite', logger: false });
    await app.listen({ port, host: '127.0.0.1' });
  }, 60_000);
  afterAll(async () => {
    await app?.close();
    await database?.dispose();
  });

  it("leaves Vite's hot-reload socket to Vite (it says connected), and still routes /api/ws", async () => {
    const hmr = new WebSocket(baseUrl.replace('http', 'ws'), 'vite-hmr');
    const first = await new Promise<string>((resolve, reject) => {
      hmr.once('message', (data) => resolve(String(data)));
      hmr.once('error', reject);
      hmr.once('unexpected-response', (_req, res) => reject(new Error(`HTTP ${res.statusCode}`)));
    });
    expect(JSON.parse(first)).toMatchObject({ type: 'connected' });
    // Nothing else may write on it: an HTTP answer from the page route would corrupt the frames.
    const broken = await new Promise<string | null>((resolve) => {
      hmr.once('error', (error) => resolve(error.message));
      hmr.once('close', (code) => resolve(`closed ${code}`));
      setTimeout(() => resolve(null), 1500);
    });
    expect(broken).toBeNull();
    hmr.close();

    // The app's own socket still goes through Fastify: no session cookie, no socket.
    const api = new WebSocket(`${baseUrl.replace('http', 'ws')}/api/ws`, { origin: baseUrl });
    const status = await new Promise<number>((resolve) => {
      api.once('unexpected-response', (_req, res) => resolve(res.statusCode ?? 0));
      api.once('open', () => resolve(101));
    });
    expect(status).toBe(401);
  }, 60_000);
});
