import { z } from 'zod';
import { CHAT_PRIORITIES, CHAT_STATUSES, CUSTOMER_STATUSES } from '../domain';
import { coinSchema, isoDateTime } from './common';
import { MESSAGE_MAX_LENGTH } from './messages';

/** The demo pages' fixed test customer (SPEC "Demo customer: fixed test id"). */
export const DEMO_CUSTOMER_ID = '00000000-0000-4000-8000-00000000de30';
export const DEMO_AGENT_NAMES = { bitcoin: 'Agent Tunde', usdt: 'Agent Amaka' } as const;

export const demoSessionSchema = z.object({
  id: z.number().int(),
  customerId: z.uuid(),
  agentId: z.uuid().nullable(),
  category: coinSchema,
  status: z.enum(CHAT_STATUSES),
  priority: z.enum(CHAT_PRIORITIES),
  createdAt: isoDateTime,
  updatedAt: isoDateTime,
  customer: z.object({
    id: z.uuid(),
    firstName: z.string().nullable(),
    lastName: z.string().nullable(),
    email: z.string().nullable(),
    customerStatus: z.enum(CUSTOMER_STATUSES),
  }),
});
export type DemoSession = z.infer<typeof demoSessionSchema>;

export const demoCreateSessionRequestSchema = z.object({
  customerId: z.literal(DEMO_CUSTOMER_ID, 'Demo sessions belong to the demo customer'),
  category: coinSchema,
  status: z.enum(CHAT_STATUSES).default('open'),
  priority: z.enum(CHAT_PRIORITIES).default('medium'),
});

export const demoMessageSchema = z.object({
  id: z.number().int(),
  chatSessionId: z.number().int(),
  senderId: z.uuid(),
  content: z.string(),
  messageType: z.literal('text'),
  createdAt: isoDateTime,
});
export type DemoMessage = z.infer<typeof demoMessageSchema>;

export const demoSendMessageRequestSchema = z.object({
  chatSessionId: z.coerce.number().int().positive().max(2_147_483_647),
  senderId: z.literal(DEMO_CUSTOMER_ID, 'Demo messages are sent by the demo customer'),
  content: z.string().trim().min(1, 'Message cannot be empty').max(MESSAGE_MAX_LENGTH),
  messageType: z.literal('text').default('text'),
});

export const demoStatusRequestSchema = z.object({ status: z.enum(CUSTOMER_STATUSES) });
