import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChatSession } from '../../src/shared/api/chat-sessions';
import type { Message } from '../../src/shared/api/messages';
import { formatSeconds } from '../../src/web/features/service-metrics/lib/format-seconds';
import { createAccounts, logIn, type AgentAccount } from '../support/agent-accounts';
import {
  CHROMIUM_MISSING,
  closeAll,
  connectChromium,
  DESKTOP,
  expectNoSidewaysScroll,
  hasChromium,
  PHONE,
  screenshot,
  settle,
  startServer,
  text,
  type Viewport,
  waitForText,
  signInCustomer,
} from '../support/e2e';
import { BTC_RATES } from '../support/order-fixtures';
import { pageFetch } from '../support/page-fetch';
import { PriceServer } from '../support/price-server';
import type { InProcessServer } from '../support/in-process-server';

if (!hasChromium) console.warn(CHROMIUM_MISSING);

/**
 * Issue 17's end-to-end check, as one day at the desk: two agents and two customers, from the
 * chats' arrival to the dashboard's figures. What only one part of the inbox needs (the list's
 * scroll, the panel's orders, the waiting colours, the admin's Agents tab) is in agent-inbox,
 * service-metrics and the API tests.
 */

const ADA: AgentAccount = {
  email: 'ada.day@example.com',
  password: 'a long agent password',
  firstName: 'Ada',
  lastName: 'Eze',
};
const BOLA: AgentAccount = {
  email: 'bola.day@example.com',
  password: 'a long agent password',
  firstName: 'Bola',
  lastName: 'Okafor',
};
/** Sets the rates and writes the team's canned reply; admins are not given chats. */
const ADMIN: AgentAccount = {
  email: 'bisi.day@example.com',
  password: 'a long admin password',
  firstName: 'Bisi',
  lastName: 'Admin',
};
const CUSTOMERS = [
  { name: 'Chidi Okafor', email: 'chidi.day@example.com' },
  // Longer than a row of the list at 1280 px: the row shows it whole (two lines and a title).
  {
    name: 'Oluwaseyifunmi Adebayo-Babatunde Okonkwo-Nwachukwu',
    email: 'seyi.day@example.com',
  },
];
const WIDE: Viewport = { width: 1920, height: 1080 };
const FOLDER = 'inbox-day';
const NOTE = 'Private: check his last payout before paying';
const TEAM_REPLY =
  'Hi {customer.firstName}, we buy at {rate.bitcoin.sell}; send to {order.depositAddress}. {unknown.thing}';
/** BTC_RATES' sell rate as a reply says it. */
const BTC_SELL = '₦157,254,058.50 per BTC';
/** The page is hidden while this key is in its localStorage (see the init script). */
const HIDDEN_FLAG = 'e2e-page-hidden';

interface Agent {
  account: AgentAccount;
  page: Page;
  id: string;
}
interface Customer {
  name: string;
  firstName: string;
  page: Page;
  chatId: number;
  chatUrl: string;
}

/** What arrives live: within 5 s (a shared machine under load takes longer than 1 s at times). */
function eventually<T>(read: () => Promise<T>) {
  return expect.poll(read, { timeout: 5_000 });
}

function ownBubble(page: Page, content: string) {
  return page.locator('[data-testid="message"][data-side="own"]', { hasText: content });
}

/** A message's text in the conversation (not the chat list's preview or the announcer). */
function bubbleText(page: Page, content: string) {
  return page.getByTestId('message-text').filter({ hasText: content });
}

function receiptOf(page: Page, content: string): Promise<string | null> {
  return ownBubble(page, content).getByTestId('ticks').getAttribute('data-receipt');
}

/** Sends from the reply box and waits until the server has the message. */
async function send(page: Page, content: string): Promise<void> {
  const input = page.getByPlaceholder('Type your message...');
  await input.fill(content);
  await input.press('Enter');
  await ownBubble(page, content)
    .getByTestId('ticks')
    .and(page.locator(':not([data-receipt="sending"])'))
    .waitFor();
}

