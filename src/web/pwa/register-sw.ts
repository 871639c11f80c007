import { Workbox } from 'workbox-window';

/** How often an open tab asks for a new release (agents keep the app open all day). */
const UPDATE_CHECK_MS = 60 * 60 * 1000;
/** If the new worker has not taken over by then, reload anyway. */
const RELOAD_FALLBACK_MS = 3_000;

/**
 * Registers the service worker and watches for new releases: the server sends /sw.js with
 * `cache-control: no-cache`, so each check sees the current one. A new release's worker
 * installs and waits (registerType 'prompt'); `onUpdate` gets the function that tells it to
 * take over (SKIP_WAITING) and reloads the page once it has. Returns a function that stops the
 * periodic checks.
 */
export function registerServiceWorker(
  onUpdate: (activate: () => void) => void,
  reloadPage: () => void = () => window.location.reload(),
): () => void {
  const wb = new Workbox('/sw.js', { scope: '/' });
  let registration: ServiceWorkerRegistration | undefined;

  let reloading = false;
  const reload = () => {
    if (reloading) return;
    reloading = true;
    reloadPage();
  };
  const activate = () => {
    // Another tab may have switched to it already: this page only needs the reload.
    if (!registration?.waiting) return reload();
    navigator.serviceWorker.addEventListener('controllerchange', reload, { once: true });
    setTimeout(reload, RELOAD_FALLBACK_MS);
    wb.messageSkipWaiting();
  };

  wb.addEventListener('waiting', () => onUpdate(activate));
  wb.register().then(
    (r) => {
      registration = r;
    },
    (error: unknown) => reportError(error),
  );

  const check = () => {
    if (document.visibilityState === 'visible') void wb.update().catch(() => undefined);
  };
  const interval = setInterval(check, UPDATE_CHECK_MS);
  document.addEventListener('visibilitychange', check);
  return () => {
    clearInterval(interval);
    document.removeEventListener('visibilitychange', check);
  };
}
