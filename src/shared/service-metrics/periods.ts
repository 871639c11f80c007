import { BUSINESS_TIME_ZONE } from '../api/reports';
import type { ServicePeriod } from '../api/service-metrics';

const lagosDate = new Intl.DateTimeFormat('en-CA', { timeZone: BUSINESS_TIME_ZONE });

/** The Lagos calendar day of `now`, as YYYY-MM-DD (en-CA writes dates that way). */
export function lagosDay(now: Date): string {
  return lagosDate.format(now);
}

function addDays(isoDate: string, days: number): string {
  const d = new Date(`${isoDate}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

const PERIOD_DAYS: Record<ServicePeriod, number> = { today: 1, '7d': 7, '30d': 30 };

/** The Lagos days a period covers, both included, ending today. */
export function periodDays(period: ServicePeriod, now: Date): { from: string; to: string } {
  const to = lagosDay(now);
  return { from: addDays(to, 1 - PERIOD_DAYS[period]), to };
}
