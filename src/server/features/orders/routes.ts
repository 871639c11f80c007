import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { type z } from 'zod';
import {
  acceptOrderRequestSchema,
  cancelRequestSchema,
  confirmDepositRequestSchema,
  createOrderRequestSchema,
  depositRequestSchema,
  disputeRequestSchema,
  orderIdParamsSchema,
  orderPageSchema,
  orderSchema,
  ordersQuerySchema,
  payoutRequestSchema,
  resolveRequestSchema,
} from '../../../shared/api/orders';
import { idempotencyHeadersSchema } from '../../../shared/api/transactions';
import type { Db } from '../../db/client';
import { requireUser } from '../../platform/auth';
import type { EventLog } from '../../platform/realtime/events';
import { forRole } from '../../platform/roles';
import { acceptOrder } from './accept-order';
import { cancelOrder } from './cancel-order';
import { confirmDeposit } from './confirm-deposit';
import { confirmReceived } from './confirm-received';
import { createOrder, type OrderLimits } from './create-order';
import { disputeOrder } from './dispute-order';
import { getOrder } from './get-order';
import { listOrders } from './list-orders';
import { recordPayout } from './record-payout';
import { resolveDispute } from './resolve-dispute';
import { submitDeposit } from './submit-deposit';

/** A transition's request parts: the order and the Idempotency-Key; the answer is the order. */
const transition = () => ({
  params: orderIdParamsSchema,
  headers: idempotencyHeadersSchema,
  response: { 200: orderSchema },
});
/** A transition that takes a body. */
const transitionWith = <B extends z.ZodType>(body: B) => ({ ...transition(), body });

export const ordersRoutes: FastifyPluginAsyncZod<{
  db: Db;
  events: EventLog;
  limits: OrderLimits;
  /** PAYOUT_SLA_MINUTES: a confirmed deposit unpaid for longer is overdue (listed first). */
  payoutSlaMinutes: number;
  /** The clock orders are locked, expired and stamped by (a fake one in tests). */
  clock: () => Date;
}> = async (app, { db, events, limits, payoutSlaMinutes, clock }) => {
  app.post(
    '/api/orders',
    forRole('customer', {
      headers: idempotencyHeadersSchema.partial(),
      body: createOrderRequestSchema,
      response: { 200: orderSchema, 201: orderSchema },
    }),
    async (request, reply) => {
      const { order, created } = await createOrder({
        db,
        events,
        caller: requireUser(request),
        input: request.body,
        idempotencyKey: request.headers['idempotency-key'],
        limits,
        now: clock(),
      });
      return reply.status(created ? 201 : 200).send(order);
    },
  );

  app.get(
    '/api/orders',
    forRole('customer', { querystring: ordersQuerySchema, response: { 200: orderPageSchema } }),
    async (request) =>
      listOrders({
        db,
        events,
        caller: requireUser(request),
        now: clock(),
        payoutSlaMinutes,
        ...request.query,
      }),
  );

  app.get(
    '/api/orders/:id',
    forRole('customer', { params: orderIdParamsSchema, response: { 200: orderSchema } }),
    async (request) =>
      getOrder({ db, events, caller: requireUser(request), id: request.params.id, now: clock() }),
  );

  /** Who asks, about which order, with which key, when: what every step's use case takes. */
  const context = (
    request: FastifyRequest & { params: { id: number }; headers: { 'idempotency-key': string } },
  ) => ({
    db,
    events,
    caller: requireUser(request),
    id: request.params.id,
    idempotencyKey: request.headers['idempotency-key'],
    now: clock(),
  });

  app.post(
    '/api/orders/:id/accept',
    forRole('customer', transitionWith(acceptOrderRequestSchema)),
    async (request) => acceptOrder({ ...context(request), input: request.body }),
  );
  app.post(
    '/api/orders/:id/deposit',
    forRole('customer', transitionWith(depositRequestSchema)),
    async (request) => submitDeposit({ ...context(request), input: request.body }),
  );
  app.post(
    '/api/orders/:id/confirm-deposit',
    forRole('agent', transitionWith(confirmDepositRequestSchema)),
    async (request) => confirmDeposit({ ...context(request), input: request.body }),
  );
  app.post(
    '/api/orders/:id/payout',
    forRole('agent', transitionWith(payoutRequestSchema)),
    async (request) => recordPayout({ ...context(request), input: request.body }),
  );
  app.post('/api/orders/:id/received', forRole('customer', transition()), async (request) =>
    confirmReceived(context(request)),
  );
  app.post(
    '/api/orders/:id/dispute',
    forRole('customer', transitionWith(disputeRequestSchema)),
    async (request) => disputeOrder({ ...context(request), input: request.body }),
  );
  app.post(
    '/api/orders/:id/resolve',
    forRole('admin', transitionWith(resolveRequestSchema)),
    async (request) => resolveDispute({ ...context(request), input: request.body }),
  );
  app.post(
    '/api/orders/:id/cancel',
    forRole('customer', transitionWith(cancelRequestSchema)),
    async (request) => cancelOrder({ ...context(request), input: request.body }),
  );
};
