export { ConversationAlerts } from './components/conversation-alerts';
export { AlertControls } from './components/alert-controls';
export { UnreadBadge } from './components/unread-badge';
export { useAgentAlerts, useAlertTitle, useUnreadCounts } from './use-agent-alerts';
