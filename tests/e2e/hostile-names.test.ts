import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount, logIn } from '../support/agent-accounts';
import {
  CHROMIUM_MISSING,
  closeAll,
  connectChromium,
  DESKTOP,
  hasChromium,
  startServer,
  signInCustomer,
} from '../support/e2e';
import { pageFetch } from '../support/page-fetch';
import { HttpClient } from '../support/http-client';
import { PriceServer } from '../support/price-server';
import type { InProcessServer } from '../support/in-process-server';

if (!hasChromium) console.warn(CHROMIUM_MISSING);

/**
 * Names are the one thing every portal shows that people type themselves: a customer's comes
 * from their Google profile, an agent's from whoever made the account. Here every name is
 * markup, and every screen that shows names must show it as the characters typed, with nothing
 * parsed from it. The server's Content-Security-Policy would stop an inline handler from
 * running, so `window.__pwned` alone proves little: the checks look for the elements a name
 * would make (any on* attribute, a script naming __pwned, `img[src=x]`, a javascript: link),
 * at each screen and as they appear, and for the CSP reports such an element would cause.
 */

const LIVE_TIMEOUT_MS = 8_000;

const ADMIN = {
  email: 'yemi.admin@example.com',
  password: 'a long admin password',
  firstName: 'Yemi',
  lastName: 'Bello',
};
/** Made by `npm run agent:create`, as an operator would. */
const AGENT = {
  email: 'hostile.agent@example.com',
  password: 'a long agent password',
  firstName: '<img src=x onerror="window.__pwned=5">',
  lastName: '<script>window.__pwned=6</script>',
};
const AGENT_NAME = `${AGENT.firstName} ${AGENT.lastName}`;
/** Made by the admin in Agent Management: quotes, a formula, javascript:, an svg. */
const NEW_AGENT = {
  email: 'quoted.agent@example.com',
  password: 'another long password',
  firstName: `=HYPERLINK("javascript:window.__pwned=7")`,
  lastName: `O'Hara"><svg onload=window.__pwned=8>`,
};
const NEW_AGENT_NAME = `${NEW_AGENT.firstName} ${NEW_AGENT.lastName}`;
/** Signs in through the development provider's page in the browser. */
const CUSTOMER = {
  name: '<img src=x onerror="window.__pwned=1"> <script>window.__pwned=2</script>',
  email: 'img.script@example.com',
};
/** Signs in through the same provider from the test (HttpClient). Entities stay as typed. */
const QUOTED_CUSTOMER = {
  name: `"'><svg onload=window.__pwned=3> O'Neil javascript:window.__pwned=4 &lt;b&gt;&amp;`,
  email: 'quoted.customer@example.com',
};

declare global {
  interface Window {
    __pwned?: unknown;
    /** What the watcher below saw: markup made from a name, CSP reports. */
    __hostile?: string[];
  }
}

/**
 * Runs in every page before the app: records, as they are added, elements that only markup
 * from a name would make, and every CSP violation (an inline handler or script refused).
 */
function watchForMarkup(): void {
  const seen: string[] = [];
  window.__hostile = seen;
  const outline = (el: Element) => el.outerHTML.slice(0, 120);
  const check = (root: Node) => {
    if (!(root instanceof Element)) return;
    for (const el of [root, ...root.querySelectorAll('*')]) {
      if (el.getAttributeNames().some((a) => a.toLowerCase().startsWith('on')))
        seen.push(`on* attribute: ${outline(el)}`);
      if (el.tagName === 'SCRIPT' && (el.textContent ?? '').includes('__pwned'))
        seen.push(`script: ${outline(el)}`);
      if (el.tagName === 'IMG' && el.getAttribute('src') === 'x') seen.push(`img: ${outline(el)}`);
      for (const attr of ['href', 'src', 'action', 'formaction']) {
        if (/^\s*javascript:/i.test(el.getAttribute(attr) ?? ''))
          seen.push(`javascript: URL: ${outline(el)}`);
      }
    }
  };
  new MutationObserver((records) => {
    for (const record of records) {
      if (record.type === 'attributes') check(record.target);
      for (const node of record.addedNodes) check(node);
    }
  }).observe(document, { childList: true, subtree: true, attributes: true });
  document.addEventListener('securitypolicyviolation', (event) =>
    seen.push(`CSP: ${event.violatedDirective} ${event.sample}`),
  );
}

/** Dialogs (alert, confirm, prompt) and errors of one page, read by each screen's check. */
const troubles = new WeakMap<Page, string[]>();

