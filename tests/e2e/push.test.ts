import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser, BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  AGENT_PUSH_PROMPT_TEXT,
  PUSH_PROMPT_TEXT,
  type PushPayload,
} from '../../src/shared/api/push';
import { createAccount, logIn } from '../support/agent-accounts';
import {
  CHROMIUM_MISSING,
  connectChromium,
  hasChromium,
  PHONE,
  screenshots,
  startServer,
} from '../support/e2e';
import { PriceServer } from '../support/price-server';
import type { InProcessServer } from '../support/in-process-server';

if (!hasChromium) console.warn(CHROMIUM_MISSING);

const AGENT = {
  email: 'push-agent@example.com',
  password: 'push-agent-password-1',
  firstName: 'Push',
  lastName: 'Agent',
};

describe.skipIf(!hasChromium)('Web Push in Chromium', () => {
  let priceServer: PriceServer;
  let server: InProcessServer;
  let browser: Browser;
  let context: BrowserContext;
  let dataDir: string;

  beforeAll(async () => {
    priceServer = await new PriceServer().start();
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'agentchat-e2e-push-'));
    await createAccount(dataDir, AGENT, false);
    server = await startServer({ priceApiUrl: priceServer.url, env: { DATA_DIR: dataDir } });
    // Notifications and Web Push: only the whole browser has them.
    browser = await connectChromium({ full: true });
  });

  afterAll(async () => {
    await context?.close().catch(() => undefined);
    await browser?.close();
    await server?.stop();
    await priceServer?.stop();
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it(
    'offers notifications after the first message, and the service worker shows a push',
    { timeout: 120_000 },
    async () => {
      context = await browser.newContext({ viewport: PHONE });
      const page = await context.newPage();
      await page.goto(`${server.url}/trade`);
      await page.getByRole('heading', { name: 'Development sign-in' }).waitFor();
      await page.getByLabel('Full name').fill('Push Customer');
      await page.getByLabel('Email').fill('push-customer@example.com');
      await page.getByRole('button', { name: 'Continue' }).click();
      await page.waitForURL(`${server.url}/trade`);
      await page.getByTestId('choice-bitcoin').click();
      await page.waitForURL(/\/chat\/\d+$/);
      const chatPath = new URL(page.url()).pathname;

      // No offer before the customer has said anything.
      await page.getByTestId('welcome').waitFor();
      expect(await page.getByText(PUSH_PROMPT_TEXT).count()).toBe(0);
      const input = page.getByPlaceholder('Type your message...');
      await input.fill('Hello, I want to sell 0.05 BTC');
      await input.press('Enter');
      await page.locator('[data-testid="message"][data-state="sent"]').waitFor();
      await page.getByText(PUSH_PROMPT_TEXT).waitFor();
      await screenshots(page, 'push-prompt', { folder: 'push' });

      // The app's worker, as the server's push would reach it (DevTools' "Push" does the same).
      await context.grantPermissions(['notifications'], { origin: server.url });
      const cdp = await context.newCDPSession(page);
      const registrationId = new Promise<string>((resolve) => {
        cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
          const ours = registrations.find((r) => r.scopeURL === `${server.url}/` && !r.isDeleted);
          if (ours) resolve(ours.registrationId);
        });
      });
      await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
      await cdp.send('ServiceWorker.enable');
      const payload: PushPayload = {
        title: 'AgentChat: your agent replied',
        body: 'Send it to the address below',
        url: chatPath,
        tag: 'chat-e2e',
      };
      await cdp.send('ServiceWorker.deliverPushMessage', {
        origin: server.url,
        registrationId: await registrationId,
        data: JSON.stringify(payload),
      });
      // Shown once the worker has handled the push: polled, as nothing in the page announces it.
      await expect
        .poll(
          () =>
            page.evaluate(async () => {
              const registration = await navigator.serviceWorker.ready;
              const [shown] = await registration.getNotifications({ tag: 'chat-e2e' });
              return shown ? { title: shown.title, body: shown.body, data: shown.data } : null;
            }),
          { timeout: 10_000 },
        )
        .toEqual({ title: payload.title, body: payload.body, data: { url: chatPath } });
    },
  );

  it('offers agents notifications of new chats in the inbox, until they say not now', async () => {
    const agentContext = await browser.newContext({ viewport: PHONE });
    try {
      const page = await agentContext.newPage();
      await logIn(page, server.url, AGENT);
      await page.getByText(AGENT_PUSH_PROMPT_TEXT).waitFor();
      await screenshots(page, 'agent-push-prompt', { folder: 'push' });
      await page.getByRole('button', { name: 'Not now' }).click();
      await page.getByText(AGENT_PUSH_PROMPT_TEXT).waitFor({ state: 'detached' });
      await page.reload();
      await page
        .getByRole('heading', { name: 'Chat list' })
        .or(page.getByLabel('Chat list'))
        .first()
        .waitFor();
      expect(await page.getByText(AGENT_PUSH_PROMPT_TEXT).count()).toBe(0);
    } finally {
      await agentContext.close();
    }
  });
});
