import { spawn } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, publicConfig } from './config';

const PRODUCTION_ENV = {
  NODE_ENV: 'production',
  SESSION_SECRET: 's'.repeat(32),
  PUBLIC_URL: 'https://desk.example.com/',
  OIDC_ISSUER_URL: 'https://accounts.google.com',
  OIDC_CLIENT_ID: 'client-id',
  OIDC_CLIENT_SECRET: 'client-secret',
};

/** The problems a ConfigError lists, or a failed expectation when loading does not throw. */
function problemsOf(env: Record<string, string>): string[] {
  try {
    loadConfig(env);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as ConfigError).problems;
  }
  expect.fail('loadConfig accepted an invalid environment');
}

describe('loadConfig', () => {
  it('runs in development with safe defaults and nothing set', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      env: 'development',
      isProduction: false,
      port: 3000,
      host: '0.0.0.0',
      databaseUrl: undefined,
      dataDir: path.resolve('data'),
      uploadDir: path.resolve('data', 'uploads'),
      publicUrl: 'http://localhost:3000',
      brandName: 'AgentChat',
      whatsappNumber: '2348000000000',
      priceApiUrl: 'https://api.coingecko.com/api/v3',
      priceRefreshMs: 120_000,
      demoMode: true,
      oidc: undefined,
      adminSetupSecretGenerated: true,
      logLevel: 'info',
      rateGuardPercent: 10,
      maxTradeNaira: '50000000',
    });
    // Generated per run: long enough to sign cookies, and never the same twice.
    expect(config.sessionSecret).toMatch(/^[0-9a-f]{64}$/);
    expect(loadConfig({}).sessionSecret).not.toBe(config.sessionSecret);
    expect(config.adminSetupSecret).toMatch(/^[\w-]{16}$/);
  });

  it('treats empty variables as unset', () => {
    const config = loadConfig({ PORT: '', DATABASE_URL: '', OIDC_CLIENT_ID: '', DEMO_MODE: '' });
    expect(config.port).toBe(3000);
    expect(config.databaseUrl).toBeUndefined();
    expect(config.oidc).toBeUndefined();
    expect(config.demoMode).toBe(true);
  });

  it('reads every setting it is given', () => {
    const config = loadConfig({
      PORT: '8080',
      HOST: '127.0.0.1',
      DATABASE_URL: 'postgres://app:pw@db.internal:5432/agentchat',
      DATA_DIR: '/var/lib/agentchat',
      PUBLIC_URL: 'https://desk.example.com//',
      SESSION_SECRET: 'x'.repeat(40),
      BRAND_NAME: 'Naija Desk',
      WHATSAPP_NUMBER: '2348012345678',
      PRICE_API_URL: 'http://127.0.0.1:4010/api/v3/',
      PRICE_REFRESH_MS: '60000',
      ADMIN_SETUP_SECRET: 'a-long-setup-secret',
      LOG_LEVEL: 'warn',
    });
    expect(config).toMatchObject({
      port: 8080,
      host: '127.0.0.1',
      databaseUrl: 'postgres://app:pw@db.internal:5432/agentchat',
      dataDir: '/var/lib/agentchat',
      uploadDir: '/var/lib/agentchat/uploads',
      publicUrl: 'https://desk.example.com',
      sessionSecret: 'x'.repeat(40),
      brandName: 'Naija Desk',
      whatsappNumber: '2348012345678',
      priceApiUrl: 'http://127.0.0.1:4010/api/v3',
      priceRefreshMs: 60_000,
      adminSetupSecret: 'a-long-setup-secret',
      adminSetupSecretGenerated: false,
      logLevel: 'warn',
    });
  });

  it('uses the given OIDC settings when all three are set', () => {
    const config = loadConfig({
      OIDC_ISSUER_URL: 'https://accounts.google.com',
      OIDC_CLIENT_ID: 'id',
      OIDC_CLIENT_SECRET: 'secret',
    });
    expect(config.oidc).toEqual({
      issuerUrl: 'https://accounts.google.com',
      clientId: 'id',
      clientSecret: 'secret',
    });
  });

  it('refuses production without secrets, listing every missing key at once', () => {
    const problems = problemsOf({ NODE_ENV: 'production' });
    expect(problems).toEqual([
      'SESSION_SECRET is required in production',
      'PUBLIC_URL is required in production',
      'OIDC_ISSUER_URL, OIDC_CLIENT_ID, OIDC_CLIENT_SECRET are required in production',
    ]);
    try {
      loadConfig({ NODE_ENV: 'production' });
    } catch (error) {
      const message = (error as Error).message;
      expect(message).toMatch(/^Invalid configuration:\n/);
      for (const key of ['SESSION_SECRET', 'PUBLIC_URL', 'OIDC_ISSUER_URL', 'OIDC_CLIENT_SECRET']) {
        expect(message).toContain(key);
      }
    }
  });

  it.each(['SESSION_SECRET', 'PUBLIC_URL'] as const)(
    'refuses production without %s alone',
    (key) => {
      const { [key]: _omitted, ...env } = PRODUCTION_ENV;
      expect(problemsOf(env)).toEqual([`${key} is required in production`]);
    },
  );

  it('starts in production with everything set: no demo, no generated secrets', () => {
    const config = loadConfig(PRODUCTION_ENV);
    expect(config).toMatchObject({
      isProduction: true,
      publicUrl: 'https://desk.example.com',
      sessionSecret: 's'.repeat(32),
      demoMode: false,
      adminSetupSecret: undefined,
      adminSetupSecretGenerated: false,
    });
    expect(config.oidc?.clientId).toBe('client-id');
  });

  it.each([
    [{ OIDC_ISSUER_URL: 'https://accounts.google.com' }, 'OIDC_CLIENT_ID, OIDC_CLIENT_SECRET'],
    [{ OIDC_CLIENT_ID: 'id', OIDC_CLIENT_SECRET: 'secret' }, 'OIDC_ISSUER_URL'],
    [
      { OIDC_ISSUER_URL: 'https://accounts.google.com', OIDC_CLIENT_ID: 'id' },
      'OIDC_CLIENT_SECRET',
    ],
  ])('refuses incomplete OIDC settings %o (missing %s), in development too', (env, missing) => {
    const [problem] = problemsOf(env);
    expect(problem).toBe(
      `OIDC settings are incomplete: set all of OIDC_ISSUER_URL, OIDC_CLIENT_ID, OIDC_CLIENT_SECRET (missing ${missing})`,
    );
  });

  it('refuses incomplete OIDC settings in production, beside the other missing keys', () => {
    const { OIDC_CLIENT_SECRET: _omitted, ...env } = PRODUCTION_ENV;
    expect(problemsOf(env)).toEqual([
      'OIDC settings are incomplete: set all of OIDC_ISSUER_URL, OIDC_CLIENT_ID, OIDC_CLIENT_SECRET (missing OIDC_CLIENT_SECRET)',
    ]);
  });

  it.each([
    ['PORT', 'abc'],
    ['PORT', '70000'],
    ['PORT', '3000.5'],
    ['PRICE_API_URL', 'ftp://x'],
    ['PRICE_API_URL', 'not a url'],
    ['PUBLIC_URL', 'javascript:alert(1)'],
    ['DATABASE_URL', 'mysql://root@localhost/db'],
    ['NODE_ENV', 'staging'],
    ['PRICE_REFRESH_MS', '10'],
    ['DEMO_MODE', 'maybe'],
    ['LOG_LEVEL', 'verbose'],
    ['BRAND_NAME', 'x'.repeat(41)],
  ])('refuses %s=%s, naming the key', (key, value) => {
    const problems = problemsOf({ [key]: value });
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(new RegExp(`^${key}: \\S`));
  });

  it('explains the rule for values with a format of their own', () => {
    expect(problemsOf({ SESSION_SECRET: 'short' })).toEqual([
      'SESSION_SECRET: must be at least 32 characters',
    ]);
    expect(problemsOf({ ADMIN_SETUP_SECRET: 'short' })).toEqual([
      'ADMIN_SETUP_SECRET: must be at least 12 characters',
    ]);
    expect(problemsOf({ WHATSAPP_NUMBER: '+234 801 234 5678' })).toEqual([
      'WHATSAPP_NUMBER: digits only, with the country code (for example 2348012345678)',
    ]);
  });

  it('lists every bad value at once', () => {
    const problems = problemsOf({ PORT: 'abc', PRICE_API_URL: 'ftp://x', LOG_LEVEL: 'loud' });
    expect(problems.map((p) => p.split(':')[0]).sort()).toEqual([
      'LOG_LEVEL',
      'PORT',
      'PRICE_API_URL',
    ]);
  });

  it.each([
    ['development', undefined, true],
    ['test', undefined, true],
    ['production', undefined, false],
    ['development', 'false', false],
    ['development', 'off', false],
    ['development', '0', false],
    ['production', 'true', true],
    ['production', 'yes', true],
  ])('NODE_ENV=%s DEMO_MODE=%s: demo mode is %s', (nodeEnv, demoMode, expected) => {
    const env: Record<string, string> = { NODE_ENV: nodeEnv };
    if (nodeEnv === 'production') Object.assign(env, PRODUCTION_ENV);
    if (demoMode !== undefined) env.DEMO_MODE = demoMode;
    expect(loadConfig(env).demoMode).toBe(expected);
  });
});

