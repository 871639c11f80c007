import { useEffect, useState } from 'react';
import { AGENT_PUSH_PROMPT_TEXT } from '../../../../shared/api/push';
import { refreshPushSubscription, shouldOfferPush } from '../lib/enable-push';
import { PushOffer } from './push-offer';

/**
 * In the agents' inbox: offers a push for each new chat that comes while no tab of theirs is
 * open (Web Push), once per browser. Where notifications are allowed already (here, or by the
 * in-page alerts' switch) it hands this browser's subscription to the server instead.
 * `onClosed`: it was answered or dismissed (the screen may offer in-page alerts then).
 */
export function AgentPushPrompt({ onClosed }: { onClosed?: () => void }) {
  const [offered, setOffered] = useState(shouldOfferPush);
  useEffect(() => refreshPushSubscription(), []);
  if (!offered) return null;
  const close = () => {
    setOffered(false);
    onClosed?.();
  };
  return <PushOffer title={AGENT_PUSH_PROMPT_TEXT} onClose={close} />;
}
