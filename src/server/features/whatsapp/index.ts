export { whatsappPlugin } from './plugin';
