export { ConversationView } from './conversation-view';
export type { Viewer } from './viewer';
export { CategoryBadge } from './components/badges';
export { formatChatListDate, formatMessageTime } from './chat-date';
export { chatKeys } from './chat-keys';
