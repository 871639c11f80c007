import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHROMIUM_MISSING, hasChromium, screenshot, text, waitForText } from '../support/e2e';
import { startOrderApp, type OrderApp } from '../support/e2e-order-app';
import {
  buttonReply,
  GraphApiServer,
  replyButtons,
  shownText,
  signWebhook,
  textMessage,
  webhookDelivery,
  whatsappEnv,
  type SentMessage,
} from '../support/graph-api-server';
import { BTC_DEPOSIT_ADDRESS, GTBANK_NUMBER } from '../support/order-fixtures';
import type { InProcessServer } from '../support/in-process-server';

if (!hasChromium) console.warn(CHROMIUM_MISSING);

/** A change must reach the open desk live, and the stand-in through the outbox. */
const LIVE_TIMEOUT_MS = 10_000;
const ADMIN = {
  email: 'tola.whatsapp@example.com',
  password: 'a long whatsapp desk password',
  firstName: 'Tola',
  lastName: 'Desk',
};
const WA_ID = '2348031112222';
const FOLDER = 'whatsapp';

/**
 * A customer on WhatsApp at the desk (issue 34): their message arrives through Meta's signed
 * webhook, the agent replies and quotes from the same desk, the stand-in "taps" the quote's
 * Accept, and the order moves on the desk and in the stand-in's message log.
 */
describe.skipIf(!hasChromium)('a WhatsApp customer at the desk, with an order', () => {
  let graph: GraphApiServer;
  let orderApp: OrderApp;
  let server: InProcessServer;
  let agent: Page;

  /** Meta's POST of one message to the app's webhook, signed with the app secret. */
  async function webhook(message: object): Promise<void> {
    const body = webhookDelivery({
      contacts: [{ wa_id: WA_ID, name: 'Chidi Okafor' }],
      messages: [message],
    });
    const res = await fetch(`${server.url}/api/channels/whatsapp/webhook`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-hub-signature-256': signWebhook(body) },
      body,
    });
    expect(res.status).toBe(200);
  }
  /** The stand-in's latest message to the customer that `matches`. */
  async function sentMatching(matches: (m: SentMessage) => boolean): Promise<SentMessage> {
    let found: SentMessage | undefined;
    await expect
      .poll(
        () => {
          found = [...graph.sent].reverse().find((m) => m.to === WA_ID && matches(m));
          return found !== undefined;
        },
        { timeout: LIVE_TIMEOUT_MS },
      )
      .toBe(true);
    return found!;
  }
  const tap = (message: SentMessage, title: string) => {
    const reply = replyButtons(message).find((b) => b.title === title);
    expect(reply, `${title} in ${JSON.stringify(replyButtons(message))}`).toBeDefined();
    return webhook(buttonReply(WA_ID, reply!));
  };

  beforeAll(async () => {
    graph = await new GraphApiServer().start();
    orderApp = await startOrderApp({
      dataDirName: 'whatsapp',
      admin: ADMIN,
      env: whatsappEnv(graph.url),
    });
    ({ server, admin: agent } = orderApp);
  });

  afterAll(async () => {
    await orderApp?.close();
    await graph?.stop();
  });

  it('the message arrives, the agent replies and quotes, and Accept on WhatsApp moves the order on both sides', async () => {
    await agent.goto(`${server.url}/agent/chats`);
    await webhook(textMessage(WA_ID, 'Hello, I want to sell Bitcoin. What is your current rate?'));
    const row = agent.getByTestId('chat-row').filter({ hasText: 'Chidi Okafor' });
    await row.waitFor({ timeout: LIVE_TIMEOUT_MS });
    await row.click();
    await agent.waitForURL(/\/agent\/chats\/\d+$/);
    await waitForText(
      agent.getByTestId('message').first(),
      /Hello, I want to sell Bitcoin\. What is your current rate\?/,
    );

    // The agent's reply goes out through the outbox to the customer's WhatsApp.
    const reply = agent.getByRole('textbox', { name: 'Message' });
    await reply.fill('Good morning Chidi. Let me add your account and send a quote.');
    await agent.getByRole('button', { name: 'Send message' }).click();
    await sentMatching(
      (m) => shownText(m) === 'Good morning Chidi. Let me add your account and send a quote.',
    );

    // The payout account, added for the customer from the panel, waits for their Confirm.
    const panel = agent.getByRole('complementary', { name: 'Customer' });
    await panel.getByTestId('add-customer-account').click();
    const form = panel.getByTestId('add-customer-account-form');
    await form.getByLabel('Bank').selectOption('058');
    await form.getByLabel('Account number').fill(GTBANK_NUMBER);
    await form.getByLabel('Account name').fill('Chidi Okafor');
    await form.getByRole('button', { name: 'Save and ask the customer' }).click();
    await panel.getByTestId('payout-account-pending').waitFor({ timeout: LIVE_TIMEOUT_MS });
    await screenshot(agent, 'whatsapp-account-pending-1280x800', { folder: FOLDER });
    const ask = await sentMatching((m) => shownText(m).startsWith('Your agent has added'));
    await tap(ask, 'Confirm');
    await sentMatching((m) => shownText(m).includes('is confirmed for your payouts'));

    // The quote: on the desk's card, and on WhatsApp with Accept / Decline.
    await agent.getByRole('button', { name: 'Send a quote' }).click();
    const quoteForm = agent.getByRole('form', { name: 'Send a quote' });
    await quoteForm.getByRole('radio', { name: 'In naira (₦)' }).click();
    await quoteForm.getByLabel('Amount (₦)').fill('1000000');
    await quoteForm.getByRole('button', { name: 'Send quote' }).click();
    const card = agent.getByTestId('order-card');
    await waitForText(card.getByTestId('order-state'), 'Quote sent');
    const quote = await sentMatching((m) => shownText(m).startsWith('Quote AC-'));
    expect(shownText(quote)).toContain('You receive: ₦999,999.00');
    expect(shownText(quote)).toContain(`Paid into: Guaranty Trust Bank ${GTBANK_NUMBER}`);
    expect(replyButtons(quote).map((b) => b.title)).toEqual(['Accept', 'Decline']);

    // The customer taps Accept on WhatsApp: the desk's card moves live, and the address and its
    // QR code go out.
    await tap(quote, 'Accept');
    await waitForText(card.getByTestId('order-state'), 'Awaiting deposit', LIVE_TIMEOUT_MS);
    const address = await sentMatching((m) => shownText(m).includes('is accepted'));
    expect(shownText(address)).toContain(BTC_DEPOSIT_ADDRESS);
    const qr = await sentMatching((m) => m.body.type === 'image');
    expect(shownText(qr)).toBe(BTC_DEPOSIT_ADDRESS);
    // The tap is in the chat as the customer's message.
    await waitForText(agent.getByTestId('message').last(), /Accept/);
    // Confirmed by the customer: the account no longer waits (read again on load).
    await agent.reload();
    await panel.getByTestId('customer-payout-account').waitFor();
    expect(await panel.getByTestId('payout-account-pending').count()).toBe(0);
    expect(await text(card.getByTestId('order-state'))).toBe('Awaiting deposit');
    await screenshot(agent, 'whatsapp-quote-accepted-1280x800', { folder: FOLDER });
  });
});
