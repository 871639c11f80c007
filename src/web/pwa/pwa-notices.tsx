import { useState } from 'react';
import { InstallBanner } from './install-banner';
import { useInstallBanner, type InstallOffer } from './install-offer';
import { UpdatePrompt } from './update-prompt';

/**
 * What the service worker and the browser have to say: "A new version is available" and the install
 * banner, at the bottom of the screen (bottom left on wide screens, clear of the toasts).
 */
export default function PwaNotices({
  offer,
  activateUpdate,
}: {
  offer: InstallOffer | null;
  /** Switches to the new release waiting (`useServiceWorkerUpdate`), or null when there is none. */
  activateUpdate: (() => void) | null;
}) {
  const banner = useInstallBanner(offer);
  const [laterFor, setLaterFor] = useState<(() => void) | null>(null);
  const showUpdate = activateUpdate !== null && activateUpdate !== laterFor;
  if (!banner.visible && !showUpdate) return null;
  return (
    <div className="pointer-events-none fixed inset-x-0 bottom-0 z-50 flex flex-col gap-2 p-4 pb-[max(1rem,env(safe-area-inset-bottom))] sm:right-auto sm:w-[420px]">
      {showUpdate && (
        <UpdatePrompt onReload={activateUpdate} onLater={() => setLaterFor(() => activateUpdate)} />
      )}
      {banner.visible && (
        <InstallBanner onInstall={() => void banner.install()} onDismiss={banner.dismiss} />
      )}
    </div>
  );
}
