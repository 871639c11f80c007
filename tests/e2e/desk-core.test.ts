import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount } from '../support/agent-accounts';
import {
  CHROMIUM_MISSING,
  connectChromium,
  hasChromium,
  DESKTOP,
  PHONE,
  screenshot,
  startServer,
} from '../support/e2e';
import { PriceServer } from '../support/price-server';
import type { InProcessServer } from '../support/in-process-server';

if (!hasChromium) console.warn(CHROMIUM_MISSING);

const ADA = {
  email: 'ada.agent@example.com',
  password: 'a long agent password',
  firstName: 'Ada',
  lastName: 'Eze',
};
const BOLA = {
  email: 'bola.agent@example.com',
  password: 'a long agent password',
  firstName: 'Bola',
  lastName: 'Okafor',
};

async function agentLogin(page: Page, url: string, account: typeof ADA): Promise<void> {
  await page.goto(`${url}/`);
  const status = await page.evaluate(
    async (body) => {
      const response = await fetch('/api/agent/login', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      return response.status;
    },
    { username: account.email, password: account.password },
  );
  expect(status).toBe(200);
}

describe.skipIf(!hasChromium)('the desk: availability, assignment and locked chats', () => {
  let priceServer: PriceServer;
  let server: InProcessServer;
  let browser: Browser;
  let dataDir: string;
  const contexts: BrowserContext[] = [];

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'agentchat-e2e-desk-'));
    await createAccount(dataDir, ADA, false);
    await createAccount(dataDir, BOLA, false);
    priceServer = await new PriceServer().start();
    server = await startServer({ priceApiUrl: priceServer.url, env: { DATA_DIR: dataDir } });
    browser = await connectChromium();
  });

  afterAll(async () => {
    for (const context of contexts) await context.close().catch(() => undefined);
    await browser?.close();
    await server?.stop();
    await priceServer?.stop();
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it(
    'Break, a chat assigned on arrival, the holder’s actions and the locked view',
    { timeout: 180_000 },
    async () => {
      const adaContext = await browser.newContext({ viewport: DESKTOP });
      const bolaContext = await browser.newContext({ viewport: DESKTOP });
      const customerContext = await browser.newContext({ viewport: PHONE });
      contexts.push(adaContext, bolaContext, customerContext);
      const ada = await adaContext.newPage();
      const bola = await bolaContext.newPage();
      const customer = await customerContext.newPage();

      // Ada's dashboard: her socket makes her Online; Break toggles.
      await agentLogin(ada, server.url, ADA);
      await ada.goto(`${server.url}/agent/dashboard`);
      const breakButton = ada.getByRole('button', { name: 'Break' });
      await breakButton.waitFor();
      await ada.waitForFunction(() => {
        const b = [...document.querySelectorAll('button')].find((x) => x.textContent === 'Break');
        return b?.getAttribute('aria-pressed') === 'false' && !b.disabled;
      });
      await breakButton.click();
      await ada.locator('button[aria-pressed="true"]').waitFor();
      await screenshot(ada, 'desk-break-on-1280x800');
      await breakButton.click();
      await ada.locator('button[aria-pressed="false"]', { hasText: 'Break' }).waitFor();

      // Bola goes on Break before any chat arrives: the chat goes to Ada, who is Online.
      await agentLogin(bola, server.url, BOLA);
      expect(
        await bola.evaluate(async () => {
          const r = await fetch('/api/availability/me', {
            method: 'PUT',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({ state: 'break' }),
          });
          return r.status;
        }),
      ).toBe(200);

      await customer.goto(`${server.url}/trade`);
      await customer.getByRole('heading', { name: 'Development sign-in' }).waitFor();
      await customer.getByLabel('Full name').fill('Chioma Nwosu');
      await customer.getByLabel('Email').fill('chioma@example.com');
      await customer.getByRole('button', { name: 'Continue' }).click();
      await customer.waitForURL(`${server.url}/trade`);
      await customer.getByTestId('choice-bitcoin').click();
      await customer.waitForURL(/\/chat\/\d+$/);
      const sessionId = Number(new URL(customer.url()).pathname.split('/').pop());
      await customer
        .getByTestId('desk-status')
        .filter({ hasText: 'Bitcoin desk online · typically replies in —' })
        .waitFor();
      await screenshot(customer, 'desk-customer-header-360x740');

      // Ada holds it: Transfer and Resolve; the picker lists Bola.
      await ada.goto(`${server.url}/chat/${sessionId}`);
      await ada.getByText('Assigned to you').waitFor();
      await ada.getByRole('button', { name: 'Transfer' }).click();
      await ada.getByRole('option', { name: /Bola Okafor · Break/ }).waitFor({ state: 'attached' });
      await screenshot(ada, 'desk-conversation-actions-1280x800');
      await ada.getByRole('button', { name: 'Cancel' }).click();

      // Bola sees it locked, read-only.
      await bola.goto(`${server.url}/chat/${sessionId}`);
      await bola.getByText('Locked: assigned to Ada Eze').waitFor();
      await bola.getByText('Read-only: this chat is assigned to another agent.').waitFor();
      await screenshot(bola, 'desk-locked-1280x800');
      await bola.setViewportSize(PHONE);
      await screenshot(bola, 'desk-locked-360x740');

      // Ada resolves it; the customer writes and it comes back to her.
      await ada.getByRole('button', { name: 'Resolve' }).click();
      await ada.getByText('This conversation is resolved. Reopen it to reply.').waitFor();
      await screenshot(ada, 'desk-resolved-1280x800');
      const input = customer.getByPlaceholder(/message/i).first();
      await input.fill('One more question');
      await input.press('Enter');
      await ada.getByText('Assigned to you').waitFor();
    },
  );
});
