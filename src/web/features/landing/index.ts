export { LandingPage } from './landing-page';
export { tradeMessage, whatsAppTradeLink, type TradeAsset } from './whatsapp-link';
