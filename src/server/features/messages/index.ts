export { messagesRoutes } from './routes';
export { sendMessage } from './send-message';
export { attachmentUrls } from './to-message';
export { removeUpload, storeImageBytes } from './attachments';
export { findImageSeenBefore } from './find-image-seen-before';
