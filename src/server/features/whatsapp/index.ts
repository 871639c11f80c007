export { whatsappPlugin } from './plugin';
export { eraseWhatsappData } from './erase-whatsapp-data';
