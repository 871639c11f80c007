export { chatRoutes } from './routes';
export { sendMessage } from './messages';
export { loadSession } from './sessions';
