import { DESK_QUESTION } from '../../../shared/api/whatsapp';

export type WhatsappDesk = 'bitcoin' | 'usdt';

/** The list rows' ids: what the customer's choice comes back as. */
const ROW_ID: Record<WhatsappDesk, string> = { bitcoin: 'desk:bitcoin', usdt: 'desk:usdt' };

/**
 * The desk a first message names: the landing page's prefilled text ("Hello, I want to sell
 * Bitcoin…" or "…sell USDT…"), or the same words typed by hand. Null when it names no coin.
 */
export function deskFromText(text: string): WhatsappDesk | null {
  if (/\bsell\s+(bitcoin|btc)\b/i.test(text)) return 'bitcoin';
  if (/\bsell\s+(usdt|tether)\b/i.test(text)) return 'usdt';
  return null;
}

/** The desk a list reply picked; null for any other reply. */
export function deskFromReply(replyId: string): WhatsappDesk | null {
  if (replyId === ROW_ID.bitcoin) return 'bitcoin';
  if (replyId === ROW_ID.usdt) return 'usdt';
  return null;
}

/** The interactive list asking which coin, as a Graph API message body. */
export function deskQuestion(): Record<string, unknown> {
  return {
    type: 'interactive',
    interactive: {
      type: 'list',
      body: { text: DESK_QUESTION },
      action: {
        button: 'Choose',
        sections: [
          {
            title: 'Sell',
            rows: [
              { id: ROW_ID.bitcoin, title: 'Bitcoin' },
              { id: ROW_ID.usdt, title: 'USDT' },
            ],
          },
        ],
      },
    },
  };
}
