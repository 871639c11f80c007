import { useEffect, useState } from 'react';
import { registerServiceWorker } from './register-sw';

/**
 * Registers /sw.js (built by vite-plugin-pwa, see vite.config.ts) once `enabled`, in the built
 * app only. Returns null, or, once a new release's worker is installed and waiting, the
 * function that switches to it and reloads.
 */
export function useServiceWorkerUpdate(enabled: boolean): (() => void) | null {
  const [activate, setActivate] = useState<(() => void) | null>(null);
  useEffect(() => {
    if (!enabled || !import.meta.env.PROD || !('serviceWorker' in navigator)) return;
    return registerServiceWorker((next) => setActivate(() => next));
  }, [enabled]);
  return activate;
}
