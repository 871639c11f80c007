import type { Page } from 'playwright-core';
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
import { GTBANK_NUMBER, BTC_DEPOSIT_ADDRESS } from '../support/order-fixtures';
import type { InProcessServer } from '../support/in-process-server';

if (!hasChromium) console.warn(CHROMIUM_MISSING);

const ADMIN = {
  email: 'kemi.quotes@example.com',
  password: 'a long admin password',
  firstName: 'Kemi',
  lastName: 'Desk',
};
const CUSTOMER = { name: 'Emeka Nwosu', email: 'emeka.quotes@example.com' };

describe.skipIf(!hasChromium)("an agent's quote in the chat, accepted by the customer", () => {
  let orderApp: OrderApp;
  let server: InProcessServer;
  let agent: Page;
  let customer: Page;

  beforeAll(async () => {
    orderApp = await startOrderApp({ dataDirName: 'quotes', admin: ADMIN });
    ({ server, admin: agent, customer } = orderApp);
  });

  afterAll(() => orderApp?.close());

  it('the agent quotes in naira; the customer adds a payout account, accepts, and gets the address', async () => {
    await signInCustomer(customer, server.url, CUSTOMER);
    const chatUrl = `${server.url}/chat/${await openBitcoinChat(customer)}`;
    await customer.goto(chatUrl);
    await customer.getByRole('button', { name: /^Transactions/ }).click();
    await customer.getByRole('form', { name: 'Sell' }).waitFor();

    // The agent, in the same chat, sends a quote for ₦1,000,000.
    await agent.goto(chatUrl);
    const agentCard = agent.getByTestId('order-card');
    await agent.getByText('No order in this chat yet.').waitFor();
    await agent.getByRole('button', { name: 'Send a quote' }).click();
    const form = agent.getByRole('form', { name: 'Send a quote' });
    await form.getByRole('radio', { name: 'In naira (₦)' }).click();
    await form.getByLabel('Amount (₦)').fill('1000000');
    await screenshot(agent, 'order-agent-quote-form-1280x800');
    await form.getByRole('button', { name: 'Send quote' }).click();
    await waitForText(agentCard.getByTestId('order-state'), 'Quote sent');
    await expect.poll(() => form.count()).toBe(0);

    // It reaches the customer live, in place of the Sell form, counting down.
    const card = customer.getByTestId('order-card');
    await waitForText(card.getByTestId('order-state'), 'Quote sent');
    await expect.poll(() => customer.getByRole('form', { name: 'Sell' }).count()).toBe(0);
    expect(await text(card.getByTestId('order-amount'))).toBe('0.00635913 BTC');
    expect(await text(card.getByTestId('order-locked-rate'))).toBe('₦157,254,058.50 / BTC');
    expect(await text(card.getByTestId('order-total'))).toBe('₦999,999.00');
    await waitForText(card.getByTestId('order-countdown'), /^Rate locked for 1[45]:\d\d$/);
    expect(await card.getByTestId('deposit-address').count()).toBe(0);
    await screenshot(agent, 'order-agent-quote-sent-1280x800');

    // No payout account yet: the card links to add one.
    const accept = card.getByRole('form', { name: 'Accept the quote' });
    await accept.getByRole('link', { name: 'Add a payout account' }).waitFor();
    expect(await accept.getByRole('button', { name: 'Accept quote' }).isDisabled()).toBe(true);
    await accept.scrollIntoViewIfNeeded();
    await screenshots(customer, 'order-customer-quote-no-account', { noSidewaysScroll: true });
    await accept.getByRole('link', { name: 'Add a payout account' }).click();
    await customer.getByLabel('Bank', { exact: true }).selectOption('058');
    await customer.getByLabel('Account number').fill(GTBANK_NUMBER);
    await customer.getByLabel('Account name').fill('Emeka Nwosu');
    await customer.getByRole('button', { name: 'Save account' }).click();
    await customer.getByText('GTBank 0123456785', { exact: true }).waitFor();

    await customer.goto(chatUrl);
    await customer.getByRole('button', { name: /^Transactions/ }).click();
    await expect
      .poll(() => text(accept.getByLabel('Pay me into')))
      .toContain('GTBank 0123456785 · Emeka Nwosu');
    await accept.scrollIntoViewIfNeeded();
    await screenshots(customer, 'order-customer-quote', { noSidewaysScroll: true });
    await accept.getByRole('button', { name: 'Accept quote' }).click();

    // Accepted: the deposit address and the same lock, on both sides.
    await waitForText(card.getByTestId('order-state'), 'Awaiting deposit');
    expect(await text(card.getByTestId('deposit-address-text'))).toBe(BTC_DEPOSIT_ADDRESS);
    expect(
      await text(card.getByTestId('order-paid-into').getByTestId('payout-account-number')),
    ).toBe(GTBANK_NUMBER);
    expect(await text(card.getByTestId('order-total'))).toBe('₦999,999.00');
    await waitForText(card.getByTestId('order-countdown'), /^Rate locked for 1[45]:\d\d$/);
    await waitForText(agentCard.getByTestId('order-state'), 'Awaiting deposit');
    // The agent who pays sees the full number, with its name.
    const agentPaidInto = agentCard.getByTestId('order-paid-into');
    expect(await text(agentPaidInto.getByTestId('payout-account-number'))).toBe(GTBANK_NUMBER);
    expect(await text(agentPaidInto.getByTestId('payout-account-name'))).toBe('Emeka Nwosu');
    expect(
      await agentCard
        .getByTestId('timeline-step')
        .evaluateAll((steps) =>
          steps.map((s) => s.textContent!.split(' · ').slice(0, 2).join(' · ')),
        ),
    ).toEqual(['Quote sent · Admin', 'Awaiting deposit · Customer']);
    await screenshots(customer, 'order-customer-quote-accepted', { noSidewaysScroll: true });
    await screenshot(agent, 'order-agent-quote-accepted-1280x800');
  });
});
