import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AGENT_SERVICE_CSV_HEADER } from '../../src/shared/api/service-metrics';
import { formatSeconds } from '../../src/web/features/service-metrics/lib/format-seconds';
import { createAccount } from '../support/agent-accounts';
import {
  CHROMIUM_MISSING,
  connectChromium,
  hasChromium,
  DESKTOP,
  screenshots,
  startServer,
} from '../support/e2e';
import { HttpClient } from '../support/http-client';
import { PriceServer } from '../support/price-server';

if (!hasChromium) console.warn(CHROMIUM_MISSING);

const AGENT = {
  email: 'kemi.agent@example.com',
  password: 'a long agent password',
  firstName: 'Kemi',
  lastName: 'Agent',
};
const ADMIN = {
  email: 'femi.admin@example.com',
  password: 'a long admin password',
  firstName: 'Femi',
  lastName: 'Admin',
};

async function signIn(page: Page, baseUrl: string, account: typeof AGENT): Promise<void> {
  await page.goto(`${baseUrl}/`);
  const status = await page.evaluate(
    async (body) =>
      (
        await fetch('/api/agent/login', {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(body),
        })
      ).status,
    { username: account.email, password: account.password },
  );
  expect(status).toBe(200);
}

/** A staff message from the signed-in page: its stored time. */
async function reply(page: Page, chatSessionId: number, content: string): Promise<string> {
  const sent = await page.evaluate(
    async ({ id, body }) => {
      const response = await fetch(`/api/chat-sessions/${id}/messages`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      return { status: response.status, json: (await response.json()) as { createdAt: string } };
    },
    { id: chatSessionId, body: { clientMessageId: crypto.randomUUID(), content } },
  );
  expect(sent.status).toBe(201);
  return sent.json.createdAt;
}

/** The signed-in agent resolves a chat (the lifecycle's step). */
async function resolve(page: Page, chatSessionId: number): Promise<void> {
  const status = await page.evaluate(
    async (id) =>
      (
        await fetch(`/api/chat-sessions/${id}/resolve`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: '{}',
        })
      ).status,
    chatSessionId,
  );
  expect(status).toBe(200);
}

/** A customer with a Bitcoin chat, who wrote once: the chat and the message's stored time. */
async function customerWrites(
  baseUrl: string,
  profile: { name: string; email: string },
): Promise<{ client: HttpClient; id: number; at: string }> {
  const client = new HttpClient(baseUrl);
  await client.signInCustomer(profile);
  const created = await client.json<{ id: number }>('/api/chat-sessions', {
    method: 'POST',
    body: { category: 'bitcoin' },
  });
  expect(created.status).toBe(201);
  const sent = await client.json<{ createdAt: string }>(
    `/api/chat-sessions/${created.body.id}/messages`,
    { method: 'POST', body: { clientMessageId: randomUUID(), content: 'Rate for 0.02 BTC?' } },
  );
  expect(sent.status).toBe(201);
  return { client, id: created.body.id, at: sent.body.createdAt };
}

const seconds = (from: string, to: string) =>
  Math.round((Date.parse(to) - Date.parse(from)) / 1000);

