import { and, eq } from 'drizzle-orm';
import {
  type Transaction,
  type createTransactionRequestSchema,
} from '../../../shared/api/transactions';
import type { z } from 'zod';
import type { RateCurrency } from '../../../shared/domain';
import { tradeTotal } from '../../../shared/rates';
import type { Db } from '../../db/client';
import { isUniqueViolation } from '../../db/raw';
import { chatSessions, transactions, users } from '../../db/schema';
import { writeAudit } from '../../platform/audit';
import { AppError } from '../../platform/errors';
import { assertSameRequest, requestFingerprint } from '../../platform/idempotency';
import { newReference } from '../../platform/references';
import type { EventLog } from '../../platform/realtime/events';
import type { SessionUser } from '../../platform/sessions';
import { getManagedRate, getUsdToNaira } from '../rates';
import { checkTradeCap, checkTradeRate, tradeReference, type GuardOverride } from './trade-guard';
import { toTransaction } from './to-transaction';

type CreateInput = z.output<typeof createTransactionRequestSchema>;

/** The limits a new trade is checked against (config and the price feed). */
export interface TradeLimits {
  /** RATE_GUARD_PERCENT. */
  guardPercent: number;
  /** MAX_TRADE_NAIRA, naira. */
  maxTradeNaira: string;
  /** Market x USD-to-Naira per coin from the price feed, or null without a price. */
  marketNaira: (currency: RateCurrency) => string | null;
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
  const hash = requestFingerprint(input);
  const existing = async () => {
    const [row] = await db
      .select()
      .from(transactions)
      .where(
        and(eq(transactions.agentId, agent.id), eq(transactions.idempotencyKey, idempotencyKey)),
      )
      .limit(1);
    if (!row) return null;
    assertSameRequest(row.requestHash, hash);
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
