import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { chatSessionIdParamsSchema } from '../../../shared/api/chat-sessions';
import { idempotencyHeadersSchema } from '../../../shared/api/common';
import {
  createTransactionRequestSchema,
  customerTransactionsQuerySchema,
  transactionIdParamsSchema,
  transactionPageSchema,
  transactionSchema,
  rejectTransactionRequestSchema,
  transactionStatusRequestSchema,
} from '../../../shared/api/transactions';
import type { Db } from '../../db/client';
import { requireUser } from '../../platform/auth';
import type { EventLog } from '../../platform/realtime/events';
import { createTransaction } from './create-transaction';
import { decideTransaction } from './decide-transaction';
import { listApprovals } from './list-approvals';
import { listCustomerTransactions } from './list-customer-transactions';
import { listSessionTransactions } from './list-session-transactions';
import { setTransactionStatus } from './set-transaction-status';
import { forRole } from '../../platform/roles';

export const transactionsRoutes: FastifyPluginAsyncZod<{
  db: Db;
  events: EventLog;
  /** APPROVAL_THRESHOLD_USD (decision 028). */
  approvalThresholdUsd: string;
}> = async (app, { db, events, approvalThresholdUsd }) => {
  app.post(
    '/api/transactions',
    forRole('agent', {
      headers: idempotencyHeadersSchema,
      body: createTransactionRequestSchema,
      response: { 200: transactionSchema, 201: transactionSchema },
    }),
    async (request, reply) => {
      const { transaction, created } = await createTransaction({
        db,
        events,
        agent: requireUser(request),
        input: request.body,
        idempotencyKey: request.headers['idempotency-key'],
        approvalThresholdUsd,
      });
      return reply.status(created ? 201 : 200).send(transaction);
    },
  );

  app.patch(
    '/api/transactions/:id/status',
    forRole('agent', {
      params: transactionIdParamsSchema,
      body: transactionStatusRequestSchema,
      response: { 200: transactionSchema },
    }),
    async (request) =>
      setTransactionStatus({
        events,
        agent: requireUser(request),
        id: request.params.id,
        ...request.body,
      }),
  );

  app.get(
    '/api/transactions/approvals',
    forRole('admin', { response: { 200: z.array(transactionSchema) } }),
    async () => listApprovals({ db }),
  );

  app.post(
    '/api/transactions/:id/approve',
    forRole('admin', { params: transactionIdParamsSchema, response: { 200: transactionSchema } }),
    async (request) =>
      decideTransaction({
        events,
        admin: requireUser(request),
        id: request.params.id,
        decision: { approve: true },
      }),
  );

  app.post(
    '/api/transactions/:id/reject',
    forRole('admin', {
      params: transactionIdParamsSchema,
      body: rejectTransactionRequestSchema,
      response: { 200: transactionSchema },
    }),
    async (request) =>
      decideTransaction({
        events,
        admin: requireUser(request),
        id: request.params.id,
        decision: { approve: false, reason: request.body.reason },
      }),
  );

  app.get(
    '/api/transactions/customer',
    forRole('customer', {
      querystring: customerTransactionsQuerySchema,
      response: { 200: transactionPageSchema },
    }),
    async (request) =>
      listCustomerTransactions({ db, caller: requireUser(request), ...request.query }),
  );

  app.get(
    '/api/chat-sessions/:id/transactions',
    forRole('customer', {
      params: chatSessionIdParamsSchema,
      response: { 200: z.array(transactionSchema) },
    }),
    async (request) =>
      listSessionTransactions({
        db,
        caller: requireUser(request),
        chatSessionId: request.params.id,
      }),
  );
};
