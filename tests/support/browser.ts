import fs from 'node:fs';
import { chromium, type Browser } from 'playwright-core';

/** Debian's chromium; CHROMIUM_PATH points elsewhere on other machines. */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** Flags known to work here (ARCHITECTURE.md): no sandbox, no GPU, no background traffic. */
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export const hasChromium = fs.existsSync(CHROMIUM_PATH);

export const CHROMIUM_MISSING = `chromium not found at ${CHROMIUM_PATH}: browser tests skipped`;

export function launchChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS, headless: true });
}
