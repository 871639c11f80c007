import { RefreshCw, X } from 'lucide-react';
import { Button } from '../components/ui/button';

/** A new release is installed and waiting: Reload switches to it. */
export function UpdatePrompt({ onReload, onLater }: { onReload: () => void; onLater: () => void }) {
  return (
    <section
      aria-label="Update"
      className="on-dark pointer-events-auto flex items-center gap-3 rounded-2xl bg-brand-950 p-3 pl-4 text-white shadow-card"
    >
      <RefreshCw aria-hidden className="size-5 shrink-0 text-gold-300" />
      <p role="status" className="min-w-0 flex-1 text-sm font-medium">
        A new version is available
      </p>
      <Button variant="gold" onClick={onReload}>
        Reload
      </Button>
      <button
        type="button"
        onClick={onLater}
        aria-label="Later"
        className="-ml-1 inline-flex size-11 shrink-0 items-center justify-center rounded-lg text-white/80 hover:bg-white/10 hover:text-white"
      >
        <X aria-hidden className="size-5" />
      </button>
    </section>
  );
}
