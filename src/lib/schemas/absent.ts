import * as v from 'valibot';

/**
 * What real exports and configs write for "no value". Dealer systems fill every optional column:
 * with null, an empty cell, or a placeholder. All of these mean absent, never a bad record.
 */
const PLACEHOLDERS = new Set(['n/a', 'na', 'n.a.', 'n.a', '-', '--', '---', '\u2013', '\u2014', 'tba', 'tbc', 'null', 'nil', 'undefined', 'none']);
/** Where the field is money, these also mean "no price shown" (the display rule then says so). */
const MONEY_PLACEHOLDERS = new Set([
  'poa',
  'p.o.a.',
  'price on application',
  'call',
  'call us',
  'call for price',
  'enquire',
  'enquire now',
  'enquire for price',
]);

/** True when a value says "no value": null, undefined, blank text or a placeholder. */
export function isAbsent(value: unknown, money = false): boolean {
  if (value === null || value === undefined) return true;
  if (typeof value !== 'string') return false;
  const s = value.trim().toLowerCase();
  return s === '' || PLACEHOLDERS.has(s) || (money && MONEY_PLACEHOLDERS.has(s));
}

/**
 * Removes absent values everywhere in a parsed record or config: keys whose value is absent are
 * dropped, list entries that are absent are dropped, nested objects are cleaned the same way.
 * `moneyKeys` names top-level fields where price placeholders (POA, Call) also mean absent;
 * `keep` names top-level keys left exactly as written (e.g. a mapping whose null is an instruction).
 */
export function withoutAbsent<T>(value: T, opts: { moneyKeys?: ReadonlySet<string>; keep?: ReadonlySet<string> } = {}): T {
  const clean = (x: unknown, depth: number): unknown => {
    if (Array.isArray(x)) return x.filter((e) => !isAbsent(e)).map((e) => clean(e, depth + 1));
    if (x && typeof x === 'object' && depth < 20) {
      const out: Record<string, unknown> = {};
      for (const [k, val] of Object.entries(x as Record<string, unknown>)) {
        if (depth === 0 && opts.keep?.has(k)) {
          out[k] = val;
          continue;
        }
        if (isAbsent(val, depth === 0 && (opts.moneyKeys?.has(k) ?? false))) continue;
        out[k] = clean(val, depth + 1);
      }
      return out;
    }
    return x;
  };
  return clean(value, 0) as T;
}

/** A number that may arrive as text: 7, "7", "71,280", "2.2", " 4.5 ". */
export const LooseNumber = v.pipe(
  v.union([v.number(), v.string()], 'a number'),
  v.transform((x) => (typeof x === 'number' ? x : Number(x.trim().replace(/,/g, '')))),
  v.check((n) => Number.isFinite(n), 'a number'),
);

/** A yes/no that may arrive as text or 0/1: true, "true", "yes", "Y", 1. */
export const LooseBoolean = v.pipe(
  v.union([v.boolean(), v.number(), v.string()], 'true or false'),
  v.transform((x) => {
    if (typeof x === 'boolean') return x;
    if (typeof x === 'number') return x !== 0;
    const s = x.trim().toLowerCase();
    if (['true', 'yes', 'y', '1'].includes(s)) return true;
    if (['false', 'no', 'n', '0'].includes(s)) return false;
    return s;
  }),
  v.check((b) => typeof b === 'boolean', 'true or false'),
  v.transform((b) => b as boolean),
);

/** An id that may be a number or text; always read as text. */
export const LooseId = v.pipe(
  v.union([v.string(), v.number()], 'an id'),
  v.transform((x) => String(x).trim()),
);
