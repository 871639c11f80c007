import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import type { Message } from '../../../../shared/api/messages';
import { PUSH_PROMPT_TEXT } from '../../../../shared/api/push';
import { messageKeys } from '../../messages/api/keys';
import { refreshPushSubscription, shouldOfferPush } from '../lib/enable-push';
import { PushOffer } from './push-offer';

/**
 * After the customer's first message in a chat, offers notifications for the agent's replies
 * (Web Push), once per browser.
 */
export function PushPrompt({ sessionId }: { sessionId: number }) {
  const [offered, setOffered] = useState(shouldOfferPush);
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
  return <PushOffer title={PUSH_PROMPT_TEXT} onClose={() => setOffered(false)} />;
}
