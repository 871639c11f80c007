import { z } from 'zod';
import { decimalString, pageSchema } from './common';
import { BUSINESS_TIME_ZONE } from '../lagos-days';

/**
 * Measured service (issue 17): how fast staff answer customers and how soon chats are resolved.
 * Every duration is whole seconds, rounded. Days are Lagos calendar days (BUSINESS_TIME_ZONE).
 *
 * - A response: a staff message (not a private note) answering the customer's messages since the
 *   previous staff message; the wait runs from the first of those customer messages.
 * - First response: a chat's first response. Next responses: the later ones.
 * - Resolution: from the chat's creation to its resolution.
 */

const seconds = z.number().int().nonnegative();

/** GET /api/service-metrics/chat-sessions/:id: one chat's measured times. */
export const chatServiceTimesSchema = z.object({
  chatSessionId: z.number().int(),
  /** Null until staff answered the customer. */
  firstResponseSeconds: seconds.nullable(),
  nextResponses: z.object({
    count: z.number().int().nonnegative(),
    /** Null when there was no next response. */
    medianSeconds: seconds.nullable(),
    averageSeconds: seconds.nullable(),
  }),
  /** Null while the chat is not resolved. */
  resolutionSeconds: seconds.nullable(),
  /** The oldest customer message nobody has answered yet; null when the customer is not waiting. */
  waitingSince: z.iso.datetime({ offset: true }).nullable(),
});
export type ChatServiceTimes = z.infer<typeof chatServiceTimesSchema>;

/** GET /api/service-metrics/me: the signed-in agent's own figures for today (a Lagos day). */
export const myServiceTodaySchema = z.object({
  /** The Lagos calendar day the figures cover (YYYY-MM-DD). */
  day: z.iso.date(),
  timeZone: z.literal(BUSINESS_TIME_ZONE),
  /**
   * Chats resolved today while the agent held them (the lifecycle's resolve steps: a chat reopened
   * since still counts, once).
   */
  resolved: z.number().int().nonnegative(),
  /** First responses the agent sent today, and their average wait; null when none. */
  firstResponses: z.number().int().nonnegative(),
  averageFirstResponseSeconds: seconds.nullable(),
});
export type MyServiceToday = z.infer<typeof myServiceTodaySchema>;

/** The Agents tab's periods: today, or the last 7 or 30 Lagos days (today included). */
export const SERVICE_PERIODS = ['today', '7d', '30d'] as const;
export type ServicePeriod = (typeof SERVICE_PERIODS)[number];

export const agentServiceQuerySchema = z.object({
  period: z.enum(SERVICE_PERIODS).default('today'),
  /** Case-insensitive substring of the agent's name or email. */
  q: z.string().trim().max(100).optional(),
});

export const agentServiceRowSchema = z.object({
  agentId: z.uuid(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  email: z.string().nullable(),
  /** Chats the agent sent at least one message in (notes aside) during the period. */
  chatsHandled: z.number().int().nonnegative(),
  /** First responses the agent sent in the period, and their median wait (null when none). */
  firstResponses: z.number().int().nonnegative(),
  medianFirstResponseSeconds: seconds.nullable(),
  /** Chats resolved in the period while the agent held them (once each, reopened or not). */
  resolved: z.number().int().nonnegative(),
  /** Orders completed in the period that the agent paid out, and their naira total. */
  ordersCompleted: z.number().int().nonnegative(),
  ordersVolumeNgn: decimalString,
  /** Time the agent spent on Break within the period. */
  breakSeconds: seconds,
});
export type AgentServiceRow = z.infer<typeof agentServiceRowSchema>;

/** GET /api/service-metrics/agents: every agent (admins too), by name; one page. */
export const agentServicePageSchema = pageSchema(agentServiceRowSchema).extend({
  period: z.enum(SERVICE_PERIODS),
  /** The Lagos days the period covers, both included. */
  range: z.object({
    from: z.iso.date(),
    to: z.iso.date(),
    timeZone: z.literal(BUSINESS_TIME_ZONE),
  }),
});
export type AgentServicePage = z.infer<typeof agentServicePageSchema>;

/** The CSV's columns (GET /api/service-metrics/agents.csv), units in their names. */
export const AGENT_SERVICE_CSV_HEADER = [
  'agent_id',
  'agent_name',
  'agent_email',
  'period_from',
  'period_to',
  'chats_handled',
  'first_responses',
  'median_first_response_seconds',
  'resolved',
  'orders_completed',
  'orders_volume_ngn',
  'break_seconds',
] as const;
