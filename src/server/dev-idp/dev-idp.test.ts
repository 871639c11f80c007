import { afterEach, describe, expect, it } from 'vitest';
import { testDatabaseKinds, type TestDatabase } from '../../../tests/support/databases';
import { freePort } from '../../../tests/support/server-process';
import { HttpClient } from '../../../tests/support/http-client';
import { buildApp } from '../app';
import { loadConfig } from '../config';

interface LogLine {
  level: number;
  msg: string;
}

const WARNING = /^Development sign-in is mounted at http:\/\/127\.0\.0\.1:\d+\/oidc: anyone/;

describe.each(testDatabaseKinds())('the development sign-in on $name', (kind) => {
  let database: TestDatabase | undefined;
  let close: (() => Promise<void>) | undefined;
  afterEach(async () => {
    await close?.();
    await database?.dispose();
  });

  async function start(env: Record<string, string>) {
    database = await kind.open();
    const port = await freePort();
    const baseUrl = `http://127.0.0.1:${port}`;
    const logs: LogLine[] = [];
    const config = loadConfig({
      NODE_ENV: 'test',
      PORT: String(port),
      PUBLIC_URL: baseUrl,
      PRICE_API_URL: 'http://127.0.0.1:9/api/v3',
      PRICE_REFRESH_MS: '3600000',
      ...env,
    });
    const app = await buildApp({
      config,
      database,
      web: 'none',
      logger: {
        level: 'warn',
        stream: { write: (line: string) => void logs.push(JSON.parse(line) as LogLine) },
      },
    });
    await app.listen({ port, host: config.host });
    close = () => app.close();
    return { client: new HttpClient(baseUrl), logs };
  }

  it('warns at start when mounted, and its page says so in a banner', async () => {
    const { client, logs } = await start({});
    expect(logs.filter((l) => WARNING.test(l.msg)).map((l) => l.level)).toEqual([40]);
    const { response, url } = await client.follow('/api/login');
    expect(new URL(url).pathname).toMatch(/^\/oidc\/interaction\//);
    const html = await response.text();
    expect(html).toContain(
      '<p class="banner" role="note"><strong>Development sign-in</strong> Not for real customers',
    );
  });

  it('is not mounted, and not announced, beside a real OIDC provider', async () => {
    const { client, logs } = await start({
      OIDC_ISSUER_URL: 'https://issuer.invalid',
      OIDC_CLIENT_ID: 'id',
      OIDC_CLIENT_SECRET: 'secret',
    });
    expect(logs.some((l) => WARNING.test(l.msg))).toBe(false);
    const discovery = await client.request('/oidc/.well-known/openid-configuration');
    expect(discovery.status).toBe(404);
  });
});
