import { lazy, Suspense, useEffect, useState } from 'react';
import { afterLoadWhenIdle } from './after-load';
import type { InstallOffer } from './install-offer';

/** Everything else loads after the first screen, or with the install offer: never first. */
const PwaNotices = lazy(() => import('./pwa-notices'));

/**
 * The installable app's part of every screen. On the first load it only listens for the
 * browser's install offer (`beforeinstallprompt`, which can come early: it keeps the browser's
 * own mini-infobar away and notes the time); once the page has loaded and is idle, or when an
 * offer arrives, <PwaNotices> loads: the service worker, the update prompt, the install banner.
 */
export function PwaLayer() {
  const [offer, setOffer] = useState<InstallOffer | null>(null);
  const [idle, setIdle] = useState(false);
  useEffect(() => {
    const onOffer = (event: Event) => {
      event.preventDefault();
      setOffer({ event: event as InstallOffer['event'], at: Date.now() });
    };
    window.addEventListener('beforeinstallprompt', onOffer);
    // Only the built app has a service worker (vite.config.ts): nothing to load otherwise.
    const cancel = import.meta.env.PROD ? afterLoadWhenIdle(() => setIdle(true)) : undefined;
    return () => {
      window.removeEventListener('beforeinstallprompt', onOffer);
      cancel?.();
    };
  }, []);
  if (!offer && !idle) return null;
  return (
    <Suspense fallback={null}>
      <PwaNotices offer={offer} registerWorker={idle} />
    </Suspense>
  );
}
