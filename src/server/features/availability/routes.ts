import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  agentAvailabilitySchema,
  agentRosterSchema,
  deskParamsSchema,
  deskStatusSchema,
  setAvailabilityRequestSchema,
} from '../../../shared/api/availability';
import { agentIdParamsSchema } from '../../../shared/api/agents';
import type { Db } from '../../db/client';
import { requireUser } from '../../platform/auth';
import type { EventLog } from '../../platform/realtime/events';
import { forRole } from '../../platform/roles';
import { getAvailability, listAgentRoster } from './get-availability';
import { getDeskStatus, typicalReplyMinutes } from './get-desk-status';
import type { RateCurrency } from '../../../shared/domain';
import { setAgentAvailability, setAvailability } from './set-availability';

export interface AvailabilityRoutesOptions {
  db: Db;
  events: EventLog;
  /** MAX_OPEN_CHATS_PER_AGENT: going Online hands out waiting chats up to it. */
  maxOpenChatsPerAgent: number;
  clock: () => Date;
}

/**
 * How long a desk's typical reply time is kept before it is read again: customers ask on every
 * chat screen, and a median over a week moves slowly. Who is Online is read every time.
 */
const TYPICAL_REPLY_TTL_MS = 60_000;

export const availabilityRoutes: FastifyPluginAsyncZod<AvailabilityRoutesOptions> = async (
  app,
  { db, events, maxOpenChatsPerAgent, clock },
) => {
  app.get(
    '/api/availability/me',
    forRole('agent', {
      summary: "One's own availability",
      description:
        'Agents and admins: whether they are Online, on Break or Offline, and since when.',
      response: { 200: agentAvailabilitySchema },
    }),
    async (request) => getAvailability({ db, agentId: requireUser(request).id }),
  );

  app.put(
    '/api/availability/me',
    forRole('agent', {
      summary: "Set one's own availability",
      description:
        'Agents and admins go Online, on Break or Offline. Going Online hands them waiting chats up to MAX_OPEN_CHATS_PER_AGENT.',
      body: setAvailabilityRequestSchema,
      response: { 200: agentAvailabilitySchema },
    }),
    async (request) =>
      setAvailability({
        events,
        agentId: requireUser(request).id,
        state: request.body.state,
        cap: maxOpenChatsPerAgent,
        now: clock(),
      }),
  );

  app.put(
    '/api/availability/agents/:id',
    forRole('admin', {
      summary: "Set an agent's availability",
      description:
        "Admins set an active agent's or admin's availability (ending a Break left on). Anyone else is a 404. Audited.",
      params: agentIdParamsSchema,
      body: setAvailabilityRequestSchema,
      response: { 200: agentAvailabilitySchema },
    }),
    async (request) =>
      setAgentAvailability({
        events,
        actorId: requireUser(request).id,
        agentId: request.params.id,
        state: request.body.state,
        cap: maxOpenChatsPerAgent,
        now: clock(),
      }),
  );

  app.get(
    '/api/availability/agents',
    forRole('agent', {
      summary: "The agents' availability",
      description:
        'Agents and admins: every active agent and admin with their availability and open chats, for the transfer picker.',
      response: { 200: agentRosterSchema },
    }),
    async () => listAgentRoster({ db }),
  );

  const typical = new Map<RateCurrency, { at: number; minutes: Promise<number | null> }>();
  app.get(
    '/api/availability/desks/:desk',
    forRole('public', {
      summary: 'Who answers at a desk',
      description:
        'Anyone: whether the bitcoin or usdt desk has Online agents, their first names, and the typical reply time over the last 7 days. Another desk is a 400.',
      params: deskParamsSchema,
      response: { 200: deskStatusSchema },
    }),
    async (request) => {
      const now = clock();
      return getDeskStatus({
        db,
        desk: request.params.desk,
        now,
        typicalReplyMinutes: (desk) => {
          const kept = typical.get(desk);
          const age = kept ? now.getTime() - kept.at : Infinity;
          if (kept && age >= 0 && age < TYPICAL_REPLY_TTL_MS) return kept.minutes;
          const minutes = typicalReplyMinutes({ db, desk, now });
          typical.set(desk, { at: now.getTime(), minutes });
          minutes.catch(() => typical.delete(desk));
          return minutes;
        },
      });
    },
  );
};
