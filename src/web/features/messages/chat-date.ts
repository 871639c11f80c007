import { differenceInCalendarDays, format } from 'date-fns';
import { formatChatDate } from '../../../shared/dates';

/** A message's time, HH:mm in the viewer's time zone. */
export function formatMessageTime(value: string | Date): string {
  return format(new Date(value), 'HH:mm');
}

/**
 * The spec's chat list rule (today shows the time; yesterday "Yesterday"; under 7 days the
 * weekday; else month and day): the shared one, in the viewer's zone.
 */
export function formatChatListDate(value: string | Date, now: Date = new Date()): string {
  return formatChatDate(value, { now });
}

/** The separator above a day's first message: "Today", "Yesterday", a weekday, or a date. */
export function formatDaySeparator(value: string | Date, now: Date = new Date()): string {
  const date = new Date(value);
  const days = differenceInCalendarDays(now, date);
  if (days <= 0) return 'Today';
  if (days === 1) return 'Yesterday';
  if (days < 7) return format(date, 'EEEE');
  return format(date, date.getFullYear() === now.getFullYear() ? 'd MMMM' : 'd MMMM yyyy');
}

/** A key that changes when the local calendar day does. */
export function dayKey(value: string | Date): string {
  return format(new Date(value), 'yyyy-MM-dd');
}
