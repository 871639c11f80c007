import { useCallback, useEffect, useState } from 'react';

/** The spec: the banner appears 2 s after the browser's install offer... */
export const INSTALL_BANNER_DELAY_MS = 2_000;
/** ...and removes itself after 5 s on screen. */
export const INSTALL_BANNER_VISIBLE_MS = 5_000;

/** Chromium's install offer (not in TypeScript's DOM types: it is not a standard). */
export interface BeforeInstallPromptEvent extends Event {
  prompt(): Promise<{ outcome: 'accepted' | 'dismissed' }>;
}

export interface InstallOffer {
  event: BeforeInstallPromptEvent;
  /** When it arrived (Date.now()): the banner's 2 s count from here. */
  at: number;
}

export interface InstallBannerState {
  visible: boolean;
  /** Shows the browser's install dialog; an offer can be used once. */
  install(): Promise<void>;
  dismiss(): void;
}

/**
 * The install banner's timing: shown `INSTALL_BANNER_DELAY_MS` after the offer arrived, removed
 * `INSTALL_BANNER_VISIBLE_MS` after it was shown, or at once by Install or dismiss. A new offer
 * starts over.
 */
export function useInstallBanner(offer: InstallOffer | null): InstallBannerState {
  // The offer the banner shows now (a later offer does not inherit an earlier one's timers).
  const [shown, setShown] = useState<InstallOffer | null>(null);
  const [used, setUsed] = useState<InstallOffer | null>(null);

  useEffect(() => {
    if (!offer) return;
    let hide: ReturnType<typeof setTimeout> | undefined;
    const show = setTimeout(
      () => {
        setShown(offer);
        hide = setTimeout(() => setShown(null), INSTALL_BANNER_VISIBLE_MS);
      },
      Math.max(0, offer.at + INSTALL_BANNER_DELAY_MS - Date.now()),
    );
    const onInstalled = () => setShown(null);
    window.addEventListener('appinstalled', onInstalled);
    return () => {
      clearTimeout(show);
      clearTimeout(hide);
      window.removeEventListener('appinstalled', onInstalled);
    };
  }, [offer]);

  const install = useCallback(async () => {
    if (!offer || used === offer) return;
    setUsed(offer);
    setShown(null);
    await offer.event.prompt();
  }, [offer, used]);
  const dismiss = useCallback(() => setShown(null), []);

  return { visible: offer !== null && shown === offer, install, dismiss };
}
