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
      summary: 'Record a transaction',
      description:
        'Agents record a refund, charge or adjustment for a chat, pending; over APPROVAL_THRESHOLD_USD it waits for the approval of an admin other than its creator. A repeated Idempotency-Key answers the first one (200). Audited.',
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
      summary: 'Complete or fail a transaction',
      description: 'Agents move a pending transaction to completed or failed, once. Audited.',
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
    forRole('admin', {
      summary: 'Transactions awaiting approval',
      description: 'Admins: every transaction waiting for approval, oldest first.',
      response: { 200: z.array(transactionSchema) },
    }),
    async () => listApprovals({ db }),
  );

  app.post(
    '/api/transactions/:id/approve',
    forRole('admin', {
      summary: 'Approve a transaction',
      description:
        'Admins other than its creator approve a transaction waiting for approval; it becomes pending. Audited.',
      params: transactionIdParamsSchema,
      response: { 200: transactionSchema },
    }),
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
      summary: 'Reject a transaction',
      description:
        'Admins other than its creator reject a transaction waiting for approval, with a reason; it fails. Audited.',
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
      summary: "A customer's trading history",
      description:
        "A customer's own transactions, newest first; agents and admins may name a customer.",
      querystring: customerTransactionsQuerySchema,
      response: { 200: transactionPageSchema },
    }),
    async (request) =>
      listCustomerTransactions({ db, caller: requireUser(request), ...request.query }),
  );

  app.get(
    '/api/chat-sessions/:id/transactions',
    forRole('customer', {
      summary: "A chat's transactions",
      description:
        "The chat's customer, or staff: its transactions, newest first. Another customer's chat is a 404.",
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
