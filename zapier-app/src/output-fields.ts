/**
 * Output fields derived from a step's sample, the way Zapier flattens a result (`a__b` for
 * nested keys; arrays of plain values stay lists). Every key of the sample gets a field, so
 * sample and outputFields cannot drift; labels come from a per-step vocabulary of key segments,
 * in Title Case, with unknown segments split from snake_case or camelCase.
 */
export interface OutputField {
  key: string;
  label: string;
  type?: 'string' | 'number' | 'boolean' | 'datetime';
  list?: boolean;
  /** Part of the key Zapier deduplicates results by (when `id` is not it). */
  primary?: boolean;
}

const ISO_DATE = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/;

const SMALL = new Set(['a', 'an', 'and', 'as', 'at', 'by', 'for', 'in', 'of', 'on', 'or', 'the', 'to']);

export function titleCase(words: string): string {
  return words
    .split(/\s+/)
    .filter(Boolean)
    .map((word, i) => (i > 0 && SMALL.has(word.toLowerCase()) ? word.toLowerCase() : word[0]!.toUpperCase() + word.slice(1)))
    .join(' ');
}

const splitKey = (segment: string): string => segment.replace(/_/g, ' ').replace(/([a-z0-9])([A-Z])/g, '$1 $2').toLowerCase();

function typeOf(value: unknown): OutputField['type'] {
  if (typeof value === 'boolean') return 'boolean';
  if (typeof value === 'number') return 'number';
  if (typeof value === 'string' && ISO_DATE.test(value)) return 'datetime';
  return 'string';
}

/**
 * `labels` maps a key segment to its words ('' drops the segment from labels, e.g. a wrapper);
 * `byKey` names whole flattened keys whose label the segments would not say well.
 */
export function outputFieldsFrom(
  sample: Record<string, unknown>,
  labels: Record<string, string> = {},
  byKey: Record<string, string> = {},
): OutputField[] {
  const fields: OutputField[] = [];
  const walk = (value: unknown, path: string[]): void => {
    if (value !== null && typeof value === 'object' && !Array.isArray(value)) {
      for (const [key, child] of Object.entries(value)) walk(child, [...path, key]);
      return;
    }
    const words = path.map((segment) => labels[segment] ?? splitKey(segment)).filter((w) => w !== '');
    const label = titleCase(byKey[path.join('__')] ?? words.join(' '));
    if (Array.isArray(value)) {
      fields.push({ key: path.join('__'), label, list: true, type: typeOf(value[0]) });
    } else {
      fields.push({ key: path.join('__'), label, type: typeOf(value) });
    }
  };
  walk(sample, []);
  return fields;
}
