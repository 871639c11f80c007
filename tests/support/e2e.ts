import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import type { AxeResults, ElementContext, RunOptions } from 'axe-core';
import {
  chromium,
  type Browser,
  type BrowserContext,
  type BrowserServer,
  type Locator,
  type Page,
} from 'playwright-core';
import { expect, inject } from 'vitest';
import { createAccounts, type AgentAccount } from './agent-accounts';
import { InProcessServer } from './in-process-server';
import { PriceServer } from './price-server';
import type { ServerProcessOptions } from './server-process';

/**
 * What every browser test shares: the chromium they connect to, the app as a server process,
 * the two screen sizes and the screenshots taken at them.
 */

declare module 'vitest' {
  export interface ProvidedContext {
    /** The e2e project's chromium for pages (tests/e2e/global-setup.ts). */
    chromiumWsEndpoint: string;
    /** The e2e project's full chromium, for notifications and Web Push (the same when one). */
    fullChromiumWsEndpoint: string;
  }
}

// ---- The browser --------------------------------------------------------------------------

/** Debian's chromium; CHROMIUM_PATH points elsewhere on other machines. */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/**
 * Debian's chromium-headless-shell: the same Chromium release without the browser around the
 * page (docs/decisions/020-headless-shell-for-browser-tests.md). It drives pages for about half
 * the CPU; it has no notifications or Web Push, so the files that test those use CHROMIUM_PATH.
 * When it is not installed, every file uses CHROMIUM_PATH.
 */
export const CHROMIUM_HEADLESS_SHELL_PATH =
  process.env.CHROMIUM_HEADLESS_SHELL_PATH ?? '/usr/bin/chromium-headless-shell';

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

/** The chromium servers the e2e files share, started once by the project's global setup. */
export interface ChromiumServers {
  /** For pages: the headless shell when installed, else the full chromium. */
  pages: BrowserServer;
  /** The full chromium, for what only a whole browser has (notifications, Web Push). */
  full: BrowserServer;
  close(): Promise<void>;
}

export async function launchChromiumServers(): Promise<ChromiumServers> {
  const launch = (executablePath: string) =>
    chromium.launchServer({ executablePath, args: CHROMIUM_ARGS });
  const full = await launch(CHROMIUM_PATH);
  let pages = full;
  try {
    if (fs.existsSync(CHROMIUM_HEADLESS_SHELL_PATH)) {
      pages = await launch(CHROMIUM_HEADLESS_SHELL_PATH);
    }
  } catch (error) {
    await full.close();
    throw error;
  }
  return {
    pages,
    full,
    close: async () => {
      await Promise.all([...new Set([pages, full])].map((server) => server.close()));
    },
  };
}

/**
 * A connection to the e2e project's shared chromium: the one for pages, or with
 * `{ full: true }` the whole browser (notifications, Web Push). Closing it drops this file's
 * contexts and disconnects; the browser stays up for the other files.
 */
export async function connectChromium(options: { full?: boolean } = {}): Promise<Browser> {
  const browser = await chromium.connect(
    inject(options.full ? 'fullChromiumWsEndpoint' : 'chromiumWsEndpoint'),
  );
  // Its contexts and pages prefer reduced motion unless the test says otherwise: an idle page
  // with an endless animation (the live dots) keeps the shell drawing frames, about a fifth of
  // a core per page (docs/decisions/021-reduced-motion-in-browser-tests.md).
  const newContext = browser.newContext.bind(browser);
  browser.newContext = (contextOptions) =>
    newContext({ reducedMotion: 'reduce', ...contextOptions });
  const newPage = browser.newPage.bind(browser);
  browser.newPage = (pageOptions) => newPage({ reducedMotion: 'reduce', ...pageOptions });
  return browser;
}

// ---- The app ------------------------------------------------------------------------------

