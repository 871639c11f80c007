import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount } from '../support/agent-accounts';
import {
  CHROMIUM_MISSING,
  connectChromium,
  DESKTOP,
  hasChromium,
  PHONE,
  screenshot,
  screenshots,
  startServer,
} from '../support/e2e';
import { PriceServer } from '../support/price-server';
import type { InProcessServer } from '../support/in-process-server';

if (!hasChromium) console.warn(CHROMIUM_MISSING);

const AGENT = {
  email: 'bisi.admin@example.com',
  password: 'a long agent password',
  firstName: 'Bisi',
  lastName: 'Admin',
};
const CUSTOMER = { name: 'Chidi Okafor', email: 'chidi.tools@example.com' };
const NOTE = 'Private: check his last payout before paying';
/** The page is hidden while this key is in its localStorage (see the init script). */
const HIDDEN_FLAG = 'e2e-page-hidden';

/** The newest own bubble holding `text`: its receipt state (sent, delivered, read). */
function ownBubble(page: Page, text: string) {
  return page.locator('[data-testid="message"][data-side="own"]', { hasText: text });
}

/** A message's text in the conversation (not the chat list's preview or the announcer). */
function bubbleText(page: Page, text: string) {
  return page.getByTestId('message-text').filter({ hasText: text });
}

async function receiptOf(page: Page, text: string): Promise<string | null> {
  return ownBubble(page, text).getByTestId('ticks').getAttribute('data-receipt');
}

async function send(page: Page, text: string): Promise<void> {
  const input = page.getByPlaceholder('Type your message...');
  await input.fill(text);
  await input.press('Enter');
  await ownBubble(page, text)
    .getByTestId('ticks')
    .and(page.locator(':not([data-receipt="sending"])'))
    .waitFor();
}

