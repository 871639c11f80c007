export { messagesPlugin } from './plugin';
export { sendMessage } from './send-message';
export { attachmentUrls } from './to-message';
