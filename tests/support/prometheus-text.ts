/**
 * A strict parser of the Prometheus text exposition format (version 0.0.4), as a scraper reads it:
 * `# HELP` and `# TYPE` lines, then samples `name{label="value",…} value [timestamp]` with the
 * format's escapes. Any line that does not follow the format throws, naming it.
 */
export interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

export interface MetricFamily {
  name: string;
  type: 'counter' | 'gauge' | 'histogram' | 'summary' | 'untyped';
  help: string;
  samples: Sample[];
}

const NAME = /^[a-zA-Z_:][a-zA-Z0-9_:]*$/;
const LABEL_NAME = /^[a-zA-Z_][a-zA-Z0-9_]*$/;
const TYPES = new Set(['counter', 'gauge', 'histogram', 'summary', 'untyped']);

function parseValue(text: string, line: string): number {
  // As Prometheus reads them (Go's ParseFloat): NaN and Inf in any case.
  const word = text.toLowerCase();
  if (word === '+inf' || word === 'inf') return Number.POSITIVE_INFINITY;
  if (word === '-inf') return Number.NEGATIVE_INFINITY;
  if (word === 'nan') return Number.NaN;
  if (!/^[-+]?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?$/.test(text)) throw new Error(`bad value in: ${line}`);
  return Number(text);
}

function parseLabels(text: string, line: string): Record<string, string> {
  const labels: Record<string, string> = {};
  let rest = text;
  while (rest.length > 0) {
    const match = /^([^=\s]+)="/.exec(rest);
    if (!match || !LABEL_NAME.test(match[1]!)) throw new Error(`bad label in: ${line}`);
    let index = match[0].length;
    let value = '';
    for (;;) {
      const char = rest[index];
      if (char === undefined) throw new Error(`unterminated label value in: ${line}`);
      if (char === '"') break;
      if (char === '\\') {
        const next = rest[index + 1];
        if (next === 'n') value += '\n';
        else if (next === '\\' || next === '"') value += next;
        else throw new Error(`bad escape in: ${line}`);
        index += 2;
      } else {
        value += char;
        index += 1;
      }
    }
    if (match[1]! in labels) throw new Error(`label twice in: ${line}`);
    labels[match[1]!] = value;
    rest = rest.slice(index + 1);
    if (rest.startsWith(',')) rest = rest.slice(1);
    else if (rest.length > 0) throw new Error(`bad label separator in: ${line}`);
  }
  return labels;
}

/** The family a sample belongs to: histogram and summary samples carry suffixes. */
function familyOf(sampleName: string, families: Map<string, MetricFamily>): MetricFamily | undefined {
  for (const suffix of ['', '_bucket', '_sum', '_count']) {
    if (!sampleName.endsWith(suffix)) continue;
    const family = families.get(sampleName.slice(0, sampleName.length - suffix.length));
    if (family && (suffix === '' || family.type === 'histogram' || family.type === 'summary')) return family;
  }
  return undefined;
}

export function parsePrometheusText(text: string): Map<string, MetricFamily> {
  const families = new Map<string, MetricFamily>();
  if (!text.endsWith('\n')) throw new Error('the exposition must end with a line feed');
  for (const line of text.slice(0, -1).split('\n')) {
    if (line.trim() === '') continue;
    if (line.startsWith('#')) {
      const meta = /^# (HELP|TYPE) (\S+) ?(.*)$/.exec(line);
      if (!meta) continue; // a plain comment
      const [, kind, name, rest] = meta as unknown as [string, string, string, string];
      if (!NAME.test(name)) throw new Error(`bad metric name in: ${line}`);
      const family = families.get(name) ?? { name, type: 'untyped' as const, help: '', samples: [] };
      if (kind === 'HELP') family.help = rest.replace(/\\n/g, '\n').replace(/\\\\/g, '\\');
      else {
        if (!TYPES.has(rest)) throw new Error(`bad type in: ${line}`);
        if (family.samples.length > 0) throw new Error(`TYPE after samples in: ${line}`);
        family.type = rest as MetricFamily['type'];
      }
      families.set(name, family);
      continue;
    }
    const sample = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})? (\S+)(?: (-?\d+))?$/.exec(line);
    if (!sample) throw new Error(`bad sample line: ${line}`);
    const [, name, labelText, valueText] = sample as unknown as [string, string, string | undefined, string];
    let family = familyOf(name, families);
    if (!family) {
      family = { name, type: 'untyped', help: '', samples: [] };
      families.set(name, family);
    }
    family.samples.push({
      name,
      labels: parseLabels(labelText ?? '', line),
      value: parseValue(valueText, line),
    });
  }
  return families;
}

/** The value of the one sample with this name whose labels include `labels` (0 when there is none). */
export function sampleValue(
  families: Map<string, MetricFamily>,
  name: string,
  labels: Record<string, string> = {},
): number {
  const family = familyOf(name, families);
  const matching = (family?.samples ?? []).filter(
    (sample) =>
      sample.name === name && Object.entries(labels).every(([key, value]) => sample.labels[key] === value),
  );
  if (matching.length > 1)
    throw new Error(`${name} ${JSON.stringify(labels)} matches ${matching.length} samples`);
  return matching[0]?.value ?? 0;
}
