import { z } from 'zod';
import { AGENT_AVAILABILITY_STATES, AGENT_TYPES } from '../domain';
import { coinSchema, isoDateTime } from './common';

/** Online / Break / Offline (ADR 016). */
export const availabilityStateSchema = z.enum(AGENT_AVAILABILITY_STATES);
export type AvailabilityState = z.infer<typeof availabilityStateSchema>;

/** How long every tab of an agent may be closed before they go Offline. */
export const OFFLINE_AFTER_MS = 2 * 60_000;

/** GET/PUT /api/availability/me: the caller's own availability. */
export const agentAvailabilitySchema = z.object({
  agentId: z.uuid(),
  state: availabilityStateSchema,
  /** When this state began. */
  since: isoDateTime,
});
export type AgentAvailability = z.infer<typeof agentAvailabilitySchema>;

/**
 * PUT /api/availability/me. An agent sets themselves Online, on Break or Offline; the agent
 * dashboard's Break button toggles break / online.
 */
export const setAvailabilityRequestSchema = z.object({ state: availabilityStateSchema });
export type SetAvailabilityRequest = z.input<typeof setAvailabilityRequestSchema>;

/**
 * GET /api/availability/agents (staff): every active agent with their availability and how
 * many chats they hold; the transfer picker's list.
 */
export const agentRosterEntrySchema = z.object({
  id: z.uuid(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  agentType: z.enum(AGENT_TYPES).nullable(),
  isAdmin: z.boolean(),
  state: availabilityStateSchema,
  since: isoDateTime.nullable(),
  /** Chats assigned to them and not resolved. */
  openChats: z.number().int().nonnegative(),
});
export type AgentRosterEntry = z.infer<typeof agentRosterEntrySchema>;
export const agentRosterSchema = z.array(agentRosterEntrySchema);

/** GET /api/availability/desks/:desk (anyone): a desk is a coin's chats. */
export const deskParamsSchema = z.object({ desk: coinSchema });

/**
 * What a customer sees of a desk: whether a real agent of it is Online now, their first names,
 * and the typical reply time (median first response over the last 7 days, whole minutes,
 * rounded up; null with no data).
 */
export const deskStatusSchema = z.object({
  desk: coinSchema,
  online: z.boolean(),
  onlineAgents: z.array(z.object({ firstName: z.string().nullable() })),
  typicalReplyMinutes: z.number().int().nonnegative().nullable(),
});
export type DeskStatus = z.infer<typeof deskStatusSchema>;

/** The staff-only realtime event's content when an agent's availability changes. */
export const availabilityChangeSchema = agentAvailabilitySchema;
