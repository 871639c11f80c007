import { createHash, randomInt } from 'node:crypto';
import { and, desc, eq, lt, sql } from 'drizzle-orm';
import {
  TRANSACTION_TYPE_LABELS,
  type Transaction,
  type createTransactionRequestSchema,
} from '../../../shared/api/transactions';
import type { z } from 'zod';
import { dec } from '../../../shared/money';
import { tradeTotal } from '../../../shared/rates';
import type { Db } from '../../db/client';
import { chatSessions, transactions, users } from '../../db/schema';
import { isAgent } from '../../platform/auth';
import { writeAudit } from '../../platform/audit';
import { AppError } from '../../platform/errors';
import type { EventLog } from '../../platform/realtime/events';
import type { SessionUser } from '../../platform/sessions';
import { getManagedRate, getUsdToNaira } from '../rates';
import { checkTradeCap, checkTradeRate, tradeReference, type GuardOverride } from './trade-guard';

type Row = typeof transactions.$inferSelect;
type CreateInput = z.output<typeof createTransactionRequestSchema>;

/** The limits a new trade is checked against (config and the price feed). */
export interface TradeLimits {
  /** RATE_GUARD_PERCENT. */
  guardPercent: number;
  /** MAX_TRADE_NAIRA, naira. */
  maxTradeNaira: string;
  /** Market x USD-to-Naira per coin from the price feed, or null without a price. */
  marketNaira: (currency: 'bitcoin' | 'usdt') => string | null;
}

/** Crockford's base32 without look-alikes: easy to read out over the phone. */
const REFERENCE_ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

export function newReference(): string {
  let out = 'AC-';
  for (let i = 0; i < 8; i++) out += REFERENCE_ALPHABET[randomInt(REFERENCE_ALPHABET.length)];
  return out;
}