describe('publicConfig', () => {
  it('gives the browser the brand, the WhatsApp number, the support contact and demo mode, and nothing else', () => {
    const config = loadConfig({
      ...PRODUCTION_ENV,
      BRAND_NAME: 'Naija Desk',
      WHATSAPP_NUMBER: '2348012345678',
      ADMIN_SETUP_SECRET: 'a-long-setup-secret',
      SUPPORT_CONTACT: '+234 801 234 5678',
    });
    expect(publicConfig(config)).toEqual({
      brandName: 'Naija Desk',
      whatsappNumber: '2348012345678',
      supportContact: '+234 801 234 5678',
      demoMode: false,
    });
  });

  it("falls back to the WhatsApp number's link for support, and refuses a contact of no known form", () => {
    const config = loadConfig({ ...PRODUCTION_ENV, WHATSAPP_NUMBER: '2348012345678' });
    expect(publicConfig(config).supportContact).toBe('https://wa.me/2348012345678');
    expect(problemsOf({ ...PRODUCTION_ENV, SUPPORT_CONTACT: 'javascript:alert(1)' })).toEqual([
      expect.stringMatching(/^SUPPORT_CONTACT: a link/),
    ]);
  });
});

describe('the server process', () => {
  it('stops at start in production without secrets, printing the list of what is missing', async () => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
      cwd: path.resolve(import.meta.dirname, '../..'),
      env: { PATH: process.env.PATH, NODE_ENV: 'production', PORT: '0' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
    expect(code).toBe(1);
    expect(stderr).toContain('Invalid configuration:');
    expect(stderr).toContain('- SESSION_SECRET is required in production');
    expect(stderr).toContain('- PUBLIC_URL is required in production');
    expect(stderr).toContain(
      '- OIDC_ISSUER_URL, OIDC_CLIENT_ID, OIDC_CLIENT_SECRET are required in production',
    );
    // A configuration problem is the operator's to fix: no stack trace.
    expect(stderr).not.toMatch(/\bat .+:\d+:\d+/);
  });
});
