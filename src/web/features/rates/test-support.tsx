import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { vi } from 'vitest';
import type { User } from '../../../shared/api/auth';
import type { Price } from '../../../shared/api/prices';
import type { RatesResponse } from '../../../shared/api/rates';
import { TestProviders } from '../../testing/test-providers';
import { createQueryClient } from '../../lib/query-client';
import { TEST_CONFIG, TEST_PRICES } from '../../testing/render-app';

export { TEST_PRICES };
export const AGENT_ID = '22222222-2222-4222-8222-222222222222';
const AT = '2026-11-22T08:00:00.000Z';

export function makeAgent(overrides: Partial<User> = {}): User {
  return {
    id: AGENT_ID,
    email: 'kemi@example.com',
    firstName: 'Kemi',
    lastName: 'Adeyemi',
    profileImageUrl: null,
    customerStatus: 'active',
    isAgent: true,
    isAdmin: false,
    agentType: 'general',
    isActive: true,
    createdAt: AT,
    ...overrides,
  };
}

const UNMANAGED = {
  managed: false,
  published: false,
  buyRateUsd: null,
  sellRateUsd: null,
  buyRateNaira: null,
  sellRateNaira: null,
  spreadPercentage: null,
  lastUpdated: null,
} as const;

/** The server's answer before any save: no managed rate, no figures. */
export const UNMANAGED_RATES: RatesResponse = {
  usdToNaira: '1650',
  rates: [
    { currency: 'bitcoin', ...UNMANAGED },
    { currency: 'usdt', ...UNMANAGED },
  ],
};

/** Rates an agent saved, published: Auto Calculate at 97,250.50 USD (2 %) and 1.0002 USD (1 %). */
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
  search: string;
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
        search: url.search,
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

export const pricesResponse = (prices: Price[] = TEST_PRICES) => json(prices);

function LocationProbe({ onChange }: { onChange: (path: string) => void }) {
  const { pathname, search } = useLocation();
  onChange(pathname + search);
  return null;
}

/** Renders `element` at `path` with the app's providers; other paths show "elsewhere". */
export function renderWithApp(element: ReactNode, path: string, pattern = path) {
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