/** The app, in this process, on a copy of the run's migrated PGlite template. */
export function startServer(options: ServerProcessOptions): Promise<InProcessServer> {
  return InProcessServer.start({ template: inject('pgliteTemplate'), ...options });
}

/**
 * Ends what a browser test file opened, in order (its pages' contexts, its chromium connection,
 * the app, the price feed, the data folder), whatever of it was never started.
 */
export async function closeAll(opened: {
  contexts?: readonly BrowserContext[];
  browser?: Browser;
  server?: InProcessServer;
  priceServer?: PriceServer;
  dataDir?: string;
}): Promise<void> {
  for (const context of opened.contexts ?? []) await context.close().catch(() => undefined);
  await opened.browser?.close();
  await opened.server?.stop();
  await opened.priceServer?.stop();
  if (opened.dataDir) fs.rmSync(opened.dataDir, { recursive: true, force: true });
}

/** What a browser test file starts in its beforeAll and ends in its afterAll. */
export interface BrowserApp {
  priceServer: PriceServer;
  server: InProcessServer;
  browser: Browser;
  /** The app's DATA_DIR, when the file asked for one (`dataDirName`). */
  dataDir?: string;
  /** A page in a context of its own at `viewport`, closed by `close`. */
  newPage(viewport: Viewport): Promise<Page>;
  close(): Promise<void>;
}

export interface BrowserAppOptions {
  /**
   * Names the app's own DATA_DIR (`agentchat-e2e-<name>-…` in the temp folder), removed on
   * close; without it the app makes and removes a temporary one itself.
   */
  dataDirName?: string;
  /** Agent and admin accounts written into the DATA_DIR before the app starts. */
  accounts?: readonly { account: AgentAccount; admin: boolean }[];
  /** More environment for the app (BRAND_NAME, WHATSAPP_NUMBER…). */
  env?: Record<string, string>;
}

/**
 * The price feed, the app on it and a connection to the shared chromium. A start that fails
 * half way closes what it had opened before it throws, so `afterAll(() => app?.close())` is
 * all a file needs.
 */
export async function startBrowserApp(options: BrowserAppOptions = {}): Promise<BrowserApp> {
  const contexts: BrowserContext[] = [];
  let priceServer: PriceServer | undefined;
  let server: InProcessServer | undefined;
  let browser: Browser | undefined;
  let dataDir: string | undefined;
  const close = () => closeAll({ contexts, browser, server, priceServer, dataDir });
  try {
    priceServer = await new PriceServer().start();
    const env = { ...options.env };
    if (options.dataDirName !== undefined) {
      dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `agentchat-e2e-${options.dataDirName}-`));
      // The accounts exist before the app starts: one process per embedded database.
      if (options.accounts?.length) await createAccounts(dataDir, options.accounts);
      env.DATA_DIR = dataDir;
    } else if (options.accounts?.length) {
      throw new Error("accounts need a DATA_DIR of the test's own: give dataDirName");
    }
    server = await startServer({ priceApiUrl: priceServer.url, env });
    browser = await connectChromium();
  } catch (error) {
    await close();
    throw error;
  }
  const connected = browser;
  return {
    priceServer,
    server,
    browser,
    dataDir,
    async newPage(viewport) {
      const context = await connected.newContext({ viewport });
      contexts.push(context);
      return context.newPage();
    },
    close,
  };
}

// ---- Screen sizes and screenshots ---------------------------------------------------------

export interface Viewport {
  width: number;
  height: number;
}

export const PHONE: Viewport = { width: 360, height: 740 };
export const DESKTOP: Viewport = { width: 1280, height: 800 };

/**
 * Screenshots are taken only when asked for (`SCREENSHOTS=1`, `npm run screenshots`): a
 * screenshot is a look for a person, not a check, and at 279 a run it cost about a fifth of the
 * browser tests' CPU (docs/decisions/040-screenshots-on-request.md). What the helpers below
 * check (the resize to both sizes, `settle`, no sideways scroll) runs either way.
 */
