import { useEffect, useRef, useSyncExternalStore } from 'react';
import { useNavigate } from 'react-router';
import { useAppConfig } from '../../lib/app-config';
import { agentAlerts, type UnreadCounts } from './alert-store';
import { alertTitle, attentionTotal } from './alert-title';
import { notifyAgent } from './browser-notifications';
import { armAgentAlerts } from './live-alerts';
import { notificationSound } from './notification-sound';

/**
 * While an agent screen is open, the realtime events (app/live-updates.tsx) count in the
 * agent's unread counts, and each new item rings and notifies. Any agent screen may call it;
 * an event rings once however many do.
 */
export function useAgentAlerts(): void {
  const navigate = useNavigate();
  const navigateRef = useRef(navigate);
  useEffect(() => {
    navigateRef.current = navigate;
  });

  useEffect(
    () =>
      armAgentAlerts((item) => {
        notificationSound.play();
        void notifyAgent(item, (sessionId) => navigateRef.current(`/agent/chats/${sessionId}`));
      }),
    [],
  );

  // Browsers allow audio after a gesture: the first click or key readies the chime.
  useEffect(() => {
    const unlock = () => notificationSound.unlock();
    window.addEventListener('pointerdown', unlock, { once: true, capture: true });
    window.addEventListener('keydown', unlock, { once: true, capture: true });
    return () => {
      window.removeEventListener('pointerdown', unlock, { capture: true });
      window.removeEventListener('keydown', unlock, { capture: true });
    };
  }, []);
}

/**
 * The open conversation is on screen while the page is visible: its messages do not count,
 * and opening it (or coming back to the tab) clears its count.
 */
export function useViewingSession(sessionId: number): void {
  useEffect(() => {
    agentAlerts.setViewing(sessionId);
    const onVisibility = () => agentAlerts.visibilityChanged();
    document.addEventListener('visibilitychange', onVisibility);
    return () => {
      document.removeEventListener('visibilitychange', onVisibility);
      agentAlerts.setViewing(null);
    };
  }, [sessionId]);
}

export function useUnreadCounts(): UnreadCounts {
  return useSyncExternalStore(agentAlerts.subscribe, agentAlerts.getSnapshot);
}

export function useUnreadCount(sessionId: number): number {
  return useSyncExternalStore(
    agentAlerts.subscribe,
    () => agentAlerts.getSnapshot()[sessionId] ?? 0,
  );
}

/**
 * The tab title with what waits for the agent: "(3) Chats · AgentChat". `waiting` are the
 * shown chats still without an agent, which count even when nothing in them is unread.
 */
export function useAlertTitle(label: string, waiting: readonly number[] = []): void {
  const { brandName } = useAppConfig();
  const total = attentionTotal(useUnreadCounts(), waiting);
  useEffect(() => {
    const previous = document.title;
    document.title = alertTitle(total, label, brandName);
    return () => {
      document.title = previous;
    };
  }, [total, label, brandName]);
}
