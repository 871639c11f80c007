import { render, type RenderResult } from '@testing-library/react';
import { useEffect } from 'react';
import { vi } from 'vitest';
import { MemoryRouter, useLocation } from 'react-router';
import type { Price } from '../../shared/api/prices';
import { AppProviders, AppShell } from '../app/app-shell';
import type { AppConfig } from '../lib/app-config';
import { resetAppQueryClient } from '../lib/data-layer';

export const TEST_CONFIG: AppConfig = {
  brandName: 'AgentChat',
  whatsappNumber: '2348012345678',
  supportContact: 'https://wa.me/2348012345678',
  demoMode: false,
};

/** Two prices as the server sends them: 97,250.50 USD and 1.0002 USD at 1650. */
export const TEST_PRICES: Price[] = [
  {
    symbol: 'BTC',
    name: 'Bitcoin',
    usd: '97250.5',
    ngn: '160463325.00',
    change24h: '2.35',
    updatedAt: '2026-11-22T08:00:00.000Z',
    stale: false,
  },
  {
    symbol: 'USDT',
    name: 'Tether',
    usd: '1.0002',
    ngn: '1650.33',
    change24h: '-0.01',
    updatedAt: '2026-11-22T08:00:00.000Z',
    stale: false,
  },
];

/** Answers `GET /api/prices` with `prices`, or with a 500 when given 'error'. */
export function stubPricesApi(prices: Price[] | 'error') {
  const fetchMock = vi.fn<typeof fetch>(async (input) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    if (url !== '/api/prices') return new Response('{"error":"Not found"}', { status: 404 });
    if (prices === 'error')
      return new Response('{"error":"Internal Server Error"}', { status: 500 });
    return new Response(JSON.stringify(prices), {
      headers: { 'content-type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

function LocationProbe({ onChange }: { onChange: (path: string) => void }) {
  const { pathname, search } = useLocation();
  useEffect(() => {
    onChange(pathname + search);
  }, [onChange, pathname, search]);
  return null;
}

/**
 * The whole app at `path`, in memory: the app's own providers, router and route table. No query
 * client is provided from outside: screens get theirs from the data layer, as in the browser,
 * so a component that reads a query outside it fails here too.
 */
export function renderApp(
  path: string,
  config: AppConfig = TEST_CONFIG,
): RenderResult & {
  currentPath: () => string;
} {
  let currentPath = path;
  resetAppQueryClient();
  const result = render(
    <AppProviders config={config}>
      <MemoryRouter initialEntries={[path]}>
        <LocationProbe
          onChange={(p) => {
            currentPath = p;
          }}
        />
        <AppShell />
      </MemoryRouter>
    </AppProviders>,
  );
  return Object.assign(result, { currentPath: () => currentPath });
}
