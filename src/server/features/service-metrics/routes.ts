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
    forRole('agent', {
      summary: "One's own service today",
      description:
        'Agents and admins: their chats resolved, first responses and average first response time today, in Lagos time.',
      response: { 200: myServiceTodaySchema },
    }),
    async (request) => myServiceToday({ db, agentId: requireUser(request).id, now: clock() }),
  );

  app.get(
    '/api/service-metrics/chat-sessions/:id',
    forRole('agent', {
      summary: "A chat's response times",
      description:
        "Agents and admins: one chat's first response, next responses, resolution time and who waits since when.",
      params: chatSessionIdParamsSchema,
      response: { 200: chatServiceTimesSchema },
    }),
    async (request) => chatServiceTimes({ db, chatSessionId: request.params.id }),
  );

  app.get(
    '/api/service-metrics/agents',
    forRole('admin', {
      summary: "Each agent's service",
      description:
        "Admins: every agent's and admin's measured service for today or the last 7 or 30 Lagos days, searchable by name or email.",
      querystring: agentServiceQuerySchema,
      response: { 200: agentServicePageSchema },
    }),
    async (request) => agentService({ db, ...request.query, now: clock() }),
  );

  app.get(
    '/api/service-metrics/agents.csv',
    forRole('admin', {
      summary: "Each agent's service as CSV",
      description: 'Admins download the same figures as the Agents tab, as CSV.',
      querystring: agentServiceQuerySchema,
    }),
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
