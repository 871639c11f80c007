import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount } from '../support/agent-accounts';
import {
  CHROMIUM_MISSING,
  closeAll,
  connectChromium,
  DESKTOP,
  expectNoAxeViolations,
  hasChromium,
  PHONE,
  screenshot,
  screenshots,
  signInCustomer,
  startServer,
} from '../support/e2e';
import { PriceServer } from '../support/price-server';
import type { InProcessServer } from '../support/in-process-server';

if (!hasChromium) console.warn(CHROMIUM_MISSING);

const AGENT = {
  email: 'kemi.agent@example.com',
  password: 'a long agent password',
  firstName: 'Kemi',
  lastName: 'Adeyemi',
};
const CUSTOMER = { name: 'Chidi Okafor', email: 'chidi@example.com' };
const CAPTION = 'My wallet: 0.05 BTC sent';
const SENTINEL = 'Thank you, the naira is on its way.';

/** A small real PNG (the server checks the type from the bytes): a green and gold card. */
function makePng(width: number, height: number): Buffer {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc32 = (data: Buffer) => {
    let c = 0xffffffff;
    for (const byte of data) c = crcTable[(c ^ byte) & 0xff]! ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // truecolour RGB
  const rows: Buffer[] = [];
  for (let y = 0; y < height; y++) {
    const row = Buffer.alloc(1 + width * 3);
    for (let x = 0; x < width; x++) {
      const band = y > height * 0.35 && y < height * 0.5 && x > width * 0.1 && x < width * 0.9;
      const [r, g, b] = band ? [251, 210, 122] : [17, 99 + Math.round((y / height) * 40), 82];
      row.set([r, g, b], 1 + x * 3);
    }
    rows.push(row);
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', zlib.deflateSync(Buffer.concat(rows))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

interface Bubble {
  side: string;
  state: string | null;
  text: string | null;
  image: boolean;
}

/** Every bubble on the page, in order. */
function bubbles(page: Page): Promise<Bubble[]> {
  return page.$$eval('[data-testid="message"]', (items) =>
    items.map((item) => ({
      side: item.getAttribute('data-side') ?? '',
      state: item.getAttribute('data-state'),
      text: item.querySelector('[data-testid="message-text"]')?.textContent ?? null,
      image: item.querySelector('[data-testid="message-image"]') !== null,
    })),
  );
}

/** The conversation as one side sees it: who said what, in order. */
async function transcript(page: Page): Promise<string[]> {
  return (await bubbles(page)).map(
    (b) => `${b.side}: ${b.image ? '[screenshot]' : ''}${b.text ?? ''}`,
  );
}

async function sendText(page: Page, text: string): Promise<void> {
  const input = page.getByPlaceholder('Type your message...');
  await input.fill(text);
  await input.press('Enter');
}

/** Sends and waits until the server has it (the composer takes one message at a time). */
async function sendAndWait(page: Page, text: string): Promise<void> {
  await sendText(page, text);
  await page
    .locator('[data-testid="message"][data-state="sent"]', { hasText: text })
    .waitFor({ timeout: 10_000 });
}

describe.skipIf(!hasChromium)('customer and agent chat in real browsers', () => {
  let priceServer: PriceServer;
  let server: InProcessServer;
  let browser: Browser;
  let dataDir: string;
  const contexts: BrowserContext[] = [];

  beforeAll(async () => {
    priceServer = await new PriceServer().start();
    // The agent account goes into the database before the app starts (the embedded database
    // allows one process at a time), through agent:create's own use case; the command itself
    // (its process, on an empty folder) is tests/cli/agent-create.test.ts's: starting it here
    // with tsx on an empty folder cost about 6 CPU-seconds.
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'agentchat-e2e-chat-'));
    await createAccount(dataDir, AGENT, false);
    server = await startServer({
      priceApiUrl: priceServer.url,
      env: { DATA_DIR: dataDir },
    });
    browser = await connectChromium();
  });

  afterAll(() => closeAll({ contexts, browser, server, priceServer, dataDir }));

  it(
    'a customer and an agent chat live, with a screenshot, and lose nothing across a network cut',
    { timeout: 180_000 },
    async () => {
      const customerContext = await browser.newContext({ viewport: PHONE });
      const agentContext = await browser.newContext({ viewport: DESKTOP });
      contexts.push(customerContext, agentContext);
      const customer = await customerContext.newPage();
      const agent = await agentContext.newPage();

      // A visitor is sent to sign in (the development OpenID provider) and comes back.
      await signInCustomer(customer, server.url, CUSTOMER);

      // The choice.
      const bitcoin = customer.getByTestId('choice-bitcoin');
      await bitcoin.waitFor();
      expect(await bitcoin.textContent()).toContain('Bitcoin Trading');
      expect(await customer.getByTestId('choice-usdt').textContent()).toContain('USDT Trading');
      await customer.getByText('No conversations yet').waitFor();
      await screenshots(customer, 'chat-choice');
      await expectNoAxeViolations(customer);

      await bitcoin.click();
      await customer.waitForURL(/\/chat\/\d+$/);
      const sessionId = Number(new URL(customer.url()).pathname.split('/').pop());
      await customer.getByTestId('welcome').waitFor();
      expect(await customer.getByTestId('chat-title').textContent()).toBe('Bitcoin desk');
      // The desk's real availability and typical reply time (ADR 018), not a made-up agent.
      await customer
        .getByTestId('desk-status')
        .filter({ hasText: /Bitcoin desk (online|offline) · typically replies in (—|\d+ min)/ })
        .waitFor();
      await screenshots(customer, 'chat-empty');

      // A text, then a screenshot.
      await sendAndWait(customer, 'Hello, I want to sell 0.05 BTC');
      // It is shown before it goes, with a caption; the chat shows the server's 480 px
      // thumbnail of the 1200 px image.
      await customer.getByTestId('attach-input').setInputFiles({
        name: 'wallet.png',
        mimeType: 'image/png',
        buffer: makePng(1200, 750),
      });
      const picker = customer.getByRole('dialog', { name: 'Send image' });
      await picker.waitFor();
      await customer.waitForFunction(
        () =>
          document.querySelector<HTMLImageElement>('[data-testid="image-preview"]')
            ?.naturalWidth === 1200,
      );
      await picker.getByLabel('Caption (optional)').fill(CAPTION);
      await screenshot(customer, 'chat-image-preview-360x740');
      await expectNoAxeViolations(customer);
      await picker.getByRole('button', { name: 'Send image' }).click();
      await picker.waitFor({ state: 'hidden' });
      await customer.locator('[data-state="sent"] [data-testid="message-image"]').waitFor();
      await customer.waitForFunction(() => {
        const img = document.querySelector<HTMLImageElement>(
          '[data-state="sent"] [data-testid="message-image"]',
        );
        return img?.complete && img.naturalWidth === 480;
      });
      expect(
        await customer
          .locator('[data-state="sent"] [data-testid="message-image"]')
          .getAttribute('src'),
      ).toMatch(/^\/api\/attachments\/\d+\/thumbnail$/);

      // An image the server cannot decode says why, offers no Retry, and can be removed.
      const png = makePng(64, 64);
      const idat = png.indexOf('IDAT');
      await customer.getByTestId('attach-input').setInputFiles({
        name: 'broken.png',
        mimeType: 'image/png',
        buffer: Buffer.concat([png.subarray(0, idat + 4), Buffer.alloc(png.length - idat - 4, 7)]),
      });
      await picker.getByRole('button', { name: 'Send image' }).click();
      const refused = customer.locator('[data-testid="message"][data-state="failed"]');
      await refused
        .getByText('Not sent: This image is damaged or incomplete and cannot be sent')
        .waitFor();
      expect(await refused.getByRole('button', { name: 'Retry' }).count()).toBe(0);
      await screenshot(customer, 'chat-image-refused-360x740');
      await refused.getByRole('button', { name: 'Remove' }).click();
      await refused.waitFor({ state: 'detached' });

      // The agent signs in (POST /api/agent/login from its page) and opens the chat.
      await agent.goto(`${server.url}/`);
      const login = await agent.evaluate(
        async ({ email, password }) => {
          const response = await fetch('/api/agent/login', {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({ username: email, password }),
          });
          return response.status;
        },
        { email: AGENT.email, password: AGENT.password },
      );
      expect(login).toBe(200);
      await agent.goto(`${server.url}/chat/${sessionId}`);
      await agent
        .getByTestId('message-text')
        .filter({ hasText: 'Hello, I want to sell 0.05 BTC' })
        .waitFor();
      expect(await agent.getByTestId('chat-title').textContent()).toBe(CUSTOMER.name);
      expect(await agent.getByTestId('customer-status').textContent()).toBe('Active');
      await agent.locator('[data-testid="message-image"]').waitFor();
      await agent.waitForFunction(
        () =>
          document.querySelector<HTMLImageElement>('[data-testid="message-image"]')
            ?.naturalWidth === 480,
      );
      await agent.getByTestId('message-text').filter({ hasText: CAPTION }).waitFor();
      // The agent opens it: the full image, 1200 px wide.
      await agent.getByRole('button', { name: 'Open screenshot full size' }).click();
      const agentViewer = agent.getByRole('dialog', { name: 'Screenshot' });
      await agentViewer.waitFor();
      await agent.waitForFunction(() => {
        const img = document.querySelector<HTMLImageElement>('[data-testid="full-image"]');
        return img?.complete && img.naturalWidth === 1200;
      });
      await screenshot(agent, 'chat-agent-image-1280x800');
      await agent.keyboard.press('Escape');
      await agentViewer.waitFor({ state: 'hidden' });

      // The agent replies; the customer sees it without reloading, and their header now
      // names the agent who replied.
      const reply = 'Hi Chidi, our rate is ₦1,550/USD. Please confirm.';
      await sendAndWait(agent, reply);
      await customer.getByTestId('message-text').filter({ hasText: reply }).waitFor();
      await customer.getByTestId('chat-title').getByText('Agent Kemi').waitFor();
      await customer.waitForFunction(
        (text) => document.querySelector('[data-testid="announcer"]')?.textContent === text,
        `New message from Agent Kemi: ${reply}`,
      );

      // The customer's network goes; the agent sends two; the customer types one.
      await customerContext.setOffline(true);
      await customer.getByText('Reconnecting...').waitFor();
      await sendAndWait(agent, 'Are you still there?');
      await sendAndWait(agent, 'I will wait for your screenshot.');
      await sendText(customer, 'Sorry, my network dropped');
      const offline = customer.locator('[data-testid="message"]', {
        hasText: 'Sorry, my network dropped',
      });
      await offline.waitFor();
      expect(['failed', 'sending']).toContain(await offline.getAttribute('data-state'));
      expect(
        await customer
          .getByTestId('message-text')
          .filter({ hasText: 'Are you still there?' })
          .count(),
      ).toBe(0);
      await screenshot(customer, 'chat-offline-360x740');

      // Back online: the customer catches up, their message goes, nothing twice.
      await customerContext.setOffline(false);
      await customer.getByText('Reconnecting...').waitFor({ state: 'hidden', timeout: 20_000 });
      await customer
        .getByTestId('message-text')
        .filter({ hasText: 'I will wait for your screenshot.' })
        .waitFor();
      await customer
        .locator('[data-testid="message"][data-state="sent"]', {
          hasText: 'Sorry, my network dropped',
        })
        .waitFor({ timeout: 20_000 });
      await agent
        .getByTestId('message-text')
        .filter({ hasText: 'Sorry, my network dropped' })
        .waitFor();
      // The sentinel for late duplicates: the agent's next message comes over the customer's
      // socket after everything before it, so once it shows, anything doubled shows too.
      await sendAndWait(agent, SENTINEL);
      await customer.getByTestId('message-text').filter({ hasText: SENTINEL }).waitFor();

      const expectedCustomer = [
        'own: Hello, I want to sell 0.05 BTC',
        `own: [screenshot]${CAPTION}`,
        `other: ${reply}`,
        'other: Are you still there?',
        'other: I will wait for your screenshot.',
        'own: Sorry, my network dropped',
        `other: ${SENTINEL}`,
      ];
      const flip = (line: string) =>
        line.startsWith('own: ') ? `other: ${line.slice(5)}` : `own: ${line.slice(7)}`;
      expect(await transcript(customer)).toEqual(expectedCustomer);
      expect(await transcript(agent)).toEqual(expectedCustomer.map(flip));
      expect((await bubbles(customer)).filter((b) => b.side === 'own').map((b) => b.state)).toEqual(
        ['sent', 'sent', 'sent'],
      );

      // A reload shows the same conversation: the server stored each message once.
      await customer.reload();
      await customer
        .getByTestId('message-text')
        .filter({ hasText: 'Sorry, my network dropped' })
        .waitFor();
      expect(await transcript(customer)).toEqual(expectedCustomer);

      // The screenshot opens full size.
      await customer.getByRole('button', { name: 'Open screenshot full size' }).click();
      const dialog = customer.getByRole('dialog', { name: 'Screenshot' });
      await dialog.waitFor();
      expect(
        await dialog.getByRole('link', { name: 'Open in a new tab' }).getAttribute('href'),
      ).toMatch(/^\/api\/attachments\/\d+$/);
      await screenshot(customer, 'chat-image-360x740');
      await customer.keyboard.press('Escape');
      await dialog.waitFor({ state: 'hidden' });
      await customer.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());

      await screenshots(customer, 'chat-conversation');
      await expectNoAxeViolations(customer);
      await screenshot(agent, 'chat-agent-1280x800');

      // Back to the choice: the conversation is listed and opens again.
      await customer.getByRole('link', { name: 'Back to chat options' }).click();
      await customer.waitForURL(`${server.url}/chat`);
      const listed = customer.getByTestId('session-list').getByRole('link');
      await listed.first().waitFor();
      expect(await listed.count()).toBe(1);
      expect(await listed.first().textContent()).toContain(SENTINEL);
      await screenshots(customer, 'chat-choice-returning');
      await listed.first().click();
      await customer.waitForURL(`${server.url}/chat/${sessionId}`);
      await customer
        .getByTestId('message-text')
        .filter({ hasText: 'Sorry, my network dropped' })
        .waitFor();
    },
  );
});
