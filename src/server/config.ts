import { randomBytes } from 'node:crypto';
import net from 'node:net';
import path from 'node:path';
import { z } from 'zod';
import type { PublicConfig } from '../shared/api/config';
import { APPROVAL_THRESHOLD_USD } from '../shared/api/transactions';
import { dec } from '../shared/money';
import { PAYOUT_APPROVAL_NAIRA } from '../shared/orders/payout-approval';
import { isSupportContact } from '../shared/support-contact';

const bool = z
  .enum(['true', 'false', '1', '0', 'yes', 'no', 'on', 'off'])
  .transform((v) => ['true', '1', 'yes', 'on'].includes(v));

const url = z.url({ protocol: /^https?$/ });

/** Naira, whole or to the kobo, as a decimal string. */
const nairaAmount = z.string().regex(/^\d{1,13}(\.\d{1,2})?$/, 'a naira amount such as 50000000');

/** An IPv4 or IPv6 address, with an optional /prefix of the right size. */
function isAddressOrCidr(value: string): boolean {
  const [address, prefix, ...rest] = value.split('/');
  const version = net.isIP(address ?? '');
  if (version === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (version === 4 ? 32 : 128);
}

/**
 * Which proxies may set X-Forwarded-For/-Proto: a hop count ("1": the nearest one) or the
 * proxies' own addresses and CIDRs. Fastify's `trustProxy` takes either as it is.
 */
const trustProxy = z
  .string()
  .trim()
  .refine(
    (v) => /^\d{1,2}$/.test(v) || v.split(',').every((part) => isAddressOrCidr(part.trim())),
    'a hop count (such as 1) or a comma-separated list of proxy addresses and CIDRs (such as 10.0.0.0/8,192.168.1.5)',
  )
  .transform((v) => (/^\d+$/.test(v) ? Number(v) : v.split(',').map((part) => part.trim())));

/** Where PGlite runs: its own worker thread, or the main thread (decision 041). */
export const PGLITE_THREADS = ['worker', 'main'] as const;
export type PgliteThreadKind = (typeof PGLITE_THREADS)[number];

/** Where PGlite runs unless `PGLITE_THREAD` says (decision 041: its own thread since 2026-11-29). */
export const DEFAULT_PGLITE_THREAD: PgliteThreadKind = 'worker';

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  /** Default: 127.0.0.1 with the development sign-in (no OIDC settings), else 0.0.0.0. */
  HOST: z.string().min(1).optional(),
  DATABASE_URL: z.url({ protocol: /^postgres(ql)?$/ }).optional(),
  DATA_DIR: z.string().min(1).default('./data'),
  /** Where the embedded database runs: its own worker thread or the main thread (decision 041). */
  PGLITE_THREAD: z.enum(PGLITE_THREADS).default(DEFAULT_PGLITE_THREAD),
  /** Where uploaded images go: `disk` (DATA_DIR/uploads) or `s3` (a bucket all instances share). */
  STORAGE: z.enum(['disk', 's3']).default('disk'),
  S3_BUCKET: z.string().trim().min(1).optional(),
  /** An S3-compatible store's address; unset for AWS S3 itself. */
  S3_ENDPOINT: url.optional(),
  S3_REGION: z.string().trim().min(1).optional(),
  S3_ACCESS_KEY_ID: z.string().trim().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  S3_FORCE_PATH_STYLE: bool.optional(),
  PUBLIC_URL: url.optional(),
  SESSION_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  BRAND_NAME: z.string().min(1).max(40).default('AgentChat'),
  WHATSAPP_NUMBER: z
    .string()
    .regex(/^\d{7,15}$/, 'digits only, with the country code (for example 2348012345678)')
    .default('2348000000000'),
  /** How customers reach support: a link (such as https://wa.me/234...), a phone number or an email. */
  SUPPORT_CONTACT: z
    .string()
    .trim()
    .max(200)
    .refine((v) => isSupportContact(v), {
      message:
        'a link (https://wa.me/2348012345678), a phone number (+234 801 234 5678) or an email address',
    })
    .optional(),
  /** The WhatsApp Cloud API channel (decision 034): all four set, or none (the channel is off). */
  WHATSAPP_PHONE_NUMBER_ID: z
    .string()
    .regex(/^\d{1,30}$/, 'digits only, as Meta shows it')
    .optional(),
  WHATSAPP_ACCESS_TOKEN: z.string().trim().min(1).optional(),
  WHATSAPP_APP_SECRET: z.string().trim().min(1).optional(),
  WHATSAPP_VERIFY_TOKEN: z.string().trim().min(1).optional(),
  WHATSAPP_GRAPH_URL: url.default('https://graph.facebook.com/v23.0'),
  /** The approved template sent after the 24-hour window: `name:language`, such as `reengage:en_US`. */
  WHATSAPP_REENGAGE_TEMPLATE: z
    .string()
    .trim()
    .regex(
      /^[a-z0-9_]{1,512}:[A-Za-z_]{2,10}$/,
      'a template name and language such as reengage:en_US',
    )
    .optional(),
  PRICE_API_URL: url.default('https://api.coingecko.com/api/v3'),
  PRICE_REFRESH_MS: z.coerce.number().int().min(1000).default(120_000),
  DEMO_MODE: bool.optional(),
  RECEIPT_OCR: bool.default(true),
  DEV_SIGN_IN: bool.optional(),
  API_DOCS: bool.optional(),
  TRUST_PROXY: trustProxy.optional(),
  OIDC_ISSUER_URL: url.optional(),
  OIDC_CLIENT_ID: z.string().min(1).optional(),
  OIDC_CLIENT_SECRET: z.string().min(1).optional(),
  ADMIN_SETUP_SECRET: z.string().min(12, 'must be at least 12 characters').optional(),
  /** `required`: every agent and admin enrols a second factor (TOTP) at their next sign-in. */
  STAFF_2FA: z.enum(['optional', 'required']).default('optional'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** How far (percent) a naira rate may sit from market x USD-to-Naira without a confirmation. */
  RATE_GUARD_PERCENT: z.coerce.number().gt(0).max(100).default(10),
  /** How long an erased customer's orders, transactions and audit entries are kept (NDPA 2023). */
  RETENTION_YEARS: z.coerce.number().int().min(1).max(100).default(6),
  /** The largest naira total one trade may have, in naira. */
  /** The smallest and largest naira total of one order, in naira. */
  MIN_ORDER_NAIRA: nairaAmount.default('5000'),
  MAX_ORDER_NAIRA: nairaAmount.default('50000000'),
  /** A refund, charge or adjustment over this many dollars waits for another admin's approval. */
  APPROVAL_THRESHOLD_USD: nairaAmount.default(APPROVAL_THRESHOLD_USD),
  /** An order whose naira total is over this waits for an admin's approval of its payout. */
  PAYOUT_APPROVAL_NAIRA: nairaAmount.default(PAYOUT_APPROVAL_NAIRA),
  /** How long an order's quote holds its rate, in minutes: the deposit must be sent within it. */
  QUOTE_TTL_MINUTES: z.coerce.number().int().min(1).max(1440).default(15),
  /** How long after the payout an order completes by itself when the customer says nothing, in hours. */
  PAYOUT_CONFIRM_HOURS: z.coerce.number().int().min(1).max(720).default(24),
  /** How long agents have to pay out once a deposit is confirmed, in minutes; later is overdue. */
  PAYOUT_SLA_MINUTES: z.coerce.number().int().min(1).max(10_080).default(30),
  /** How long an admin takes at most to answer a dispute, in hours: the customer is told by when. */
  DISPUTE_RESPONSE_HOURS: z.coerce.number().int().min(1).max(720).default(24),
  /** How many unresolved chats round-robin gives one agent at most (ADR 018). */
  MAX_OPEN_CHATS_PER_AGENT: z.coerce.number().int().min(1).max(10_000).default(10),
  /** The first response staff aim for, in minutes: a customer waiting longer shows red. */
  FIRST_RESPONSE_TARGET_MINUTES: z.coerce.number().int().min(1).max(1440).default(5),
  /** A Paystack-compatible API for bank account name enquiry (`/bank/resolve`); with its key. */
  NAME_ENQUIRY_URL: url.optional(),
  NAME_ENQUIRY_KEY: z.string().min(1).optional(),
  NAME_ENQUIRY_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(5_000),
  /** An Esplora-compatible API (mempool.space's, blockstream.info's or your own) for BTC deposits. */
  BTC_EXPLORER_URL: url.default('https://mempool.space/api'),
  /** A TronGrid-compatible API for USDT-TRC20 deposits. */
  TRON_API_URL: url.default('https://api.trongrid.io'),
  /** TronGrid's API key, sent as `TRON-PRO-API-KEY` (without one TronGrid limits requests hard). */
  TRON_API_KEY: z.string().min(1).max(200).optional(),
  /** Blocks a BTC deposit needs (its own included) before the order counts it as confirmed. */
  BTC_CONFIRMATIONS: z.coerce.number().int().min(1).max(100).default(2),
  /** Blocks a USDT-TRC20 deposit needs before the order counts it as confirmed. */
  TRC20_CONFIRMATIONS: z.coerce.number().int().min(1).max(1000).default(19),
  /** How often the deposit watcher reads the chain, in ms. */
  DEPOSIT_WATCH_MS: z.coerce.number().int().min(1000).max(3_600_000).default(30_000),
  /** How far (percent) a deposit may sit from the order's amount and still count as that amount. */
  DEPOSIT_TOLERANCE_PERCENT: z.coerce.number().min(0).max(50).default(0.5),
  /** A payment under this percent of the order's amount is a small payment, never its deposit. */
  DEPOSIT_DUST_PERCENT: z.coerce.number().min(0).max(100).default(10),
  /** The bearer token GET /metrics asks for; unset: /metrics answers this machine only. */
  METRICS_TOKEN: z
    .string()
    .regex(
      /^[A-Za-z0-9._~+/=-]{16,256}$/,
      'at least 16 characters of letters, digits and ._~+/=- (such as `openssl rand -hex 32`)',
    )
    .optional(),
  /**
   * Web Push's VAPID key pair (base64url, as `npx web-push generate-vapid-keys` prints it): every
   * instance must share one. Unset: generated into DATA_DIR/vapid-keys.json on first start.
   */
  VAPID_PUBLIC_KEY: z
    .string()
    .regex(/^[A-Za-z0-9_-]{87}$/, 'a P-256 public key, 65 bytes in base64url (87 characters)')
    .optional(),
  VAPID_PRIVATE_KEY: z
    .string()
    .regex(/^[A-Za-z0-9_-]{43}$/, 'a P-256 private key, 32 bytes in base64url (43 characters)')
    .optional(),
  /** Who push services may contact about this sender: a mailto: address or an https: URL. */
  VAPID_SUBJECT: z
    .string()
    .regex(/^(mailto:\S+@\S+|https:\/\/\S+)$/, 'a mailto: address or an https:// URL')
    .optional(),
  /**
   * Push services besides the browsers' own (Google, Mozilla, Apple, Microsoft) that subscriptions
   * may point at, as comma-separated origins (such as a self-hosted autopush).
   */
  PUSH_SERVICE_ORIGINS: z
    .string()
    .trim()
    .refine(
      (v) => v.split(',').every((o) => /^https?:\/\/[^/\s]+$/.test(o.trim())),
      'comma-separated origins such as https://push.example.com',
    )
    .transform((v) => v.split(',').map((o) => o.trim()))
    .optional(),
});

