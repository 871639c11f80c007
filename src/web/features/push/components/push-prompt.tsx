import { useQuery } from '@tanstack/react-query';
import { BellRing, X } from 'lucide-react';
import { useEffect, useState } from 'react';
import type { Message } from '../../../../shared/api/messages';
import { PUSH_PROMPT_TEXT } from '../../../../shared/api/push';
import { Button } from '../../../components/ui/button';
import { messageKeys } from '../../messages';
import {
  dismissPushOffer,
  enablePush,
  refreshPushSubscription,
  shouldOfferPush,
} from '../lib/enable-push';

/**
 * After the customer's first message in a chat, offers notifications for the agent's replies
 * (Web Push), once per browser: "Turn on" asks for permission and subscribes; the cross hides it
 * for good.
 */
export function PushPrompt({ sessionId }: { sessionId: number }) {
  const [offered, setOffered] = useState(shouldOfferPush);
  const [state, setState] = useState<'idle' | 'working' | 'failed'>('idle');
  // Only what the conversation has loaded: this never fetches on its own.
  const messages = useQuery<Message[]>({
    queryKey: messageKeys.messages(sessionId),
    enabled: false,
  });
  const hasWritten = (messages.data ?? []).some((m) => m.senderRole === 'customer');
  useEffect(() => {
    if (hasWritten) refreshPushSubscription();
  }, [hasWritten]);
  if (!offered || !hasWritten) return null;

  const turnOn = async () => {
    setState('working');
    try {
      await enablePush();
      setOffered(false);
    } catch {
      setState('failed');
    }
  };
  const dismiss = () => {
    dismissPushOffer();
    setOffered(false);
  };

  return (
    <section
      aria-labelledby="push-prompt-title"
      className="flex items-center gap-3 border-b border-line bg-surface px-4 py-2 text-ink"
    >
      <BellRing aria-hidden className="size-5 shrink-0 text-brand-700" />
      <div className="min-w-0 flex-1">
        <h2 id="push-prompt-title" className="text-sm leading-tight font-semibold">
          {PUSH_PROMPT_TEXT}
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
