import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CHROMIUM_MISSING,
  hasChromium,
  screenshot,
  screenshots,
  signInCustomer,
  text,
  waitForText,
} from '../support/e2e';
import { openBitcoinChat, startOrderApp, type OrderApp } from '../support/e2e-order-app';
import { testPng } from '../support/images';
import {
  TOTAL_FOR_0_01_BTC as TOTAL,
  GTBANK_NUMBER,
  BTC_DEPOSIT_ADDRESS,
} from '../support/order-fixtures';
import type { InProcessServer } from '../support/in-process-server';

if (!hasChromium) console.warn(CHROMIUM_MISSING);

/** Each transition must reach the other side's open screen, live (no reload, no polling). */
const LIVE_TIMEOUT_MS = 5_000;

const ADMIN = {
  email: 'tunde.orders@example.com',
  password: 'a long admin password',
  firstName: 'Tunde',
  lastName: 'Desk',
};
const CUSTOMER = { name: 'Chiamaka Obi', email: 'chiamaka.orders@example.com' };
const TX_HASH = 'f4184fc596403b9d638783cf57adfe4c75c605f6356fbc91338530e9831e9e16';
const BANK_REFERENCE = 'FT2611250001';

/** Every image in `locator` has arrived and decoded (the server served it). */
async function imagesLoaded(locator: Locator): Promise<boolean> {
  return locator.evaluateAll((images) =>
    images.every(
      (i) => (i as HTMLImageElement).complete && (i as HTMLImageElement).naturalWidth > 0,
    ),
  );
}

