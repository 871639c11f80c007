import { useState } from 'react';
import { InstallBanner } from './install-banner';
import { useInstallBanner, type InstallOffer } from './install-offer';
import { useServiceWorkerUpdate } from './service-worker';
import { UpdatePrompt } from './update-prompt';

/**
 * The service worker and what it has to say: "A new version is available" and the install
 * banner, at the bottom of the screen (bottom left on wide screens, clear of the toasts).
 */
export default function PwaNotices({
  offer,
  registerWorker,
}: {
  offer: InstallOffer | null;
  /** Register the service worker (once the first screen is done). */
  registerWorker: boolean;
}) {
  const banner = useInstallBanner(offer);
  const activateUpdate = useServiceWorkerUpdate(registerWorker);
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
