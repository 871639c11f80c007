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

/** The body of a step that takes none (the web sends `{}`). */
const emptyBody = z.object({}).nullish();

/** A step's request parts: the order, the Idempotency-Key and its body; the answer is the order. */
const stepSchemas = <B extends z.ZodType>(body: B) => ({
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
    forRole('customer', { body: previewOrderRequestSchema, response: { 200: orderPreviewSchema } }),
    async (request) =>
      previewOrder({ db, caller: requireUser(request), input: request.body, limits, market }),
  );

  app.post(
    '/api/orders',
    forRole('customer', {
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
    forRole('customer', { querystring: ordersQuerySchema, response: { 200: orderPageSchema } }),
    async (request) => listOrders({ ...asker(request), payoutSlaMinutes, ...request.query }),
  );

  app.get(
    '/api/orders/:id',
    forRole('customer', { params: orderIdParamsSchema, response: { 200: orderSchema } }),
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
    run: (options: TransitionContext & { input: z.output<B> }) => Promise<Order>,
  ) =>
    app.post(`/api/orders/:id/${name}`, forRole(role, stepSchemas(body)), async (request) =>
      // The schema typed and checked the body; inside this generic the type provider cannot
      // name its type, so it is said here.
      run({ ...context(request), input: request.body as z.output<B> }),
    );

  step('accept', 'customer', acceptOrderRequestSchema, acceptOrder);
  step('deposit', 'customer', depositRequestSchema, submitDeposit);
  step('confirm-deposit', 'agent', confirmDepositRequestSchema, (o) =>
    confirmDeposit({ ...o, payoutApprovalNaira }),
  );
  // Admins, never the chat's agent nor the deposit's confirmer (decision 028).
  step('approve-payout', 'admin', emptyBody, approvePayout);
  step('reject-payout', 'admin', rejectPayoutRequestSchema, rejectPayout);
  step('release-payout', 'agent', releasePayoutRequestSchema, releasePayout);
  // What a re-quote would set, before its button; the re-quote then sets exactly that.
  app.get(
    '/api/orders/:id/requote-preview',
    forRole('agent', { params: orderIdParamsSchema, response: { 200: requotePreviewSchema } }),
    async (request) =>
      previewRequote({
        db,
        caller: requireUser(request),
        id: request.params.id,
        limits,
        market,
      }),
  );
  step('requote', 'agent', requoteRequestSchema, (o) => requoteDeposit({ ...o, limits, market }));
  step('accept-requote', 'customer', emptyBody, acceptRequote);
  step('decline-requote', 'customer', emptyBody, declineRequote);
  step('return-deposit', 'agent', returnDepositRequestSchema, returnDeposit);
  step('returned', 'agent', depositReturnedRequestSchema, depositReturned);
  step('payout', 'agent', payoutRequestSchema, recordPayout);
  step('received', 'customer', emptyBody, confirmReceived);
  step('dispute', 'customer', disputeRequestSchema, disputeOrder);
  step('resolve', 'admin', resolveRequestSchema, resolveDispute);
  step('cancel', 'customer', cancelRequestSchema, cancelOrder);
};
