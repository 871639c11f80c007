import { render, type RenderResult } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { AppProviders, AppShell } from '../app/app-shell';
import type { AppConfig } from '../lib/app-config';
import { resetAppQueryClient } from '../lib/data-layer';
import { createQueryClient } from '../lib/query-client';
import { TestProviders } from './test-providers';

export const TEST_CONFIG: AppConfig = {
  brandName: 'AgentChat',
  whatsappNumber: '2348012345678',
  supportContact: 'https://wa.me/2348012345678',
  demoMode: false,
  payoutSlaMinutes: 30,
  disputeResponseHours: 24,
  firstResponseTargetMinutes: 5,
  quoteTtlMinutes: 15,
  minOrderNaira: '5000',
  maxOrderNaira: '50000000',
  approvalThresholdUsd: '50',
  whatsappChannel: false,
  depositWatchMs: 30_000,
};

/** Reports the router's path and query as it renders, so a test sees a navigation at once. */
function LocationProbe({ onChange }: { onChange: (path: string) => void }) {
  const { pathname, search } = useLocation();
  onChange(pathname + search);
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

/**
 * One screen or component at `path`, with the app's providers and a query client of the test's
 * own: `element` answers `pattern` (the path itself unless told), any other path shows
 * "elsewhere", so a test can follow where the screen navigates.
 */
export function renderWithApp(element: ReactNode, path = '/', pattern = path.split('?')[0]!) {
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
