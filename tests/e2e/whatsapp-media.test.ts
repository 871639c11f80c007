import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount, logIn } from '../support/agent-accounts';
import {
  CHROMIUM_MISSING,
  closeAll,
  connectChromium,
  DESKTOP,
  hasChromium,
  PHONE,
  screenshot,
  startServer,
  waitForText,
} from '../support/e2e';
import {
  GraphApiServer,
  mediaMessage,
  signWebhook,
  textMessage,
  webhookDelivery,
  whatsappEnv,
} from '../support/graph-api-server';
import type { InProcessServer } from '../support/in-process-server';
import { mediaFiles, silentMp3 } from '../support/media-files';
import { pageFetch } from '../support/page-fetch';
import { PriceServer } from '../support/price-server';

if (!hasChromium) console.warn(CHROMIUM_MISSING);

const ADMIN = {
  email: 'amara.admin@example.com',
  password: 'a long whatsapp admin password',
  firstName: 'Amara',
  lastName: 'Admin',
};
const FOLDER = 'whatsapp';
const NUMBER = '2348031239876';

describe.skipIf(!hasChromium)("a WhatsApp customer's files in the desk, and their erasure", () => {
  let dataDir: string;
  let graph: GraphApiServer;
  let priceServer: PriceServer;
  let server: InProcessServer;
  let browser: Browser;
  let page: Page;
  let chatId = 0;

  const deliver = async (...messages: object[]) => {
    const body = webhookDelivery({
      contacts: [{ wa_id: NUMBER, name: 'Chinedu Obi' }],
      messages,
    });
    const answer = await fetch(`${server.url}/api/channels/whatsapp/webhook`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-hub-signature-256': signWebhook(body) },
      body,
    });
    expect(answer.status).toBe(200);
  };

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'agentchat-e2e-whatsapp-'));
    await createAccount(dataDir, ADMIN, true);
    graph = await new GraphApiServer().start();
    priceServer = await new PriceServer().start();
    server = await startServer({
      priceApiUrl: priceServer.url,
      env: { DATA_DIR: dataDir, ...whatsappEnv(graph.url) },
    });
    browser = await connectChromium();
    page = await (await browser.newContext({ viewport: DESKTOP })).newPage();
    await logIn(page, server.url, ADMIN);
  });
  afterAll(async () => {
    await closeAll({ browser, server, priceServer, dataDir });
    await graph?.stop();
  });

  it('shows the PDF as a download and plays the audio; the download and the player get the files', async () => {
    await deliver(textMessage(NUMBER, 'Hello, I want to sell Bitcoin. What is your current rate?'));
    await deliver(
      mediaMessage(graph, NUMBER, 'document', {
        mime: 'application/pdf',
        bytes: mediaFiles.pdf(120_000),
        filename: 'GTBank statement.pdf',
        caption: 'My bank statement for the payout',
      }),
      mediaMessage(graph, NUMBER, 'audio', { mime: 'audio/mpeg', bytes: silentMp3(2) }),
    );
    await expect
      .poll(
        async () => {
          const list = await pageFetch<{
            items: { id: number; customer: { whatsappNumber?: string | null } }[];
          }>(page, '/api/chat-sessions');
          chatId = list.body.items.find((c) => c.customer.whatsappNumber === NUMBER)?.id ?? 0;
          if (!chatId) return 0;
          const messages = await pageFetch<{ items: unknown[] }>(
            page,
            `/api/chat-sessions/${chatId}/messages`,
          );
          return messages.body.items.length;
        },
        { timeout: 15_000 },
      )
      .toBe(3);
    await page.goto(`${server.url}/agent/chats/${chatId}`);
    const link = page.getByTestId('message-document');
    await link.waitFor();
    expect(await link.textContent()).toContain('GTBank statement.pdf');
    expect(await link.textContent()).toContain('PDF · 117.2 KB');
    const href = (await link.getAttribute('href'))!;
    const pdf = await page.evaluate(async (url) => {
      const response = await fetch(url);
      return {
        status: response.status,
        type: response.headers.get('content-type'),
        disposition: response.headers.get('content-disposition'),
        size: (await response.arrayBuffer()).byteLength,
      };
    }, href);
    expect(pdf).toEqual({
      status: 200,
      type: 'application/pdf',
      disposition: 'attachment; filename="GTBank statement.pdf"',
      size: 120_000,
    });
    // The browser loads the audio with the agent's cookie, and knows how long it is.
    const duration = await page.getByTestId('message-audio').evaluate(
      (audio: HTMLAudioElement) =>
        new Promise<number>((resolve) => {
          if (audio.readyState >= 1) return resolve(audio.duration);
          audio.addEventListener('loadedmetadata', () => resolve(audio.duration));
          audio.addEventListener('error', () => resolve(-1));
          audio.load();
        }),
    );
    expect(duration).toBeGreaterThan(1.5);
    await screenshot(page, 'document-and-audio-1280x800', { folder: FOLDER });
    await page.setViewportSize(PHONE);
    await page.getByTestId('message-audio').scrollIntoViewIfNeeded();
    await screenshot(page, 'document-and-audio-360x740', { folder: FOLDER });
    await page.setViewportSize(DESKTOP);
  });

  it('an admin erases the customer from the panel, after a dialog naming them and their number', async () => {
    await page.goto(`${server.url}/agent/chats/${chatId}`);
    const panel = page.getByRole('complementary', { name: 'Customer' });
    await panel.getByRole('button', { name: 'Erase customer' }).click();
    const dialog = page.getByRole('dialog', { name: 'Erase Chinedu Obi?' });
    await dialog.waitFor();
    expect(await dialog.getByTestId('confirm-whatsapp').textContent()).toBe('+234 803 123 9876');
    await screenshot(page, 'erase-dialog-1280x800', { folder: FOLDER });
    await dialog.getByRole('button', { name: 'Erase customer' }).click();
    await waitForText(panel.getByTestId('panel-customer-name'), /^Erased customer [0-9A-F]{8}$/);
    // Not a WhatsApp chat any more: no number, no window.
    await page.getByTestId('whatsapp-window').waitFor({ state: 'detached' });
    expect(await page.getByTestId('whatsapp-badge').count()).toBe(0);
    // The chat's messages are emptied, its files gone.
    const messages = await pageFetch<{ items: { content: string; attachment: unknown }[] }>(
      page,
      `/api/chat-sessions/${chatId}/messages`,
    );
    expect(messages.body.items.map((m) => [m.content, m.attachment])).toEqual([
      ['', null],
      ['', null],
      ['', null],
    ]);
    await screenshot(page, 'erased-1280x800', { folder: FOLDER });
  });
});
