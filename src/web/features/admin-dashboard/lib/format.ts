import type { TransactionCurrency } from '../../../../shared/domain';

const dateFormat = new Intl.DateTimeFormat('en-NG', { dateStyle: 'medium' });
const dateTimeFormat = new Intl.DateTimeFormat('en-NG', {
  dateStyle: 'medium',
  timeStyle: 'short',
});

/** A join or created date, en-NG, such as "22 Nov 2025". */
export function formatDate(iso: string): string {
  return dateFormat.format(new Date(iso));
}

/** A moment, en-NG, such as "22 Nov 2025, 8:21 am". */
export function formatDateTime(iso: string): string {
  return dateTimeFormat.format(new Date(iso));
}

export const CURRENCY_CODES: Record<TransactionCurrency, string> = {
  bitcoin: 'BTC',
  usdt: 'USDT',
  usd: 'USD',
};

const amountFormat = new Intl.NumberFormat('en-NG', { maximumFractionDigits: 8 });

/** An amount with its currency, such as "0.05 BTC" (the string's digits, no float). */
export function formatAmount(amount: string, currency: TransactionCurrency): string {
  return `${amountFormat.format(amount as unknown as number)} ${CURRENCY_CODES[currency]}`;
}