async function openPage(context: BrowserContext): Promise<Page> {
  const page = await context.newPage();
  const found: string[] = [];
  troubles.set(page, found);
  page.on('dialog', (dialog) => {
    found.push(`dialog (${dialog.type()}): ${dialog.message()}`);
    void dialog.dismiss().catch(() => undefined);
  });
  page.on('pageerror', (error) => found.push(`uncaught: ${error.message}`));
  page.on('console', (message) => {
    if (message.type() !== 'error') return;
    // A 401 or 404 the screen expects logs one too; a stray <img src=x> is caught above.
    if (message.text().startsWith('Failed to load resource')) return;
    found.push(`console.error: ${message.text().split('\n')[0]}`);
  });
  return page;
}

/**
 * The screen as it stands: nothing ran, no element came from a name (now or since the page
 * loaded), no dialog, no error. `screen` names the screen in the failure message.
 */
async function expectInert(page: Page, screen: string): Promise<void> {
  const state = await page.evaluate(() => ({
    pwned: window.__pwned === undefined ? null : String(window.__pwned),
    seen: window.__hostile ?? ['the watcher did not run'],
    now: [
      ...document.querySelectorAll(
        'img[src="x"], svg[onload], [onerror], [onload], a[href^="javascript:" i]',
      ),
    ]
      .concat([...document.scripts].filter((s) => s.text.includes('__pwned')))
      .map((el) => el.outerHTML.slice(0, 120)),
  }));
  const found = troubles.get(page) ?? [];
  expect(
    { pwned: state.pwned, seen: state.seen, now: state.now, troubles: found.splice(0) },
    screen,
  ).toEqual({ pwned: null, seen: [], now: [], troubles: [] });
}

async function text(locator: Locator): Promise<string> {
  return (await locator.textContent()) ?? '';
}

/** Waits until the element's text is exactly `expected` (live screens update by themselves). */
async function waitForText(locator: Locator, expected: string): Promise<void> {
  await expect
    .poll(() => text(locator).catch(() => ''), { timeout: LIVE_TIMEOUT_MS, interval: 100 })
    .toBe(expected);
}

async function closeToasts(page: Page): Promise<void> {
  const close = page.getByRole('region', { name: 'Notifications' }).getByRole('button', {
    name: 'Close',
  });
  while (await close.count()) await close.first().click();
}

/** RFC 4180, enough for the export: quoted fields with "" inside, CRLF between records. */
function parseCsv(csv: string): string[][] {
  const records: string[][] = [];
  let record: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < csv.length; i++) {
    const c = csv[i]!;
    if (quoted) {
      if (c !== '"') field += c;
      else if (csv[i + 1] === '"') {
        field += '"';
        i++;
      } else quoted = false;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      record.push(field);
      field = '';
    } else if (c === '\r' && csv[i + 1] === '\n') {
      record.push(field);
      records.push(record);
      record = [];
      field = '';
      i++;
    } else field += c;
  }
  if (field || record.length) records.push([...record, field]);
  return records;
}

