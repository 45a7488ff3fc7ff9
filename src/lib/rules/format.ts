/*
 * Whole numbers are grouped by hand, the way en-AU writes them; Intl.NumberFormat only for the rest
 * (fractions, -0, beyond 2^53, NaN), made on first need. A browser's first Intl formatter loads the
 * locale's data: 25-400 ms in Chromium with the CPU slowed 4x like a mid-range phone (stop 39), paid by
 * the search island and the calculator when they wake, before the shopper sees an answer. The strings
 * are Intl's own: tests/unit/rules-format.test.ts compares the two over whole numbers, fractions and the edges.
 */
let dollarsFormat: Intl.NumberFormat | undefined;
let plainFormat: Intl.NumberFormat | undefined;
const dollars = () =>
  (dollarsFormat ??= new Intl.NumberFormat('en-AU', { style: 'currency', currency: 'AUD', maximumFractionDigits: 0, minimumFractionDigits: 0 }));
const plain = () => (plainFormat ??= new Intl.NumberFormat('en-AU', { maximumFractionDigits: 0 }));

/** A safe whole number's digits grouped in threes with commas (-1234567 -> "-1,234,567"); undefined for anything else, -0 included. */
function grouped(n: number): string | undefined {
  if (!Number.isSafeInteger(n) || Object.is(n, -0)) return undefined;
  const digits = String(Math.abs(n));
  let out = digits.slice(0, digits.length % 3 || 3);
  for (let i = out.length; i < digits.length; i += 3) out += `,${digits.slice(i, i + 3)}`;
  return n < 0 ? `-${out}` : out;
}

/** formatNumber's string: Intl's for en-AU, whole numbers grouped without it. */
function plainNumber(n: number): string {
  return grouped(n) ?? plain().format(n);
}
// The grouping `toLocaleString('en-AU')` gives (up to 3 decimals), made once: a formatter per call costs.
// Marked pure so a browser bundle that does not use it drops it (only the build's compliance check does).
const asRead = /* @__PURE__ */ new Intl.NumberFormat('en-AU');

/** 31990 -> "$31,990" (whole dollars, Australian format). */
export function formatDollars(amount: number): string {
  const whole = Math.round(amount);
  const digits = grouped(whole);
  if (digits === undefined) return dollars().format(whole);
  return whole < 0 ? `-$${digits.slice(1)}` : `$${digits}`;
}

/** 45210 -> "45,210 km". */
export function formatKm(km: number): string {
  return `${plainNumber(Math.round(km))} km`;
}

/** Thousands separators only: 250000 -> "250,000". */
export function formatNumber(n: number): string {
  return plainNumber(n);
}

/** A count and its noun: (1, 'review', 'reviews') -> "1 review", (1329, ...) -> "1,329 reviews". */
export function formatCount(n: number, singular: string, plural: string): string {
  return `${plainNumber(n)} ${n === 1 ? singular : plural}`;
}

/**
 * A dollar figure read from a page or a disclaimer, quoted back as it was written: 31990.5 ->
 * "$31,990.5". Not rounded like formatDollars: a compliance finding quotes the page's figure, cents and
 * all, or "was $31,990.40, now $31,990.45" would read "was $31,990, now $31,990".
 */
export function formatDollarsAsRead(amount: number): string {
  return `$${asRead.format(amount)}`;
}

/** "6.29% p.a."; "-" when missing. */
export function formatRate(rate: number | null | undefined): string {
  return rate == null ? '-' : `${rate.toFixed(2)}% p.a.`;
}

/**
 * The one reading of an amount a person or a feed wrote: "$20,000" -> 20000; empty or unreadable ->
 * undefined. Only plain amounts of up to 12 digits (with an optional decimal part) are read: `1e308`,
 * `0x10` or `Infinity` in a shared link, a calculator field or a feed are not an amount (issue 27: an
 * extreme range end made the search throw).
 */
export function readAmount(text: string | undefined): number | undefined {
  if (text === undefined) return undefined;
  const cleaned = text.replace(/[$,\s]/g, '');
  if (!/^-?\d{1,12}(?:\.\d+)?$/.test(cleaned)) return undefined;
  return Number(cleaned);
}