function row(page: Page, chatId: number) {
  return page.locator(`[data-testid="chat-row"][data-session-id="${chatId}"]`);
}

/** The chat ids the list shows now. */
function listedIds(page: Page): Promise<number[]> {
  return page
    .getByTestId('chat-row')
    .evaluateAll((els) => els.map((e) => Number((e as HTMLElement).dataset.sessionId)));
}

describe.skipIf(!hasChromium)("a day at the agents' inbox: two agents, two customers", () => {
  let priceServer: PriceServer;
  let server: InProcessServer;
  let browser: Browser;
  let dataDir: string;
  const contexts: BrowserContext[] = [];

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'agentchat-e2e-inbox-day-'));
    await createAccounts(dataDir, [
      { account: ADA, admin: false },
      { account: BOLA, admin: false },
      { account: ADMIN, admin: true },
    ]);
    priceServer = await new PriceServer().start();
    server = await startServer({ priceApiUrl: priceServer.url, env: { DATA_DIR: dataDir } });
    browser = await connectChromium();
  });

  afterAll(() => closeAll({ contexts, browser, server, priceServer, dataDir }));

  async function newPage(viewport: Viewport, hideable = false): Promise<Page> {
    const context = await browser.newContext({ viewport });
    contexts.push(context);
    if (hideable) {
      // The tab can be put in the background: document.visibilityState follows a flag.
      await context.addInitScript((flag) => {
        Object.defineProperty(document, 'visibilityState', {
          configurable: true,
          get: () => (localStorage.getItem(flag) ? 'hidden' : 'visible'),
        });
      }, HIDDEN_FLAG);
    }
    return context.newPage();
  }

  /** An agent signs in on the login screen: the inbox's socket makes them Online. */
  async function agentArrives(account: AgentAccount): Promise<Agent> {
    const page = await newPage(DESKTOP);
    await logIn(page, server.url, account);
    const me = await pageFetch<{ id: string }>(page, '/api/agent/user');
    expect(me.status).toBe(200);
    // The socket opens after the first render: the state follows within a moment.
    await expect
      .poll(async () => (await pageFetch<{ state: string }>(page, '/api/availability/me')).body, {
        timeout: 10_000,
      })
      .toMatchObject({ state: 'online' });
    return { account, page, id: me.body.id };
  }

  /** A customer signs in the app's way, opens a Bitcoin chat and writes in it. */
  async function customerArrives(profile: { name: string; email: string }): Promise<Customer> {
    const page = await newPage(PHONE, true);
    await signInCustomer(page, server.url, profile);
    await page.getByTestId('choice-bitcoin').click();
    await page.waitForURL(/\/chat\/\d+$/);
    const chatUrl = page.url();
    const chatId = Number(new URL(chatUrl).pathname.split('/').pop());
    // Sent from the page without its reply box: typing here would start the 2 s in which the
    // server drops this socket's next typing signal (TYPING_THROTTLE_MS), and the typing check
    // below would then depend on how soon it comes.
    const content = `Hello, ${profile.name} here. I want to sell 0.05 BTC`;
    const sent = await pageFetch(page, `/api/chat-sessions/${chatId}/messages`, {
      method: 'POST',
      body: { clientMessageId: randomUUID(), content },
    });
    expect(sent.status).toBe(201);
    await ownBubble(page, content).waitFor();
    return { name: profile.name, firstName: profile.name.split(' ')[0]!, page, chatId, chatUrl };
  }

  it(
    'assignment, Mine and Locked, typing, receipts, / replies, a note, resolve and reopen, and the dashboard',
    { timeout: 180_000 },
    async () => {
      // The admin sets the rates and writes a team reply on the dashboard's Replies tab, while
      // both agents sign in.
      const adminDone = (async () => {
        const admin = await newPage(DESKTOP);
        await admin.goto(`${server.url}/`);
        expect(
          (
            await pageFetch(admin, '/api/agent/login', {
              method: 'POST',
              body: { username: ADMIN.email, password: ADMIN.password },
            })
          ).status,
        ).toBe(200);
        expect(
          (await pageFetch(admin, '/api/exchange-rates', { method: 'POST', body: BTC_RATES }))
            .status,
        ).toBe(200);
        await admin.goto(`${server.url}/admin-dashboard?tab=replies`);
        const teamReplies = admin.getByRole('region', { name: 'Team replies' });
        await teamReplies.getByLabel('Shortcut').fill('welcome');
        await teamReplies.getByLabel('Reply', { exact: true }).fill(TEAM_REPLY);
        await teamReplies.getByRole('button', { name: 'Add reply' }).click();
        await teamReplies.getByTestId('canned-reply').getByText('/welcome').waitFor();
        await screenshot(admin, 'canned-replies-admin-1280x800', { folder: FOLDER });
        await admin.context().close();
      })();
      const [ada, bola] = await Promise.all([agentArrives(ADA), agentArrives(BOLA)]);
      await adminDone;

      // Two customers sign in and write, while Ada writes a reply of her own where the picker's
      // "Manage my replies" leads (the team's reply is there to read, not to change).
      const customersArrive = Promise.all([
        customerArrives(CUSTOMERS[0]!),
        customerArrives(CUSTOMERS[1]!),
      ]);
      await ada.page.goto(`${server.url}/agent/dashboard#my-replies`);
      const mine = ada.page.getByRole('region', { name: 'My replies' });
      await mine.getByLabel('Shortcut').fill('thanks');
      await mine.getByLabel('Reply', { exact: true }).fill('Thank you, {customer.firstName}!');
      await mine.getByRole('button', { name: 'Add reply' }).click();
      await mine.getByTestId('canned-reply').getByText('/thanks').waitFor();
      const team = ada.page.getByRole('region', { name: 'Team replies' });
      await team.getByTestId('canned-reply').getByText('/welcome').waitFor();
      expect(await team.getByRole('button').count()).toBe(0);
      await ada.page.goto(`${server.url}/agent/chats`);
      for (const agent of [ada, bola]) {
        await agent.page.getByRole('heading', { name: 'Choose a chat' }).waitFor();
        await agent.page.getByRole('tab', { name: 'Mine' }).click();
      }

      // Round-robin gives one chat to each Online agent.
      const [first, second] = await customersArrive;
      await first.page
        .getByTestId('desk-status')
        .filter({ hasText: /^Bitcoin desk online · typically replies in/ })
        .waitFor();
      const holderOf = async (customer: Customer) =>
        (await pageFetch<ChatSession>(customer.page, `/api/chat-sessions/${customer.chatId}`)).body
          .agentId;
      const holders = [await holderOf(first), await holderOf(second)];
      expect([...holders].sort()).toEqual([ada.id, bola.id].sort());
      // Ada's customer is whoever round-robin gave her (the order between two agents never
      // given a chat is by id): the rest of the day follows her chat.
      const [adaCustomer, bolaCustomer] = holders[0] === ada.id ? [first, second] : [second, first];

      // Each agent's Mine shows their own chat, live; the other's is under Locked chats.
      for (const [agent, own, other] of [
        [ada, adaCustomer, bolaCustomer],
        [bola, bolaCustomer, adaCustomer],
      ] as const) {
        await eventually(() => listedIds(agent.page)).toEqual([own.chatId]);
        await agent.page.getByRole('button', { name: /Locked chats/ }).click();
        await eventually(() => listedIds(agent.page)).toEqual([other.chatId]);
        await agent.page.getByRole('tab', { name: 'Mine' }).click();
        await eventually(() => listedIds(agent.page)).toEqual([own.chatId]);
      }
      // The long name in the list: on two lines, and whole in its title.
      const longPage = bolaCustomer === second ? bola.page : ada.page;
      const longRow = row(longPage, second.chatId).getByTestId('chat-row-name');
      expect(await longRow.getAttribute('title')).toBe(CUSTOMERS[1]!.name);
      // Two lines of it (a one-line truncation cut it after "Oluwaseyifu"), nothing sideways.
      const lines = await longRow.evaluate(
        (el) => el.clientHeight / parseFloat(getComputedStyle(el).lineHeight),
      );
      expect(Math.round(lines)).toBe(2);
      expect(await longRow.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
      await screenshot(longPage, 'long-name-row-1280x800', { folder: FOLDER });

      // Each agent opens their chat: the customer's message shows read on the customer's side.
      for (const [agent, customer] of [
        [ada, adaCustomer],
        [bola, bolaCustomer],
      ] as const) {
        await row(agent.page, customer.chatId).getByRole('link').first().click();
        await agent.page.waitForURL(`${server.url}/agent/chats/${customer.chatId}`);
        await agent.page.getByText('Assigned to you').waitFor();
        await eventually(() => receiptOf(customer.page, 'I want to sell 0.05 BTC')).toBe('read');
      }
      expect(
        await ownBubble(adaCustomer.page, 'I want to sell 0.05 BTC')
          .getByTestId('ticks')
          .getAttribute('title'),
      ).toMatch(/^Read \d{1,2}:\d{2}/);

      // Typing, both ways.
      const agentPage = ada.page;
      const customerPage = adaCustomer.page;
      await customerPage.getByPlaceholder('Type your message...').pressSequentially('How much');
      await waitForText(agentPage.getByTestId('typing'), `${adaCustomer.name} is typing…`);
      await agentPage.getByPlaceholder('Type your message...').pressSequentially('One moment');
      await waitForText(customerPage.getByTestId('typing'), /is typing…$/);
      await agentPage.getByPlaceholder('Type your message...').fill('');
      await customerPage.getByPlaceholder('Type your message...').fill('');

      // Ada's reply: ✓ while the customer is away from the chat (tab hidden, on the list), ✓✓
      // when the hidden tab opens the chat, read when it comes to the front.
      await customerPage.evaluate((flag) => localStorage.setItem(flag, '1'), HIDDEN_FLAG);
      await customerPage.goto(`${server.url}/chat`);
      await send(agentPage, 'Your quote is ready');
      expect(await receiptOf(agentPage, 'Your quote is ready')).toBe('sent');
      await customerPage.goto(adaCustomer.chatUrl);
      await bubbleText(customerPage, 'Your quote is ready').waitFor();
      await eventually(() => receiptOf(agentPage, 'Your quote is ready')).toBe('delivered');
      await customerPage.evaluate((flag) => {
        localStorage.removeItem(flag);
        document.dispatchEvent(new Event('visibilitychange'));
      }, HIDDEN_FLAG);
      await eventually(() => receiptOf(agentPage, 'Your quote is ready')).toBe('read');

      // The team reply with /: the customer's first name and the rate filled in, a known
      // variable without a value explained, an unknown one kept as written.
      const input = agentPage.getByPlaceholder('Type your message...');
      await input.pressSequentially('/wel');
      const picker = agentPage.getByRole('listbox', { name: 'Canned replies' });
      await picker.getByRole('option', { name: /\/welcome/ }).waitFor();
      // "Manage my replies" is a touch target.
      const manage = agentPage.getByRole('link', { name: 'Manage my replies' });
      expect((await manage.boundingBox())!.height).toBeGreaterThanOrEqual(44);
      await screenshot(agentPage, 'canned-reply-picker-1280x800', { folder: FOLDER });
      await input.press('Enter');
      const filled = `Hi ${adaCustomer.firstName}, we buy at ${BTC_SELL}; send to [no open order: no deposit address yet]. {unknown.thing}`;
      await eventually(() => input.inputValue()).toBe(filled);
      // A variable with no value blocks the send until the agent fills it in.
      await input.press('Enter');
      await eventually(() => input.inputValue()).toBe(filled);
      const sent = filled.replace(
        '[no open order: no deposit address yet]',
        'the address I will send',
      );
      await input.fill(sent);
      await input.press('Enter');
      await bubbleText(customerPage, sent).waitFor();
      // Her own reply, from the dashboard.
      await input.pressSequentially('/thank');
      await picker.getByRole('option', { name: /\/thanks.*Mine/ }).waitFor();
      await input.press('Enter');
      await eventually(() => input.inputValue()).toBe(`Thank you, ${adaCustomer.firstName}!`);
      await input.press('Enter');
      await bubbleText(customerPage, `Thank you, ${adaCustomer.firstName}!`).waitFor();

      // A private note: for agents, Bola included; never on the customer's page.
      await agentPage.getByRole('radio', { name: 'Private note' }).click();
      const noteInput = agentPage.getByPlaceholder('Private note: only agents see it...');
      await noteInput.fill(NOTE);
      await noteInput.press('Enter');
      const noteOf = (page: Page) =>
        page.locator('[data-testid="message"][data-kind="note"]', { hasText: NOTE });
      await noteOf(agentPage).getByText('Private note').waitFor();
      await agentPage.getByRole('radio', { name: 'Reply' }).click();
      // The sentinel: a reply after the note reaches the customer; the note never did.
      await send(agentPage, 'Thanks for waiting');
      await bubbleText(customerPage, 'Thanks for waiting').waitFor();
      expect(await customerPage.getByText(NOTE).count()).toBe(0);

      // Bola opens Ada's chat: locked, read-only, the note there for him too.
      await bola.page.getByRole('button', { name: /Locked chats/ }).click();
      await row(bola.page, adaCustomer.chatId).getByRole('link').first().click();
      await bola.page.getByText(`Locked: assigned to ${ADA.firstName} ${ADA.lastName}`).waitFor();
      await bola.page.getByText('Read-only: this chat is assigned to another agent.').waitFor();
      await noteOf(bola.page).waitFor();
      expect(await bola.page.getByPlaceholder('Type your message...').count()).toBe(0);
      await screenshot(bola.page, 'inbox-locked-1280x800', { folder: FOLDER });

      // The three-pane inbox, at two widths; the Transfer picker lists Bola, Online.
      await ada.page.getByRole('button', { name: 'Transfer', exact: true }).click();
      await ada.page
        .getByRole('option', { name: /Bola Okafor · Online/ })
        .waitFor({ state: 'attached' });
      // The form fits the middle pane (its buttons once ran under the customer panel).
      const form = ada.page.getByRole('form', { name: 'Transfer the chat' });
      expect(await form.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
      await screenshot(ada.page, 'inbox-transfer-1280x800', { folder: FOLDER });
      await ada.page.getByRole('button', { name: 'Cancel' }).click();
      const panel = ada.page.getByRole('complementary', { name: 'Customer' });
      await waitForText(panel.getByTestId('panel-customer-name'), adaCustomer.name);
      for (const size of [DESKTOP, WIDE]) {
        await ada.page.setViewportSize(size);
        await settle(ada.page);
        await expectNoSidewaysScroll(ada.page);
        expect(await ada.page.getByTestId('chat-list-pane').isVisible()).toBe(true);
        expect(await panel.isVisible()).toBe(true);
        await screenshot(ada.page, `inbox-${size.width}x${size.height}`, { folder: FOLDER });
      }
      // On a phone, the chat alone; the customer's side of it too.
      await ada.page.setViewportSize(PHONE);
      await settle(ada.page);
      await expectNoSidewaysScroll(ada.page);
      expect(await panel.isVisible()).toBe(false);
      await screenshot(ada.page, 'inbox-chat-360x740', { folder: FOLDER });
      await ada.page.setViewportSize(DESKTOP);
      await customerPage.reload();
      await bubbleText(customerPage, 'Thanks for waiting').waitFor();
      expect(await customerPage.content()).not.toContain(NOTE);
      await screenshot(customerPage, 'customer-chat-360x740', { folder: FOLDER });

      // Resolve: the chat is under Archived, no longer Mine. The customer writes: it reopens,
      // Ada's again, and leaves Archived.
      await ada.page.getByRole('button', { name: 'Resolve', exact: true }).click();
      await ada.page.getByText('This conversation is resolved. Reopen it to reply.').waitFor();
      await eventually(() => listedIds(ada.page)).toEqual([]);
      await ada.page.getByRole('button', { name: /Archived/ }).click();
      await eventually(() => listedIds(ada.page)).toEqual([adaCustomer.chatId]);
      await screenshot(ada.page, 'inbox-archived-1280x800', { folder: FOLDER });
      await send(customerPage, 'One more question');
      await ada.page.getByText('Assigned to you').waitFor();
      await eventually(() => listedIds(ada.page)).toEqual([]);
      expect(
        (await pageFetch<ChatSession>(customerPage, `/api/chat-sessions/${adaCustomer.chatId}`))
          .body,
      ).toMatchObject({ status: 'active', agentId: ada.id });

      // The dashboard: one chat resolved today; the average first response is the wait of
      // Ada's one first response, from the messages' own times, to the second as the server has it.
      const messages = (
        await pageFetch<{ items: Message[] }>(
          ada.page,
          `/api/chat-sessions/${adaCustomer.chatId}/messages`,
        )
      ).body.items
        .filter((m) => m.messageType !== 'note')
        .sort((a, b) => Date.parse(a.createdAt) - Date.parse(b.createdAt) || a.id - b.id);
      expect(messages[0]!.senderRole).toBe('customer');
      const firstReply = messages.find((m) => m.senderRole === 'agent')!;
      expect(firstReply).toMatchObject({ senderId: ada.id, content: 'Your quote is ready' });
      const wait = Math.round(
        (Date.parse(firstReply.createdAt) - Date.parse(messages[0]!.createdAt)) / 1000,
      );
      await ada.page.goto(`${server.url}/agent/dashboard`);
      await waitForText(ada.page.getByTestId('resolved-today'), '1');
      await waitForText(ada.page.getByTestId('avg-response'), formatSeconds(wait));
      expect(await text(ada.page.getByTestId('resolved-today-caption'))).toBe(
        'Chats you resolved, today (Lagos)',
      );
      expect(await text(ada.page.getByTestId('avg-response-caption'))).toBe(
        'Avg first response, today (Lagos)',
      );
      await screenshot(ada.page, 'agent-dashboard-1280x800', { folder: FOLDER });
      // Bola answered nobody and resolved nothing.
      await bola.page.goto(`${server.url}/agent/dashboard`);
      await waitForText(bola.page.getByTestId('resolved-today'), '0');
      expect(await text(bola.page.getByTestId('avg-response'))).toBe('-');
      // His Break button: on, then Online again.
      const breakButton = bola.page.getByRole('button', { name: 'Break' });
      await bola.page
        .locator('button[aria-pressed="false"]:not([disabled])', { hasText: 'Break' })
        .waitFor();
      await breakButton.click();
      await bola.page.locator('button[aria-pressed="true"]', { hasText: 'Break' }).waitFor();
      expect(
        (await pageFetch<{ state: string }>(bola.page, '/api/availability/me')).body.state,
      ).toBe('break');
      await screenshot(bola.page, 'agent-dashboard-break-1280x800', { folder: FOLDER });
      await breakButton.click();
      await bola.page.locator('button[aria-pressed="false"]', { hasText: 'Break' }).waitFor();
    },
  );
});
