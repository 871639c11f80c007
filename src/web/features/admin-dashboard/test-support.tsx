import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { vi } from 'vitest';
import type { AdminUser, Analytics } from '../../../shared/api/reports';
import { createQueryClient } from '../../lib/query-client';

const AT = '2025-11-22T08:00:00.000Z';

export function makeAdminUser(overrides: Partial<AdminUser> = {}): AdminUser {
  return {
    id: '11111111-1111-4111-8111-111111111111',
    email: 'ada.obi@example.com',
    firstName: 'Ada',
    lastName: 'Obi',
    profileImageUrl: null,
    customerStatus: 'active',
    isAgent: false,
    isAdmin: false,
    isActive: true,
    sessionCount: 3,
    transactionCount: 2,
    createdAt: AT,
    ...overrides,
  };
}

/** The figures of an empty business: every divisor zero. */
export function makeAnalytics(overrides: Partial<Analytics> = {}): Analytics {
  return {
    range: { from: '2025-11-16', to: '2025-11-22', timeZone: 'Africa/Lagos' },
    userStats: { total: 0, agents: 0, customers: 0, newThisWeek: 0 },
    sessionStats: { total: 0, active: 0, bitcoin: 0, usdt: 0, activeBitcoin: 0, activeUsdt: 0 },
    transactionStats: {
      total: 0,
      completed: 0,
      pending: 0,
      failed: 0,
      completedTrades: 0,
      totalVolume: '0.00',
      refunds: '0.00',
      charges: '0.00',
      adjustments: '0.00',
    },
    distribution: { bitcoin: null, usdt: null },
    metrics: { successRate: null, avgVolume: null, agentUtilization: null },
    dailyActivity: Array.from({ length: 7 }, (_, i) => ({
      date: `2025-11-${16 + i}`,
      sessions: 0,
      transactions: 0,
    })),
    ...overrides,
  };
}

export function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  });
}

export interface ApiCall {
  method: string;
  path: string;
  body: unknown;
}

/**
 * Stubs fetch with handlers keyed "METHOD /path" (the path without its query); unknown
 * requests answer 404. Returns the calls made, in order.
 */
export function stubApi(
  handlers: Record<string, (call: ApiCall) => Response | Promise<Response>>,
): ApiCall[] {
  const calls: ApiCall[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(
        typeof input === 'string' ? input : input instanceof URL ? input.href : input.url,
        'http://localhost',
      );
      const method = init?.method ?? 'GET';
      const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined;
      const call = { method, path: url.pathname + url.search, body };
      calls.push(call);
      const handler = handlers[`${method} ${url.pathname}`];
      return handler ? handler(call) : json({ error: 'Not Found' }, 404);
    }),
  );
  return calls;
}

export function renderWithQueries(ui: ReactNode) {
  const queryClient = createQueryClient();
  const result = render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter>{ui}</MemoryRouter>
    </QueryClientProvider>,
  );
  return Object.assign(result, { queryClient });
}
