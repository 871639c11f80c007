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
