export type TradeAsset = 'Bitcoin' | 'USDT';

/** The message a customer starts the WhatsApp chat with. */
export function tradeMessage(asset: TradeAsset): string {
  return `Hello, I want to sell ${asset}. What is your current rate?`;
}

/** A wa.me link that opens a chat with our number, the message already typed. */
export function whatsAppTradeLink(whatsappNumber: string, asset: TradeAsset): string {
  const number = whatsappNumber.replace(/\D/g, '');
  return `https://wa.me/${number}?text=${encodeURIComponent(tradeMessage(asset))}`;
}
