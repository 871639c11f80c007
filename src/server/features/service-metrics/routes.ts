import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { chatSessionIdParamsSchema } from '../../../shared/api/chat-sessions';
import {
  agentServicePageSchema,
  agentServiceQuerySchema,
  chatServiceTimesSchema,
  myServiceTodaySchema,
} from '../../../shared/api/service-metrics';
import type { Db } from '../../db/client';
import { requireUser } from '../../platform/auth';
import { forRole } from '../../platform/roles';
import { agentService } from './agent-service';
import { chatServiceTimes } from './chat-service-times';
import { agentServiceCsv } from './export-agent-service';
import { myServiceToday } from './my-service-today';

export const serviceMetricsRoutes: FastifyPluginAsyncZod<{ db: Db; clock: () => Date }> = async (
  app,
  { db, clock },
) => {
  app.get(
    '/api/service-metrics/me',
    forRole('agent', { response: { 200: myServiceTodaySchema } }),
    async (request) => myServiceToday({ db, agentId: requireUser(request).id, now: clock() }),
  );

  app.get(
    '/api/service-metrics/chat-sessions/:id',
    forRole('agent', {
      params: chatSessionIdParamsSchema,
      response: { 200: chatServiceTimesSchema },
    }),
    async (request) => chatServiceTimes({ db, chatSessionId: request.params.id }),
  );

  app.get(
    '/api/service-metrics/agents',
    forRole('admin', {
      querystring: agentServiceQuerySchema,
      response: { 200: agentServicePageSchema },
    }),
    async (request) => agentService({ db, ...request.query, now: clock() }),
  );

  app.get(
    '/api/service-metrics/agents.csv',
    forRole('admin', { querystring: agentServiceQuerySchema }),
    async (request, reply) => {
      const page = await agentService({ db, ...request.query, now: clock() });
      const { from, to } = page.range;
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="agents-${from}-to-${to}.csv"`)
        .header('cache-control', 'no-store')
        .send(agentServiceCsv(page));
    },
  );
};
