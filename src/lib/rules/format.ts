const dollars = new Intl.NumberFormat('en-AU', { style: 'currency', currency: 'AUD', maximumFractionDigits: 0, minimumFractionDigits: 0 });
const plain = new Intl.NumberFormat('en-AU', { maximumFractionDigits: 0 });

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

/** "6.29% p.a."; "-" when missing. */
export function formatRate(rate: number | null | undefined): string {
  return rate == null ? '-' : `${rate.toFixed(2)}% p.a.`;
}