export function toTransaction(row: Row): Transaction {
  return {
    id: row.id,
    reference: row.reference,
    chatSessionId: row.chatSessionId,
    customerId: row.customerId,
    agentId: row.agentId,
    type: row.kind,
    transactionType: TRANSACTION_TYPE_LABELS[row.kind],
    currency: row.currency,
    amount: dec(row.amount).toFixed(row.currency === 'usd' ? 2 : undefined),
    rate: dec(row.rate).toFixed(),
    total: dec(row.total).toFixed(2),
    status: row.status,
    reason: row.reason,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** The same request, whatever the key order: the hash an idempotency key is bound to. */
function requestHash(input: CreateInput): string {
  const canonical = JSON.stringify(
    Object.fromEntries(Object.entries(input).sort(([a], [b]) => a.localeCompare(b))),
  );
  return createHash('sha256').update(canonical).digest('hex');
}

function isUniqueViolation(error: unknown, constraint: string): boolean {
  for (let e: unknown = error; e; e = (e as { cause?: unknown }).cause) {
    const c = e as { code?: unknown; constraint?: unknown; message?: unknown };
    if (
      c.code === '23505' &&
      (c.constraint === constraint || String(c.message).includes(constraint))
    )
      return true;
  }
  return false;
}

/**
 * Records a transaction for a chat. The total is computed here, never taken from the client:
 * amount x rate, half-up to the kobo. The same Idempotency-Key returns the first result; the
 * same key with a different request is refused (422).
 */
export async function createTransaction(options: {
  db: Db;
  events: EventLog;
  agent: SessionUser;
  input: CreateInput;
  idempotencyKey: string;
  limits: TradeLimits;
}): Promise<{ transaction: Transaction; created: boolean }> {
  const { db, events, agent, input, idempotencyKey, limits } = options;
  const hash = requestHash(input);
  const existing = async () => {
    const [row] = await db
      .select()
      .from(transactions)
      .where(
        and(eq(transactions.agentId, agent.id), eq(transactions.idempotencyKey, idempotencyKey)),
      )
      .limit(1);
    if (!row) return null;
    if (row.requestHash !== hash) {
      throw new AppError(
        'unprocessable',
        'This Idempotency-Key was already used with a different request',
      );
    }
    return { transaction: toTransaction(row), created: false };
  };
  const first = await existing();
  if (first) return first;

  const [session] = await db
    .select()
    .from(chatSessions)
    .where(eq(chatSessions.id, input.chatSessionId))
    .limit(1);
  if (!session) throw new AppError('not_found', 'Chat session not found');
  if (input.customerId && input.customerId !== session.customerId) {
    throw new AppError('bad_request', "customerId is not this chat's customer");
  }
  if (session.customerId === agent.id) {
    throw new AppError('bad_request', 'You cannot record a transaction with yourself');
  }
  const [customer] = await db
    .select({ isAgent: users.isAgent, isAdmin: users.isAdmin })
    .from(users)
    .where(eq(users.id, session.customerId))
    .limit(1);
  if (!customer || customer.isAgent || customer.isAdmin) {
    throw new AppError(
      'bad_request',
      "This chat's account is staff (an agent or admin), not a customer: no transaction can be recorded for it",
    );
  }
  const trade = input.type === 'trade';
  const rate = trade ? input.rate : await getUsdToNaira({ db });
  const total = tradeTotal(input.amount, rate);
  let override: GuardOverride | null = null;
  if (input.type === 'trade') {
    checkTradeCap(total, limits.maxTradeNaira);
    const reference = tradeReference({
      managed: (await getManagedRate({ db, currency: input.currency }))?.sellRateNaira ?? null,
      market: limits.marketNaira(input.currency),
    });
    override = checkTradeRate({
      rate: input.rate,
      reference,
      guardPercent: limits.guardPercent,
      confirmation: input.confirmation,
    });
  }
  const values = {
    chatSessionId: session.id,
    customerId: session.customerId,
    agentId: agent.id,
    kind: input.type,
    currency: trade ? input.currency : ('usd' as const),
    amount: input.amount,
    rate,
    total,
    status: 'pending' as const,
    reason: input.reason ?? null,
    idempotencyKey,
    requestHash: hash,
  };

  for (let attempt = 0; ; attempt++) {
    try {
      const row = await events.transaction(async (tx) => {
        const [inserted] = await tx
          .insert(transactions)
          .values({ ...values, reference: newReference() })
          .onConflictDoNothing({ target: [transactions.agentId, transactions.idempotencyKey] })
          .returning();
        if (!inserted) return null;
        const transaction = toTransaction(inserted);
        await writeAudit(tx, {
          actorId: agent.id,
          action: 'transaction.create',
          entityType: 'transaction',
          entityId: String(inserted.id),
          before: null,
          // A rate past the guard keeps the agent's reason beside the trade it allowed.
          after: override ? { ...transaction, guardOverride: { ...override } } : { ...transaction },
        });
        await events.append(
          tx,
          { type: 'transaction.created', chatSessionId: session.id, transaction },
          { customerId: session.customerId },
        );
        return inserted;
      });
      if (row) return { transaction: toTransaction(row), created: true };
      // A concurrent request with the same key won the race.
      const raced = await existing();
      if (raced) return raced;
      throw new Error('idempotency conflict without a stored transaction');
    } catch (error) {
      // A reference collision (1 in 32^8 per pair) gets a new reference.
      if (attempt < 3 && isUniqueViolation(error, 'transactions_reference_uq')) continue;
      throw error;
    }
  }
}

/** pending -> completed or failed; a final state never changes. */
export async function setTransactionStatus(options: {
  events: EventLog;
  agent: SessionUser;
  id: number;
  status: 'completed' | 'failed';
}): Promise<Transaction> {
  const { events, agent, id, status } = options;
  return events.transaction(async (tx) => {
    const [before] = await tx.select().from(transactions).where(eq(transactions.id, id)).limit(1);
    if (!before) throw new AppError('not_found', 'Transaction not found');
    const [row] = await tx
      .update(transactions)
      .set({ status, updatedAt: sql`now()` })
      .where(and(eq(transactions.id, id), eq(transactions.status, 'pending')))
      .returning();
    if (!row)
      throw new AppError(
        'conflict',
        `This transaction is already ${before.status} and cannot change`,
      );
    const transaction = toTransaction(row);
    await writeAudit(tx, {
      actorId: agent.id,
      action: 'transaction.status',
      entityType: 'transaction',
      entityId: String(id),
      before: { status: before.status },
      after: { status },
    });
    await events.append(
      tx,
      { type: 'transaction.updated', chatSessionId: row.chatSessionId, transaction },
      { customerId: row.customerId },
    );
    return transaction;
  });
}

/** A customer's history, newest first: their own, or any customer's for an agent. */
export async function listCustomerTransactions(options: {
  db: Db;
  caller: SessionUser;
  customerId?: string | undefined;
  cursor?: number | undefined;
  limit: number;
}): Promise<{ items: Transaction[]; nextCursor: string | null }> {
  const { db, caller, cursor, limit } = options;
  const customerId = isAgent(caller) && options.customerId ? options.customerId : caller.id;
  const rows = await db
    .select()
    .from(transactions)
    .where(
      and(
        eq(transactions.customerId, customerId),
        cursor ? lt(transactions.id, cursor) : undefined,
      ),
    )
    .orderBy(desc(transactions.id))
    .limit(limit + 1);
  const items = rows.slice(0, limit).map(toTransaction);
  return { items, nextCursor: rows.length > limit ? String(items.at(-1)!.id) : null };
}

/** A chat's transactions, for its customer and agents. */
export async function listSessionTransactions(options: {
  db: Db;
  caller: SessionUser;
  chatSessionId: number;
}) {
  const { db, caller, chatSessionId } = options;
  const [session] = await db
    .select()
    .from(chatSessions)
    .where(eq(chatSessions.id, chatSessionId))
    .limit(1);
  if (!session || (!isAgent(caller) && session.customerId !== caller.id)) {
    throw new AppError('not_found', 'Chat session not found');
  }
  const rows = await db
    .select()
    .from(transactions)
    .where(eq(transactions.chatSessionId, chatSessionId))
    .orderBy(desc(transactions.id))
    .limit(200);
  return rows.map(toTransaction);
}
