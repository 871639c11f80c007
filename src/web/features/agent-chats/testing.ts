import type { ChatSession } from '../../../shared/api/chat-sessions';
import type { CustomerSummary } from '../../../shared/api/customers';

/** A customer as the API sends one; override what a test is about. */
export function makeCustomer(overrides: Partial<CustomerSummary> = {}): CustomerSummary {
  return {
    id: '3f0c6a7e-1b2d-4c5e-8f90-a1b2c3d41a2b',
    email: 'ada@example.com',
    firstName: 'Ada',
    lastName: 'Obi',
    profileImageUrl: null,
    customerStatus: 'active',
    createdAt: '2026-03-01T09:00:00.000Z',
    ...overrides,
  };
}

export function makeSession(
  overrides: Partial<ChatSession> & { customer?: CustomerSummary } = {},
): ChatSession {
  const customer = overrides.customer ?? makeCustomer();
  return {
    id: 1,
    customerId: customer.id,
    agentId: null,
    category: 'bitcoin',
    status: 'open',
    priority: 'normal',
    createdAt: '2026-03-18T08:00:00.000Z',
    updatedAt: '2026-03-18T08:00:00.000Z',
    lastMessageAt: null,
    agent: null,
    lastMessage: null,
    ...overrides,
    customer,
  };
}
