import { createContext, useContext, type ReactNode } from 'react';
import type { PublicConfig } from '../../shared/api/config';

export type AppConfig = PublicConfig;

const FIELD_TYPES = {
  brandName: 'string',
  whatsappNumber: 'string',
  supportContact: 'string',
  demoMode: 'boolean',
  payoutSlaMinutes: 'number',
  disputeResponseHours: 'number',
  firstResponseTargetMinutes: 'number',
  quoteTtlMinutes: 'number',
  minOrderNaira: 'string',
  maxOrderNaira: 'string',
  approvalThresholdUsd: 'string',
  whatsappChannel: 'boolean',
  depositWatchMs: 'number',
} as const satisfies Record<keyof AppConfig, 'string' | 'boolean' | 'number'>;

/**
 * The server puts the public configuration (validated by `publicConfigSchema` on its side) in
 * the page itself, `<meta name="app-config" content='{...}'>`, so the app needs no round trip.
 * The first render needs it, so it is checked here by hand: zod would add 22 KB gzipped to
 * the landing page's first load. `FIELD_TYPES` fails to compile if the schema gains a field.
 */
export function readAppConfig(doc: Document = document): AppConfig {
  const content = doc.querySelector('meta[name="app-config"]')?.getAttribute('content');
  if (!content) {
    throw new Error(
      '<meta name="app-config"> is missing: serve the app through the AgentChat server',
    );
  }
  let json: unknown;
  try {
    json = JSON.parse(content);
  } catch {
    throw new Error('<meta name="app-config"> does not hold JSON');
  }
  if (typeof json !== 'object' || json === null) {
    throw new Error('<meta name="app-config"> does not hold an object');
  }
  const record = json as Record<string, unknown>;
  for (const [key, type] of Object.entries(FIELD_TYPES)) {
    if (typeof record[key] !== type) {
      throw new Error(`<meta name="app-config">: ${key} must be a ${type}`);
    }
  }
  return {
    brandName: record.brandName as string,
    whatsappNumber: record.whatsappNumber as string,
    supportContact: record.supportContact as string,
    demoMode: record.demoMode as boolean,
    payoutSlaMinutes: record.payoutSlaMinutes as number,
    disputeResponseHours: record.disputeResponseHours as number,
    firstResponseTargetMinutes: record.firstResponseTargetMinutes as number,
    minOrderNaira: record.minOrderNaira as string,
    maxOrderNaira: record.maxOrderNaira as string,
    approvalThresholdUsd: record.approvalThresholdUsd as string,
    quoteTtlMinutes: record.quoteTtlMinutes as number,
    whatsappChannel: record.whatsappChannel as boolean,
    depositWatchMs: record.depositWatchMs as number,
  };
}

const AppConfigContext = createContext<AppConfig | null>(null);

export function AppConfigProvider({
  config,
  children,
}: {
  config: AppConfig;
  children: ReactNode;
}) {
  return <AppConfigContext value={config}>{children}</AppConfigContext>;
}

export function useAppConfig(): AppConfig {
  const config = useContext(AppConfigContext);
  if (!config) throw new Error('useAppConfig needs an <AppConfigProvider> above it');
  return config;
}