describe.skipIf(!hasChromium)('names that are markup stay text on every screen', () => {
  let priceServer: PriceServer;
  let server: InProcessServer;
  let browser: Browser;
  let dataDir: string;
  const contexts: BrowserContext[] = [];
  let customer: Page;
  let agent: Page;
  let admin: Page;
  let customerId: string;
  let quotedCustomerId: string;
  let agentId: string;
  let sessionId: number;
  let quotedSessionId: number;
  let reference: string;

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'agentchat-e2e-hostile-names-'));
    // The accounts one after the other (one process at a time on the embedded database),
    // meanwhile the price server and the browser.
    [, priceServer, browser] = await Promise.all([
      createAccount(dataDir, ADMIN, true).then(() => createAccount(dataDir, AGENT, false)),
      new PriceServer().start(),
      connectChromium(),
    ]);
    server = await startServer({
      priceApiUrl: priceServer.url,
      env: { DATA_DIR: dataDir },
    });
    const page = async () => {
      const context = await browser.newContext({ viewport: DESKTOP });
      contexts.push(context);
      await context.addInitScript(watchForMarkup);
      return openPage(context);
    };
    customer = await page();
    agent = await page();
    admin = await page();
  });

  afterAll(() => closeAll({ contexts, browser, server, priceServer, dataDir }));

  it('a customer signs in as markup through the development provider and starts a chat', async () => {
    await signInCustomer(customer, server.url, CUSTOMER);
    await customer.getByTestId('choice-bitcoin').waitFor();
    await expectInert(customer, 'customer: trade');

    // Stored as the spec's split, character for character.
    const me = await pageFetch<{ id: string; firstName: string; lastName: string }>(
      customer,
      '/api/auth/user',
    );
    expect(me.status).toBe(200);
    expect([me.body.firstName, me.body.lastName]).toEqual([
      '<img',
      'src=x onerror="window.__pwned=1"> <script>window.__pwned=2</script>',
    ]);
    customerId = me.body.id;

    await customer.getByTestId('choice-bitcoin').click();
    await customer.waitForURL(/\/chat\/\d+$/);
    sessionId = Number(new URL(customer.url()).pathname.split('/').pop());
    const input = customer.getByPlaceholder('Type your message...');
    await input.fill('Hello, I want to sell 0.05 BTC');
    await input.press('Enter');
    await customer.locator('[data-testid="message"][data-state="sent"]').waitFor();
    await expectInert(customer, 'customer: new conversation');

    // The second customer, the way the API tests sign in: the same provider, its form.
    const client = new HttpClient(server.url);
    await client.signInCustomer(QUOTED_CUSTOMER);
    const quoted = await client.json<{ id: number; customerId: string }>('/api/chat-sessions', {
      method: 'POST',
      body: { category: 'usdt' },
    });
    expect(quoted.status).toBe(201);
    ({ id: quotedSessionId, customerId: quotedCustomerId } = quoted.body);
    const sent = await client.json(`/api/chat-sessions/${quotedSessionId}/messages`, {
      method: 'POST',
      body: { clientMessageId: randomUUID(), content: 'USDT rate please' },
    });
    expect(sent.status).toBe(201);
  });

  it("the agent's chat list, conversation and dashboard show the names as text", async () => {
    await logIn(agent, server.url, AGENT);
    await agent.getByRole('heading', { level: 1, name: 'Customer Chats' }).waitFor();
    for (const [id, name] of [
      [sessionId, CUSTOMER.name],
      [quotedSessionId, QUOTED_CUSTOMER.name],
    ] as const) {
      const row = agent.locator(`[data-testid="chat-row"][data-session-id="${id}"]`);
      await waitForText(row.getByTestId('chat-row-name'), name);
      // The status menu's accessible name carries the name too, as plain text (the menu is a
      // chunk of its own, loaded when the row shows it).
      await row.getByRole('button', { name: `Mark Customer As (${name})`, exact: true }).waitFor();
    }
    expect(await agent.getByText(CUSTOMER.name, { exact: true }).count()).toBe(1);
    await expectInert(agent, 'agent: chat list');

    // Searching by the markup itself finds that customer only (the server's search).
    await agent.getByPlaceholder('Search or start a new chat').fill('onerror="window.__pwned=1"');
    await expect
      .poll(() => agent.getByTestId('chat-row').count(), { timeout: LIVE_TIMEOUT_MS })
      .toBe(1);
    expect(await text(agent.getByTestId('chat-row-name'))).toBe(CUSTOMER.name);
    await agent.getByPlaceholder('Search or start a new chat').fill(`O'Neil javascript:`);
    await expect
      .poll(() => text(agent.getByTestId('chat-row-name').first()), { timeout: LIVE_TIMEOUT_MS })
      .toBe(QUOTED_CUSTOMER.name);
    expect(await agent.getByTestId('chat-row').count()).toBe(1);
    await expectInert(agent, 'agent: chat list, searched');

    // The conversation: the customer's name in the header; the agent's reply assigns them.
    await agent.goto(`${server.url}/chat/${sessionId}`);
    await waitForText(agent.getByTestId('chat-title'), CUSTOMER.name);
    const input = agent.getByPlaceholder('Type your message...');
    await input.fill('Good morning! Our BTC rate is ₦157m.');
    await input.press('Enter');
    await agent.locator('[data-testid="message"][data-state="sent"]').waitFor();
    const me = await pageFetch<{ id: string }>(agent, '/api/auth/user');
    agentId = me.body.id;

    // The customer now sees the agent who replied, by first name, and hears it announced.
    await waitForText(customer.getByTestId('chat-title'), `Agent ${AGENT.firstName}`);
    await waitForText(
      customer.getByTestId('announcer'),
      `New message from Agent ${AGENT.firstName}: Good morning! Our BTC rate is ₦157m.`,
    );
    await expectInert(customer, 'customer: conversation with the agent');

    // The customer answers: the agent hears the customer's name announced.
    await customer.getByPlaceholder('Type your message...').fill('Deal');
    await customer.getByPlaceholder('Type your message...').press('Enter');
    await waitForText(agent.getByTestId('announcer'), `New message from ${CUSTOMER.name}: Deal`);
    await expectInert(agent, 'agent: conversation');

    // The customer's list of chats names the agent.
    await customer.goto(`${server.url}/chat`);
    await customer.getByTestId('session-list').waitFor();
    await customer.getByText(`Agent ${AGENT.firstName}`, { exact: true }).waitFor();
    await expectInert(customer, 'customer: chat list');

    // A refund on the chat (the admin's lists show it; trades come only from orders).
    const refund = await pageFetch<{ reference: string }>(agent, '/api/transactions', {
      method: 'POST',
      headers: { 'Idempotency-Key': randomUUID() },
      body: {
        chatSessionId: sessionId,
        customerId,
        type: 'refund',
        amount: '25.50',
        reason: 'Double charge',
      },
    });
    expect(refund.status).toBe(201);
    reference = refund.body.reference;

    // The dashboard numbers customers ("Customer #" and the id's end) rather than naming them.
    await agent.goto(`${server.url}/agent/dashboard`);
    await agent
      .locator(`[data-testid="active-conversation"][data-session-id="${sessionId}"]`)
      .waitFor();
    expect(await text(agent.getByTestId('active-chats-count'))).toBe('2');
    await expectInert(agent, 'agent: dashboard');

    // The customer's trading history: the refund, and nothing from any name.
    await customer.goto(`${server.url}/trading-history`);
    await customer.getByTestId('transaction-card').waitFor();
    await expectInert(customer, 'customer: trading history');
  });

  it("the admin dashboard's users, sessions and transactions show the names as text", async () => {
    await logIn(admin, server.url, ADMIN);
    await admin.goto(`${server.url}/agent/admin?tab=users`);
    await admin.getByRole('heading', { level: 1, name: 'Admin Dashboard' }).waitFor();
    const userRow = (id: string) => admin.locator(`[data-testid="user-row"][data-user-id="${id}"]`);
    for (const [id, name] of [
      [customerId, CUSTOMER.name],
      [quotedCustomerId, QUOTED_CUSTOMER.name],
      [agentId, AGENT_NAME],
    ] as const)
      await waitForText(userRow(id).getByTestId('user-name'), name);
    await expectInert(admin, 'admin: users');

    // Make Agent and back: the toasts name the user, as text.
    const quotedRow = userRow(quotedCustomerId);
    await quotedRow
      .getByRole('button', { name: `Make Agent (${QUOTED_CUSTOMER.name})`, exact: true })
      .click();
    const toasts = admin.getByRole('region', { name: 'Notifications' });
    await toasts.getByText(`${QUOTED_CUSTOMER.name} is now an agent.`, { exact: true }).waitFor();
    await expectInert(admin, 'admin: users, Make Agent toast');
    await closeToasts(admin);
    await quotedRow
      .getByRole('button', { name: `Remove Agent (${QUOTED_CUSTOMER.name})`, exact: true })
      .click();
    await toasts.getByText(`${QUOTED_CUSTOMER.name} is now a customer.`, { exact: true }).waitFor();
    await expectInert(admin, 'admin: users, Remove Agent toast');
    await closeToasts(admin);

    // Search by the markup.
    const search = admin.getByPlaceholder('Search by name or email');
    await search.fill('<script>window.__pwned=');
    await expect
      .poll(() => admin.getByTestId('user-row').count(), { timeout: LIVE_TIMEOUT_MS })
      .toBe(2);
    expect((await admin.getByTestId('user-name').allTextContents()).sort()).toEqual(
      [AGENT_NAME, CUSTOMER.name].sort(),
    );
    await search.fill('');
    await expectInert(admin, 'admin: users, searched');

    await admin.getByRole('tab', { name: 'Sessions' }).click();
    const sessionRow = (id: number) =>
      admin.locator(`[data-testid="session-row"][data-session-id="${id}"]`);
    await waitForText(sessionRow(sessionId).getByTestId('session-customer'), CUSTOMER.name);
    expect(await text(sessionRow(sessionId).getByTestId('session-agent'))).toBe(AGENT_NAME);
    expect(await text(sessionRow(quotedSessionId).getByTestId('session-customer'))).toBe(
      QUOTED_CUSTOMER.name,
    );
    expect(await text(sessionRow(quotedSessionId).getByTestId('session-agent'))).toBe('Unassigned');
    await expectInert(admin, 'admin: sessions');

    await admin.getByRole('tab', { name: 'Transactions' }).click();
    const transaction = admin.locator(
      `[data-testid="transaction-row"][data-reference="${reference}"]`,
    );
    await transaction.waitFor();
    // "{customer} · {reference}"
    expect(await text(transaction.getByText(reference, { exact: true }).locator('..'))).toBe(
      `${CUSTOMER.name} · ${reference}`,
    );
    await expectInert(admin, 'admin: transactions');
  });

  it('agent management shows the names as text, and a new agent made there stays text', async () => {
    await admin.goto(`${server.url}/agent/management`);
    await admin.getByRole('heading', { name: /Active Agents/ }).waitFor();
    const rows = admin.getByTestId('agent-row');
    await rows.getByText(AGENT_NAME, { exact: true }).waitFor();
    await expectInert(admin, 'admin: agent management');

    await admin.getByRole('button', { name: 'Create New Agent' }).click();
    const dialog = admin.getByRole('dialog', { name: 'Create New Agent' });
    await dialog.getByLabel('First Name').fill(NEW_AGENT.firstName);
    await dialog.getByLabel('Last Name').fill(NEW_AGENT.lastName);
    await dialog.getByLabel('Email Address').fill(NEW_AGENT.email);
    await dialog.getByLabel('Password', { exact: true }).fill(NEW_AGENT.password);
    await dialog.getByRole('button', { name: 'Create Agent' }).click();
    await admin
      .getByRole('region', { name: 'Notifications' })
      .getByText(`${NEW_AGENT_NAME} can now sign in at /agent/login.`, { exact: true })
      .waitFor();
    await rows.getByText(NEW_AGENT_NAME, { exact: true }).waitFor();
    await expectInert(admin, 'admin: agent management, new agent');
    await closeToasts(admin);
  });

  it('the audit log export carries the names as CSV text, downloaded, never shown as a page', async () => {
    await admin.goto(`${server.url}/agent/admin`);
    await admin.getByRole('heading', { level: 1, name: 'Admin Dashboard' }).waitFor();
    const link = admin.getByRole('link', { name: 'Export audit log (CSV)' });
    const href = (await link.getAttribute('href'))!;

    const response = await admin.evaluate(async (url) => {
      const r = await fetch(url);
      return {
        status: r.status,
        type: r.headers.get('content-type'),
        disposition: r.headers.get('content-disposition'),
        nosniff: r.headers.get('x-content-type-options'),
        body: await r.text(),
      };
    }, href);
    expect(response.status).toBe(200);
    expect(response.type).toMatch(/^text\/csv/);
    expect(response.disposition).toMatch(/^attachment; filename="audit-log-.*\.csv"$/);
    expect(response.nosniff).toBe('nosniff');

    const [header, ...records] = parseCsv(response.body);
    expect(header).toEqual([
      'id',
      'created_at',
      'actor_id',
      'actor_email',
      'action',
      'entity_type',
      'entity_id',
      'before',
      'after',
    ]);
    const created = records
      .filter((r) => r[4] === 'agent.create')
      .map((r) => JSON.parse(r[8]!) as { firstName: string; lastName: string });
    expect(created.map((a) => [a.firstName, a.lastName])).toEqual([
      [AGENT.firstName, AGENT.lastName],
      [NEW_AGENT.firstName, NEW_AGENT.lastName],
    ]);
    // Nothing a spreadsheet would run: no cell starts with = + @ (or - unless a number).
    for (const cell of records.flat())
      expect(/^[=+@\t\r]/.test(cell) || /^-(?!\d+(\.\d+)?$)/.test(cell), cell).toBe(false);

    // Following the link downloads the file; the page stays where it was.
    const before = admin.url();
    const [download] = await Promise.all([admin.waitForEvent('download'), link.click()]);
    expect(download.suggestedFilename()).toMatch(/^audit-log-.*\.csv$/);
    // Read through playwright: the browser is a shared one, its files not ours to open.
    const chunks: Buffer[] = [];
    for await (const chunk of await download.createReadStream()) chunks.push(chunk as Buffer);
    expect(Buffer.concat(chunks).toString('utf8')).toBe(response.body);
    expect(admin.url()).toBe(before);
    await expectInert(admin, 'admin: audit log export');
  });
});
