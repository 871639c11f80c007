import type { ServicePeriod } from '../api/service-metrics';
import { addDays, lagosToday } from '../lagos-days';

const PERIOD_DAYS: Record<ServicePeriod, number> = { today: 1, '7d': 7, '30d': 30 };

/** The Lagos days a period covers, both included, ending today. */
export function periodDays(period: ServicePeriod, now: Date): { from: string; to: string } {
  const to = lagosToday(now);
  return { from: addDays(to, 1 - PERIOD_DAYS[period]), to };
}