export const TAKE_SCREENSHOTS = process.env.SCREENSHOTS === '1';

/** Where the screenshots go (CI keeps test-results/ as an artifact). */
export const SCREENSHOTS_DIR = path.resolve('test-results/screenshots');

/**
 * Waits for the page to follow a change of size: fonts loaded and two frames drawn, so layout
 * and what measures it (ResizeObserver, the charts) have run. No fixed sleep.
 */
export async function settle(page: Page): Promise<void> {
  await page.evaluate(async () => {
    await document.fonts.ready;
    await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
  });
}

/** Fails when the page is wider than its viewport: no sideways scrolling. */
export async function expectNoSidewaysScroll(page: Page): Promise<void> {
  const { scrollWidth, innerWidth } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    innerWidth: window.innerWidth,
  }));
  expect(scrollWidth).toBeLessThanOrEqual(innerWidth);
}

export interface ScreenshotOptions {
  /** A folder under SCREENSHOTS_DIR. */
  folder?: string;
  /** The whole page rather than the viewport (a page only). */
  fullPage?: boolean;
}

/**
 * `<name>.png` of the page as it is, or of one element (a locator), when screenshots are asked
 * for (`TAKE_SCREENSHOTS`); nothing otherwise. The only place a browser test takes one.
 */
export async function screenshot(
  target: Page | Locator,
  name: string,
  options: ScreenshotOptions = {},
): Promise<void> {
  if (!TAKE_SCREENSHOTS) return;
  const dir = path.join(SCREENSHOTS_DIR, options.folder ?? '');
  fs.mkdirSync(dir, { recursive: true });
  const file = path.join(dir, `${name}.png`);
  if ('goto' in target) await target.screenshot({ path: file, fullPage: options.fullPage });
  else await target.screenshot({ path: file });
}

export interface ScreenshotsOptions {
  folder?: string;
  /**
   * 'viewport' (the default) shoots what is on screen; 'page' the whole page; 'both' writes
   * `-full` shots beside the viewport ones; 'desktop' the whole page at desktop size only.
   */
  shots?: 'viewport' | 'page' | 'both' | 'desktop';
  /** Fail at a size where the page scrolls sideways. */
  noSidewaysScroll?: boolean;
}

/**
 * The page at phone then desktop size, each once it has followed the resize (and, with
 * `noSidewaysScroll`, checked there); the page gets its size back after. With
 * `TAKE_SCREENSHOTS`, `<name>-<width>x<height>.png` at each.
 */
export async function screenshots(
  page: Page,
  name: string,
  options: ScreenshotsOptions = {},
): Promise<void> {
  const shots = options.shots ?? 'viewport';
  const before = page.viewportSize();
  for (const size of [PHONE, DESKTOP]) {
    await page.setViewportSize(size);
    await settle(page);
    if (options.noSidewaysScroll) await expectNoSidewaysScroll(page);
    const sized = `${name}-${size.width}x${size.height}`;
    const fullPage = shots === 'page' || (shots === 'desktop' && size === DESKTOP);
    await screenshot(page, sized, { folder: options.folder, fullPage });
    if (shots === 'both') {
      await screenshot(page, `${sized}-full`, { folder: options.folder, fullPage: true });
    }
  }
  if (before) await page.setViewportSize(before);
}

// ---- Accessibility ------------------------------------------------------------------------

/** WCAG 2.0 and 2.1, levels A and AA: what every screen is held to. */
export const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

/** The shared toaster (an `<li role="status">` in an `<ol>`): its markup is not a screen's own. */
export const TOASTER = '[aria-label="Notifications"]';

/**
 * axe-core's source (4.14): with label-content-name-mismatch, which 4.13 left out as
 * experimental (a link's name must hold its visible text); the screens pass it.
 */
const AXE_SOURCE = (createRequire(import.meta.url)('axe-core') as { source: string }).source;

