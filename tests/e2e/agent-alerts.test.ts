import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AGENT_PUSH_PROMPT_TEXT } from '../../src/shared/api/push';
import { createAccount } from '../support/agent-accounts';
import {
  CHROMIUM_MISSING,
  connectChromium,
  DESKTOP,
  expectNoAxeViolations,
  hasChromium,
  PHONE,
  screenshot,
  startServer,
  TOASTER,
} from '../support/e2e';
import { HttpClient } from '../support/http-client';
import { PriceServer } from '../support/price-server';
import type { InProcessServer } from '../support/in-process-server';

if (!hasChromium) console.warn(CHROMIUM_MISSING);

const AGENT = {
  email: 'amaka.agent@example.com',
  password: 'a long agent password',
  firstName: 'Amaka',
  lastName: 'Agent',
};

/**
 * Before the app loads: records the notifications it makes and the chime's notes, and lets
 * the test hide the page (a headless tab is always visible).
 */
function instrumentPage(): void {
  const w = window as unknown as {
    __notifications: { title: string; body?: string; tag?: string }[];
    __notes: number;
    __setHidden: (hidden: boolean) => void;
  };
  w.__notifications = [];
  w.__notes = 0;
  let hidden = false;
  Object.defineProperty(document, 'visibilityState', {
    configurable: true,
    get: () => (hidden ? 'hidden' : 'visible'),
  });
  w.__setHidden = (value) => {
    hidden = value;
    document.dispatchEvent(new Event('visibilitychange'));
  };
  const Real = window.Notification;
  class Recording extends Real {
    constructor(title: string, options?: NotificationOptions) {
      // Recorded first: a headless browser may refuse to show it.
      w.__notifications.push({ title, body: options?.body, tag: options?.tag });
      super(title, options);
    }
  }
  window.Notification = Recording as typeof Notification;
  const createOscillator = AudioContext.prototype.createOscillator;
  AudioContext.prototype.createOscillator = function (this: AudioContext) {
    w.__notes++;
    return createOscillator.call(this);
  };
}

