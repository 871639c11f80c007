export { pushRoutes } from './routes';
export { PushSender } from './push-sender';
export { resolveVapidKeys } from './vapid-keys';
