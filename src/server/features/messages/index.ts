export { messagesRoutes } from './routes';
export { sendMessage } from './send-message';
export { attachmentUrls } from './to-message';
