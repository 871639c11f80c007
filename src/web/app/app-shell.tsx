import { StrictMode, Suspense, useEffect, useRef, type ReactNode } from 'react';
import { matchRoutes, useLocation } from 'react-router';
import { Toaster } from '../components/ui/toaster';
import { PricesProvider } from '../features/prices';
// Not the feature's index: the whole of it would count as the first load's (vite.config.ts).
import { PublicRatesProvider } from '../features/rates/api/get-public-rates';
import type { MarketSnapshot } from '../../shared/web-render';
import { AppConfigProvider, type AppConfig } from '../lib/app-config';
import { PwaLayer } from '../pwa';
import { ErrorBoundary } from './error-boundary';
import { ScreenSpinner } from '../components/screen-states';
import { AppRoutes, appRoutes } from './routes';

/**
 * Everything a screen may rely on, outside the router (tests wrap a MemoryRouter in it). The
 * TanStack Query client is not here: it loads with the screens that use it (`lazyScreen`).
 * `market` is what the server rendered the landing page with: the prices and rates stores
 * start from it.
 */
export function AppProviders({
  config,
  market,
  children,
}: {
  config: AppConfig;
  market?: MarketSnapshot;
  children: ReactNode;
}) {
  return (
    <AppConfigProvider config={config}>
      <PricesProvider initial={market?.prices}>
        <PublicRatesProvider initial={market?.rates ?? undefined}>
          {children}
          <Toaster />
        </PublicRatesProvider>
      </PricesProvider>
    </AppConfigProvider>
  );
}

/** The screen a path shows: its route's component (one screen may answer several paths). */
function screenOf(pathname: string): unknown {
  return matchRoutes(appRoutes, pathname)?.at(-1)?.route.Component ?? pathname;
}

/**
 * A new screen starts at the top; in-page anchors (#how-it-works) scroll themselves. The first
 * screen is where the browser put it: a visitor may have scrolled the server-rendered landing
 * page before the app took it over. A path the same screen shows keeps the scroll: in the
 * agents' inbox, /agent/chats/:id opens a chat over the list, and the list waits where it was.
 */
function ScrollToTop() {
  const { pathname, hash } = useLocation();
  const shown = useRef(pathname + hash);
  const screen = useRef(screenOf(pathname));
  useEffect(() => {
    if (shown.current === pathname + hash) return;
    shown.current = pathname + hash;
    const sameScreen = screen.current === screenOf(pathname);
    screen.current = screenOf(pathname);
    if (!hash && !sameScreen) window.scrollTo(0, 0);
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
        <Suspense fallback={<ScreenSpinner />}>
          <AppRoutes />
        </Suspense>
      </ErrorBoundary>
      <PwaLayer />
    </>
  );
}

/**
 * The whole app, as both entries render it: main.tsx under the browser's router, entry-server.tsx
 * under a static one. One tree, so the server's markup is what the browser's first render expects.
 */
export function App({
  config,
  market,
  router,
}: {
  config: AppConfig;
  /** The market figures the server rendered the landing page with, if it did. */
  market?: MarketSnapshot;
  /** Wraps the routed app in a router. */
  router: (app: ReactNode) => ReactNode;
}) {
  return (
    <StrictMode>
      <AppProviders config={config} market={market}>
        {router(<AppShell />)}
      </AppProviders>
    </StrictMode>
  );
}
