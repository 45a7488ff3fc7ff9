const dollars = new Intl.NumberFormat('en-AU', { style: 'currency', currency: 'AUD', maximumFractionDigits: 0, minimumFractionDigits: 0 });
const plain = new Intl.NumberFormat('en-AU', { maximumFractionDigits: 0 });
// The grouping `toLocaleString('en-AU')` gives (up to 3 decimals), made once: a formatter per call costs.
// Marked pure so a browser bundle that does not use it drops it (only the build's compliance check does).
const asRead = /* @__PURE__ */ new Intl.NumberFormat('en-AU');

/** 31990 -> "$31,990" (whole dollars, Australian format). */
export function formatDollars(amount: number): string {
  return dollars.format(Math.round(amount));
}

/** 45210 -> "45,210 km". */
export function formatKm(km: number): string {
  return `${plain.format(Math.round(km))} km`;
}

/** Thousands separators only: 250000 -> "250,000". */
export function formatNumber(n: number): string {
  return plain.format(n);
}

/** A count and its noun: (1, 'review', 'reviews') -> "1 review", (1329, ...) -> "1,329 reviews". */
export function formatCount(n: number, singular: string, plural: string): string {
  return `${plain.format(n)} ${n === 1 ? singular : plural}`;
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
