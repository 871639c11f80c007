import { buffer } from 'node:stream/consumers';
import { and, asc, eq, inArray, ne } from 'drizzle-orm';
import { zipSync, type Zippable } from 'fflate';
import type { Db } from '../../db/client';
import {
  chatSessions,
  messages,
  orders,
  payoutAccounts,
  transactions,
  users,
} from '../../db/schema';
import { AppError } from '../../platform/errors';
import type { SessionUser } from '../../platform/sessions';
import type { ObjectStorage } from '../../platform/storage';

const README = `Your data at AgentChat

profile.json          your account as we hold it
chats.json            your chats and every message in them (agents' internal notes are not yours and are left out)
orders.json           your orders, with their rates and naira totals
transactions.json     the trades, refunds and charges recorded for you
payout-accounts.json  the bank accounts you saved for payouts
images/               the images sent in your chats, named by message id

Amounts are exact decimal strings; times are ISO 8601 in UTC.
`;

const json = (value: unknown) => new TextEncoder().encode(`${JSON.stringify(value, null, 2)}\n`);

/**
 * Everything the desk holds about the signed-in customer, as one ZIP (NDPA 2023, access and
 * portability): profile, chats and messages without private notes, orders, transactions, payout
 * accounts and the chats' images, read through the storage abstraction (disk or S3). Images are
 * stored as they are (already compressed); the JSON is deflated.
 */
export async function exportCustomerData(options: {
  db: Db;
  storage: ObjectStorage;
  customer: SessionUser;
}): Promise<Uint8Array> {
  const { db, storage, customer } = options;
  if (customer.isAgent || customer.isAdmin) {
    throw new AppError('forbidden', 'Only customer accounts have data to download here');
  }
  const [profile] = await db
    .select({
      id: users.id,
      email: users.email,
      firstName: users.firstName,
      lastName: users.lastName,
      profileImageUrl: users.profileImageUrl,
      customerStatus: users.customerStatus,
      createdAt: users.createdAt,
    })
    .from(users)
    .where(eq(users.id, customer.id));
  if (!profile) throw new AppError('not_found', 'Account not found');

  const chats = await db
    .select({
      id: chatSessions.id,
      category: chatSessions.category,
      status: chatSessions.status,
      createdAt: chatSessions.createdAt,
    })
    .from(chatSessions)
    .where(eq(chatSessions.customerId, customer.id))
    .orderBy(asc(chatSessions.id));
  const chatIds = chats.map((c) => c.id);
  const rows =
    chatIds.length === 0
      ? []
      : await db
          .select()
          .from(messages)
          .where(and(inArray(messages.chatSessionId, chatIds), ne(messages.messageType, 'note')))
          .orderBy(asc(messages.id));

  const files: Zippable = {};
  const chatList = chats.map((chat) => ({
    ...chat,
    messages: rows
      .filter((m) => m.chatSessionId === chat.id)
      .map((m) => ({
        id: m.id,
        from: m.senderId === customer.id ? 'you' : 'desk',
        type: m.messageType,
        content: m.content,
        image: m.attachment ? `images/${m.id}-${m.attachment.storageKey}` : null,
        createdAt: m.createdAt,
      })),
  }));
  for (const m of rows) {
    if (!m.attachment) continue;
    const stored = await storage.open(m.attachment.storageKey);
    if (!stored) continue;
    files[`images/${m.id}-${m.attachment.storageKey}`] = [
      new Uint8Array(await buffer(stored.stream)),
      { level: 0 },
    ];
  }

  const orderRows = await db
    .select({
      id: orders.id,
      reference: orders.reference,
      chatSessionId: orders.chatSessionId,
      coin: orders.coin,
      network: orders.network,
      amountCrypto: orders.amountCrypto,
      rateNaira: orders.rateNaira,
      totalNaira: orders.totalNaira,
      state: orders.state,
      depositAddress: orders.depositAddress,
      txHash: orders.txHash,
      bankReference: orders.bankReference,
      payoutAccountId: orders.payoutAccountId,
      createdAt: orders.createdAt,
      completedAt: orders.completedAt,
    })
    .from(orders)
    .where(eq(orders.customerId, customer.id))
    .orderBy(asc(orders.id));
  const transactionRows = await db
    .select({
      id: transactions.id,
      reference: transactions.reference,
      chatSessionId: transactions.chatSessionId,
      kind: transactions.kind,
      currency: transactions.currency,
      amount: transactions.amount,
      rate: transactions.rate,
      total: transactions.total,
      status: transactions.status,
      reason: transactions.reason,
      orderId: transactions.orderId,
      createdAt: transactions.createdAt,
    })
    .from(transactions)
    .where(eq(transactions.customerId, customer.id))
    .orderBy(asc(transactions.id));
  const accountRows = await db
    .select({
      id: payoutAccounts.id,
      bankCode: payoutAccounts.bankCode,
      accountNumber: payoutAccounts.accountNumber,
      accountName: payoutAccounts.accountName,
      verified: payoutAccounts.verified,
      createdAt: payoutAccounts.createdAt,
      deletedAt: payoutAccounts.deletedAt,
    })
    .from(payoutAccounts)
    .where(eq(payoutAccounts.customerId, customer.id))
    .orderBy(asc(payoutAccounts.id));

  files['README.txt'] = new TextEncoder().encode(README);
  files['profile.json'] = json(profile);
  files['chats.json'] = json(chatList);
  files['orders.json'] = json(orderRows);
  files['transactions.json'] = json(transactionRows);
  files['payout-accounts.json'] = json(accountRows);
  return zipSync(files, { level: 6 });
}
