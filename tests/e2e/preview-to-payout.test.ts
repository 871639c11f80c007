import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CHROMIUM_MISSING,
  DESKTOP,
  hasChromium,
  PHONE,
  screenshot,
  signInCustomer,
  text,
  waitForText as waitForTextWithin,
  type Viewport,
} from '../support/e2e';
import { openBitcoinChat, startOrderApp, type OrderApp } from '../support/e2e-order-app';
import { EsploraServer } from '../support/esplora-server';
import { testPng } from '../support/images';
import { BTC_DEPOSIT_ADDRESS, GTBANK_NUMBER, TOTAL_FOR_0_01_BTC } from '../support/order-fixtures';
import { pageFetch } from '../support/page-fetch';

if (!hasChromium) console.warn(CHROMIUM_MISSING);

/** The watcher reads the chain every second here; a step shows within a few reads. */
const LIVE_TIMEOUT_MS = 10_000;
const waitForText = (locator: Parameters<typeof waitForTextWithin>[0], expected: string | RegExp) =>
  waitForTextWithin(locator, expected, LIVE_TIMEOUT_MS);

const ADMIN = {
  email: 'bisi.preview@example.com',
  password: 'a long admin password',
  firstName: 'Bisi',
  lastName: 'Desk',
};

/**
 * Where the page stands: the document's scroll, every scroll of the conversation's ancestors
 * (an overflow-hidden box scrolled by a scrollIntoView shows as a blank band), and the band
 * between the conversation's bottom and the screen's.
 */
async function pageScroll(page: Page) {
  return page.evaluate(() => {
    const conversation = document.querySelector('section[aria-label="Conversation"]')!;
    let ancestors = 0;
    for (let e = conversation.parentElement; e; e = e.parentElement) ancestors += e.scrollTop;
    const box = conversation.getBoundingClientRect();
    return {
      documentScroll: document.scrollingElement!.scrollTop,
      ancestors,
      top: Math.round(box.top),
      blankBand: Math.round(window.innerHeight - box.bottom),
    };
  });
}

async function expectUnscrolled(page: Page): Promise<void> {
  const scroll = await pageScroll(page);
  // The conversation may sit under a banner (the push prompt), never above the screen's top.
  expect({ ...scroll, top: scroll.top >= 0 }).toEqual({
    documentScroll: 0,
    ancestors: 0,
    top: true,
    blankBand: 0,
  });
}

/** Wholly on screen: not behind a collapsed section, not scrolled away. */
async function expectOnScreen(page: Page, testId: string): Promise<void> {
  const locator = page.getByTestId(testId);
  await locator.waitFor();
  const box = (await locator.boundingBox())!;
  const viewport = page.viewportSize()!;
  expect(box.y, testId).toBeGreaterThanOrEqual(0);
  expect(box.y + box.height, testId).toBeLessThanOrEqual(viewport.height);
}

