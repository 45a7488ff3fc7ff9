/**
 * What a feed column is: its exact header, whether the marketplace requires it, the format its
 * values must have, where the value comes from (for docs/feeds.md) and how it is filled from a car.
 * The format checks are what the tests (tests/unit/feeds.test.ts, tests/build/feeds.test.ts) hold
 * every written value to.
 */
/**
 * `required for AU ads`: required by Google's vehicle ads in Australia but not by the vehicle listings
 * specification the file follows; a row without it is still written (and counted in the report's
 * warnings), since the value cannot be made up: only the dealer knows whether a price is drive-away.
 */
export type Need = 'required' | 'required for used' | 'required for AU ads' | 'recommended' | 'optional';

export type ValueFormat =
  'text' | 'id' | 'https-url' | 'https-urls' | 'price-aud' | 'km' | 'integer' | 'year' | 'date' | 'number' | { oneOf: readonly string[] };

export interface FeedColumn<C> {
  header: string;
  need: Need;
  format: ValueFormat;
  /** Where the value comes from, in words (docs/feeds.md). */
  source: string;
  value: (car: C) => string | undefined;
}

const CHECKS: Record<Exclude<ValueFormat, object>, RegExp> = {
  // Printable text on one line or several, no control characters but tab and newlines.
  text: /^[^\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]+$/,
  id: /^[A-Za-z0-9][A-Za-z0-9._\-/]{0,99}$/,
  'https-url': /^https:\/\/[^\s,]+$/,
  'https-urls': /^https:\/\/[^\s,]+(,https:\/\/[^\s,]+)*$/,
  // ISO 4217: "34990.00 AUD" (Google's own example: "10,499.00 USD"; we write no thousands separator).
  'price-aud': /^\d+\.\d{2} AUD$/,
  km: /^\d+ km$/,
  integer: /^\d+$/,
  year: /^(19|20)\d{2}$/,
  date: /^\d{4}-\d{2}-\d{2}$/,
  number: /^-?\d+(\.\d+)?$/,
};

/** Why a value does not have its column's format, or undefined when it does (empty values are the caller's business). */
export function formatProblem(value: string, format: ValueFormat): string | undefined {
  if (typeof format === 'object') return format.oneOf.includes(value) ? undefined : `"${value}" is not one of ${format.oneOf.join(', ')}`;
  return CHECKS[format].test(value) ? undefined : `"${value.length > 60 ? `${value.slice(0, 60)}…` : value}" is not a ${format} value`;
}

/** Problems of one row (header -> value) against the columns: required values missing, values in the wrong format. */
export function rowProblems<C>(columns: readonly FeedColumn<C>[], row: Readonly<Record<string, string | undefined>>, condition?: 'new' | 'used'): string[] {
  const problems: string[] = [];
  for (const col of columns) {
    const value = row[col.header] ?? '';
    const needed = col.need === 'required' || (col.need === 'required for used' && condition === 'used');
    if (value === '') {
      if (needed) problems.push(`${col.header}: missing (${col.need})`);
      continue;
    }
    const p = formatProblem(value, col.format);
    if (p) problems.push(`${col.header}: ${p}`);
  }
  return problems;
}

/** Columns left empty in some rows although a marketplace program needs them (`required for AU ads`): header -> rows. */
export function missingForAds<C>(columns: readonly FeedColumn<C>[], rows: readonly Readonly<Record<string, string | undefined>>[]): Record<string, number> {
  const out: Record<string, number> = {};
  for (const col of columns) {
    if (col.need !== 'required for AU ads') continue;
    const n = rows.filter((r) => (r[col.header] ?? '') === '').length;
    if (n > 0) out[col.header] = n;
  }
  return out;
}
