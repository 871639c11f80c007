import { X } from 'lucide-react';
import { Button } from '../components/ui/button';

/** The spec's install banner: "Install AgentChat" / "Get the app experience", Install, dismiss. */
export function InstallBanner({
  onInstall,
  onDismiss,
}: {
  onInstall: () => void;
  onDismiss: () => void;
}) {
  return (
    <section
      aria-labelledby="install-banner-title"
      className="pointer-events-auto flex items-center gap-3 rounded-2xl border border-line bg-surface p-3 text-ink shadow-card"
    >
      <img src="/icon-192.png" alt="" width={44} height={44} className="size-11 shrink-0" />
      <div className="min-w-0 flex-1">
        <h2 id="install-banner-title" className="leading-tight font-semibold">
          Install AgentChat
        </h2>
        <p className="mt-0.5 text-sm text-ink-muted">Get the app experience</p>
      </div>
      <Button onClick={onInstall}>Install</Button>
      <button
        type="button"
        onClick={onDismiss}
        aria-label="Dismiss"
        className="-ml-1 inline-flex size-11 shrink-0 items-center justify-center rounded-lg text-ink-muted hover:bg-canvas hover:text-ink"
      >
        <X aria-hidden className="size-5" />
      </button>
    </section>
  );
}
