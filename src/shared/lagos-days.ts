/**
 * Business days are Lagos days: the reports, the exports and the staff's service figures count
 * them, on both sides. The one home of that rule (the server's SQL for it: db/lagos-days.ts).
 */
export const BUSINESS_TIME_ZONE = 'Africa/Lagos';

const lagosDate = new Intl.DateTimeFormat('en-CA', { timeZone: BUSINESS_TIME_ZONE });

/** The Lagos calendar day of `now`, as YYYY-MM-DD (en-CA writes dates that way). */
export function lagosToday(now: Date = new Date()): string {
  return lagosDate.format(now);
}

/** The day `days` after `isoDate` (YYYY-MM-DD; negative: before). */
export function addDays(isoDate: string, days: number): string {
  const d = new Date(`${isoDate}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}
