/**
 * A strict reader of Prometheus' text exposition format (version 0.0.4), as Prometheus itself
 * would refuse it: every sample under a `# TYPE` of its family, well-formed names, labels and
 * values, no series twice, and histograms whose buckets grow up to `+Inf` = `_count`.
 */

export type MetricType = 'counter' | 'gauge' | 'histogram' | 'summary' | 'untyped';

export interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

export interface Family {
  name: string;
  type: MetricType;
  help: string;
  samples: Sample[];
}

const NAME = /^[a-zA-Z_:][a-zA-Z0-9_:]*$/;
const LABEL_NAME = /^[a-zA-Z_][a-zA-Z0-9_]*$/;
const TYPES = new Set<string>(['counter', 'gauge', 'histogram', 'summary', 'untyped']);
const SUFFIXES: Record<MetricType, string[]> = {
  counter: [''],
  gauge: [''],
  untyped: [''],
  histogram: ['_bucket', '_sum', '_count'],
  summary: ['', '_sum', '_count'],
};

/** As Prometheus reads it (Go's ParseFloat): NaN and Inf in any case (prom-client writes `Nan`). */
function parseValue(text: string, line: string): number {
  const special = text.toLowerCase();
  if (special === '+inf' || special === 'inf') return Infinity;
  if (special === '-inf') return -Infinity;
  if (special === 'nan') return NaN;
  if (!/^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/.test(text)) {
    throw new Error(`bad value "${text}" in: ${line}`);
  }
  return Number(text);
}

/** `{a="x",b="y\"z"}` from `start` (at the brace); returns the labels and where it ended. */
function parseLabels(line: string, start: number): { labels: Record<string, string>; end: number } {
  const labels: Record<string, string> = {};
  let i = start + 1;
  for (;;) {
    if (line[i] === '}') return { labels, end: i + 1 };
    const eq = line.indexOf('=', i);
    const name = line.slice(i, eq);
    if (eq < 0 || !LABEL_NAME.test(name) || line[eq + 1] !== '"') {
      throw new Error(`bad label at ${i} in: ${line}`);
    }
    if (name in labels) throw new Error(`label ${name} twice in: ${line}`);
    let value = '';
    let j = eq + 2;
    for (; j < line.length && line[j] !== '"'; j++) {
      if (line[j] === '\\') {
        const next = line[++j];
        if (next === 'n') value += '\n';
        else if (next === '\\' || next === '"') value += next;
        else throw new Error(`bad escape in: ${line}`);
      } else value += line[j];
    }
    if (j >= line.length) throw new Error(`unterminated label value in: ${line}`);
    labels[name] = value;
    i = j + 1;
    if (line[i] === ',') i++;
    else if (line[i] !== '}') throw new Error(`expected , or } at ${i} in: ${line}`);
  }
}

export function parsePrometheusText(text: string): Map<string, Family> {
  const families = new Map<string, Family>();
  const helps = new Map<string, string>();
  const seen = new Set<string>();
  if (!text.endsWith('\n')) throw new Error('the exposition must end with a newline');
  for (const line of text.split('\n')) {
    if (line === '') continue;
    if (line.startsWith('#')) {
      const match = /^# (HELP|TYPE) (\S+) (.*)$/.exec(line);
      if (!match) continue; // a comment
      const [, kind, name, rest] = match as unknown as [string, string, string, string];
      if (!NAME.test(name)) throw new Error(`bad metric name in: ${line}`);
      if (kind === 'HELP') helps.set(name, rest);
      else {
        if (!TYPES.has(rest)) throw new Error(`bad type in: ${line}`);
        if (families.has(name)) throw new Error(`${name} typed twice`);
        families.set(name, { name, type: rest as MetricType, help: '', samples: [] });
      }
      continue;
    }
    const nameEnd = line.search(/[{ ]/);
    const name = line.slice(0, nameEnd);
    if (nameEnd < 0 || !NAME.test(name)) throw new Error(`bad sample name in: ${line}`);
    let labels: Record<string, string> = {};
    let rest = line.slice(nameEnd);
    if (line[nameEnd] === '{') {
      const parsed = parseLabels(line, nameEnd);
      labels = parsed.labels;
      rest = line.slice(parsed.end);
    }
    const fields = rest.trim().split(/ +/);
    if (!rest.startsWith(' ') || fields.length < 1 || fields.length > 2) {
      throw new Error(`bad sample in: ${line}`);
    }
    const value = parseValue(fields[0]!, line);
    const family = [...families.values()].find((f) =>
      SUFFIXES[f.type].some((suffix) => f.name + suffix === name),
    );
    if (!family) throw new Error(`sample ${name} has no # TYPE before it`);
    const key = `${name}${JSON.stringify(Object.entries(labels).sort())}`;
    if (seen.has(key)) throw new Error(`series twice: ${line}`);
    seen.add(key);
    family.samples.push({ name, labels, value });
  }
  for (const family of families.values()) {
    family.help = helps.get(family.name) ?? '';
    if (family.type === 'histogram') checkHistogram(family);
  }
  return families;
}

/** Buckets per label set: cumulative, ending at +Inf, which equals _count. */
function checkHistogram(family: Family): void {
  const groups = new Map<string, { buckets: [number, number][]; count?: number }>();
  for (const sample of family.samples) {
    const { le, ...rest } = sample.labels;
    const key = JSON.stringify(Object.entries(rest).sort());
    const group = groups.get(key) ?? { buckets: [] };
    groups.set(key, group);
    if (sample.name.endsWith('_bucket')) {
      if (le === undefined) throw new Error(`${family.name}: a bucket without le`);
      group.buckets.push([parseValue(le, le), sample.value]);
    } else if (sample.name.endsWith('_count')) group.count = sample.value;
  }
  for (const [key, { buckets, count }] of groups) {
    const sorted = [...buckets].sort((a, b) => a[0] - b[0]);
    sorted.forEach(([, n], i) => {
      if (i > 0 && n < sorted[i - 1]![1]) throw new Error(`${family.name}${key}: buckets shrink`);
    });
    const last = sorted.at(-1);
    if (!last || last[0] !== Infinity || last[1] !== count) {
      throw new Error(`${family.name}${key}: the +Inf bucket must equal _count`);
    }
  }
}

/** One sample's value, or undefined when no series has exactly these labels (besides `le`). */
export function sampleValue(
  families: Map<string, Family>,
  name: string,
  labels: Record<string, string> = {},
): number | undefined {
  for (const family of families.values()) {
    const sample = family.samples.find(
      (s) =>
        s.name === name &&
        Object.keys(s.labels).length === Object.keys(labels).length &&
        Object.entries(labels).every(([k, v]) => s.labels[k] === v),
    );
    if (sample) return sample.value;
  }
  return undefined;
}
