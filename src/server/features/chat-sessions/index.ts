export { chatSessionsPlugin } from './plugin';
export { loadSession, sessionForParticipant } from './load-session';
export { giveChat, lockAssignment, assignWaitingChats, releaseAgentChats } from './assign-chats';
export {
  isLockedFor,
  lockChat,
  refuseIfLocked,
  refuseStaffInChat,
  refuseStaffInLockedChat,
  reopenLocked,
} from './chat-lifecycle';
export { createChatSession } from './create-chat-session';
