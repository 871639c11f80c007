/** How often an open tab asks for a new release (agents keep the app open all day). */
const UPDATE_CHECK_MS = 60 * 60 * 1000;
/** If the new worker has not taken over by then, reload anyway. */
const RELOAD_FALLBACK_MS = 3_000;

/**
 * Registers the service worker and watches for new releases: the server sends /sw.js with
 * `cache-control: no-cache`, so each check sees the current one. A new release's worker
 * installs and waits (registerType 'prompt'); `onUpdate` gets the function that tells it to
 * take over (the `SKIP_WAITING` message the generated worker listens for) and reloads the page
 * once it has. Returns a function that stops the periodic checks.
 *
 * The browser's own API, not workbox-window: that would be 2 kB gzip more on every page, the
 * landing page's included (issue 33), for the same three events.
 */
export function registerServiceWorker(
  onUpdate: (activate: () => void) => void,
  reloadPage: () => void = () => window.location.reload(),
): () => void {
  const container = navigator.serviceWorker;
  let registration: ServiceWorkerRegistration | undefined;

  let reloading = false;
  const reload = () => {
    if (reloading) return;
    reloading = true;
    reloadPage();
  };
  const activate = () => {
    const waiting = registration?.waiting;
    // Another tab may have switched to it already: this page only needs the reload.
    if (!waiting) return reload();
    container.addEventListener('controllerchange', reload, { once: true });
    setTimeout(reload, RELOAD_FALLBACK_MS);
    waiting.postMessage({ type: 'SKIP_WAITING' });
  };

  // A new release: a worker waiting while an older one is active. (The very first worker also
  // passes through "waiting" for a moment once installed, with nothing active: not an update.)
  const offerIfWaiting = (r: ServiceWorkerRegistration) => {
    if (r.waiting && r.active) onUpdate(activate);
  };
  container.register('/sw.js', { scope: '/' }).then(
    (r) => {
      registration = r;
      // Installed before this page registered (in another tab, before a reload).
      offerIfWaiting(r);
      r.addEventListener('updatefound', () => {
        const installing = r.installing;
        installing?.addEventListener('statechange', () => {
          if (installing.state === 'installed') offerIfWaiting(r);
        });
      });
    },
    (error: unknown) => reportError(error),
  );

  const check = () => {
    if (document.visibilityState === 'visible') void registration?.update().catch(() => undefined);
  };
  const interval = setInterval(check, UPDATE_CHECK_MS);
  document.addEventListener('visibilitychange', check);
  return () => {
    clearInterval(interval);
    document.removeEventListener('visibilitychange', check);
  };
}