export type Env = z.infer<typeof envSchema>;

export class ConfigError extends Error {
  constructor(public readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

const OIDC_KEYS = ['OIDC_ISSUER_URL', 'OIDC_CLIENT_ID', 'OIDC_CLIENT_SECRET'] as const;
const S3_REQUIRED_KEYS = [
  'S3_BUCKET',
  'S3_REGION',
  'S3_ACCESS_KEY_ID',
  'S3_SECRET_ACCESS_KEY',
] as const;
const S3_KEYS = [...S3_REQUIRED_KEYS, 'S3_ENDPOINT', 'S3_FORCE_PATH_STYLE'] as const;

const WHATSAPP_KEYS = [
  'WHATSAPP_PHONE_NUMBER_ID',
  'WHATSAPP_ACCESS_TOKEN',
  'WHATSAPP_APP_SECRET',
  'WHATSAPP_VERIFY_TOKEN',
] as const;

/** The WhatsApp settings' problems: all four or none; the template only beside them. */
function whatsappProblems(env: Env): string[] {
  const given = WHATSAPP_KEYS.filter((k) => env[k] !== undefined);
  if (given.length === WHATSAPP_KEYS.length) return [];
  if (given.length === 0 && env.WHATSAPP_REENGAGE_TEMPLATE === undefined) return [];
  const missing = WHATSAPP_KEYS.filter((k) => env[k] === undefined);
  return [
    `The WhatsApp channel needs all of ${WHATSAPP_KEYS.join(', ')} (missing ${missing.join(', ')}), or none of them`,
  ];
}

/** The WhatsApp Cloud API channel's settings (decision 034); undefined when it is off. */
function whatsappSettings(env: Env) {
  const { WHATSAPP_PHONE_NUMBER_ID, WHATSAPP_ACCESS_TOKEN, WHATSAPP_APP_SECRET } = env;
  const { WHATSAPP_VERIFY_TOKEN, WHATSAPP_REENGAGE_TEMPLATE } = env;
  if (
    !WHATSAPP_PHONE_NUMBER_ID ||
    !WHATSAPP_ACCESS_TOKEN ||
    !WHATSAPP_APP_SECRET ||
    !WHATSAPP_VERIFY_TOKEN
  )
    return undefined;
  const [name, language] = WHATSAPP_REENGAGE_TEMPLATE?.split(':') ?? [];
  return {
    phoneNumberId: WHATSAPP_PHONE_NUMBER_ID,
    /** Sent as the Graph API's bearer token; never logged. */
    accessToken: WHATSAPP_ACCESS_TOKEN,
    /** Signs Meta's webhook deliveries (X-Hub-Signature-256). */
    appSecret: WHATSAPP_APP_SECRET,
    /** What Meta's verification handshake must present. */
    verifyToken: WHATSAPP_VERIFY_TOKEN,
    /** WHATSAPP_GRAPH_URL, without a trailing slash. */
    graphUrl: env.WHATSAPP_GRAPH_URL.replace(/\/+$/, ''),
    /** WHATSAPP_REENGAGE_TEMPLATE: the only thing sent after the 24-hour window. */
    reengageTemplate: name && language ? { name, language } : undefined,
  };
}

/** The S3 settings' problems: all required ones with STORAGE=s3, none without it. */
function storageProblems(env: Env): string[] {
  if (env.STORAGE === 's3') {
    const missing = S3_REQUIRED_KEYS.filter((k) => env[k] === undefined);
    return missing.length > 0
      ? [`STORAGE=s3 needs ${missing.join(', ')} (S3_ENDPOINT too for a store other than AWS S3)`]
      : [];
  }
  const given = S3_KEYS.filter((k) => env[k] !== undefined);
  // Images would quietly stay on this instance's disk: say so rather than start.
  return given.length > 0
    ? [
        `${given.join(', ')} set but STORAGE is disk: set STORAGE=s3 to use the bucket, or unset them`,
      ]
    : [];
}

/** 127.0.0.0/8 or ::1 (IPv4-mapped too), or the name localhost: other machines cannot reach it. */
export function isLoopback(address: string): boolean {
  const bare = address.replace(/^\[|\]$/g, '').toLowerCase();
  if (bare === 'localhost' || bare.endsWith('.localhost') || bare === '::1') return true;
  const v4 = bare.replace(/^::ffff:/, '');
  return net.isIPv4(v4) && v4.startsWith('127.');
}

/** Where the app listens and is reached, and whether the development sign-in stands in for OIDC. */
function addressOf(env: Env) {
  const isProduction = env.NODE_ENV === 'production';
  const oidcGiven = OIDC_KEYS.filter((k) => env[k] !== undefined);
  return {
    isProduction,
    oidcGiven,
    host: env.HOST ?? (oidcGiven.length === 0 && !isProduction ? '127.0.0.1' : '0.0.0.0'),
    publicUrl: (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/+$/, ''),
    devSignIn: oidcGiven.length === 0 && !isProduction && env.DEV_SIGN_IN !== false,
  };
}

/** What is wrong with settings that each look right: missing partners, production's musts. */
function configProblems(env: Env): string[] {
  const { isProduction, oidcGiven, host, publicUrl, devSignIn } = addressOf(env);
  const problems: string[] = [];
  if (oidcGiven.length > 0 && oidcGiven.length < OIDC_KEYS.length) {
    problems.push(
      `OIDC settings are incomplete: set all of ${OIDC_KEYS.join(', ')} (missing ${OIDC_KEYS.filter((k) => env[k] === undefined).join(', ')})`,
    );
  }
  problems.push(...storageProblems(env));
  problems.push(...whatsappProblems(env));
  if ((env.NAME_ENQUIRY_URL === undefined) !== (env.NAME_ENQUIRY_KEY === undefined)) {
    problems.push('NAME_ENQUIRY_URL and NAME_ENQUIRY_KEY go together: set both or neither');
  }
  if (dec(env.MIN_ORDER_NAIRA).lte(0) || dec(env.MIN_ORDER_NAIRA).gt(env.MAX_ORDER_NAIRA)) {
    problems.push('MIN_ORDER_NAIRA must be more than 0 and at most MAX_ORDER_NAIRA');
  }
  if ((env.VAPID_PUBLIC_KEY === undefined) !== (env.VAPID_PRIVATE_KEY === undefined)) {
    problems.push('VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY go together: set both or neither');
  }
  if (isProduction) {
    if (!env.SESSION_SECRET) problems.push('SESSION_SECRET is required in production');
    if (!env.PUBLIC_URL) problems.push('PUBLIC_URL is required in production');
    if (oidcGiven.length === 0) {
      problems.push(`${OIDC_KEYS.join(', ')} are required in production`);
    }
  }
  if (env.DEV_SIGN_IN === true && isProduction) {
    problems.push('DEV_SIGN_IN cannot be on in production: customers sign in through OIDC');
  } else if (env.DEV_SIGN_IN === true && oidcGiven.length > 0) {
    problems.push(`DEV_SIGN_IN=on replaces the OIDC provider: unset it or ${OIDC_KEYS.join(', ')}`);
  } else if (env.DEV_SIGN_IN === false && oidcGiven.length === 0 && !isProduction) {
    problems.push(
      `DEV_SIGN_IN=off leaves customers no way to sign in: set ${OIDC_KEYS.join(', ')}`,
    );
  } else if (
    devSignIn &&
    env.DEV_SIGN_IN === undefined &&
    !(isLoopback(host) && isLoopback(new URL(publicUrl).hostname))
  ) {
    problems.push(
      `the development sign-in, where anyone signs in as any name and email (an admin's too), would be reachable from other machines (HOST=${host}, PUBLIC_URL=${publicUrl}). Set one of:`,
      `${OIDC_KEYS.join(', ')}: real customer sign-in (such as Google)`,
      `HOST=127.0.0.1 and PUBLIC_URL=http://localhost:${env.PORT}: this machine only`,
      'DEV_SIGN_IN=on: mount the development sign-in anyway, on purpose',
    );
  }
  return problems;
}

/** The settings the app reads, made from the environment once it has no problems. */
function toConfig(env: Env) {
  const { isProduction, host, publicUrl, devSignIn } = addressOf(env);
  const dataDir = path.resolve(env.DATA_DIR);
  const uploadDir = path.join(dataDir, 'uploads');
  const oidc =
    env.OIDC_ISSUER_URL && env.OIDC_CLIENT_ID && env.OIDC_CLIENT_SECRET
      ? {
          issuerUrl: env.OIDC_ISSUER_URL,
          clientId: env.OIDC_CLIENT_ID,
          clientSecret: env.OIDC_CLIENT_SECRET,
        }
      : undefined;
  // Only a development machine gets a generated secret; tests and production must set one.
  const generateSecret = env.NODE_ENV === 'development' && !env.ADMIN_SETUP_SECRET;

  return {
    env: env.NODE_ENV,
    isProduction,
    port: env.PORT,
    host,
    /**
     * Proxies whose X-Forwarded-* headers count (a hop count or addresses/CIDRs); false: none,
     * and the socket's address is the client's.
     */
    trustProxy: env.TRUST_PROXY === 0 ? (false as const) : (env.TRUST_PROXY ?? (false as const)),
    databaseUrl: env.DATABASE_URL,
    dataDir,
    /** Where PGlite runs when there is no DATABASE_URL (decision 041). */
    pgliteThread: env.PGLITE_THREAD,
    /** DATA_DIR/uploads: where STORAGE=disk keeps images, and where `storage:migrate` reads them. */
    uploadDir,
    storage:
      env.STORAGE === 's3'
        ? {
            kind: 's3' as const,
            bucket: env.S3_BUCKET!,
            /** An S3-compatible store's address; undefined for AWS itself (found from the region). */
            endpoint: env.S3_ENDPOINT?.replace(/\/+$/, ''),
            region: env.S3_REGION!,
            accessKeyId: env.S3_ACCESS_KEY_ID!,
            secretAccessKey: env.S3_SECRET_ACCESS_KEY!,
            /** `endpoint/bucket/key` rather than `bucket.endpoint/key`: what most S3-compatible stores need. */
            forcePathStyle: env.S3_FORCE_PATH_STYLE ?? false,
          }
        : { kind: 'disk' as const, dir: uploadDir },
    publicUrl,
    // Development only: a fresh secret per run is fine because sessions live in the database.
    sessionSecret: env.SESSION_SECRET ?? randomBytes(32).toString('hex'),
    brandName: env.BRAND_NAME,
    whatsappNumber: env.WHATSAPP_NUMBER,
    /** SUPPORT_CONTACT, else the WhatsApp number's wa.me link. */
    supportContact: env.SUPPORT_CONTACT ?? `https://wa.me/${env.WHATSAPP_NUMBER}`,
    priceApiUrl: env.PRICE_API_URL.replace(/\/+$/, ''),
    priceRefreshMs: env.PRICE_REFRESH_MS,
    // Its public writes are for trying the app out: on by itself only on a developer's machine.
    demoMode: env.DEMO_MODE ?? env.NODE_ENV === 'development',
    /**
     * RECEIPT_OCR (on by default): images are read with OCR (features/image-readings). Off, every
     * image counts as unreadable and only its fingerprint is compared.
     */
    receiptOcr: env.RECEIPT_OCR,
    /** The customers' OIDC provider; undefined when the development sign-in stands in for it. */
    oidc,
    /**
     * Mount the development identity provider at /oidc (anyone signs in as anyone): only when
     * other machines cannot reach it, or DEV_SIGN_IN=on. Never in production, never beside OIDC.
     */
    devSignIn,
    /** The OpenAPI document at /api/openapi.json and its page at /api/docs (ADR 013). */
    // The API's map is for the people building on it: on by itself only on a developer's machine.
    apiDocs: env.API_DOCS ?? env.NODE_ENV === 'development',
    adminSetupSecret:
      env.ADMIN_SETUP_SECRET ??
      (generateSecret ? randomBytes(12).toString('base64url') : undefined),
    /** True when the setup secret was generated for this run and must be shown to the operator. */
    adminSetupSecretGenerated: generateSecret,
    logLevel: env.LOG_LEVEL,
    /** PRODUCT.md "Market guard": percent from market x USD-to-Naira allowed without confirmation. */
    rateGuardPercent: env.RATE_GUARD_PERCENT,
    retentionYears: env.RETENTION_YEARS,
    quoteTtlMinutes: env.QUOTE_TTL_MINUTES,
    minOrderNaira: env.MIN_ORDER_NAIRA,
    maxOrderNaira: env.MAX_ORDER_NAIRA,
    /** Dollars over which a refund, charge or adjustment waits (decision 028); a decimal string. */
    approvalThresholdUsd: env.APPROVAL_THRESHOLD_USD,
    /** Naira over which an order's payout waits for an admin (decision 028); a decimal string. */
    payoutApprovalNaira: env.PAYOUT_APPROVAL_NAIRA,
    /** A paid order with neither "received" nor a dispute completes after it. */
    payoutConfirmHours: env.PAYOUT_CONFIRM_HOURS,
    payoutSlaMinutes: env.PAYOUT_SLA_MINUTES,
    disputeResponseHours: env.DISPUTE_RESPONSE_HOURS,
    maxOpenChatsPerAgent: env.MAX_OPEN_CHATS_PER_AGENT,
    firstResponseTargetMinutes: env.FIRST_RESPONSE_TARGET_MINUTES,
    staff2fa: env.STAFF_2FA,
    nameEnquiry:
      env.NAME_ENQUIRY_URL && env.NAME_ENQUIRY_KEY
        ? {
            url: env.NAME_ENQUIRY_URL.replace(/\/+$/, ''),
            key: env.NAME_ENQUIRY_KEY,
            timeoutMs: env.NAME_ENQUIRY_TIMEOUT_MS,
          }
        : undefined,
    /** GET /metrics needs it as a bearer token; undefined: loopback only. */
    whatsapp: whatsappSettings(env),
    metricsToken: env.METRICS_TOKEN,
    /** Web Push's signing keys and contact; `keys` undefined: generated into DATA_DIR. */
    vapid: {
      keys:
        env.VAPID_PUBLIC_KEY && env.VAPID_PRIVATE_KEY
          ? { publicKey: env.VAPID_PUBLIC_KEY, privateKey: env.VAPID_PRIVATE_KEY }
          : undefined,
      // Push services want a way to reach the sender: the site itself when it is https.
      subject:
        env.VAPID_SUBJECT ??
        (publicUrl.startsWith('https:') ? publicUrl : 'mailto:webpush@localhost.invalid'),
      extraServiceOrigins: env.PUSH_SERVICE_ORIGINS ?? [],
    },
    /** Where deposits are read from, and what makes one count (PRODUCT.md "Orders"). */
    chain: {
      btcExplorerUrl: env.BTC_EXPLORER_URL.replace(/\/+$/, ''),
      tronApiUrl: env.TRON_API_URL.replace(/\/+$/, ''),
      /** Sent as the `TRON-PRO-API-KEY` header; never logged. */
      tronApiKey: env.TRON_API_KEY,
      btcConfirmations: env.BTC_CONFIRMATIONS,
      trc20Confirmations: env.TRC20_CONFIRMATIONS,
      /** As given (0.5 means half a percent). */
      depositTolerancePercent: env.DEPOSIT_TOLERANCE_PERCENT,
      /** DEPOSIT_DUST_PERCENT, as given (10 means a tenth of the order's amount). */
      dustPercent: env.DEPOSIT_DUST_PERCENT,
      watchMs: env.DEPOSIT_WATCH_MS,
    },
  };
}

/**
 * The configuration: the environment, checked key by key, then as a whole (configProblems),
 * then shaped into the settings the app reads. Its output type is `Config`.
 */
const configSchema = envSchema.transform((env, ctx) => {
  const problems = configProblems(env);
  for (const message of problems) ctx.addIssue({ code: 'custom', message });
  return problems.length > 0 ? z.NEVER : toConfig(env);
});

export type Config = z.infer<typeof configSchema>;
export type OidcSettings = NonNullable<Config['oidc']>;
/** STORAGE=disk (a folder on this machine) or STORAGE=s3 (a bucket every instance shares). */
export type StorageSettings = Config['storage'];
/** An S3 bucket (AWS or any S3-compatible store) for uploaded images. */
export type S3Settings = Omit<Extract<StorageSettings, { kind: 's3' }>, 'kind'>;
/** The bank account name-enquiry provider. */
export type NameEnquirySettings = NonNullable<Config['nameEnquiry']>;
/** The WhatsApp Cloud API channel (decision 034). */
export type WhatsappSettings = NonNullable<Config['whatsapp']>;
export type VapidSettings = Config['vapid'];
export type ChainSettings = Config['chain'];

export function loadConfig(source: NodeJS.ProcessEnv = process.env): Config {
  const raw = Object.fromEntries(
    Object.entries(source).filter(([, v]) => v !== undefined && v !== ''),
  );
  const parsed = configSchema.safeParse(raw);
  if (!parsed.success) {
    throw new ConfigError(
      parsed.error.issues.map((i) =>
        i.path.length > 0 ? `${i.path.join('.')}: ${i.message}` : i.message,
      ),
    );
  }
  return parsed.data;
}

/** What the browser may see (publicConfigSchema). Nothing secret goes here. */
export function publicConfig(config: Config): PublicConfig {
  return {
    brandName: config.brandName,
    whatsappNumber: config.whatsappNumber,
    supportContact: config.supportContact,
    demoMode: config.demoMode,
    payoutSlaMinutes: config.payoutSlaMinutes,
    disputeResponseHours: config.disputeResponseHours,
    firstResponseTargetMinutes: config.firstResponseTargetMinutes,
    quoteTtlMinutes: config.quoteTtlMinutes,
    minOrderNaira: config.minOrderNaira,
    maxOrderNaira: config.maxOrderNaira,
    approvalThresholdUsd: config.approvalThresholdUsd,
    whatsappChannel: config.whatsapp !== undefined,
    depositWatchMs: config.chain.watchMs,
  };
}