/** What each frame gets before a run, as @axe-core/playwright's AxeBuilder gave it. */
const AXE_SETUP = `${AXE_SOURCE};axe.configure({ allowedOrigins: ['<same_origin>'] });`;

/** axe in the page, as AXE_SETUP leaves it. */
interface AxeInPage {
  run(context: ElementContext, options: RunOptions): Promise<AxeResults>;
}

/**
 * axe-core for AXE_TAGS on the page as it is, leaving out what `exclude` selects; the same run
 * as @axe-core/playwright's AxeBuilder (used here before 2026-11-29) in legacy mode (`axe.run` in the page, not
 * `runPartial` and `finishRun` in a new blank page: a renderer started and closed each time, for
 * frames from other origins, which the app has none of). What differs is the loading: AxeBuilder
 * evaluates axe's 650 kB source twice per run, sent from the test through the browser to the
 * renderer and compiled there each time; here once per document, only where `window.axe` is not
 * there yet. In screens.test.ts's 48 runs the loading took about 20 s of axe's 27 s with AxeBuilder
 * (two loads a run), 5.8 s this way (one a screen, the second size reuses it); see
 * docs/testing.md. Only violations carry their nodes (`resultTypes`): nothing reads the others,
 * and the result is 1.8 MB instead of 5.1 for those 48 runs.
 */
export async function runAxe(
  page: Page,
  options: { exclude?: string } = {},
): Promise<Pick<AxeResults, 'violations'>> {
  for (const frame of page.frames()) {
    const loaded = await frame.evaluate('typeof window.axe?.run === "function"');
    if (loaded) continue;
    try {
      await frame.evaluate(AXE_SETUP);
    } catch (error) {
      // As AxeBuilder does: a frame axe cannot enter (gone, or another origin) is left out.
      if (frame === page.mainFrame()) throw error;
    }
  }
  return page.evaluate(
    ({ context, options }) => (window as unknown as { axe: AxeInPage }).axe.run(context, options),
    {
      context: { include: [], exclude: options.exclude ? [options.exclude] : [] },
      options: {
        runOnly: { type: 'tag', values: AXE_TAGS },
        resultTypes: ['violations'],
      } satisfies RunOptions,
    },
  );
}

/** No WCAG 2.1 A/AA violation axe can find on the page as it is. */
export async function expectNoAxeViolations(
  page: Page,
  options: { exclude?: string } = {},
): Promise<void> {
  const { violations } = await runAxe(page, options);
  expect(violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target).join(', ')}`)).toEqual([]);
}

// ---- Reading the page ---------------------------------------------------------------------

/** An element's text, trimmed ('' when it has none). */
export async function text(locator: Locator): Promise<string> {
  return ((await locator.textContent()) ?? '').trim();
}

/**
 * Waits until an element's text is (or matches) what is expected: what arrives live must show
 * within `timeoutMs` (5 s) without a reload.
 */
export async function waitForText(
  locator: Locator,
  expected: string | RegExp,
  timeoutMs = 5_000,
): Promise<void> {
  const poll = expect.poll(() => text(locator), { timeout: timeoutMs, interval: 50 });
  await (typeof expected === 'string' ? poll.toBe(expected) : poll.toMatch(expected));
}

// ---- Customers ----------------------------------------------------------------------------

/**
 * Signs a customer in on the development sign-in at /trade and waits until the header shows
 * them signed in (its Payout accounts link).
 */
export async function signInCustomer(
  page: Page,
  baseUrl: string,
  customer: { name: string; email: string },
): Promise<void> {
  await page.goto(`${baseUrl}/trade`);
  await page.getByRole('heading', { name: 'Development sign-in' }).waitFor();
  await page.getByLabel('Full name').fill(customer.name);
  await page.getByLabel('Email').fill(customer.email);
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.waitForURL(`${baseUrl}/trade`);
  await page.getByRole('link', { name: 'Payout accounts' }).waitFor();
}
