export { ConversationAlerts } from './components/conversation-alerts';
export { AlertControls } from './components/alert-controls';
export { UnreadBadge } from './components/unread-badge';
export { liveAgentAlerts } from './live-alerts';
export { useAgentAlerts, useAlertTitle, useUnreadCounts } from './use-agent-alerts';
