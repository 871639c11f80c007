import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { AppProviders } from '../app/app-shell';
import type { AppConfig } from '../lib/app-config';
import { createQueryClient } from '../lib/query-client';

/** The app's providers plus a query client of the test's own (the app loads its lazily). */
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
      <AppProviders config={config}>{children}</AppProviders>
    </QueryClientProvider>
  );
}
