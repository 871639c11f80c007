import { useCallback, useEffect, useState } from 'react';
import { AGENT_PUSH_PROMPT_TEXT } from '../../../../shared/api/push';
import { refreshPushSubscription, shouldOfferPush } from '../lib/enable-push';
import { PushOffer } from './push-offer';

export interface AgentPushOffer {
  /** Supported, not yet answered, not dismissed: the bar shows. */
  offered: boolean;
  /** The bar was answered or dismissed. */
  close: () => void;
}

/**
 * Whether the agents' inbox offers Web Push now, held by the screen: while it does, the screen
 * asks for notifications nowhere else. Where notifications are allowed already (here, or by the
 * in-page alerts' switch) it hands this browser's subscription to the server instead.
 */
export function useAgentPushOffer(): AgentPushOffer {
  const [offered, setOffered] = useState(shouldOfferPush);
  useEffect(() => refreshPushSubscription(), []);
  const close = useCallback(() => setOffered(false), []);
  return { offered, close };
}

/**
 * In the agents' inbox: offers a push for each new chat that comes while no tab of theirs is
 * open (Web Push), once per browser.
 */
export function AgentPushPrompt({ offer }: { offer: AgentPushOffer }) {
  if (!offer.offered) return null;
  return <PushOffer title={AGENT_PUSH_PROMPT_TEXT} onClose={offer.close} />;
}