describe.skipIf(!hasChromium)('an order in the chat, from quote to paid', () => {
  let orderApp: OrderApp;
  let server: InProcessServer;
  let agent: Page;
  let customer: Page;

  // The desk has set its sell rate and a deposit address for the network.
  beforeAll(async () => {
    orderApp = await startOrderApp({ dataDirName: 'orders', admin: ADMIN });
    ({ server, admin: agent, customer } = orderApp);
  });

  afterAll(() => orderApp?.close());

  it('locks a quote, takes the deposit, pays out and is confirmed, live on both sides', async () => {
    // The customer signs in and saves the account to be paid into.
    await signInCustomer(customer, server.url, CUSTOMER);
    await customer.getByRole('link', { name: 'Payout accounts' }).click();
    await customer.getByLabel('Bank', { exact: true }).selectOption('058');
    await customer.getByLabel('Account number').fill(GTBANK_NUMBER);
    await customer.getByLabel('Account name').fill('Chiamaka Obi');
    await customer.getByRole('button', { name: 'Save account' }).click();
    await customer.getByText('GTBank 0123456785', { exact: true }).waitFor();

    // A Bitcoin chat; on a phone the order sits in the chat's money section.
    const chatId = await openBitcoinChat(customer);
    await customer.goto(`${server.url}/chat/${chatId}`);
    await customer.getByRole('button', { name: /^Transactions/ }).click();
    const sell = customer.getByRole('form', { name: 'Sell' });
    await sell.getByLabel('Amount (BTC)').fill('0.01');
    await expect.poll(() => text(sell.getByLabel('Pay me into'))).toContain('GTBank 0123456785');
    await screenshots(customer, 'order-customer-sell-form', { noSidewaysScroll: true });
    await sell.getByRole('button', { name: 'Lock rate and sell' }).click();

    const card = customer.getByTestId('order-card');
    await waitForText(card.getByTestId('order-state'), 'Awaiting deposit');
    expect(await text(card.getByTestId('order-amount'))).toBe('0.01 BTC');
    expect(await text(card.getByTestId('order-locked-rate'))).toBe('₦157,254,058.50 / BTC');
    expect(await text(card.getByTestId('order-total'))).toBe(TOTAL);
    // The customer's own account, in full.
    const paidInto = card.getByTestId('order-paid-into');
    expect(await text(paidInto.getByTestId('payout-account-number'))).toBe(GTBANK_NUMBER);
    expect(await text(paidInto.getByTestId('payout-account-name'))).toBe('Chiamaka Obi');
    expect(await text(card.getByTestId('deposit-address-text'))).toBe(BTC_DEPOSIT_ADDRESS);
    // The countdown runs: 15 minutes, ticking down.
    const countdown = card.getByTestId('order-countdown');
    await waitForText(countdown, /^Rate locked for 1[45]:\d\d$/);
    const first = await text(countdown);
    await waitForText(countdown, new RegExp(`^(?!${first}$)Rate locked for 14:\\d\\d$`));
    // The QR code is drawn in the page, with its quiet zone, and visible.
    const qr = card.getByTestId('deposit-qr');
    const qrBox = await qr.boundingBox();
    expect(qrBox!.width).toBeGreaterThanOrEqual(150);
    expect(await qr.locator('path').getAttribute('d')).toMatch(/^M2 2h1v1h-1z/);
    await screenshots(customer, 'order-customer-awaiting-deposit', { noSidewaysScroll: true });
    await card.getByTestId('deposit-address').scrollIntoViewIfNeeded();
    await screenshot(customer, 'order-customer-deposit-address-360x740');

    // The agent has the chat open; the order comes to them as the customer sends the coins.
    await agent.goto(`${server.url}/chat/${chatId}`);
    const agentCard = agent.getByTestId('order-card');
    await waitForText(agentCard.getByTestId('order-state'), 'Awaiting deposit');
    await card.getByLabel('Transaction hash (after you send)').fill(TX_HASH);
    // With a screenshot of the wallet's send: it goes into the chat, and the order points to it.
    const png = { mimeType: 'image/png', buffer: await testPng() };
    await card.getByLabel('Screenshot (optional)').setInputFiles({ name: 'wallet.png', ...png });
    await card.getByTestId('picked-image').waitFor();
    await card.getByRole('button', { name: "I've sent it" }).click();
    await waitForText(card.getByTestId('order-state'), 'Deposit sent');
    await waitForText(agentCard.getByTestId('order-state'), 'Deposit sent');
    expect(await text(agentCard.getByTestId('order-tx-hash'))).toBe(TX_HASH);
    await screenshot(agent, 'order-agent-deposit-sent-1280x800');

    // No chain reader runs here: the chain has not confirmed it, so a reason is required.
    await agentCard
      .getByLabel('Reason for confirming by hand (the chain has not confirmed it)')
      .fill('Seen confirmed on our own node');
    await agentCard.getByRole('button', { name: 'Confirm deposit' }).click();
    const dialog = agent.getByRole('dialog');
    await dialog.getByRole('button', { name: 'Confirm deposit' }).click();
    await dialog.waitFor({ state: 'detached' });
    await waitForText(card.getByTestId('order-state'), 'Deposit confirmed');

    await agentCard
      .getByLabel(`Bank reference of the ${TOTAL} payout to GTBank ${GTBANK_NUMBER}`)
      .fill(BANK_REFERENCE);
    await agentCard.getByLabel('Proof of payment').setInputFiles({ name: 'transfer.png', ...png });
    await agentCard.getByRole('button', { name: 'Record payout' }).click();
    const payoutDialog = agent.getByRole('dialog');
    await payoutDialog.getByText(BANK_REFERENCE).waitFor();
    await payoutDialog.getByAltText('Proof of payment').waitFor();
    await screenshot(agent, 'order-agent-payout-confirm-1280x800');
    await payoutDialog.getByRole('button', { name: 'Record payout' }).click();
    const paid = `Paid ${TOTAL} to GTBank 0123456785 · ref ${BANK_REFERENCE}`;
    await waitForText(card.getByTestId('order-paid'), paid);
    await waitForText(card.getByTestId('order-state'), 'Payout sent');
    // Both images, as the server serves them, on both sides; the proof opens full size.
    for (const side of [card, agentCard]) {
      const thumbnails = side.getByTestId('order-image');
      await expect
        .poll(() => thumbnails.evaluateAll((t) => t.map((i) => i.getAttribute('alt'))))
        .toEqual(['Deposit screenshot', 'Payout proof']);
      await expect.poll(() => imagesLoaded(thumbnails), { timeout: LIVE_TIMEOUT_MS }).toBe(true);
    }
    await card.getByTestId('order-images').scrollIntoViewIfNeeded();
    await screenshots(customer, 'order-customer-payout-sent', { noSidewaysScroll: true });
    await screenshot(agent, 'order-agent-payout-proof-1280x800');
    await card.getByRole('button', { name: 'Open the payout proof' }).click();
    const full = customer.getByTestId('order-image-full');
    await expect.poll(() => imagesLoaded(full), { timeout: LIVE_TIMEOUT_MS }).toBe(true);
    await customer.getByRole('button', { name: 'Close' }).click();
    await full.waitFor({ state: 'detached' });

    await card.getByRole('button', { name: "I've received it" }).click();
    await customer.getByRole('button', { name: "Yes, I've received it" }).click();
    await waitForText(card.getByTestId('order-state'), 'Completed');
    await waitForText(agentCard.getByTestId('order-state'), 'Completed');
    expect(await text(agentCard.getByTestId('order-paid'))).toBe(paid);
    // The desk acts as an admin here (an admin is also an agent), and the timeline says so.
    expect(
      await agentCard
        .getByTestId('timeline-step')
        .evaluateAll((steps) =>
          steps.map((s) => s.textContent!.split(' · ').slice(0, 2).join(' · ')),
        ),
    ).toEqual([
      'Awaiting deposit · Customer',
      'Deposit sent · Customer',
      'Deposit confirmed · Admin',
      'Payout sent · Admin',
      'Completed · Customer',
    ]);
    await screenshot(agent, 'order-agent-completed-1280x800');
    await screenshots(customer, 'order-customer-completed', { noSidewaysScroll: true });

    // The receipt: the customer opens it from the card; the desk can open it too.
    await card.getByRole('link', { name: 'Receipt' }).click();
    const receipt = customer.getByRole('article', { name: /^Receipt for order AC-/ });
    await receipt.waitFor();
    const line = (name: string) => text(receipt.getByTestId(`receipt-${name}`));
    expect(await line('coin')).toBe('Bitcoin (BTC)');
    expect(await line('amount')).toBe('0.01 BTC');
    expect(await line('locked-rate')).toBe('₦157,254,058.50 per BTC');
    expect(await line('total-paid')).toBe(TOTAL);
    expect(await line('paid-into')).toBe('GTBank 0123456785 · Chiamaka Obi');
    expect(await line('bank-reference')).toBe(BANK_REFERENCE);
    expect(await receipt.getByTestId('timeline-step').count()).toBe(5);
    const reference = await line('reference');
    expect(customer.url()).toMatch(/\/orders\/\d+\/receipt$/);
    await screenshots(customer, 'order-receipt', { noSidewaysScroll: true, shots: 'page' });
    // On paper: the receipt alone, without the bar and its buttons.
    await customer.emulateMedia({ media: 'print' });
    expect(await customer.getByRole('button', { name: 'Print' }).isVisible()).toBe(false);
    expect(await receipt.isVisible()).toBe(true);
    await screenshot(customer, 'order-receipt-print-360x740', { fullPage: true });
    await customer.emulateMedia({ media: 'screen' });
    await agent.goto(customer.url());
    await waitForText(agent.getByTestId('receipt-reference'), reference);
    await screenshot(agent, 'order-receipt-agent-1280x800');

    // One truth, to the kobo: the trade the order wrote is what the customer's history, the
    // admin's volume and the CSV export all show.
    await customer.goto(`${server.url}/trading-history`);
    const trade = customer
      .getByTestId('transaction-card')
      .filter({ has: customer.getByTestId('transaction-reference').getByText(reference) });
    await waitForText(trade.getByTestId('transaction-total'), TOTAL);
    await waitForText(trade.getByTestId('transaction-status'), 'Completed');

    await agent.goto(`${server.url}/admin-dashboard`);
    await agent.getByRole('heading', { level: 1, name: 'Admin Dashboard' }).waitFor();
    await waitForText(agent.getByTestId('stat-total-volume-value'), TOTAL);

    // Lagos is UTC+1: the export's days are Lagos days.
    const lagosToday = new Date(Date.now() + 3_600_000).toISOString().slice(0, 10);
    const csv = await agent.evaluate(
      async (url) => (await fetch(url)).text(),
      `/api/admin/export/transactions.csv?from=${lagosToday}&to=${lagosToday}`,
    );
    const [header, ...lines] = csv.trim().split(/\r?\n/);
    const columns = header!.split(',');
    const row = lines.map((l) => l.split(',')).find((cells) => cells.includes(reference));
    expect(row, csv).toBeDefined();
    expect(row![columns.indexOf('total_ngn')]).toBe(TOTAL.replace(/[₦,]/g, ''));
    expect(row![columns.indexOf('status')]).toBe('completed');
  });
});