describe.skipIf(!hasChromium)('measured service: the waiting colours and the Agents tab', () => {
  let priceServer: PriceServer;
  let server: Awaited<ReturnType<typeof startServer>>;
  let browser: Browser;
  let dataDir: string;
  let agentContext: BrowserContext;
  let agentPage: Page;
  /** The waits the agent's first responses ended, in whole seconds. */
  const waits: number[] = [];
  let adaChat: { client: HttpClient; id: number };

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'agentchat-e2e-metrics-'));
    await createAccount(dataDir, AGENT, false);
    await createAccount(dataDir, ADMIN, true);
    priceServer = await new PriceServer().start();
    server = await startServer({
      priceApiUrl: priceServer.url,
      // Amber from 1 min, red from 2 min.
      env: { DATA_DIR: dataDir, FIRST_RESPONSE_TARGET_MINUTES: '2' },
    });
    browser = await connectChromium();
    agentContext = await browser.newContext({ viewport: DESKTOP });
    agentPage = await agentContext.newPage();
    await signIn(agentPage, server.url, AGENT);
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    await priceServer?.stop();
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('turns a waiting chat amber, then red, in words too, and clears it when the agent replies', async () => {
    const page = agentPage;
    // The page's clock runs on, and jumps ahead when told: minutes of waiting in no time.
    await page.clock.install();
    await page.goto(`${server.url}/agent/chats`);
    await page.getByRole('heading', { level: 1, name: 'Customer Chats' }).waitFor();
    await page.getByTestId('connection-state').getByText('Online').waitFor();

    const ada = await customerWrites(server.url, { name: 'Ada Obi', email: 'ada@example.com' });
    const row = page.locator(`[data-testid="chat-row"][data-session-id="${ada.id}"]`);
    await row.getByTestId('chat-row-preview').getByText('Rate for 0.02 BTC?').waitFor();
    expect(await row.getByTestId('chat-row-wait').count()).toBe(0);

    await page.clock.fastForward('01:01');
    const badge = row.getByTestId('chat-row-wait');
    await badge.getByText('Waiting over 1 min').waitFor();
    expect(await badge.getAttribute('data-level')).toBe('amber');
    await screenshots(page, 'service-metrics-chat-amber');

    await page.clock.fastForward('01:00');
    await badge.getByText('Waiting over 2 min').waitFor();
    expect(await badge.getAttribute('data-level')).toBe('red');
    await screenshots(page, 'service-metrics-chat-red');

    adaChat = ada;
    const answered = await reply(page, ada.id, 'Good afternoon, Ada');
    waits.push(seconds(ada.at, answered));
    await badge.waitFor({ state: 'detached' });
  });

  it("gives the admin the Agents tab for today and its CSV, with the agent's figures", async () => {
    // A second chat, answered after a wait of its own. (The agent's own dashboard shows these
    // figures in inbox-day.test.ts.)
    const bayo = await customerWrites(server.url, {
      name: 'Bayo Ade',
      email: 'bayo@example.com',
    });
    const answered = await reply(agentPage, bayo.id, 'Hello Bayo');
    waits.push(seconds(bayo.at, answered));
    // Ada's chat is resolved; her thanks reopens it, and it still counts as resolved today.
    await resolve(agentPage, adaChat.id);
    const thanks = await adaChat.client.json(`/api/chat-sessions/${adaChat.id}/messages`, {
      method: 'POST',
      body: { clientMessageId: randomUUID(), content: 'Thank you!' },
    });
    expect(thanks.status).toBe(201);

    const context = await browser.newContext({ viewport: DESKTOP });
    const page = await context.newPage();
    await signIn(page, server.url, ADMIN);
    await page.goto(`${server.url}/admin-dashboard?tab=agents`);
    const list = page.getByTestId('agents-list');
    const row = list.locator('[data-testid="agent-service-row"]', { hasText: 'Kemi Agent' });
    await row.waitFor();
    expect(await page.getByTestId('agents-period').textContent()).toMatch(
      /^Today\d{1,2} \w{3} \d{4}, Lagos time$/,
    );
    expect(await row.getByTestId('agent-chats').textContent()).toBe('2');
    const median = Math.round(waits.reduce((a, b) => a + b, 0) / 2);
    expect(await row.getByTestId('agent-first-response').textContent()).toBe(
      `${formatSeconds(median)}of 2`,
    );
    expect(await row.getByTestId('agent-resolved').textContent()).toBe('1');
    expect(await row.getByTestId('agent-volume').textContent()).toBe('₦0.00');
    await screenshots(page, 'service-metrics-admin-agents', { shots: 'page' });

    await list.getByRole('button', { name: '7 days' }).click();
    await page.getByTestId('agents-period').getByText('Last 7 days').waitFor();
    const csvHref = await list
      .getByRole('link', { name: 'Export agents (CSV)' })
      .getAttribute('href');
    expect(csvHref).toBe('/api/service-metrics/agents.csv?period=7d');
    const csv = await page.evaluate(async (href) => (await fetch(href)).text(), csvHref!);
    const [header, ...lines] = csv.trimEnd().split('\r\n');
    expect(header).toBe(AGENT_SERVICE_CSV_HEADER.join(','));
    const kemi = lines.find((l) => l.includes('Kemi Agent'))!.split(',');
    expect(kemi[5]).toBe('2');
    expect(kemi[6]).toBe('2');
    expect(kemi[7]).toBe(String(median));
    await context.close();
  });
});
