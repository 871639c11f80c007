import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  adminSessionPageSchema,
  adminSessionsQuerySchema,
  adminTransactionPageSchema,
  adminTransactionsQuerySchema,
  analyticsQuerySchema,
  analyticsSchema,
  exportQuerySchema,
} from '../../../shared/api/reports';
import type { Db } from '../../db/client';
import { computeAnalytics } from './analytics';
import { exportAuditLog } from './export-audit-log';
import { exportTransactions } from './export-transactions';
import { listAdminSessions } from './list-admin-sessions';
import { listAdminTransactions } from './list-admin-transactions';
import { forRole } from '../../platform/roles';

export const reportsRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.get(
    '/api/admin/analytics',
    forRole('admin', {
      summary: "The dashboard's figures",
      description:
        'Admins: the users, chats, transactions and trades of a range of Lagos days, the demo left out.',
      querystring: analyticsQuerySchema,
      response: { 200: analyticsSchema },
    }),
    async (request) => computeAnalytics({ db, ...request.query }),
  );

  app.get(
    '/api/admin/chat-sessions',
    forRole('admin', {
      summary: 'Every chat, for admins',
      description: "Admins: every chat, newest first, the demo customer's left out.",
      querystring: adminSessionsQuerySchema,
      response: { 200: adminSessionPageSchema },
    }),
    async (request) => listAdminSessions({ db, ...request.query }),
  );

  app.get(
    '/api/admin/transactions',
    forRole('admin', {
      summary: 'Every transaction, for admins',
      description: "Admins: every transaction, newest first, the demo customer's left out.",
      querystring: adminTransactionsQuerySchema,
      response: { 200: adminTransactionPageSchema },
    }),
    async (request) => listAdminTransactions({ db, ...request.query }),
  );

  for (const [name, make, summary, description] of [
    [
      'transactions',
      exportTransactions,
      'The transactions as CSV',
      'Admins download the transactions of a range of Lagos days as CSV, the demo left out.',
    ],
    [
      'audit-log',
      exportAuditLog,
      'The audit log as CSV',
      'Admins download the audit log of a range of Lagos days as CSV.',
    ],
  ] as const) {
    app.get(
      `/api/admin/export/${name}.csv`,
      forRole('admin', { summary, description, querystring: exportQuerySchema }),
      async (request, reply) => {
        const { from, to } = request.query;
        return reply
          .type('text/csv; charset=utf-8')
          .header('content-disposition', `attachment; filename="${name}-${from}-to-${to}.csv"`)
          .header('cache-control', 'no-store')
          .send(make({ db, from, to }));
      },
    );
  }
};
