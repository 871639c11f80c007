import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CHROMIUM_MISSING,
  closeAll,
  connectChromium,
  DESKTOP,
  hasChromium,
  PHONE,
  screenshots,
  startServer,
} from '../support/e2e';
import { createAccount } from '../support/agent-accounts';
import { PriceServer } from '../support/price-server';
import { RECEIPT_A, bankReceiptScreenshot, reusedCopies } from '../support/screenshots';
import type { InProcessServer } from '../support/in-process-server';

if (!hasChromium) console.warn(CHROMIUM_MISSING);

const AGENT = {
  email: 'tobi.agent@example.com',
  password: 'a long agent password',
  firstName: 'Tobi',
  lastName: 'Ade',
};

describe.skipIf(!hasChromium)('a reused proof image, in real browsers', () => {
  let priceServer: PriceServer;
  let server: InProcessServer;
  let browser: Browser;
  let dataDir: string;
  const contexts: BrowserContext[] = [];

  beforeAll(async () => {
    priceServer = await new PriceServer().start();
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'agentchat-e2e-seen-'));
    await createAccount(dataDir, AGENT, false);
    server = await startServer({ priceApiUrl: priceServer.url, env: { DATA_DIR: dataDir } });
    browser = await connectChromium();
  });

  afterAll(() => closeAll({ contexts, browser, server, priceServer, dataDir }));

  async function page(viewport: typeof PHONE): Promise<Page> {
    const context = await browser.newContext({ viewport });
    contexts.push(context);
    return context.newPage();
  }

  /** Signs a customer in (development sign-in) and opens a Bitcoin chat: its id. */
  async function customerChat(customer: Page, name: string, email: string): Promise<number> {
    await customer.goto(`${server.url}/trade`);
    await customer.getByLabel('Full name').fill(name);
    await customer.getByLabel('Email').fill(email);
    await customer.getByRole('button', { name: 'Continue' }).click();
    await customer.waitForURL(`${server.url}/trade`);
    await customer.getByTestId('choice-bitcoin').click();
    await customer.waitForURL(/\/chat\/\d+$/);
    return Number(new URL(customer.url()).pathname.split('/').pop());
  }

  async function sendImage(
    customer: Page,
    file: { name: string; mimeType: string; buffer: Buffer },
  ) {
    const before = await customer
      .locator('[data-state="sent"] [data-testid="message-image"]')
      .count();
    await customer.getByTestId('attach-input').setInputFiles(file);
    const picker = customer.getByRole('dialog', { name: 'Send image' });
    await picker.getByRole('button', { name: 'Send image' }).click();
    await picker.waitFor({ state: 'hidden' });
    await customer
      .locator('[data-state="sent"] [data-testid="message-image"]')
      .nth(before)
      .waitFor();
  }

  it(
    "the agent sees another customer's screenshot flagged live; the customer sees no flag",
    { timeout: 180_000 },
    async () => {
      const first = await page(PHONE);
      const second = await page(PHONE);
      const agent = await page(DESKTOP);
      const original = await bankReceiptScreenshot(RECEIPT_A);
      const firstChat = await customerChat(first, 'Ada Obi', 'ada@example.com');
      await sendImage(first, { name: 'receipt.png', mimeType: 'image/png', buffer: original });
      const secondChat = await customerChat(second, 'Bola Ige', 'bola@example.com');

      // The agent has the second chat open before the copy arrives.
      await agent.goto(`${server.url}/`);
      const login = await agent.evaluate(
        async ({ email, password }) =>
          (
            await fetch('/api/agent/login', {
              method: 'POST',
              headers: { 'content-type': 'application/json' },
              body: JSON.stringify({ username: email, password }),
            })
          ).status,
        { email: AGENT.email, password: AGENT.password },
      );
      expect(login).toBe(200);
      await agent.goto(`${server.url}/chat/${secondChat}`);
      await agent.getByTestId('chat-title').getByText('Bola Ige').waitFor();

      const copy = (await reusedCopies(original))['cropped 3 %, halved and re-encoded as JPEG']!;
      await sendImage(second, { name: 'my-receipt.jpg', mimeType: 'image/jpeg', buffer: copy });

      const note = agent.getByTestId('image-seen-before');
      await note.waitFor();
      expect(await note.textContent()).toMatch(
        new RegExp(
          `^This image was seen before in chat #${firstChat} on \\d{1,2} \\w{3} \\d{4}, \\d{2}:\\d{2}$`,
        ),
      );
      expect(await note.getByRole('link').getAttribute('href')).toBe(`/chat/${firstChat}`);
      await screenshots(agent, 'chat-agent-image-seen-before', { noSidewaysScroll: true });

      // The customer's own chat, reloaded from the server, has the image and no flag.
      await second.reload();
      await second.locator('[data-testid="message-image"]').waitFor();
      expect(await second.getByTestId('image-seen-before').count()).toBe(0);
      expect(await second.content()).not.toContain('seen before');
      await screenshots(second, 'chat-customer-image-unflagged');
    },
  );
});
