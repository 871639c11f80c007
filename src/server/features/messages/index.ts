export { messagesPlugin } from './plugin';
export { sendMessage } from './send-message';
