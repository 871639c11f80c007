import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount, logIn } from '../support/agent-accounts';
import {
  CHROMIUM_MISSING,
  connectChromium,
  DESKTOP,
  hasChromium,
  screenshot,
  startServer,
  text,
  waitForText,
  type Viewport,
} from '../support/e2e';
import { HttpClient } from '../support/http-client';
import { BTC_RATES, BTC_DEPOSIT_ADDRESS, GTBANK_NUMBER } from '../support/order-fixtures';
import { pageFetch } from '../support/page-fetch';
import { PriceServer } from '../support/price-server';
import type { InProcessServer } from '../support/in-process-server';

if (!hasChromium) console.warn(CHROMIUM_MISSING);

const AGENT = {
  email: 'funmi.desk@example.com',
  password: 'a long desk agent password',
  firstName: 'Funmi',
  lastName: 'Desk',
};
const PHONE_390: Viewport = { width: 390, height: 844 };
const FOLDER = 'agent-inbox';

/** Enough customers that the list scrolls at 1280 × 800. */
const CROWD = [
  'Chidi Okafor',
  'Ngozi Eze',
  'Tunde Bakare',
  'Aisha Bello',
  'Emeka Nwosu',
  'Funke Adeyemi',
  'Ibrahim Musa',
  'Kemi Ogunleye',
  'Obinna Uche',
  'Zainab Yusuf',
  'Segun Afolabi',
  'Amaka Obi',
  'Yemi Alade',
  'Uchenna Ike',
  'Bisi Lawal',
  'Musa Danjuma',
];

interface Chat {
  id: number;
  customer: string;
  email: string;
}

