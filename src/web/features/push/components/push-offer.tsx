import { BellRing, X } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { dismissPushOffer, enablePush } from '../lib/enable-push';

/**
 * The offer of notifications (Web Push) as one bar: "Turn on" asks for permission and
 * subscribes; the cross hides it for good. `onClose` hides it either way.
 */
export function PushOffer({ title, onClose }: { title: string; onClose: () => void }) {
  const [state, setState] = useState<'idle' | 'working' | 'failed'>('idle');

  const turnOn = async () => {
    setState('working');
    try {
      await enablePush();
      onClose();
    } catch {
      setState('failed');
    }
  };
  const dismiss = () => {
    dismissPushOffer();
    onClose();
  };

  return (
    <section
      aria-labelledby="push-prompt-title"
      className="flex items-center gap-3 border-b border-line bg-surface px-4 py-2 text-ink"
    >
      <BellRing aria-hidden className="size-5 shrink-0 text-brand-700" />
      <div className="min-w-0 flex-1">
        <h2 id="push-prompt-title" className="text-sm leading-tight font-semibold">
          {title}
        </h2>
        {state === 'failed' && (
          <p role="alert" className="mt-0.5 text-sm text-down">
            Notifications could not be turned on. Try again.
          </p>
        )}
      </div>
      <Button onClick={() => void turnOn()} disabled={state === 'working'}>
        {state === 'working' ? 'Turning on…' : 'Turn on'}
      </Button>
      <button
        type="button"
        onClick={dismiss}
        aria-label="Not now"
        className="-ml-1 inline-flex size-11 shrink-0 items-center justify-center rounded-lg text-ink-muted hover:bg-canvas hover:text-ink"
      >
        <X aria-hidden className="size-5" />
      </button>
    </section>
  );
}
