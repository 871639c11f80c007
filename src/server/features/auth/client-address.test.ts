import { afterEach, describe, expect, it } from 'vitest';
import { createTestApp } from '../../../../tests/support/app';
import { testDatabaseKinds, type TestDatabase } from '../../../../tests/support/databases';
import { AGENT_PASSWORD, makeAgent } from '../../../../tests/support/users';
import { MAX_FAILED_ATTEMPTS } from '../../platform/attempts';

const PRODUCTION = {
  NODE_ENV: 'production',
  SESSION_SECRET: 's'.repeat(32),
  PUBLIC_URL: 'https://desk.example.com',
  // Never contacted: nothing here signs a customer in.
  OIDC_ISSUER_URL: 'https://issuer.invalid',
  OIDC_CLIENT_ID: 'id',
  OIDC_CLIENT_SECRET: 'secret',
};

describe.each(testDatabaseKinds())('the client address of a login on $name', (kind) => {
  let database: TestDatabase | undefined;
  let app: Awaited<ReturnType<typeof createTestApp>> | undefined;
  afterEach(async () => {
    await app?.close();
    await database?.dispose();
  });

  async function start(env: Record<string, string>) {
    database = await kind.open();
    app = await createTestApp({ database, env });
    return { app, agent: await makeAgent(database.db) };
  }

  function login(
    body: { username: string; password: string },
    from: { socket?: string; forwardedFor?: string },
  ) {
    return app!.inject({
      method: 'POST',
      url: '/api/agent/login',
      payload: body,
      remoteAddress: from.socket ?? '127.0.0.1',
      headers: from.forwardedFor ? { 'x-forwarded-for': from.forwardedFor } : {},
    });
  }

  /** One address's worth of failures, each for another unknown account (no account lock). */
  async function failFromAddress(from: (i: number) => { socket?: string; forwardedFor?: string }) {
    for (let i = 0; i < MAX_FAILED_ATTEMPTS.address; i++) {
      const res = await login({ username: `nobody-${i}@example.com`, password: 'wrong' }, from(i));
      expect(res.statusCode).toBe(401);
    }
  }

  it('ignores X-Forwarded-For without TRUST_PROXY, in production too: a forged header does not reset the limit', async () => {
    const { agent } = await start(PRODUCTION);
    await failFromAddress((i) => ({ forwardedFor: `198.51.100.${i + 1}` }));
    const res = await login(
      { username: agent.email!, password: AGENT_PASSWORD },
      { forwardedFor: '203.0.113.77' },
    );
    expect(res.statusCode).toBe(429);
  });

  it('with TRUST_PROXY=1 counts the address the nearest proxy saw, in any environment', async () => {
    const { agent } = await start({ TRUST_PROXY: '1' });
    await failFromAddress(() => ({ forwardedFor: '198.51.100.1' }));
    const locked = await login(
      { username: agent.email!, password: AGENT_PASSWORD },
      { forwardedFor: '198.51.100.1' },
    );
    expect(locked.statusCode).toBe(429);
    // Another client behind the same proxy is someone else.
    const other = await login(
      { username: agent.email!, password: AGENT_PASSWORD },
      { forwardedFor: '198.51.100.2' },
    );
    expect(other.statusCode).toBe(200);
  });

  it('with TRUST_PROXY as CIDRs trusts only those proxies; a direct client cannot forge', async () => {
    const { agent } = await start({ ...PRODUCTION, TRUST_PROXY: '10.0.0.0/8, 192.168.1.5' });
    const direct = '203.0.113.9';
    await failFromAddress((i) => ({ socket: direct, forwardedFor: `198.51.100.${i + 1}` }));
    const forged = await login(
      { username: agent.email!, password: AGENT_PASSWORD },
      { socket: direct, forwardedFor: '198.51.100.200' },
    );
    expect(forged.statusCode).toBe(429);
    const viaProxy = await login(
      { username: agent.email!, password: AGENT_PASSWORD },
      { socket: '10.1.2.3', forwardedFor: direct.replace(/9$/, '10') },
    );
    expect(viaProxy.statusCode).toBe(200);
  });
});
