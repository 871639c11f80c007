import { startTransition } from 'react';
import { createRoot, hydrateRoot, type Root } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import type { MarketSnapshot } from '../../shared/web-render';
import type { AppConfig } from '../lib/app-config';
import { App } from './app-shell';

/**
 * Starts the app in `container` (index.html's #root), with the market figures the server put in
 * the page, if any. When the server rendered the page into
 * it (the landing page, decision 005), the app takes over that markup (hydration) instead of
 * rendering anew: in a task of its own, after the one that has just evaluated the app's code,
 * and in a transition, so it yields to the browser every few milliseconds instead of holding
 * the main thread for the whole page.
 */
export function mountApp(
  container: HTMLElement,
  config: AppConfig,
  market?: MarketSnapshot,
): { unmount(): void } {
  const app = (
    <App
      config={config}
      market={market}
      router={(routes) => <BrowserRouter>{routes}</BrowserRouter>}
    />
  );
  let root: Root | undefined;
  if (!container.firstChild) {
    root = createRoot(container);
    root.render(app);
    return { unmount: () => root?.unmount() };
  }
  const timer = setTimeout(() => {
    startTransition(() => {
      root = hydrateRoot(container, app);
    });
  });
  // Tests stop the app before their page goes away; the browser never needs to.
  return {
    unmount: () => {
      clearTimeout(timer);
      root?.unmount();
    },
  };
}
