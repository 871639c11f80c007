export { messagesPlugin } from './plugin';
export { sendMessage } from './send-message';
export { removeUpload, storeImageBytes } from './attachments';
export { sniffMediaType, storeMediaBytes } from './store-media';
