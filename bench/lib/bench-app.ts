import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../../src/server/db/client';
import { buildApp } from '../../src/server/app';
import { loadConfig } from '../../src/server/config';
import { pgliteThreadFromEnv } from '../../src/server/db/pglite-thread';
import { openDatabase } from '../../src/server/db/client';
import { migrateDatabase } from '../../src/server/db/migrate';
import { PriceServer } from '../../tests/support/price-server';

export interface BenchApp {
  app: FastifyInstance;
  database: Database;
  baseUrl: string;
  /** Where the app's request log goes (it logs as in production, at info). */
  logFile: string;
  close(): Promise<void>;
}

/**
 * The app as it runs in production, in this process: embedded PostgreSQL in a fresh temporary
 * folder (or the PostgreSQL database `databaseUrl` names), production settings, request logging
 * at info (to a file, as stdout would be piped), a local price server in CoinGecko's format,
 * listening on a free port of 127.0.0.1.
 */
export async function startBenchApp(
  /** More settings on top of the production ones (a suite's channel, say). */
  env: Record<string, string> = {},
  /** An empty PostgreSQL database to run on instead of PGlite (migrated here). */
  databaseUrl?: string,
): Promise<BenchApp> {
  const priceServer = await new PriceServer().start();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'agentchat-bench-'));
  const database = await openDatabase(
    databaseUrl
      ? { kind: 'postgres', url: databaseUrl }
      : { kind: 'pglite', dataDir, thread: pgliteThreadFromEnv() },
  );
  await migrateDatabase(database);

  const config = loadConfig({
    NODE_ENV: 'production',
    PORT: '0',
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    PUBLIC_URL: 'http://127.0.0.1',
    SESSION_SECRET: 'bench-session-secret-bench-session-secret',
    // Never contacted: discovery is lazy and nothing here signs in.
    OIDC_ISSUER_URL: 'https://issuer.invalid',
    OIDC_CLIENT_ID: 'bench',
    OIDC_CLIENT_SECRET: 'bench',
    PRICE_API_URL: priceServer.url,
    PRICE_REFRESH_MS: '3600000',
    ...env,
  });
  const logFile = path.join(dataDir, 'server.log');
  const logStream = fs.createWriteStream(logFile);
  const app = await buildApp({
    config,
    database,
    web: 'none',
    logger: { level: 'info', stream: logStream },
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  await app.priceFeed.refresh();
  const { port } = app.server.address() as { port: number };

  return {
    app,
    database,
    baseUrl: `http://127.0.0.1:${port}`,
    logFile,
    close: async () => {
      await app.close();
      await database.close();
      await priceServer.stop();
      await new Promise((resolve) => logStream.end(resolve));
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
