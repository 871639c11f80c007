import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { z } from 'zod';
import { isSupportContact } from '../shared/support-contact';

const bool = z
  .enum(['true', 'false', '1', '0', 'yes', 'no', 'on', 'off'])
  .transform((v) => ['true', '1', 'yes', 'on'].includes(v));

const url = z.url({ protocol: /^https?$/ });

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATABASE_URL: z.url({ protocol: /^postgres(ql)?$/ }).optional(),
  DATA_DIR: z.string().min(1).default('./data'),
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
  PRICE_API_URL: url.default('https://api.coingecko.com/api/v3'),
  PRICE_REFRESH_MS: z.coerce.number().int().min(1000).default(120_000),
  DEMO_MODE: bool.optional(),
  OIDC_ISSUER_URL: url.optional(),
  OIDC_CLIENT_ID: z.string().min(1).optional(),
  OIDC_CLIENT_SECRET: z.string().min(1).optional(),
  ADMIN_SETUP_SECRET: z.string().min(12, 'must be at least 12 characters').optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** How far (percent) a naira rate may sit from market x USD-to-Naira without a confirmation. */
  RATE_GUARD_PERCENT: z.coerce.number().gt(0).max(100).default(10),
  /** The largest naira total one trade may have, in naira. */
  MAX_TRADE_NAIRA: z
    .string()
    .regex(/^\d{1,13}(\.\d{1,2})?$/, 'a naira amount such as 50000000')
    .default('50000000'),
});

export type Env = z.infer<typeof envSchema>;

export interface OidcSettings {
  issuerUrl: string;
  clientId: string;
  clientSecret: string;
}

export interface Config {
  env: Env['NODE_ENV'];
  isProduction: boolean;
  port: number;
  host: string;
  databaseUrl: string | undefined;
  dataDir: string;
  uploadDir: string;
  publicUrl: string;
  sessionSecret: string;
  brandName: string;
  whatsappNumber: string;
  /** SUPPORT_CONTACT, else the WhatsApp number's wa.me link. */
  supportContact: string;
  priceApiUrl: string;
  priceRefreshMs: number;
  demoMode: boolean;
  /** Undefined means: use the development identity provider (never in production). */
  oidc: OidcSettings | undefined;
  adminSetupSecret: string | undefined;
  /** True when the setup secret was generated for this run and must be shown to the operator. */
  adminSetupSecretGenerated: boolean;
  logLevel: Env['LOG_LEVEL'];
  /** PRODUCT.md "Market guard": percent from market x USD-to-Naira allowed without confirmation. */
  rateGuardPercent: number;
  /** The cap on one trade's naira total (decimal string, naira). */
  maxTradeNaira: string;
}

/** What the browser may see. Nothing secret goes here. */
export interface PublicConfig {
  brandName: string;
  whatsappNumber: string;
  supportContact: string;
  demoMode: boolean;
}

export class ConfigError extends Error {
  constructor(public readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

const OIDC_KEYS = ['OIDC_ISSUER_URL', 'OIDC_CLIENT_ID', 'OIDC_CLIENT_SECRET'] as const;

export function loadConfig(source: NodeJS.ProcessEnv = process.env): Config {
  const raw = Object.fromEntries(
    Object.entries(source).filter(([, v]) => v !== undefined && v !== ''),
  );
  const parsed = envSchema.safeParse(raw);
  if (!parsed.success) {
    throw new ConfigError(
      parsed.error.issues.map((i) => `${i.path.join('.') || '(env)'}: ${i.message}`),
    );
  }
  const env = parsed.data;
  const isProduction = env.NODE_ENV === 'production';
  const problems: string[] = [];

  const oidcGiven = OIDC_KEYS.filter((k) => env[k] !== undefined);
  if (oidcGiven.length > 0 && oidcGiven.length < OIDC_KEYS.length) {
    problems.push(
      `OIDC settings are incomplete: set all of ${OIDC_KEYS.join(', ')} (missing ${OIDC_KEYS.filter((k) => env[k] === undefined).join(', ')})`,
    );
  }
  if (isProduction) {
    if (!env.SESSION_SECRET) problems.push('SESSION_SECRET is required in production');
    if (!env.PUBLIC_URL) problems.push('PUBLIC_URL is required in production');
    if (oidcGiven.length === 0) {
      problems.push(`${OIDC_KEYS.join(', ')} are required in production`);
    }
  }
  if (problems.length > 0) throw new ConfigError(problems);

  const dataDir = path.resolve(env.DATA_DIR);
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
    host: env.HOST,
    databaseUrl: env.DATABASE_URL,
    dataDir,
    uploadDir: path.join(dataDir, 'uploads'),
    publicUrl: (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/+$/, ''),
    // Development only: a fresh secret per run is fine because sessions live in the database.
    sessionSecret: env.SESSION_SECRET ?? randomBytes(32).toString('hex'),
    brandName: env.BRAND_NAME,
    whatsappNumber: env.WHATSAPP_NUMBER,
    supportContact: env.SUPPORT_CONTACT ?? `https://wa.me/${env.WHATSAPP_NUMBER}`,
    priceApiUrl: env.PRICE_API_URL.replace(/\/+$/, ''),
    priceRefreshMs: env.PRICE_REFRESH_MS,
    demoMode: env.DEMO_MODE ?? !isProduction,
    oidc,
    adminSetupSecret:
      env.ADMIN_SETUP_SECRET ??
      (generateSecret ? randomBytes(12).toString('base64url') : undefined),
    adminSetupSecretGenerated: generateSecret,
    logLevel: env.LOG_LEVEL,
    rateGuardPercent: env.RATE_GUARD_PERCENT,
    maxTradeNaira: env.MAX_TRADE_NAIRA,
  };
}

export function publicConfig(config: Config): PublicConfig {
  return {
    brandName: config.brandName,
    whatsappNumber: config.whatsappNumber,
    supportContact: config.supportContact,
    demoMode: config.demoMode,
  };
}
