import { useAgentAlerts, useAlertTitle, useViewingSession } from '../use-agent-alerts';

/**
 * For an agent in a conversation: this chat is on screen (it does not count), the others
 * still ring and count, and the tab title shows what waits.
 */
export function ConversationAlerts({ sessionId, title }: { sessionId: number; title: string }) {
  useAgentAlerts();
  useViewingSession(sessionId);
  useAlertTitle(title);
  return null;
}