describe.skipIf(!hasChromium)('conversation tools in real browsers', () => {
  let priceServer: PriceServer;
  let server: InProcessServer;
  let browser: Browser;
  let dataDir: string;
  const contexts: BrowserContext[] = [];

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'agentchat-e2e-tools-'));
    await createAccount(dataDir, AGENT, true);
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
    'typing, ticks ✓ → ✓✓ → read, team and personal canned replies with /, and a note the customer never sees',
    { timeout: 180_000 },
    async () => {
      const customerContext = await browser.newContext({ viewport: PHONE });
      const agentContext = await browser.newContext({ viewport: DESKTOP });
      contexts.push(customerContext, agentContext);
      // The customer's tab can be put in the background: document.visibilityState follows a flag.
      await customerContext.addInitScript((flag) => {
        Object.defineProperty(document, 'visibilityState', {
          configurable: true,
          get: () => (localStorage.getItem(flag) ? 'hidden' : 'visible'),
        });
      }, HIDDEN_FLAG);
      const customer = await customerContext.newPage();
      const agent = await agentContext.newPage();

      await customer.goto(`${server.url}/trade`);
      await customer.getByRole('heading', { name: 'Development sign-in' }).waitFor();
      await customer.getByLabel('Full name').fill(CUSTOMER.name);
      await customer.getByLabel('Email').fill(CUSTOMER.email);
      await customer.getByRole('button', { name: 'Continue' }).click();
      await customer.waitForURL(`${server.url}/trade`);
      await customer.getByTestId('choice-bitcoin').click();
      await customer.waitForURL(/\/chat\/\d+$/);
      const chatUrl = customer.url();
      const sessionId = Number(new URL(chatUrl).pathname.split('/').pop());
      await send(customer, 'Hello, I want to sell 0.05 BTC');

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
        AGENT,
      );
      expect(login).toBe(200);
      // A team reply, as an admin writes it on the dashboard's Replies tab.
      await agent.goto(`${server.url}/admin-dashboard?tab=replies`);
      const replies = agent.getByRole('region', { name: 'Team replies' });
      await replies.getByLabel('Shortcut').fill('welcome');
      await replies
        .getByLabel('Reply', { exact: true })
        .fill('Hi {customer.firstName}, send to {order.depositAddress}. {unknown.thing}');
      await replies.getByRole('button', { name: 'Add reply' }).click();
      await replies.getByTestId('canned-reply').getByText('/welcome').waitFor();
      await screenshot(agent, 'canned-replies-admin-1280x800');
      // A personal reply, written where the / picker's "Manage my replies" leads.
      await agent.goto(`${server.url}/agent/dashboard#my-replies`);
      const mine = agent.getByRole('region', { name: 'My replies' });
      await mine.getByLabel('Shortcut').fill('thanks');
      await mine.getByLabel('Reply', { exact: true }).fill('Thank you, {customer.firstName}!');
      await mine.getByRole('button', { name: 'Add reply' }).click();
      await mine.getByTestId('canned-reply').getByText('/thanks').waitFor();
      // The team's reply is there to read, not to change.
      const team = agent.getByRole('region', { name: 'Team replies' });
      await team.getByTestId('canned-reply').getByText('/welcome').waitFor();
      expect(await team.getByRole('button').count()).toBe(0);
      await mine.scrollIntoViewIfNeeded();
      await screenshots(agent, 'my-replies', { shots: 'both', noSidewaysScroll: true });

      await agent.goto(`${server.url}/chat/${sessionId}`);
      await bubbleText(agent, 'Hello, I want to sell 0.05 BTC').waitFor();
      // The agent's page is visible: the customer's message is read, with the time.
      await expect.poll(() => receiptOf(customer, 'Hello, I want to sell')).toBe('read');
      expect(
        await ownBubble(customer, 'Hello, I want to sell')
          .getByTestId('ticks')
          .getAttribute('title'),
      ).toMatch(/^Read \d{1,2}:\d{2}/);

      // Typing both ways.
      await customer.getByPlaceholder('Type your message...').pressSequentially('How much');
      await agent.getByTestId('typing').getByText('Chidi Okafor is typing…').waitFor();
      await agent.getByPlaceholder('Type your message...').pressSequentially('One moment');
      await customer.getByTestId('typing').waitFor();
      expect(await customer.getByTestId('typing').textContent()).toMatch(/is typing…$/);
      await agent.getByPlaceholder('Type your message...').fill('');

      // ✓: the customer is away from the chat (its tab hidden, on the chat list).
      await customer.evaluate((flag) => localStorage.setItem(flag, '1'), HIDDEN_FLAG);
      await customer.goto(`${server.url}/chat`);
      await send(agent, 'Your quote is ready');
      expect(await receiptOf(agent, 'Your quote is ready')).toBe('sent');
      // ✓✓: the customer's hidden tab opens the chat and fetches it, but has not read it.
      await customer.goto(chatUrl);
      await bubbleText(customer, 'Your quote is ready').waitFor();
      await expect.poll(() => receiptOf(agent, 'Your quote is ready')).toBe('delivered');
      // Read: the tab comes to the front.
      await customer.evaluate((flag) => {
        localStorage.removeItem(flag);
        document.dispatchEvent(new Event('visibilitychange'));
      }, HIDDEN_FLAG);
      await expect.poll(() => receiptOf(agent, 'Your quote is ready')).toBe('read');

      // A canned reply with /: picked from the list, variables filled, unknown ones kept.
      const input = agent.getByPlaceholder('Type your message...');
      await input.fill('');
      await input.pressSequentially('/wel');
      const picker = agent.getByRole('listbox', { name: 'Canned replies' });
      await picker.getByRole('option', { name: /\/welcome/ }).waitFor();
      await screenshot(agent, 'canned-reply-picker-1280x800');
      await input.press('Enter');
      const filled = 'Hi Chidi, send to [no open order: no deposit address yet]. {unknown.thing}';
      await expect.poll(() => input.inputValue()).toBe(filled);
      await input.press('Enter');
      await bubbleText(customer, filled).waitFor();
      // The agent's own reply, written on the dashboard.
      await input.pressSequentially('/thank');
      await picker.getByRole('option', { name: /\/thanks.*Mine/ }).waitFor();
      await input.press('Enter');
      await expect.poll(() => input.inputValue()).toBe('Thank you, Chidi!');
      await input.press('Enter');
      await bubbleText(customer, 'Thank you, Chidi!').waitFor();

      // A private note: amber on the agent's side, never on the customer's.
      await agent.getByRole('radio', { name: 'Private note' }).click();
      const noteInput = agent.getByPlaceholder('Private note: only agents see it...');
      await noteInput.fill(NOTE);
      await noteInput.press('Enter');
      const note = agent.locator('[data-testid="message"][data-kind="note"]', { hasText: NOTE });
      await note.getByText('Private note').waitFor();
      await screenshot(agent, 'private-note-1280x800');
      await agent.getByRole('radio', { name: 'Reply' }).click();
      // The sentinel: a reply after the note reaches the customer; the note never did.
      await send(agent, 'Thanks for waiting');
      await bubbleText(customer, 'Thanks for waiting').waitFor();
      expect(await customer.getByText(NOTE).count()).toBe(0);
      await customer.reload();
      await bubbleText(customer, 'Thanks for waiting').waitFor();
      expect(await customer.content()).not.toContain(NOTE);
      await screenshot(customer, 'conversation-tools-customer-360x740');
    },
  );
});
