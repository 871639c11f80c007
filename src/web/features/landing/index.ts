export { default as BelowTheFold } from './components/below-the-fold';
export { Hero } from './components/hero';
export { SellCard } from './components/sell-card';
export { SiteHeader } from './components/site-header';
export { tradeMessage, whatsAppTradeLink, type TradeAsset } from './whatsapp-link';
