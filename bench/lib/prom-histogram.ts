import { parsePrometheusText } from '../../tests/support/prometheus';

/** A histogram's cumulative buckets (upper bound in its unit, count at or below it). */
export type Buckets = { le: number; count: number }[];

/** One histogram (without labels) from an instance's /metrics, read the way Prometheus does. */
export async function scrapeHistogram(baseUrl: string, name: string): Promise<Buckets> {
  const response = await fetch(`${baseUrl}/metrics`);
  if (!response.ok) throw new Error(`GET ${baseUrl}/metrics answered ${response.status}`);
  const family = parsePrometheusText(await response.text()).get(name);
  if (family?.type !== 'histogram') throw new Error(`${baseUrl}/metrics has no histogram ${name}`);
  return family.samples
    .filter((s) => s.name === `${name}_bucket`)
    .map((s) => ({ le: s.labels.le === '+Inf' ? Infinity : Number(s.labels.le), count: s.value }))
    .sort((a, b) => a.le - b.le);
}

/** Gauges without labels from an instance's /metrics, by name (NaN for one it does not have). */
export async function scrapeGauges(baseUrl: string, names: readonly string[]): Promise<number[]> {
  const response = await fetch(`${baseUrl}/metrics`);
  if (!response.ok) throw new Error(`GET ${baseUrl}/metrics answered ${response.status}`);
  const families = parsePrometheusText(await response.text());
  return names.map((name) => families.get(name)?.samples[0]?.value ?? Number.NaN);
}

/** What was observed between two scrapes of one instance, or on several (bucket by bucket). */
export function combine(parts: Buckets[], signs: number[] = parts.map(() => 1)): Buckets {
  const [first] = parts;
  if (!first) return [];
  return first.map(({ le }, i) => ({
    le,
    count: parts.reduce((sum, part, p) => sum + signs[p]! * part[i]!.count, 0),
  }));
}

/**
 * Prometheus' histogram_quantile: the bucket the q-th observation falls in, interpolated
 * linearly inside it (from 0 for the first bucket). In the buckets' unit; NaN with no data.
 */
export function histogramQuantile(q: number, buckets: Buckets): number {
  const total = buckets.at(-1)?.count ?? 0;
  if (total === 0) return NaN;
  const rank = q * total;
  let lowerLe = 0;
  let lowerCount = 0;
  for (const { le, count } of buckets) {
    if (count >= rank) {
      if (le === Infinity) return lowerLe;
      return lowerLe + ((le - lowerLe) * (rank - lowerCount)) / (count - lowerCount || 1);
    }
    lowerLe = le;
    lowerCount = count;
  }
  return lowerLe;
}
