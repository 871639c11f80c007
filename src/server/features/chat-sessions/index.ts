export { chatSessionsRoutes } from './routes';
export { loadSession, sessionForParticipant } from './load-session';
