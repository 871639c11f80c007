import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idempotencyHeadersSchema } from '../../../shared/api/common';
import {
  acceptOrderRequestSchema,
  cancelRequestSchema,
  confirmDepositRequestSchema,
  createOrderRequestSchema,
  depositRequestSchema,
  depositReturnedRequestSchema,
  disputeRequestSchema,
  orderIdParamsSchema,
  orderPageSchema,
  orderPreviewSchema,
  orderSchema,
  ordersQuerySchema,
  previewOrderRequestSchema,
  payoutRequestSchema,
  rejectPayoutRequestSchema,
  releasePayoutRequestSchema,
  requotePreviewSchema,
  requoteRequestSchema,
  resolveRequestSchema,
  returnDepositRequestSchema,
  type Order,
  type OrderTransition,
} from '../../../shared/api/orders';
import type { Db } from '../../db/client';
import { requireUser } from '../../platform/auth';
import type { EventLog } from '../../platform/realtime/events';
import { forRole, type Role } from '../../platform/roles';
import { acceptOrder } from './accept-order';
import { cancelOrder } from './cancel-order';
import { confirmDeposit } from './confirm-deposit';
import { confirmReceived } from './confirm-received';
import { createOrder } from './create-order';
import { approvePayout, rejectPayout } from './decide-payout';
import { disputeOrder } from './dispute-order';
import { getOrder } from './get-order';
import { listOrders } from './list-orders';
import type { OrderLimits } from './order-limits';
import { previewOrder, type OrderMarket } from './preview-order';
import { recordPayout } from './record-payout';
import { releasePayout } from './release-payout';
import { acceptRequote, declineRequote, previewRequote, requoteDeposit } from './requote-deposit';
import { resolveDispute } from './resolve-dispute';
import { depositReturned, returnDeposit } from './return-deposit';
import { submitDeposit } from './submit-deposit';
import type { TransitionContext } from './transition-order';

/** What the OpenAPI document says of an operation. */
interface OperationDocs {
  summary: string;
  description: string;
}

/** The body of a step that takes none (the web sends `{}`). */
const emptyBody = z.object({}).nullish();

/** A step's request parts: the order, the Idempotency-Key and its body; the answer is the order. */
const stepSchemas = <B extends z.ZodType>(body: B, docs: OperationDocs) => ({
  ...docs,
  params: orderIdParamsSchema,
  headers: idempotencyHeadersSchema,
  body,
  response: { 200: orderSchema },
});