describe.skipIf(!hasChromium)('agent alerts: unread counts, title, chime and notifications', () => {
  let priceServer: PriceServer;
  let server: InProcessServer;
  let browser: Browser;
  let dataDir: string;
  let context: BrowserContext;
  let page: Page;
  let ada: HttpClient;
  let bayo: HttpClient;
  let chatA: number;
  let chatB: number;

  async function say(client: HttpClient, sessionId: number, content: string): Promise<void> {
    const sent = await client.json(`/api/chat-sessions/${sessionId}/messages`, {
      method: 'POST',
      body: { clientMessageId: randomUUID(), content },
    });
    expect(sent.status).toBe(201);
  }

  async function startChat(client: HttpClient): Promise<number> {
    const created = await client.json<{ id: number; agentId: string | null }>(
      '/api/chat-sessions',
      { method: 'POST', body: { category: 'bitcoin' } },
    );
    expect(created.status).toBe(201);
    // Amaka is the one Online agent: round-robin gives her the new chat at once.
    expect(created.body.agentId).not.toBeNull();
    return created.body.id;
  }

  const row = (sessionId: number): Locator =>
    page.locator(`[data-testid="chat-row"][data-session-id="${sessionId}"]`);

  async function expectBadge(sessionId: number, text: string | null): Promise<void> {
    const badge = row(sessionId).getByTestId('unread-count');
    if (text === null) await badge.waitFor({ state: 'detached', timeout: 5_000 });
    else await badge.getByText(text, { exact: true }).waitFor({ timeout: 5_000 });
  }

  async function expectTitle(title: string): Promise<void> {
    await page.waitForFunction((t) => document.title === t, title, { timeout: 5_000 });
  }

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'agentchat-e2e-alerts-'));
    await createAccount(dataDir, AGENT, false);
    priceServer = await new PriceServer().start();
    server = await startServer({
      priceApiUrl: priceServer.url,
      env: { DATA_DIR: dataDir },
    });
    // Notifications and Web Push: only the whole browser has them.
    browser = await connectChromium({ full: true });
    context = await browser.newContext({ viewport: DESKTOP });
    await context.grantPermissions(['notifications'], { origin: server.url });
    await context.addInitScript(instrumentPage);
    page = await context.newPage();
    await page.goto(`${server.url}/`);
    const status = await page.evaluate(
      async (body) =>
        (
          await fetch('/api/agent/login', {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify(body),
          })
        ).status,
      { username: AGENT.email, password: AGENT.password },
    );
    expect(status).toBe(200);

    ada = new HttpClient(server.url);
    await ada.signInCustomer({ name: 'Ada Obi', email: 'ada.alerts@example.com' });
    bayo = new HttpClient(server.url);
    await bayo.signInCustomer({ name: 'Bayo Ade', email: 'bayo.alerts@example.com' });
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    await priceServer?.stop();
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('counts messages in chats not on screen, in the rows and the title; opening a chat clears it', async () => {
    await page.goto(`${server.url}/agent/chats`);
    await page.getByTestId('connection-state').getByText('Online').waitFor();
    await expectTitle('Chats · AgentChat');

    chatA = await startChat(ada);
    await expectBadge(chatA, '1 unread');
    await say(ada, chatA, 'Hello, I want to sell 0.05 BTC');
    await row(chatA).getByText('Hello, I want to sell 0.05 BTC').waitFor({ timeout: 5_000 });
    // The new chat's first message takes its place: still one.
    await expectBadge(chatA, '1 unread');
    await expectTitle('(1) Chats · AgentChat');
    await say(ada, chatA, 'Are you there?');
    await expectBadge(chatA, '2 unread');
    await expectTitle('(2) Chats · AgentChat');

    // A reload keeps the counts (sessionStorage).
    await page.reload();
    await page.getByTestId('connection-state').getByText('Online').waitFor();
    await expectBadge(chatA, '2 unread');
    await expectTitle('(2) Chats · AgentChat');

    chatB = await startChat(bayo);
    await say(bayo, chatB, 'Rate for 200 USDT?');
    await expectBadge(chatB, '1 unread');
    await expectTitle('(3) Chats · AgentChat');
    await screenshot(page, 'agent-chats-unread-1280x800');
    await expectNoAxeViolations(page, { exclude: TOASTER });

    // Opening chat A clears it; its own messages do not count while it is on screen.
    await row(chatA).getByRole('link').click();
    await page.waitForURL(`${server.url}/agent/chats/${chatA}`);
    await page.getByTestId('chat-title').getByText('Ada Obi').waitFor();
    await expectTitle('(1) Ada Obi · AgentChat');
    await say(ada, chatA, 'Sending the screenshot now');
    await page
      .getByRole('region', { name: 'Conversation' })
      .getByText('Sending the screenshot now')
      .waitFor({ timeout: 5_000 });
    await say(bayo, chatB, 'Hello?');
    await expectTitle('(2) Ada Obi · AgentChat');

    // The list is beside the chat on a wide screen: the browser's Back closes the chat.
    await page.goBack();
    await page.waitForURL(`${server.url}/agent/chats`);
    await expectBadge(chatB, '2 unread');
    await expectBadge(chatA, null);
    // Both chats were given to Amaka at once (round-robin), so neither waits for an agent:
    // only B's two unread messages count.
    await expectTitle('(2) Chats · AgentChat');
  });

  it('rings after a gesture unless muted (remembered), and notifies while the page is hidden', async () => {
    await page.goto(`${server.url}/agent/chats`);
    await page.getByTestId('connection-state').getByText('Online').waitFor();
    // Permission is granted in this context: nothing to enable.
    expect(await page.getByRole('button', { name: 'Enable notifications' }).count()).toBe(0);

    // A click is the gesture browsers want before audio.
    await page.getByRole('heading', { level: 1 }).click();
    await say(ada, chatA, 'Ring?');
    await page.waitForFunction(
      () => (window as unknown as { __notes: number }).__notes >= 2,
      null,
      {
        timeout: 5_000,
      },
    );

    await page.getByRole('button', { name: 'Mute notification sound' }).click();
    await page.reload();
    const unmute = page.getByRole('button', { name: 'Unmute notification sound' });
    await unmute.waitFor();
    expect(await unmute.getAttribute('aria-pressed')).toBe('true');
    await page.getByTestId('connection-state').getByText('Online').waitFor();
    await page.getByRole('heading', { level: 1 }).click();
    await say(ada, chatA, 'Muted?');
    await row(chatA).getByText('Muted?').waitFor({ timeout: 5_000 });
    await unmute.click();
    expect(
      await page
        .getByRole('button', { name: 'Mute notification sound' })
        .getAttribute('aria-pressed'),
    ).toBe('false');
    // The sentinel: the next message rings (two notes). Events are handled in order, so a
    // chime for "Muted?" would have come before it, and there would be four.
    await say(ada, chatA, 'Unmuted?');
    await page.waitForFunction(
      () => (window as unknown as { __notes: number }).__notes >= 2,
      null,
      { timeout: 5_000 },
    );
    expect(await page.evaluate(() => (window as unknown as { __notes: number }).__notes)).toBe(2);

    // Visible: no notification. Hidden: one, tagged by chat.
    const notifications = () =>
      page.evaluate(
        () =>
          (
            window as unknown as {
              __notifications: { title: string; body?: string; tag?: string }[];
            }
          ).__notifications,
      );
    expect(await notifications()).toEqual([]);
    await page.evaluate(() =>
      (window as unknown as { __setHidden: (h: boolean) => void }).__setHidden(true),
    );
    await say(bayo, chatB, 'Still waiting for the rate');
    await page.waitForFunction(
      () => (window as unknown as { __notifications: unknown[] }).__notifications.length > 0,
      null,
      { timeout: 5_000 },
    );
    expect(await notifications()).toEqual([
      {
        title: 'New message from Bayo Ade',
        body: 'Still waiting for the rate',
        tag: `agentchat-chat-${chatB}`,
      },
    ]);
    await page.evaluate(() =>
      (window as unknown as { __setHidden: (h: boolean) => void }).__setHidden(false),
    );
  });

  it('asks for notifications once at a time until the agent answers the browser; fits a phone', async () => {
    await context.clearPermissions();
    const phone = await context.newPage();
    await phone.setViewportSize(PHONE);
    await phone.goto(`${server.url}/agent/chats`);
    await phone.getByTestId('connection-state').getByText('Online').waitFor();
    expect(await phone.evaluate(() => Notification.permission)).toBe('default');
    // First the Web Push bar alone; once the agent says not now, the top bar's button.
    const pushBar = phone.getByRole('region', { name: AGENT_PUSH_PROMPT_TEXT });
    await pushBar.waitFor();
    expect(await phone.getByRole('button', { name: 'Enable notifications' }).count()).toBe(0);
    await pushBar.getByRole('button', { name: 'Not now' }).click();
    await pushBar.waitFor({ state: 'detached' });
    await phone.getByRole('button', { name: 'Enable notifications' }).waitFor();
    await screenshot(phone, 'agent-chats-alerts-360x740');
    expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      PHONE.width,
    );
    await expectNoAxeViolations(phone, { exclude: TOASTER });
    await phone.close();
  });
});
