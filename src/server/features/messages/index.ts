export { messagesRoutes } from './routes';
export { sendMessage } from './send-message';
