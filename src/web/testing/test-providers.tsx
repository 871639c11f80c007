import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { AppProviders } from '../app/app-shell';
import { LiveUpdates } from '../app/live-updates';
import type { AppConfig } from '../lib/app-config';
import { createQueryClient } from '../lib/query-client';
import { RealtimeProvider } from '../lib/realtime';
import { fakeRealtime } from './fake-realtime';

/**
 * The app's providers plus a query client of the test's own (the app loads its lazily), and
 * `fakeRealtime` in place of the page's realtime client, its events applied as the app does.
 */
export function TestProviders({
  config,
  queryClient = createQueryClient(),
  children,
}: {
  config: AppConfig;
  queryClient?: QueryClient;
  children: ReactNode;
}) {
  return (
    <QueryClientProvider client={queryClient}>
      <RealtimeProvider value={fakeRealtime}>
        <LiveUpdates />
        <AppProviders config={config}>{children}</AppProviders>
      </RealtimeProvider>
    </QueryClientProvider>
  );
}
