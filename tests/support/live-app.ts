import type { FastifyInstance } from 'fastify';
import type { Config } from '../../src/server/config';
import type { Database } from '../../src/server/db/client';
import { createTestApp } from './app';
import { HttpClient } from './http-client';
import { freePort } from './server-process';

export interface LiveApp {
  app: FastifyInstance & { config: Config };
  baseUrl: string;
  client(): HttpClient;
  close(): Promise<void>;
}

/** The app listening on a real port of 127.0.0.1, for flows that cross HTTP (OIDC, WebSocket). */
export async function startLiveApp(
  database: Database,
  env: Record<string, string> = {},
): Promise<LiveApp> {
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const app = await createTestApp({ database, env: { PUBLIC_URL: baseUrl, ...env } });
  await app.listen({ port, host: '127.0.0.1' });
  return {
    app,
    baseUrl,
    client: () => new HttpClient(baseUrl),
    close: () => app.close(),
  };
}
