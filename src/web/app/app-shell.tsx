import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { Suspense, useEffect, type ReactNode } from 'react';
import { useLocation } from 'react-router';
import { Toaster } from '../components/ui/toaster';
import { AppConfigProvider, type AppConfig } from '../lib/app-config';
import { PwaLayer } from '../pwa';
import { ErrorBoundary } from './error-boundary';
import { PageSpinner } from './page-spinner';
import { AppRoutes } from './routes';

/** Everything a screen may rely on, outside the router (tests wrap a MemoryRouter in it). */
export function AppProviders({
  config,
  queryClient,
  children,
}: {
  config: AppConfig;
  queryClient: QueryClient;
  children: ReactNode;
}) {
  return (
    <AppConfigProvider config={config}>
      <QueryClientProvider client={queryClient}>
        {children}
        <Toaster />
      </QueryClientProvider>
    </AppConfigProvider>
  );
}

/** A new screen starts at the top; in-page anchors (#how-it-works) scroll themselves. */
function ScrollToTop() {
  const { pathname, hash } = useLocation();
  useEffect(() => {
    if (!hash) window.scrollTo(0, 0);
  }, [pathname, hash]);
  return null;
}

/** The routed part of the app, inside a router. */
export function AppShell() {
  const { pathname } = useLocation();
  return (
    <>
      <ScrollToTop />
      <ErrorBoundary resetKey={pathname}>
        <Suspense fallback={<PageSpinner />}>
          <AppRoutes />
        </Suspense>
      </ErrorBoundary>
      <PwaLayer />
    </>
  );
}
