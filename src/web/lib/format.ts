/** Display formats. Money formats live in shared/money so server and web agree. */
export { formatChange, formatNaira, formatUsd } from '../../shared/money';

const dateTimeFormat = new Intl.DateTimeFormat('en-NG', {
  dateStyle: 'medium',
  timeStyle: 'short',
});

/** A moment for customers, in en-NG, such as "22 Nov 2025, 8:21 am". */
export function formatDateTime(value: string | Date): string {
  return dateTimeFormat.format(typeof value === 'string' ? new Date(value) : value);
}