describe.skipIf(!hasChromium)('the price previewed is the price locked, phone and desktop', () => {
  let chain: EsploraServer;
  let orderApp: OrderApp;

  beforeAll(async () => {
    chain = await new EsploraServer().start();
    orderApp = await startOrderApp({
      dataDirName: 'preview-to-payout',
      admin: ADMIN,
      env: { BTC_EXPLORER_URL: chain.url, DEPOSIT_WATCH_MS: '1000' },
    });
  });

  afterAll(async () => {
    await orderApp?.close();
    await chain?.stop();
  });

  const sizes: [string, Viewport, string][] = [
    ['360x740', PHONE, 'a'.repeat(64)],
    ['1280x800', DESKTOP, 'b'.repeat(64)],
  ];

  it.each(sizes)(
    'at %s: preview, lock, chain, payout, received',
    async (size, viewport, txHash) => {
      const { server, admin: agent } = orderApp;
      const customer = await orderApp.newPage(viewport);
      const name = `Ifeoma ${size}`;
      await signInCustomer(customer, server.url, { name, email: `ifeoma.${size}@example.com` });
      const account = await pageFetch(customer, '/api/payout-accounts', {
        method: 'POST',
        body: { bankCode: '058', accountNumber: GTBANK_NUMBER, accountName: name },
      });
      expect(account.status).toBe(201);
      const chatId = await openBitcoinChat(customer);
      await customer.goto(`${server.url}/chat/${chatId}`);

      // The Sell form is in the chat as it opens: no section to open first.
      const sell = customer.getByRole('form', { name: 'Sell' });
      await sell.waitFor();
      expect(await sell.isVisible()).toBe(true);
      await sell.getByLabel('Amount (BTC)').fill('0.01');
      const preview = sell.getByTestId('order-preview');
      await waitForText(preview.getByTestId('order-you-receive'), TOTAL_FOR_0_01_BTC);
      await expect.poll(() => preview.getAttribute('aria-busy')).toBe('false');
      const previewed = {
        rate: await text(preview.getByTestId('order-rate')),
        total: await text(preview.getByTestId('order-you-receive')),
      };
      await screenshot(customer, `preview-to-payout-preview-${size}`);

      await sell.getByRole('button', { name: 'Lock rate and sell' }).click();
      const card = customer.getByTestId('order-card');
      await waitForText(card.getByTestId('order-state'), 'Awaiting deposit');
      expect({
        rate: await text(card.getByTestId('order-locked-rate')),
        total: await text(card.getByTestId('order-total')),
      }).toEqual(previewed);
      await expectOnScreen(customer, 'order-countdown');
      await expectUnscrolled(customer);
      await screenshot(customer, `preview-to-payout-locked-${size}`);

      // The customer gives the hash; the chain confirms it.
      await card.getByLabel('Transaction hash (after you send)').fill(txHash);
      await card.getByRole('button', { name: "I've sent it" }).click();
      await waitForText(card.getByTestId('order-state'), 'Deposit sent');
      chain.add(txHash, [{ address: BTC_DEPOSIT_ADDRESS, sats: 1_000_000 }]);
      chain.mine(txHash, Math.floor(Date.now() / 1000));
      chain.tipHeight += 1;
      await waitForText(card.getByTestId('order-state'), 'Deposit confirmed');

      // The agent pays the total the customer was shown.
      await agent.goto(`${server.url}/chat/${chatId}`);
      const agentCard = agent.getByTestId('order-card');
      await waitForText(agentCard.getByTestId('order-state'), 'Deposit confirmed');
      await agentCard
        .getByLabel(`Bank reference of the ${previewed.total} payout to GTBank ${GTBANK_NUMBER}`)
        .fill(`FT26112800${size.length}`);
      await agentCard.getByLabel('Proof of payment').setInputFiles({
        name: 'transfer.png',
        mimeType: 'image/png',
        buffer: await testPng(),
      });
      await agentCard.getByRole('button', { name: 'Record payout' }).click();
      await agent.getByRole('dialog').getByRole('button', { name: 'Record payout' }).click();
      await waitForText(card.getByTestId('order-state'), 'Payout sent');
      await waitForText(card.getByTestId('order-paid'), new RegExp(`^Paid ${previewed.total} to`));

      await card.getByRole('button', { name: "I've received it" }).click();
      await customer.getByRole('button', { name: "Yes, I've received it" }).click();
      await waitForText(card.getByTestId('order-state'), 'Completed');
      await waitForText(agentCard.getByTestId('order-state'), 'Completed');
      expect(await text(card.getByTestId('order-total'))).toBe(previewed.total);
      await expectUnscrolled(customer);
      await screenshot(customer, `preview-to-payout-completed-${size}`);

      // The agent's next quote reaches the customer as the card, its timer on screen.
      await agent.getByRole('button', { name: 'Send a quote' }).click();
      const quote = agent.getByRole('form', { name: 'Send a quote' });
      await quote.getByLabel('Amount (BTC)').fill('0.01');
      await quote.getByRole('button', { name: 'Send quote' }).click();
      await waitForText(card.getByTestId('order-state'), 'Quote sent');
      expect(await text(card.getByTestId('order-total'))).toBe(previewed.total);
      await expectOnScreen(customer, 'order-countdown');
      await expectUnscrolled(customer);
      await screenshot(customer, `preview-to-payout-quote-${size}`);
    },
  );
});
