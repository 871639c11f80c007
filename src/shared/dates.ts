/**
 * The spec's chat date rule, for the agent chat list and dashboard: a message from today shows
 * its time (HH:mm), from yesterday "Yesterday", from the last 7 days its weekday, older ones the
 * month and day ("Mar 4"). Days are calendar days in the viewer's time zone (or `timeZone`).
 */
export interface ChatDateOptions {
  /** The moment to compare with; the current time by default. */
  now?: Date;
  /** An IANA zone such as "Africa/Lagos"; the viewer's own zone by default. */
  timeZone?: string;
}

const DAY_MS = 86_400_000;

const formats = new Map<string, Intl.DateTimeFormat>();

function format(timeZone: string | undefined, options: Intl.DateTimeFormatOptions) {
  const key = `${timeZone ?? ''}|${JSON.stringify(options)}`;
  let fmt = formats.get(key);
  if (!fmt) {
    fmt = new Intl.DateTimeFormat('en-US', { ...options, timeZone });
    formats.set(key, fmt);
  }
  return fmt;
}

/** The calendar day of `date` in the zone, as a day number (days since 1970-01-01). */
function dayNumber(date: Date, timeZone: string | undefined): number {
  const parts = format(timeZone, {
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
  }).formatToParts(date);
  const part = (type: Intl.DateTimeFormatPartTypes) =>
    Number(parts.find((p) => p.type === type)?.value);
  return Date.UTC(part('year'), part('month') - 1, part('day')) / DAY_MS;
}

/** "14:05": 24-hour time in the zone. */
export function formatTime(date: Date, timeZone?: string): string {
  return format(timeZone, { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(date);
}

export function formatChatDate(value: string | Date, options: ChatDateOptions = {}): string {
  const date = typeof value === 'string' ? new Date(value) : value;
  if (Number.isNaN(date.getTime())) return '';
  const { timeZone } = options;
  const daysAgo = dayNumber(options.now ?? new Date(), timeZone) - dayNumber(date, timeZone);
  // A moment slightly in the future (clocks disagree) still reads as today.
  if (daysAgo <= 0) return formatTime(date, timeZone);
  if (daysAgo === 1) return 'Yesterday';
  if (daysAgo < 7) return format(timeZone, { weekday: 'long' }).format(date);
  return format(timeZone, { month: 'short', day: 'numeric' }).format(date);
}

const dateTimeFormats = new Map<string, Intl.DateTimeFormat>();

/**
 * A moment for people, in en-NG ("18 Mar 2026, 10:30"), in the viewer's zone (or `timeZone`).
 */
export function formatDateTime(value: string | Date, timeZone?: string): string {
  const date = typeof value === 'string' ? new Date(value) : value;
  if (Number.isNaN(date.getTime())) return '';
  const key = timeZone ?? '';
  let fmt = dateTimeFormats.get(key);
  if (!fmt) {
    fmt = new Intl.DateTimeFormat('en-NG', { dateStyle: 'medium', timeStyle: 'short', timeZone });
    dateTimeFormats.set(key, fmt);
  }
  return fmt.format(date);
}

const dateFormats = new Map<string, Intl.DateTimeFormat>();

/** A day for people, in en-NG ("18 Mar 2026"), in the viewer's zone (or `timeZone`). */
export function formatDate(value: string | Date, timeZone?: string): string {
  const date = typeof value === 'string' ? new Date(value) : value;
  if (Number.isNaN(date.getTime())) return '';
  const key = timeZone ?? '';
  let fmt = dateFormats.get(key);
  if (!fmt) {
    fmt = new Intl.DateTimeFormat('en-NG', { dateStyle: 'medium', timeZone });
    dateFormats.set(key, fmt);
  }
  return fmt.format(date);
}
