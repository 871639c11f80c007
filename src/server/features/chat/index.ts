export { chatRoutes } from './routes';
export { loadSession, publishSessionUpdate } from './sessions';
