import { addDays, lagosToday } from '../../../../shared/lagos-days';

/** A range of Lagos days, both ends included, as YYYY-MM-DD. */
export interface DateRange {
  from: string;
  to: string;
}

/** The server refuses longer ranges. */
export const MAX_RANGE_DAYS = 366;

export { addDays, lagosToday };

/** The days from `from` to `to`, counting both. */
export function daysInRange({ from, to }: DateRange): number {
  return (
    Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000) + 1
  );
}

/** The server's default: the last 7 Lagos days, today included. */
export function lastSevenDays(now: Date = new Date()): DateRange {
  const to = lagosToday(now);
  return { from: addDays(to, -6), to };
}

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/** Why the range cannot be asked for, or null when it can. */
export function rangeProblem(range: DateRange): string | null {
  if (!ISO_DATE.test(range.from) || !ISO_DATE.test(range.to)) return 'Choose both dates.';
  if (range.from > range.to) return 'The start date must not be after the end date.';
  if (daysInRange(range) > MAX_RANGE_DAYS) return 'Choose at most one year.';
  return null;
}

const dayLabel = new Intl.DateTimeFormat('en-NG', {
  day: 'numeric',
  month: 'short',
  timeZone: 'UTC',
});
const dayLabelWithYear = new Intl.DateTimeFormat('en-NG', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  timeZone: 'UTC',
});

/** A Lagos day for people, such as "3 Nov" (the calendar day itself, whatever the viewer's zone). */
export function formatDay(isoDate: string, options: { year?: boolean } = {}): string {
  const date = new Date(`${isoDate}T00:00:00Z`);
  return (options.year ? dayLabelWithYear : dayLabel).format(date);
}

/** The range for people, such as "3 Nov – 9 Nov 2025". */
export function formatRange({ from, to }: DateRange): string {
  if (from === to) return formatDay(to, { year: true });
  return `${formatDay(from, { year: from.slice(0, 4) !== to.slice(0, 4) })} – ${formatDay(to, { year: true })}`;
}

/**
 * The period a range-bound figure names beside its label: "last 7 days" for the default range,
 * "today" for today alone, else the range itself ("3 Nov – 9 Nov 2025").
 */
export function periodLabel(range: DateRange, now: Date = new Date()): string {
  const week = lastSevenDays(now);
  if (range.from === week.from && range.to === week.to) return 'last 7 days';
  if (range.from === week.to && range.to === week.to) return 'today';
  return formatRange(range);
}
