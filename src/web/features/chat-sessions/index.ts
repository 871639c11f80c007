export { chatSessionKeys } from './api/keys';
export { chatSessionQuery, getChatSession, useChatSession } from './api/get-chat-session';
export { activeCountQuery, useActiveSessionCount } from './api/count-active-sessions';
export { useCreateChatSession } from './api/create-chat-session';
export { useActiveSessions } from './api/list-active-sessions';
export { type ChatListFilter, useChatSessions } from './api/list-chat-sessions';
export { useOwnChatSessions } from './api/list-own-chat-sessions';
export { applyCustomerToCaches } from './lib/session-cache';
export { useSessionPages } from './lib/use-session-pages';
export { CustomerChats } from './components/customer-chats';
export { runLifecycleStep, useLifecycleStep, type LifecycleRequest } from './api/lifecycle';
export {
  ConversationActions,
  isLockedFor,
  type ActionsViewer,
} from './components/conversation-actions';
