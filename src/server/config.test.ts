import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it, onTestFinished } from 'vitest';
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
      // Only this machine reaches the development sign-in that stands in for Google.
      host: '127.0.0.1',
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
      devSignIn: true,
      apiDocs: true,
      trustProxy: false,
      adminSetupSecretGenerated: true,
      logLevel: 'info',
      rateGuardPercent: 10,
      quoteTtlMinutes: 15,
      minOrderNaira: '5000',
      maxOrderNaira: '50000000',
      approvalThresholdUsd: '50',
      payoutApprovalNaira: '5000000',
      payoutConfirmHours: 24,
      payoutSlaMinutes: 30,
      disputeResponseHours: 24,
      firstResponseTargetMinutes: 5,
      nameEnquiry: undefined,
    });
    // Generated per run: long enough to sign cookies, and never the same twice.
    expect(config.sessionSecret).toMatch(/^[0-9a-f]{64}$/);
    expect(loadConfig({}).sessionSecret).not.toBe(config.sessionSecret);
    expect(config.adminSetupSecret).toMatch(/^[\w-]{16}$/);
  });

  it('reads the name-enquiry provider only as a URL and key together', () => {
    expect(
      loadConfig({ NAME_ENQUIRY_URL: 'https://api.paystack.co/', NAME_ENQUIRY_KEY: 'sk_test_1' })
        .nameEnquiry,
    ).toEqual({ url: 'https://api.paystack.co', key: 'sk_test_1', timeoutMs: 5_000 });
    expect(problemsOf({ NAME_ENQUIRY_URL: 'https://api.paystack.co' })).toEqual([
      'NAME_ENQUIRY_URL and NAME_ENQUIRY_KEY go together: set both or neither',
    ]);
    expect(problemsOf({ NAME_ENQUIRY_KEY: 'sk_test_1' })).toHaveLength(1);
    expect(problemsOf({ NAME_ENQUIRY_URL: 'ftp://bank', NAME_ENQUIRY_KEY: 'k' })[0]).toMatch(
      /^NAME_ENQUIRY_URL/,
    );
  });

  it('runs the embedded database in a worker thread unless PGLITE_THREAD=main', () => {
    expect(loadConfig({}).pgliteThread).toBe('worker');
    expect(loadConfig({ PGLITE_THREAD: 'main' }).pgliteThread).toBe('main');
    expect(problemsOf({ PGLITE_THREAD: 'both' })[0]).toMatch(/^PGLITE_THREAD/);
  });

  it('keeps images in DATA_DIR/uploads unless STORAGE=s3 names a bucket with its credentials', () => {
    expect(loadConfig({ DATA_DIR: '/srv/desk' }).storage).toEqual({
      kind: 'disk',
      dir: '/srv/desk/uploads',
    });
    const s3 = {
      STORAGE: 's3',
      S3_BUCKET: 'desk-images',
      S3_REGION: 'eu-west-1',
      S3_ACCESS_KEY_ID: 'AKIAEXAMPLE',
      S3_SECRET_ACCESS_KEY: 'secret/key+example',
    };
    expect(loadConfig(s3).storage).toEqual({
      kind: 's3',
      bucket: 'desk-images',
      endpoint: undefined,
      region: 'eu-west-1',
      accessKeyId: 'AKIAEXAMPLE',
      secretAccessKey: 'secret/key+example',
      forcePathStyle: false,
    });
    expect(
      loadConfig({ ...s3, S3_ENDPOINT: 'http://minio.internal:9000/', S3_FORCE_PATH_STYLE: 'on' })
        .storage,
    ).toMatchObject({ endpoint: 'http://minio.internal:9000', forcePathStyle: true });
  });

  it('stops at start when STORAGE=s3 lacks a setting, or S3 settings are set without it', () => {
    expect(problemsOf({ STORAGE: 's3', S3_BUCKET: 'desk-images', S3_REGION: 'auto' })).toEqual([
      'STORAGE=s3 needs S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY (S3_ENDPOINT too for a store other than AWS S3)',
    ]);
    expect(problemsOf({ STORAGE: 's3' })[0]).toMatch(
      /^STORAGE=s3 needs S3_BUCKET, S3_REGION, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY/,
    );
    expect(problemsOf({ S3_BUCKET: 'desk-images', S3_ENDPOINT: 'http://minio:9000' })).toEqual([
      'S3_BUCKET, S3_ENDPOINT set but STORAGE is disk: set STORAGE=s3 to use the bucket, or unset them',
    ]);
    expect(problemsOf({ STORAGE: 'nfs' })[0]).toMatch(/^STORAGE/);
    expect(
      problemsOf({
        STORAGE: 's3',
        S3_BUCKET: 'b',
        S3_REGION: 'r',
        S3_ACCESS_KEY_ID: 'k',
        S3_SECRET_ACCESS_KEY: 's',
        S3_ENDPOINT: 'minio:9000',
      })[0],
    ).toMatch(/^S3_ENDPOINT/);
  });

  it('reads the payout approval threshold in naira (decision 028)', () => {
    expect(loadConfig({ PAYOUT_APPROVAL_NAIRA: '7500000.50' }).payoutApprovalNaira).toBe(
      '7500000.50',
    );
    expect(problemsOf({ PAYOUT_APPROVAL_NAIRA: '5e6' })[0]).toMatch(
      /^PAYOUT_APPROVAL_NAIRA: a naira amount/,
    );
  });

  it('reads the order limits in naira, the smallest more than 0 and not above the largest', () => {
    expect(loadConfig({ MIN_ORDER_NAIRA: '1000', MAX_ORDER_NAIRA: '1000' })).toMatchObject({
      minOrderNaira: '1000',
      maxOrderNaira: '1000',
    });
    expect(problemsOf({ MIN_ORDER_NAIRA: '-5' })[0]).toMatch(/^MIN_ORDER_NAIRA: a naira amount/);
    expect(problemsOf({ MAX_ORDER_NAIRA: '1e6' })[0]).toMatch(/^MAX_ORDER_NAIRA: a naira amount/);
    for (const env of [
      { MIN_ORDER_NAIRA: '0', MAX_ORDER_NAIRA: '50000' },
      { MIN_ORDER_NAIRA: '60000', MAX_ORDER_NAIRA: '50000' },
    ]) {
      expect(problemsOf(env)).toEqual([
        'MIN_ORDER_NAIRA must be more than 0 and at most MAX_ORDER_NAIRA',
      ]);
    }
  });

  it('reads the quote lock in whole minutes, 1 to 1440', () => {
    expect(loadConfig({ QUOTE_TTL_MINUTES: '30' }).quoteTtlMinutes).toBe(30);
    expect(problemsOf({ QUOTE_TTL_MINUTES: '0' })[0]).toMatch(/^QUOTE_TTL_MINUTES/);
    expect(problemsOf({ QUOTE_TTL_MINUTES: '1.5' })[0]).toMatch(/^QUOTE_TTL_MINUTES/);
  });

  it('reads the payout confirmation window in whole hours, 1 to 720', () => {
    expect(loadConfig({ PAYOUT_CONFIRM_HOURS: '48' }).payoutConfirmHours).toBe(48);
    expect(problemsOf({ PAYOUT_CONFIRM_HOURS: '0' })[0]).toMatch(/^PAYOUT_CONFIRM_HOURS/);
    expect(problemsOf({ PAYOUT_CONFIRM_HOURS: '2.5' })[0]).toMatch(/^PAYOUT_CONFIRM_HOURS/);
    expect(problemsOf({ PAYOUT_CONFIRM_HOURS: '721' })[0]).toMatch(/^PAYOUT_CONFIRM_HOURS/);
  });

  it('reads the dispute response time in whole hours, 1 to 720, 24 by default', () => {
    expect(loadConfig({}).disputeResponseHours).toBe(24);
    expect(problemsOf({ DISPUTE_RESPONSE_HOURS: '0' })[0]).toMatch(/^DISPUTE_RESPONSE_HOURS/);
    expect(problemsOf({ DISPUTE_RESPONSE_HOURS: '1.5' })[0]).toMatch(/^DISPUTE_RESPONSE_HOURS/);
    expect(problemsOf({ DISPUTE_RESPONSE_HOURS: '721' })[0]).toMatch(/^DISPUTE_RESPONSE_HOURS/);
  });

  it('reads the payout SLA in whole minutes, 1 to 10080 (a week)', () => {
    expect(loadConfig({ PAYOUT_SLA_MINUTES: '45' }).payoutSlaMinutes).toBe(45);
    expect(problemsOf({ PAYOUT_SLA_MINUTES: '0' })[0]).toMatch(/^PAYOUT_SLA_MINUTES/);
    expect(problemsOf({ PAYOUT_SLA_MINUTES: '2.5' })[0]).toMatch(/^PAYOUT_SLA_MINUTES/);
    expect(problemsOf({ PAYOUT_SLA_MINUTES: '10081' })[0]).toMatch(/^PAYOUT_SLA_MINUTES/);
  });

  it('reads the first response target in whole minutes, 1 to 1440 (a day)', () => {
    expect(loadConfig({ FIRST_RESPONSE_TARGET_MINUTES: '8' }).firstResponseTargetMinutes).toBe(8);
    for (const bad of ['0', '2.5', '1441', 'soon'])
      expect(problemsOf({ FIRST_RESPONSE_TARGET_MINUTES: bad })[0]).toMatch(
        /^FIRST_RESPONSE_TARGET_MINUTES/,
      );
  });

  it('reads where deposits are read from and what makes one count', () => {
    expect(loadConfig({}).chain).toEqual({
      btcExplorerUrl: 'https://mempool.space/api',
      tronApiUrl: 'https://api.trongrid.io',
      tronApiKey: undefined,
      btcConfirmations: 2,
      trc20Confirmations: 19,
      depositTolerancePercent: 0.5,
      dustPercent: 10,
      watchMs: 30_000,
    });
    expect(problemsOf({ DEPOSIT_WATCH_MS: '999' })[0]).toMatch(/^DEPOSIT_WATCH_MS/);
    const set = loadConfig({
      BTC_EXPLORER_URL: 'http://esplora.local/api/',
      BTC_CONFIRMATIONS: '3',
      DEPOSIT_TOLERANCE_PERCENT: '1.25',
      DEPOSIT_DUST_PERCENT: '5',
      TRON_API_KEY: 'a3f1c2d4-0000-4000-8000-00000000beef',
    }).chain;
    expect(set).toMatchObject({
      btcExplorerUrl: 'http://esplora.local/api',
      tronApiKey: 'a3f1c2d4-0000-4000-8000-00000000beef',
      btcConfirmations: 3,
      depositTolerancePercent: 1.25,
      dustPercent: 5,
    });
    expect(problemsOf({ DEPOSIT_DUST_PERCENT: '101' })[0]).toMatch(/^DEPOSIT_DUST_PERCENT/);
    expect(problemsOf({ BTC_EXPLORER_URL: 'ftp://x' })[0]).toMatch(/^BTC_EXPLORER_URL/);
    expect(problemsOf({ BTC_CONFIRMATIONS: '0' })[0]).toMatch(/^BTC_CONFIRMATIONS/);
    expect(problemsOf({ TRC20_CONFIRMATIONS: '1.5' })[0]).toMatch(/^TRC20_CONFIRMATIONS/);
    expect(problemsOf({ DEPOSIT_TOLERANCE_PERCENT: '-1' })[0]).toMatch(
      /^DEPOSIT_TOLERANCE_PERCENT/,
    );
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
      OIDC_ISSUER_URL: 'https://accounts.google.com',
      OIDC_CLIENT_ID: 'id',
      OIDC_CLIENT_SECRET: 'secret',
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
    // A real provider: no development sign-in, and other machines may connect.
    expect(config.devSignIn).toBe(false);
    expect(config.host).toBe('0.0.0.0');
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
      apiDocs: false,
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
    ['test', undefined, false],
    ['production', undefined, false],
    ['test', 'on', true],
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

describe('API_DOCS', () => {
  it.each([
    ['development', undefined, true],
    ['test', undefined, false],
    ['production', undefined, false],
    ['production', 'on', true],
    ['development', 'off', false],
  ])(
    'NODE_ENV=%s API_DOCS=%s: the OpenAPI document and page are served: %s',
    (nodeEnv, apiDocs, expected) => {
      const env: Record<string, string> = { NODE_ENV: nodeEnv };
      if (nodeEnv === 'production') Object.assign(env, PRODUCTION_ENV);
      if (apiDocs !== undefined) env.API_DOCS = apiDocs;
      expect(loadConfig(env).apiDocs).toBe(expected);
    },
  );
});

describe('the development sign-in', () => {
  const OIDC = {
    OIDC_ISSUER_URL: 'https://accounts.google.com',
    OIDC_CLIENT_ID: 'id',
    OIDC_CLIENT_SECRET: 'secret',
  };

  it.each([
    [{}],
    [{ NODE_ENV: 'test' }],
    [{ HOST: '127.0.0.1', PUBLIC_URL: 'http://127.0.0.1:4000' }],
    [{ HOST: '127.0.0.2', PUBLIC_URL: 'http://localhost' }],
    [{ HOST: 'localhost', PUBLIC_URL: 'http://app.localhost:3000' }],
    [{ HOST: '::1', PUBLIC_URL: 'http://[::1]:3000' }],
  ])('is mounted where only this machine reaches it (%o)', (env) => {
    expect(loadConfig(env).devSignIn).toBe(true);
  });

  const REFUSED = (host: string, publicUrl: string) => [
    `the development sign-in, where anyone signs in as any name and email (an admin's too), would be reachable from other machines (HOST=${host}, PUBLIC_URL=${publicUrl}). Set one of:`,
    'OIDC_ISSUER_URL, OIDC_CLIENT_ID, OIDC_CLIENT_SECRET: real customer sign-in (such as Google)',
    'HOST=127.0.0.1 and PUBLIC_URL=http://localhost:3000: this machine only',
    'DEV_SIGN_IN=on: mount the development sign-in anyway, on purpose',
  ];

  it.each([
    ['0.0.0.0', undefined, 'http://localhost:3000'],
    ['::', undefined, 'http://localhost:3000'],
    ['192.168.1.10', 'http://192.168.1.10:3000', 'http://192.168.1.10:3000'],
    ['127.0.0.1', 'https://desk.example.com', 'https://desk.example.com'],
    ['127.0.0.1', 'http://127.0.0.1.nip.io:3000', 'http://127.0.0.1.nip.io:3000'],
  ])(
    'refuses to start when other machines could reach it (HOST=%s, PUBLIC_URL=%s), saying what to set',
    (host, publicUrl, shown) => {
      const env: Record<string, string> = { HOST: host };
      if (publicUrl) env.PUBLIC_URL = publicUrl;
      expect(problemsOf(env)).toEqual(REFUSED(host, shown));
      expect(problemsOf({ ...env, NODE_ENV: 'test' })).toEqual(REFUSED(host, shown));
    },
  );

  it('is mounted anywhere with DEV_SIGN_IN=on, on purpose', () => {
    const config = loadConfig({ DEV_SIGN_IN: 'on', PUBLIC_URL: 'http://desk.lan:3000' });
    expect(config).toMatchObject({ devSignIn: true, oidc: undefined });
    expect(loadConfig({ DEV_SIGN_IN: 'on', HOST: '0.0.0.0' }).devSignIn).toBe(true);
  });

  it('is never mounted beside a real provider or in production', () => {
    expect(loadConfig({ ...OIDC, HOST: '127.0.0.1' }).devSignIn).toBe(false);
    expect(loadConfig(PRODUCTION_ENV).devSignIn).toBe(false);
    expect(problemsOf({ ...OIDC, DEV_SIGN_IN: 'on' })).toEqual([
      'DEV_SIGN_IN=on replaces the OIDC provider: unset it or OIDC_ISSUER_URL, OIDC_CLIENT_ID, OIDC_CLIENT_SECRET',
    ]);
    expect(problemsOf({ ...PRODUCTION_ENV, DEV_SIGN_IN: 'on' })).toEqual([
      'DEV_SIGN_IN cannot be on in production: customers sign in through OIDC',
    ]);
  });

  it('DEV_SIGN_IN=off without OIDC settings is refused: nobody could sign in', () => {
    expect(problemsOf({ DEV_SIGN_IN: 'off' })).toEqual([
      'DEV_SIGN_IN=off leaves customers no way to sign in: set OIDC_ISSUER_URL, OIDC_CLIENT_ID, OIDC_CLIENT_SECRET',
    ]);
  });
});

describe('TRUST_PROXY', () => {
  it.each([
    [undefined, false],
    ['0', false],
    ['1', 1],
    ['2', 2],
    ['10.0.0.5', ['10.0.0.5']],
    ['10.0.0.0/8, 192.168.1.5 ,::1', ['10.0.0.0/8', '192.168.1.5', '::1']],
    ['fd00::/8', ['fd00::/8']],
  ])('TRUST_PROXY=%s trusts %o, in production as elsewhere', (value, expected) => {
    const env: Record<string, string> = { ...PRODUCTION_ENV };
    if (value !== undefined) env.TRUST_PROXY = value;
    expect(loadConfig(env).trustProxy).toEqual(expected);
    expect(loadConfig(value === undefined ? {} : { TRUST_PROXY: value }).trustProxy).toEqual(
      expected,
    );
  });

  it.each([
    'true',
    'yes',
    '-1',
    '10.0.0.0/33',
    '300.1.1.1',
    'proxy.internal',
    '10.0.0.1,',
    '::1/129',
  ])('refuses TRUST_PROXY=%s, saying what it takes', (value) => {
    expect(problemsOf({ TRUST_PROXY: value })).toEqual([
      'TRUST_PROXY: a hop count (such as 1) or a comma-separated list of proxy addresses and CIDRs (such as 10.0.0.0/8,192.168.1.5)',
    ]);
  });
});

describe('publicConfig', () => {
  it('gives the browser the brand, the WhatsApp number, the support contact, demo mode, the payout SLA, the dispute response time, the first response target, the quote rate lock and the deposit watch interval, and nothing else', () => {
    const config = loadConfig({
      ...PRODUCTION_ENV,
      PAYOUT_SLA_MINUTES: '45',
      DISPUTE_RESPONSE_HOURS: '12',
      FIRST_RESPONSE_TARGET_MINUTES: '7',
      QUOTE_TTL_MINUTES: '20',
      DEPOSIT_WATCH_MS: '15000',
      MIN_ORDER_NAIRA: '10000',
      MAX_ORDER_NAIRA: '20000000.50',
      APPROVAL_THRESHOLD_USD: '75.50',
      PAYOUT_APPROVAL_NAIRA: '2500000',
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
      payoutSlaMinutes: 45,
      disputeResponseHours: 12,
      firstResponseTargetMinutes: 7,
      quoteTtlMinutes: 20,
      minOrderNaira: '10000',
      maxOrderNaira: '20000000.50',
      approvalThresholdUsd: '75.50',
      whatsappChannel: false,
      depositWatchMs: 15_000,
    });
  });

  it('turns the WhatsApp channel on with all four settings, and stops on a partial set', () => {
    const all = {
      WHATSAPP_PHONE_NUMBER_ID: '106540352242922',
      WHATSAPP_ACCESS_TOKEN: 'EAAG-token',
      WHATSAPP_APP_SECRET: 'app-secret',
      WHATSAPP_VERIFY_TOKEN: 'verify-me',
    };
    expect(loadConfig(PRODUCTION_ENV).whatsapp).toBeUndefined();
    const on = loadConfig({
      ...PRODUCTION_ENV,
      ...all,
      WHATSAPP_GRAPH_URL: 'http://127.0.0.1:9999/v23.0/',
      WHATSAPP_REENGAGE_TEMPLATE: 'reengage:en_US',
    });
    expect(on.whatsapp).toEqual({
      phoneNumberId: '106540352242922',
      accessToken: 'EAAG-token',
      appSecret: 'app-secret',
      verifyToken: 'verify-me',
      graphUrl: 'http://127.0.0.1:9999/v23.0',
      reengageTemplate: { name: 'reengage', language: 'en_US' },
    });
    expect(publicConfig(on).whatsappChannel).toBe(true);
    expect(loadConfig({ ...PRODUCTION_ENV, ...all }).whatsapp?.graphUrl).toBe(
      'https://graph.facebook.com/v23.0',
    );
    expect(
      problemsOf({
        ...PRODUCTION_ENV,
        WHATSAPP_PHONE_NUMBER_ID: '1065',
        WHATSAPP_APP_SECRET: 'app-secret',
      }),
    ).toEqual([
      'The WhatsApp channel needs all of WHATSAPP_PHONE_NUMBER_ID, WHATSAPP_ACCESS_TOKEN, WHATSAPP_APP_SECRET, WHATSAPP_VERIFY_TOKEN (missing WHATSAPP_ACCESS_TOKEN, WHATSAPP_VERIFY_TOKEN), or none of them',
    ]);
    expect(problemsOf({ ...PRODUCTION_ENV, WHATSAPP_REENGAGE_TEMPLATE: 'reengage:en_US' })).toEqual(
      [
        expect.stringMatching(
          /^The WhatsApp channel needs all of .* \(missing WHATSAPP_PHONE_NUMBER_ID, /,
        ),
      ],
    );
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

  it('refuses to start with the development sign-in open to other machines, listing what to set', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'agentchat-config-test-'));
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
      cwd: path.resolve(import.meta.dirname, '../..'),
      // NODE_ENV unset, no OIDC settings: a developer's machine, but listening on every address.
      env: { PATH: process.env.PATH, HOST: '0.0.0.0', PORT: '0', DATA_DIR: dataDir },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    onTestFinished(() => {
      child.kill('SIGKILL');
      fs.rmSync(dataDir, { recursive: true, force: true });
    });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const outcome = await new Promise<string>((resolve) => {
      child.on('exit', (code) => resolve(`exit ${code}`));
      // Were it to start, it says so: stop it and fail, rather than wait for an exit.
      child.stdout.on('data', (chunk: Buffer) => {
        if (chunk.toString().includes('AgentChat is running')) {
          child.kill('SIGKILL');
          resolve('started');
        }
      });
    });
    expect(outcome).toBe('exit 1');
    expect(stderr).toContain('Invalid configuration:');
    expect(stderr).toContain('would be reachable from other machines (HOST=0.0.0.0');
    expect(stderr).toContain('- OIDC_ISSUER_URL, OIDC_CLIENT_ID, OIDC_CLIENT_SECRET: real');
    expect(stderr).toContain(
      '- HOST=127.0.0.1 and PUBLIC_URL=http://localhost:0: this machine only',
    );
    expect(stderr).toContain('- DEV_SIGN_IN=on: mount the development sign-in anyway, on purpose');
  });
});
