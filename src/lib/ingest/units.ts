/**
 * Units and currency of an export's values (issue 30): a mileage in miles becomes km, never shown as
 * km as it is; a price in another currency is never shown as dollars. Pure rules, read by the
 * mapping (src/lib/ingest/mapping.ts) and the ingest (ingest.ts); `npm run stock:inspect` and the
 * build say what they found.
 */
import { isAbsent } from '../schemas/absent.ts';
import { MONEY_FIELDS } from '../schemas/car.ts';

export const KM_PER_MILE = 1.609344;

export type DistanceUnit = 'km' | 'mi';

/** A unit as feeds write it: "MI", "miles", "mile" -> mi; "KM", "kms", "kilometres" -> km; else undefined. */
export function distanceUnit(text: unknown): DistanceUnit | undefined {
  if (typeof text !== 'string') return undefined;
  const s = text.trim().toLowerCase().replace(/\.$/, '');
  if (/^(mi|mis|mile|miles)$/.test(s)) return 'mi';
  if (/^(km|kms|k|kilometres?|kilometers?)$/.test(s)) return 'km';
  return undefined;
}

/**
 * A mileage read as km. The value's own suffix ("52,669 mi", "71280 km") decides, else `unit` (a
 * mapping's `unit`, or the feed's unit column such as Meta's `mileage.unit`), else km. Miles are
 * converted and rounded to the km. Text that is not a distance is returned as it is, for the Car
 * field to reject by name.
 */
export function readDistance(value: unknown, unit?: DistanceUnit): { value: unknown; from?: DistanceUnit } {
  if (value === undefined || value === null) return { value };
  let n: number;
  let found: DistanceUnit | undefined;
  if (typeof value === 'number') n = value;
  else {
    const m = /^(-?[\d,\s]*\d(?:\.\d+)?)\s*([a-z.]+)?$/i.exec(String(value).trim());
    if (!m) return { value };
    if (m[2] !== undefined) {
      found = distanceUnit(m[2]);
      if (!found) return { value };
    }
    n = Number(m[1]!.replace(/[,\s]/g, ''));
    if (!Number.isFinite(n)) return { value };
  }
  const u = found ?? unit ?? 'km';
  return u === 'mi' ? { value: Math.round(n * KM_PER_MILE), from: 'mi' } : { value: n, ...(found || unit ? { from: 'km' as const } : {}) };
}

const SYMBOLS: Record<string, string> = {
  '€': 'EUR',
  '£': 'GBP',
  '¥': 'JPY',
  us$: 'USD',
  nz$: 'NZD',
  ca$: 'CAD',
  c$: 'CAD',
  a$: 'AUD',
  au$: 'AUD',
  $: 'AUD',
  kr: 'NOK',
};

/**
 * The currency a price cell names: "20495.00 USD" -> USD, "49900 CAD" -> CAD, "€20,000" -> EUR,
 * "31990 AUD" and "$31,990" -> AUD, "31990" -> undefined (none named). Text that is not an amount with
 * a currency ("POA", "Call") names none.
 */
export function priceCurrency(value: unknown): string | undefined {
  if (typeof value !== 'string' || isAbsent(value, true)) return undefined;
  const s = value.trim();
  const m = /^([a-z]{3}|[a-z]{0,2}\$|[€£¥]|kr)?\s*(-?[\d][\d,.\s]*)\s*([a-z]{3}|kr|[€£])?$/i.exec(s);
  if (!m) return undefined;
  const [, pre, , post] = m;
  const code = post ?? pre;
  if (code === undefined) return undefined;
  const lower = code.toLowerCase();
  return SYMBOLS[lower] ?? (/^[a-z]{3}$/i.test(code) ? code.toUpperCase() : undefined);
}

/** A currency column's value as a code ("usd " -> USD); undefined when it holds none. */
export function currencyCode(value: unknown): string | undefined {
  if (typeof value !== 'string' || isAbsent(value)) return undefined;
  const s = value.trim();
  return /^[a-z]{3}$/i.test(s) ? s.toUpperCase() : (SYMBOLS[s.toLowerCase()] ?? s);
}

export interface ForeignPrice {
  field: string;
  currency: string;
  /** The value as the export wrote it ("20495.00 USD"), or the amount when the currency came from a column. */
  received: string;
}

/**
 * The first price of a mapped record that is in a currency other than Australian dollars: a money
 * field whose text names one, or the record's `currency` (a feed's separate currency column) naming
 * one beside a price. The site shows every price as A$, so such a record is rejected, never shown.
 */
export function foreignPrice(record: Record<string, unknown>): ForeignPrice | undefined {
  for (const field of MONEY_FIELDS) {
    const code = priceCurrency(record[field]);
    if (code && code !== 'AUD') return { field, currency: code, received: String(record[field]) };
  }
  const column = currencyCode(record['currency']);
  if (column && column !== 'AUD') {
    const field = [...MONEY_FIELDS].find((f) => record[f] !== undefined && record[f] !== null);
    if (field) return { field, currency: column, received: `${String(record[field])} with currency ${column}` };
  }
  return undefined;
}

/** The rejection reason for a foreign price: names the currency, says what to change. */
export function foreignPriceReason(p: ForeignPrice): string {
  return `a price in ${p.currency}, not Australian dollars (the site shows every price in AUD and never converts), received ${JSON.stringify(p.received)}`;
}

/** The currencies named by a build's rejections, most frequent first. */
export function rejectedCurrencies(rejected: readonly { reason: string }[]): { currency: string; count: number }[] {
  const counts = new Map<string, number>();
  for (const r of rejected) {
    const m = /^a price in (\S+), not Australian dollars/.exec(r.reason);
    if (m) counts.set(m[1]!, (counts.get(m[1]!) ?? 0) + 1);
  }
  return [...counts].map(([currency, count]) => ({ currency, count })).sort((a, b) => b.count - a.count);
}

/**
 * What to change when prices in another currency held a build: the export in AUD (the site never
 * converts), or the rows fixed. `--accept` is named only when it would publish something (some cars
 * priced in AUD are listed); it never helps a feed priced wholly in another currency.
 */
export function currencyHint(currencies: { currency: string; count: number }[], listed: number, slug: string): string {
  const names = currencies.map((c) => `${c.currency} (${c.count} record${c.count === 1 ? '' : 's'})`).join(', ');
  const fix = `Prices in ${names} are never shown as dollars: have the dealer's export priced in Australian dollars (its price cells as "31990 AUD" or "$31,990", or its currency column AUD), then build again.`;
  return listed > 0 ? `${fix} To publish only the ${listed} car${listed === 1 ? '' : 's'} priced in AUD meanwhile: --accept ${slug}.` : fix;
}
