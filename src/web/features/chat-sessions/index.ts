export { chatSessionKeys } from './api/keys';
export { chatSessionQuery, getChatSession, useChatSession } from './api/get-chat-session';