describe.skipIf(!hasChromium)("the agents' inbox: three panes, one URL per chat", () => {
  let priceServer: PriceServer;
  let server: InProcessServer;
  let browser: Browser;
  let dataDir: string;
  let page: Page;
  const chats: Chat[] = [];
  let adaChats: number[] = [];

  /** A customer signs in, opens a chat and writes in it. */
  async function customerWrites(name: string, email: string, lines: string[]) {
    const client = new HttpClient(server.url);
    await client.signInCustomer({ name, email });
    const created = await client.json<{ id: number }>('/api/chat-sessions', {
      method: 'POST',
      body: { category: 'bitcoin' },
    });
    expect(created.status).toBe(201);
    for (const content of lines) {
      const sent = await client.json(`/api/chat-sessions/${created.body.id}/messages`, {
        method: 'POST',
        body: { clientMessageId: randomUUID(), content },
      });
      expect(sent.status).toBe(201);
    }
    return { client, id: created.body.id };
  }

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'agentchat-e2e-inbox-'));
    // An admin: the desk address for the order needs one; the inbox is the same for agents.
    await createAccount(dataDir, AGENT, true);
    priceServer = await new PriceServer().start();
    server = await startServer({ priceApiUrl: priceServer.url, env: { DATA_DIR: dataDir } });
    browser = await connectChromium();
    page = await (await browser.newContext({ viewport: DESKTOP })).newPage();
    await logIn(page, server.url, AGENT);
    expect(
      (await pageFetch(page, '/api/exchange-rates', { method: 'POST', body: BTC_RATES })).status,
    ).toBe(200);
    expect(
      (
        await pageFetch(page, '/api/admin/desk-addresses', {
          method: 'POST',
          body: { network: 'BTC', address: BTC_DEPOSIT_ADDRESS, label: 'Hot wallet' },
        })
      ).status,
    ).toBe(201);

    // Ada: two chats, a payout account and an order, for the side panel.
    const ada = await customerWrites('Ada Obi', 'ada.desk@example.com', [
      'Good morning, I want to sell 0.01 BTC',
      'My GTBank account is saved',
    ]);
    const account = await ada.client.json<{ id: number }>('/api/payout-accounts', {
      method: 'POST',
      body: { bankCode: '058', accountNumber: GTBANK_NUMBER, accountName: 'Ada Obi' },
    });
    expect(account.status).toBe(201);
    const body = {
      chatSessionId: ada.id,
      coin: 'bitcoin',
      amount: '0.01',
      payoutAccountId: account.body.id,
    };
    const preview = await ada.client.json<{ rateVersion: string }>('/api/orders/preview', {
      method: 'POST',
      body,
    });
    expect(preview.status).toBe(200);
    const order = await ada.client.json('/api/orders', {
      method: 'POST',
      body: { ...body, rateVersion: preview.body.rateVersion },
    });
    expect(order.status).toBe(201);
    const adaUsdt = await ada.client.json<{ id: number }>('/api/chat-sessions', {
      method: 'POST',
      body: { category: 'usdt' },
    });
    adaChats = [adaUsdt.body.id, ada.id];
    chats.push({ id: ada.id, customer: 'Ada Obi', email: 'ada.desk@example.com' });
    for (const [i, name] of CROWD.entries()) {
      const email = `${name.split(' ')[0]!.toLowerCase()}.${i}@example.com`;
      const { id } = await customerWrites(name, email, [`Hello, ${name} here. Rate for 0.05 BTC?`]);
      chats.push({ id, customer: name, email });
    }
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    await priceServer?.stop();
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  });

  const listPane = () => page.getByTestId('chat-list-pane');
  const row = (id: number) => page.locator(`[data-testid="chat-row"][data-session-id="${id}"]`);
  const panel = () => page.getByRole('complementary', { name: 'Customer' });
  const scrollTop = () => listPane().evaluate((el) => el.scrollTop);

  it('at 1280 × 800: picking two chats changes the URL, keeps the list, shows the right customer', async () => {
    await page.setViewportSize(DESKTOP);
    await page.goto(`${server.url}/agent/chats`);
    await page.getByRole('heading', { name: 'Choose a chat' }).waitFor();
    await page.getByRole('tab', { name: 'Unread' }).click();
    // Every chat here waits for an agent: all of them are on Unread, the newest first.
    await expect.poll(() => page.getByTestId('chat-row').count()).toBe(chats.length + 1);
    await screenshot(page, 'inbox-empty-1280x800', { folder: FOLDER });

    // Scroll the list part-way, then pick a chat from the middle of it.
    await listPane().evaluate((el) => el.scrollTo({ top: 400 }));
    await expect.poll(scrollTop).toBe(400);
    const first = chats[8]!;
    const second = chats[6]!;
    // A click first scrolls a row cut off at the pane's edge into view (playwright does, as a
    // person would): the position to keep is the one the list has when the row is clicked.
    await row(first.id).scrollIntoViewIfNeeded();
    const kept = await scrollTop();
    expect(kept).toBeGreaterThan(0);
    await row(first.id).getByRole('link').first().click();
    await page.waitForURL(`${server.url}/agent/chats/${first.id}`);
    await waitForText(panel().getByTestId('panel-customer-name'), first.customer);
    expect(await text(panel().getByTestId('panel-customer-email'))).toBe(first.email);
    await waitForText(page.getByTestId('chat-title'), first.customer);
    expect(await scrollTop()).toBe(kept);
    expect(await page.getByRole('tab', { name: 'Unread' }).getAttribute('aria-selected')).toBe(
      'true',
    );
    expect(await row(first.id).getByRole('link').first().getAttribute('aria-current')).toBe('page');

    await row(second.id).scrollIntoViewIfNeeded();
    const keptSecond = await scrollTop();
    await row(second.id).getByRole('link').first().click();
    await page.waitForURL(`${server.url}/agent/chats/${second.id}`);
    await waitForText(panel().getByTestId('panel-customer-name'), second.customer);
    await waitForText(page.getByTestId('chat-title'), second.customer);
    expect(await scrollTop()).toBe(keptSecond);
    expect(await page.getByRole('tab', { name: 'Unread' }).getAttribute('aria-selected')).toBe(
      'true',
    );
    expect(await row(first.id).getByRole('link').first().getAttribute('aria-current')).toBeNull();

    // The browser's Back goes to the chat before, in the same inbox.
    await page.goBack();
    await page.waitForURL(`${server.url}/agent/chats/${first.id}`);
    await waitForText(panel().getByTestId('panel-customer-name'), first.customer);
    expect(await scrollTop()).toBe(keptSecond);
  });

  it("shows a customer's chats, order and payout account; the shortcuts move and open the reply", async () => {
    await page.setViewportSize(DESKTOP);
    const ada = chats[0]!;
    await page.goto(`${server.url}/agent/chats/${ada.id}`);
    await waitForText(panel().getByTestId('panel-customer-name'), 'Ada Obi');
    await expect
      .poll(() =>
        panel()
          .getByTestId('customer-chat')
          .evaluateAll((els) => els.map((e) => Number((e as HTMLElement).dataset.sessionId))),
      )
      .toEqual(adaChats);
    await waitForText(panel().getByTestId('customer-order'), /AC-[A-Z0-9]+.*0\.01 BTC/);
    // The payer sees where to pay: the full number, to staff (issue 29).
    await waitForText(panel().getByTestId('customer-payout-account'), new RegExp(GTBANK_NUMBER));
    // The three-pane inbox's screenshots at 1280 × 800 and 1920 × 1080 are inbox-day.test.ts's.
    await page.getByTestId('message').first().waitFor();

    // ? lists the shortcuts; r focuses the reply; c types / for the canned replies.
    // Nothing focused: the shortcuts are for when the agent is not typing.
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    await page.keyboard.press('?');
    const dialog = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
    await dialog.waitFor();
    await screenshot(page, 'inbox-shortcuts-1280x800', { folder: FOLDER });
    await page.keyboard.press('Escape');
    await expect.poll(() => dialog.count()).toBe(0);
    await page.keyboard.press('r');
    const reply = page.getByRole('textbox', { name: 'Message' });
    await expect.poll(() => reply.evaluate((el) => el === document.activeElement)).toBe(true);
    // Typed in the reply box, j is a letter, not the next chat.
    await page.keyboard.type('j');
    expect(await reply.inputValue()).toBe('j');
    expect(page.url()).toBe(`${server.url}/agent/chats/${ada.id}`);
    await reply.fill('');
    await reply.evaluate((el) => (el as HTMLTextAreaElement).blur());
    await page.keyboard.press('c');
    await expect.poll(() => reply.inputValue()).toBe('/');
    await reply.fill('');
    await reply.evaluate((el) => (el as HTMLTextAreaElement).blur());
    // The chat above Ada's in the list, and back (All: the newest first).
    const ids = await page
      .getByTestId('chat-row')
      .evaluateAll((els) => els.map((e) => Number((e as HTMLElement).dataset.sessionId)));
    const at = ids.indexOf(ada.id);
    expect(ids).toContain(ada.id);
    expect(at).toBeGreaterThan(0);
    await page.keyboard.press('k');
    await page.waitForURL(`${server.url}/agent/chats/${ids[at - 1]}`);
    // The inbox has drawn the chat it moved to before the next key moves on from it.
    await expect
      .poll(() =>
        row(ids[at - 1]!)
          .getByRole('link')
          .first()
          .getAttribute('aria-current'),
      )
      .toBe('page');
    await page.keyboard.press('Alt+ArrowDown');
    await page.waitForURL(`${server.url}/agent/chats/${ada.id}`);
  });

  it('on a phone (390 × 844): the list, then the chat alone, then back to the list where it was', async () => {
    const phone = await (await browser.newContext({ viewport: PHONE_390 })).newPage();
    await logIn(phone, server.url, AGENT);
    await phone.goto(`${server.url}/agent/chats`);
    await phone.getByTestId('chat-row').first().waitFor();
    expect(await phone.getByRole('complementary', { name: 'Customer' }).count()).toBe(0);
    expect(await phone.getByRole('heading', { name: 'Choose a chat' }).count()).toBe(0);
    await screenshot(phone, 'inbox-list-390x844', { folder: FOLDER });
    await phone.evaluate(() => window.scrollTo({ top: 500 }));
    await expect.poll(() => phone.evaluate(() => window.scrollY)).toBe(500);
    const target = chats[10]!;
    await phone
      .locator(`[data-testid="chat-row"][data-session-id="${target.id}"]`)
      .getByRole('link')
      .first()
      .click();
    await phone.waitForURL(`${server.url}/agent/chats/${target.id}`);
    await waitForText(phone.getByTestId('chat-title'), target.customer);
    // The chat covers the screen; the customer panel is for wide screens.
    expect(await phone.getByRole('complementary', { name: 'Customer' }).isVisible()).toBe(false);
    expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      390,
    );
    await phone.getByTestId('message').first().waitFor();
    await screenshot(phone, 'inbox-chat-390x844', { folder: FOLDER });
    await phone.getByRole('link', { name: 'Back to chats' }).click();
    await phone.waitForURL(`${server.url}/agent/chats`);
    await phone.getByTestId('chat-row').first().waitFor();
    expect(await phone.evaluate(() => window.scrollY)).toBe(500);
    await phone.context().close();
  });
});
