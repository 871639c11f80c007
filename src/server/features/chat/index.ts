export { chatRoutes } from './routes';
export { sendMessage } from './messages';
export { loadSession, publishSessionUpdate } from './sessions';
