import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderSchema, type Order } from '../../../shared/api/orders';
import { formatNaira } from '../../../shared/money';
import { createTestApp, injectJson, type InjectedCall } from '../../../../tests/support/app';
import { testDatabaseKinds, type TestDatabase } from '../../../../tests/support/databases';
import {
  alteredCopy,
  receiptFacts,
  renderReceipt,
  type ReceiptFacts,
} from '../../../../tests/fixtures/receipts/generate';
import { uploadImage } from '../../../../tests/support/images';
import {
  addDepositAddress,
  addPayoutAccount,
  placeOrder,
  setSellRates,
} from '../../../../tests/support/order-setup';
import { PriceServer } from '../../../../tests/support/price-server';
import { makeAgent, makeCustomer, sessionCookie } from '../../../../tests/support/users';
import { auditLog } from '../../db/schema';

const priceServer = new PriceServer();
beforeAll(() => priceServer.start());
afterAll(() => priceServer.stop());

/** The payout proof, read: its amount against the order's, its reference against other payouts'. */
describe.each(testDatabaseKinds())('payout proofs read on $name', (kind) => {
  let database: TestDatabase;
  let app: Awaited<ReturnType<typeof createTestApp>>;
  let dataDir: string;
  const cookie: Record<string, string> = {};
  let account = 0;

  const call = (who: string, method: InjectedCall['method'], url: string, body?: unknown) =>
    injectJson(app, {
      cookie: cookie[who],
      method,
      url,
      body,
      headers: method === 'POST' ? { 'idempotency-key': randomUUID() } : undefined,
    });

  /** Ada's order, its deposit confirmed by hand: waiting for the payout. */
  async function orderToPay(): Promise<Order> {
    const chatSessionId = (await call('ada', 'POST', '/api/chat-sessions', { category: 'bitcoin' }))
      .body.id as number;
    const placed = await placeOrder(app, cookie.ada, {
      chatSessionId,
      coin: 'bitcoin',
      amount: '0.01',
      payoutAccountId: account,
    });
    expect(placed.status, JSON.stringify(placed.body)).toBe(201);
    const id = placed.body.id as number;
    const txHash = randomUUID().replaceAll('-', '').repeat(2);
    expect((await call('ada', 'POST', `/api/orders/${id}/deposit`, { txHash })).status).toBe(200);
    const confirmed = await call('agent', 'POST', `/api/orders/${id}/confirm-deposit`, {
      reason: 'Seen on our own node',
    });
    expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(200);
    return orderSchema.parse(confirmed.body);
  }

  /** The agent sends the receipt into the order's chat, as the payout screen does: its message. */
  async function sendProof(order: Order, image: Buffer): Promise<number> {
    return uploadImage(app, { cookie: cookie.agent, chatSessionId: order.chatSessionId, image });
  }

  const receipt = (index: number, amount: string): ReceiptFacts => ({
    ...receiptFacts('gtbank', index),
    amount,
  });

  const payout = (order: Order, proofMessageId: number, more: Record<string, unknown> = {}) =>
    call('agent', 'POST', `/api/orders/${order.id}/payout`, {
      bankReference: 'GTB-PAY-1',
      proofMessageId,
      ...more,
    });

  beforeAll(async () => {
    database = await kind.open();
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'agentchat-payout-proof-'));
    app = await createTestApp({
      database,
      env: { DATA_DIR: dataDir, PRICE_API_URL: priceServer.url, RECEIPT_OCR: 'on' },
    });
    await app.ready();
    await app.priceFeed.refresh();
    const ada = await makeCustomer(database.db);
    cookie.ada = await sessionCookie(database.db, ada);
    cookie.agent = await sessionCookie(database.db, await makeAgent(database.db));
    const admin = await makeAgent(database.db, { admin: true });
    cookie.admin = await sessionCookie(database.db, admin);
    account = await addPayoutAccount(app, cookie.ada, '012345670', 'Ada Obi');
    await addDepositAddress(app, cookie.admin, 'BTC', 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4');
    await setSellRates(database.db, { bitcoin: '157254058.50' });
  });
  afterAll(async () => {
    await app.close();
    await database.dispose();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('refuses a proof whose amount is not the total until the agent says why it is right', async () => {
    const order = await orderToPay();
    const proof = await sendProof(order, await renderReceipt('gtbank', receipt(0, '2400000.00')));
    // Sent a moment before, as the payout screen does: the payout waits for the reading.
    const refused = await payout(order, proof);
    expect(refused.status).toBe(409);
    expect(refused.body).toEqual({
      error: `The receipt says ₦2,400,000.00; this order pays ${formatNaira(order.totalNaira)}`,
      receiptAmount: '2400000.00',
    });
    const tooShort = await payout(order, proof, { receiptAmountReason: 'ok' });
    expect(tooShort.status).toBe(400);
    const reason = 'Paid in two transfers; this is the first';
    const recorded = await payout(order, proof, { receiptAmountReason: reason });
    expect(recorded.status, JSON.stringify(recorded.body)).toBe(200);
    expect(recorded.body.state).toBe('payout_sent');
    const [audit] = await database.db
      .select({ after: auditLog.after })
      .from(auditLog)
      .where(and(eq(auditLog.entityId, String(order.id)), eq(auditLog.action, 'order.payout')));
    expect(audit?.after).toMatchObject({
      receiptAmount: '2400000.00',
      receiptAmountReason: reason,
    });
  });

  it("records a proof of the order's own total, and refuses its receipt for another order", async () => {
    const first = await orderToPay();
    const facts = receipt(1, first.totalNaira);
    const image = await renderReceipt('gtbank', facts);
    const paid = await payout(first, await sendProof(first, image));
    expect(paid.status, JSON.stringify(paid.body)).toBe(200);

    // The same receipt, re-encoded, as the proof of another customer's... another order's payout.
    const second = await orderToPay();
    const reused = await sendProof(second, await alteredCopy(image, 'JPEG at quality 70'));
    // Read before the payout is asked for (the wait itself is the test above's): on a machine
    // busy enough, the payout's bounded wait could run out first and record it unread.
    await app.imageReader.idle();
    const refused = await payout(second, reused, {
      receiptAmountReason: 'The customer asked for the same transfer',
    });
    expect(refused.status).toBe(409);
    expect(refused.body.error).toBe(
      `Same receipt as order ${first.reference} (reference ${facts.reference})`,
    );
    // The agent sees the same under the image; the customer sees neither, nor anything read.
    const staffView = await call(
      'agent',
      'GET',
      `/api/chat-sessions/${second.chatSessionId}/messages`,
    );
    const flagged = (staffView.body.items as { id: number; imageSeenBefore?: unknown }[]).find(
      (m) => m.id === reused,
    );
    expect(flagged?.imageSeenBefore).toMatchObject({
      kind: 'same_receipt',
      reference: facts.reference,
      orderReference: first.reference,
    });
    for (const url of [
      `/api/chat-sessions/${second.chatSessionId}/messages`,
      `/api/orders/${second.id}`,
      `/api/orders?chatSessionId=${second.chatSessionId}`,
    ]) {
      const res = await call('ada', 'GET', url);
      expect(res.status).toBe(200);
      const text = JSON.stringify(res.body);
      expect(text).not.toContain('imageSeenBefore');
      expect(text).not.toContain(facts.reference);
      expect(text).not.toContain('receipt');
    }
  });
});
