export { useRetryWhatsappMessage, useWhatsappChat } from './api/whatsapp-chat';
export { WhatsappBadge } from './components/whatsapp-badge';
export { WhatsappWindowNote } from './components/whatsapp-window-note';
export { formatWhatsappNumber, windowLeft } from './lib/whatsapp-window';
