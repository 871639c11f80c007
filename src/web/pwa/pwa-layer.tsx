import { lazy, Suspense, useEffect, useState } from 'react';
import { afterLoadWhenIdle } from './after-load';
import type { InstallOffer } from './install-offer';
import { useServiceWorkerUpdate } from './service-worker';

/** What the app has to say (the update prompt, the install banner): loaded when it has something. */
const PwaNotices = lazy(() => import('./pwa-notices'));

/**
 * The installable app's part of every screen. It listens for the browser's install offer
 * (`beforeinstallprompt`, which can come early: it keeps the browser's own mini-infobar away
 * and notes the time) and, once the page has loaded and is idle, registers the service worker.
 * <PwaNotices> loads only when there is something to say: an install offer, or a new release
 * waiting. A visit with neither never downloads it (issue 33).
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
  const activateUpdate = useServiceWorkerUpdate(idle);
  if (!offer && !activateUpdate) return null;
  return (
    <Suspense fallback={null}>
      <PwaNotices offer={offer} activateUpdate={activateUpdate} />
    </Suspense>
  );
}