export const ordersRoutes: FastifyPluginAsyncZod<{
  db: Db;
  events: EventLog;
  limits: OrderLimits;
  /** The market guard a quote's rate is checked against (a customer locks only a published one). */
  market: OrderMarket;
  /** PAYOUT_SLA_MINUTES: a confirmed deposit unpaid for longer is overdue (listed first). */
  payoutSlaMinutes: number;
  /** PAYOUT_APPROVAL_NAIRA: a naira total over it waits for an admin's approval (decision 028). */
  payoutApprovalNaira: string;
  /** The clock orders are locked, expired and stamped by (a fake one in tests). */
  clock: () => Date;
}> = async (app, { db, events, limits, market, payoutSlaMinutes, payoutApprovalNaira, clock }) => {
  /** Who asks and when, with the database and event log: what every orders use case takes. */
  const asker = (request: FastifyRequest) => ({
    db,
    events,
    caller: requireUser(request),
    now: clock(),
  });

  // What `POST /api/orders` with the same body would lock, before the lock (decision 022).
  app.post(
    '/api/orders/preview',
    forRole('customer', {
      summary: 'What an order would lock',
      description:
        'A customer in their own chat, or an agent quoting in a chat: runs every check the lock ' +
        'runs and answers the rate, total and rateVersion an order would be locked at. Writes nothing.',
      body: previewOrderRequestSchema,
      response: { 200: orderPreviewSchema },
    }),
    async (request) =>
      previewOrder({ db, caller: requireUser(request), input: request.body, limits, market }),
  );

  app.post(
    '/api/orders',
    forRole('customer', {
      summary: 'Lock an order at the previewed rate',
      description:
        'A customer, in their own chat, locks an order at exactly the rateVersion the preview ' +
        "answered, or not at all (409 when the rate moved); an agent's order is a quote the " +
        'customer accepts. One open order per chat (409). A repeated Idempotency-Key answers the ' +
        'first order with 200.',
      headers: idempotencyHeadersSchema.partial(),
      body: createOrderRequestSchema,
      response: { 200: orderSchema, 201: orderSchema },
    }),
    async (request, reply) => {
      const { order, created } = await createOrder({
        ...asker(request),
        input: request.body,
        idempotencyKey: request.headers['idempotency-key'],
        limits,
        market,
      });
      return reply.status(created ? 201 : 200).send(order);
    },
  );

  app.get(
    '/api/orders',
    forRole('customer', {
      summary: 'The orders',
      description:
        'Agents and admins: every order; a customer: their own. Overdue payouts first, then ' +
        'newest first; `attention=deposit` (staff only, else 403) lists deposits needing an eye.',
      querystring: ordersQuerySchema,
      response: { 200: orderPageSchema },
    }),
    async (request) => listOrders({ ...asker(request), payoutSlaMinutes, ...request.query }),
  );

  app.get(
    '/api/orders/:id',
    forRole('customer', {
      summary: 'One order',
      description:
        'The order with its timeline, for its customer or any agent or admin; anyone else gets ' +
        '404 "Order not found".',
      params: orderIdParamsSchema,
      response: { 200: orderSchema },
    }),
    async (request) => getOrder({ ...asker(request), id: request.params.id }),
  );

  /** Who asks about which order, with which key: what every step's use case takes. */
  const context = (
    request: FastifyRequest & { params: { id: number }; headers: { 'idempotency-key': string } },
  ) => ({
    ...asker(request),
    id: request.params.id,
    idempotencyKey: request.headers['idempotency-key'],
  });

  /** A step `POST /api/orders/:id/{name}` for `role`, its body checked by `body`. */
  const step = <B extends z.ZodType>(
    name: OrderTransition,
    role: Role,
    body: B,
    docs: OperationDocs,
    run: (options: TransitionContext & { input: z.output<B> }) => Promise<Order>,
  ) =>
    app.post(`/api/orders/:id/${name}`, forRole(role, stepSchemas(body, docs)), async (request) =>
      // The schema typed and checked the body; inside this generic the type provider cannot
      // name its type, so it is said here.
      run({ ...context(request), input: request.body as z.output<B> }),
    );

  step(
    'accept',
    'customer',
    acceptOrderRequestSchema,
    {
      summary: "Accept an agent's quote",
      description:
        "The order's customer takes an agent's quote with one of their saved payout accounts; the order then awaits the deposit at its address. Refused once expired or accepted (409), and with no active deposit address (503).",
    },
    acceptOrder,
  );
  step(
    'deposit',
    'customer',
    depositRequestSchema,
    {
      summary: 'Say the deposit was sent',
      description:
        "The order's customer gives the deposit's transaction hash, and optionally their screenshot from the chat. A hash already used by any order is a 409.",
    },
    submitDeposit,
  );
  step(
    'confirm-deposit',
    'agent',
    confirmDepositRequestSchema,
    {
      summary: 'Confirm the deposit',
      description:
        'Agents confirm the deposit arrived. Without the required confirmations or with a problem the watcher recorded, a reason is required (400); a short deposit is never confirmed at the full total (409).',
    },
    (o) => confirmDeposit({ ...o, payoutApprovalNaira }),
  );
  // Admins, never the chat's agent nor the deposit's confirmer (decision 028).
  step(
    'approve-payout',
    'admin',
    emptyBody,
    {
      summary: 'Approve a large payout',
      description:
        "Admins, never the chat's agent nor the deposit's confirmer, approve a payout waiting over PAYOUT_APPROVAL_NAIRA so it can be paid.",
    },
    approvePayout,
  );
  step(
    'reject-payout',
    'admin',
    rejectPayoutRequestSchema,
    {
      summary: 'Reject a large payout',
      description:
        "Admins, never the chat's agent nor the deposit's confirmer, refuse a payout waiting for approval, with a reason: it is not sent and the coins go back to the customer.",
    },
    rejectPayout,
  );
  step(
    'release-payout',
    'agent',
    releasePayoutRequestSchema,
    {
      summary: 'Release a held payout',
      description:
        'Agents confirm by hand, with a reason, a deposit whose payout a reorganised block holds, so the payout may go ahead. A payout not held is a 409.',
    },
    releasePayout,
  );
  // What a re-quote would set, before its button; the re-quote then sets exactly that.
  app.get(
    '/api/orders/:id/requote-preview',
    forRole('agent', {
      summary: 'What a re-quote would set',
      description:
        "Agents: the amount, rate and total a re-quote at the deposit's received amount would " +
        'set, before the button. Writes nothing.',
      params: orderIdParamsSchema,
      response: { 200: requotePreviewSchema },
    }),
    async (request) =>
      previewRequote({
        db,
        caller: requireUser(request),
        id: request.params.id,
        limits,
        market,
      }),
  );
  step(
    'requote',
    'agent',
    requoteRequestSchema,
    {
      summary: 'Re-quote at the received amount',
      description:
        'Agents re-quote a short or over deposit at the amount received, exactly as the re-quote preview said; the customer then accepts or declines it.',
    },
    (o) => requoteDeposit({ ...o, limits, market }),
  );
  step(
    'accept-requote',
    'customer',
    emptyBody,
    {
      summary: 'Accept the re-quote',
      description: "The order's customer accepts an agent's re-quote at the received amount.",
    },
    acceptRequote,
  );
  step(
    'decline-requote',
    'customer',
    emptyBody,
    {
      summary: 'Decline the re-quote',
      description:
        "The order's customer declines an agent's re-quote; the deposit is then to be returned.",
    },
    declineRequote,
  );
  step(
    'return-deposit',
    'agent',
    returnDepositRequestSchema,
    {
      summary: 'Return the deposit',
      description:
        'Agents send back, with a reason, a deposit they will not re-quote (short, over, late, or a re-quote the customer did not take).',
    },
    returnDeposit,
  );
  step(
    'returned',
    'agent',
    depositReturnedRequestSchema,
    {
      summary: 'Record the deposit returned',
      description:
        "Agents record the desk's transaction that returned the coins, its hash in the network's shape (else 400); the order is refunded.",
    },
    depositReturned,
  );
  step(
    'payout',
    'agent',
    payoutRequestSchema,
    {
      summary: 'Record the payout',
      description:
        "Agents record the naira transfer with the bank's reference and its proof, an image staff sent in the order's chat. The proof is read first: a receipt already used or for another amount is a 409.",
    },
    recordPayout,
  );
  step(
    'received',
    'customer',
    emptyBody,
    {
      summary: 'Confirm the naira arrived',
      description:
        "The order's customer confirms they received the payout; the order completes and its trade is written.",
    },
    confirmReceived,
  );
  step(
    'dispute',
    'customer',
    disputeRequestSchema,
    {
      summary: 'Dispute the payout',
      description:
        "The order's customer says the payout did not arrive, or an agent flags it, with a note; an admin then resolves it.",
    },
    disputeOrder,
  );
  step(
    'resolve',
    'admin',
    resolveRequestSchema,
    {
      summary: 'Resolve a dispute',
      description:
        'Admins resolve a disputed order as completed (its trade is written) or refunded, with a reason shown to the customer.',
    },
    resolveDispute,
  );
  step(
    'cancel',
    'customer',
    cancelRequestSchema,
    {
      summary: 'Cancel an order',
      description:
        "The order's customer or staff call an order off before its deposit (quoted or awaiting the deposit), with an optional reason.",
    },
    cancelOrder,
  );
};
