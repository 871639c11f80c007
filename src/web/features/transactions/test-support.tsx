import { render } from '@testing-library/react';
import { useEffect, useSyncExternalStore, type ReactNode } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { vi } from 'vitest';
import type { User } from '../../../shared/api/auth';
import type { ChatSession } from '../../../shared/api/chat-sessions';
import type { RealtimeEvent } from '../../../shared/api/realtime';
import type { RatesResponse } from '../../../shared/api/rates';
import type { Transaction } from '../../../shared/api/transactions';
import { TestProviders } from '../../testing/test-providers';
import type { ConnectionState } from '../../lib/realtime';
import { createQueryClient } from '../../lib/query-client';
import { TEST_CONFIG, TEST_PRICES } from '../../testing/render-app';

export { TEST_PRICES };
export const CUSTOMER_ID = '11111111-1111-4111-8111-1111abcd1234';
export const AGENT_ID = '22222222-2222-4222-8222-222222222222';
export const AT = '2026-11-22T08:21:00.000Z';

export function makeUser(overrides: Partial<User> = {}): User {
  return {
    id: CUSTOMER_ID,
    email: 'chidi@example.com',
    firstName: 'Chidi',
    lastName: 'Okafor',
    profileImageUrl: null,
    customerStatus: 'active',
    isAgent: false,
    isAdmin: false,
    agentType: null,
    isActive: true,
    createdAt: AT,
    ...overrides,
  };
}

export const makeAgent = (overrides: Partial<User> = {}) =>
  makeUser({
    id: AGENT_ID,
    email: 'kemi@example.com',
    firstName: 'Kemi',
    lastName: 'Adeyemi',
    isAgent: true,
    agentType: 'general',
    ...overrides,
  });

export function makeSession(overrides: Partial<ChatSession> = {}): ChatSession {
  return {
    id: 7,
    customerId: CUSTOMER_ID,
    agentId: null,
    category: 'bitcoin',
    status: 'open',
    priority: 'normal',
    createdAt: AT,
    updatedAt: AT,
    lastMessageAt: null,
    customer: {
      id: CUSTOMER_ID,
      email: 'chidi@example.com',
      firstName: 'Chidi',
      lastName: 'Okafor',
      profileImageUrl: null,
      customerStatus: 'active',
      createdAt: AT,
    },
    agent: null,
    lastMessage: null,
    ...overrides,
  };
}

/** A trade as the server sends it: 0.05 BTC at ₦157,254,058.50, total half-up to the kobo. */
export function makeTransaction(overrides: Partial<Transaction> & { id: number }): Transaction {
  return {
    reference: `AC-7F3K2Q${String(overrides.id).padStart(2, '0')}`,
    chatSessionId: 7,
    customerId: CUSTOMER_ID,
    agentId: AGENT_ID,
    type: 'trade',
    transactionType: 'Sell',
    currency: 'bitcoin',
    amount: '0.05',
    rate: '157254058.50',
    total: '7862702.93',
    status: 'pending',
    reason: null,
    createdAt: AT,
    updatedAt: AT,
    ...overrides,
  };
}

export const MANAGED_RATES: RatesResponse = {
  usdToNaira: '1650',
  rates: [
    {
      currency: 'bitcoin',
      buyRateUsd: '99195.51',
      sellRateUsd: '95305.49',
      buyRateNaira: '163672591.50',
      sellRateNaira: '157254058.50',
      spreadPercentage: '2',
      lastUpdated: AT,
      managed: true,
      published: true,
    },
    {
      currency: 'usdt',
      buyRateUsd: '1.010202',
      sellRateUsd: '0.990198',
      buyRateNaira: '1666.83',
      sellRateNaira: '1633.83',
      spreadPercentage: '1',
      lastUpdated: AT,
      managed: true,
      published: true,
    },
  ],
};

export function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  });
}

export interface ApiCall {
  method: string;
  path: string;
  search: URLSearchParams;
  headers: Headers;
  body: unknown;
}

type Handler = (call: ApiCall) => Response | Promise<Response>;

/** Stubs fetch with handlers by "METHOD /path"; anything else is a 404. Returns every call. */
export function stubApi(routes: Record<string, Handler>): ApiCall[] {
  const calls: ApiCall[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(
        typeof input === 'string' ? input : input instanceof URL ? input.href : input.url,
        'http://localhost',
      );
      const method = init?.method ?? 'GET';
      let body: unknown = init?.body;
      if (typeof body === 'string') body = JSON.parse(body);
      const call = {
        method,
        path: url.pathname,
        search: url.searchParams,
        headers: new Headers(init?.headers),
        body,
      };
      calls.push(call);
      const handler = routes[`${method} ${url.pathname}`];
      return handler ? handler(call) : json({ error: 'Not found' }, 404);
    }),
  );
  return calls;
}

/** Stands in for the page's realtime client: the test plays events to the screens listening. */
export const fakeRealtime = {
  eventListeners: new Set<(event: RealtimeEvent) => void>(),
  resyncListeners: new Set<() => void>(),
  reset() {
    this.eventListeners.clear();
    this.resyncListeners.clear();
  },
  emit(event: RealtimeEvent) {
    for (const l of this.eventListeners) l(event);
  },
  resync() {
    for (const l of this.resyncListeners) l();
  },
};

/** `useRealtime` backed by `fakeRealtime`: `vi.mock('../../lib/realtime', ...)` returns it. */
export function useFakeRealtime(
  onEvent: (event: RealtimeEvent) => void,
  onResync?: () => void,
): ConnectionState {
  useEffect(() => {
    fakeRealtime.eventListeners.add(onEvent);
    return () => void fakeRealtime.eventListeners.delete(onEvent);
  }, [onEvent]);
  useEffect(() => {
    if (!onResync) return;
    fakeRealtime.resyncListeners.add(onResync);
    return () => void fakeRealtime.resyncListeners.delete(onResync);
  }, [onResync]);
  return useSyncExternalStore(
    () => () => undefined,
    () => 'online' as const,
  );
}

function LocationProbe({ onChange }: { onChange: (path: string) => void }) {
  const { pathname, search } = useLocation();
  onChange(pathname + search);
  return null;
}

/** Renders `element` at `path` with the app's providers; other paths show "elsewhere". */
export function renderWithApp(element: ReactNode, path: string, pattern = path.split('?')[0]!) {
  let currentPath = path;
  const queryClient = createQueryClient();
  const result = render(
    <TestProviders config={TEST_CONFIG} queryClient={queryClient}>
      <MemoryRouter initialEntries={[path]}>
        <LocationProbe
          onChange={(p) => {
            currentPath = p;
          }}
        />
        <Routes>
          <Route path={pattern} element={element} />
          <Route path="*" element={<p>elsewhere</p>} />
        </Routes>
      </MemoryRouter>
    </TestProviders>,
  );
  return Object.assign(result, { queryClient, currentPath: () => currentPath });
}
