/**
 * A lender disclaimer against the figures shown beside it (issue 26): the interest rate, the
 * comparison rate and the deposit a disclaimer states must be the offer's. Pure: reads two texts and
 * the shown figures, returns the mismatches (none when the disclaimer states none of them).
 */

import { formatDollarsAsRead } from '../rules/format.ts';

/** What a disclaimer states: its interest rate(s), comparison rate(s) and deposit ("no deposit" is 0). */
export interface StatedFigures {
  rates: number[];
  comparisons: number[];
  deposit?: number | undefined;
}

const NUM = (s: string) => Number(s.replace(/[$,\s]/g, ''));

/**
 * Reads the figures a disclaimer states. A percentage right after "comparison rate" (within a few
 * words) is a comparison rate; any other "N% p.a." is an interest rate. "no deposit" / "$0 deposit"
 * is a deposit of 0; "deposit of $N" / "$N deposit" the amount.
 */
export function statedFigures(text: string): StatedFigures {
  const comparisons: number[] = [];
  const rates: number[] = [];
  const seen = new Set<number>();
  for (const m of text.matchAll(/comparison rates?(?:\s+(?:of|is|at|from))?\s*:?\s*(\d+(?:\.\d+)?)\s*%/gi)) {
    comparisons.push(Number(m[1]));
    seen.add(m.index + m[0].length - 1);
  }
  for (const m of text.matchAll(/(\d+(?:\.\d+)?)\s*%\s*(?:p\.?\s*a\.?|per annum)/gi)) {
    const end = m.index + (m[1] ?? '').length;
    // The percentage already read as a comparison rate: skip.
    if ([...seen].some((i) => i >= m.index && i <= end + 2)) continue;
    const before = text.slice(Math.max(0, m.index - 40), m.index);
    if (/comparison rates?\b[^.%]*$/i.test(before)) continue;
    rates.push(Number(m[1]));
  }
  let deposit: number | undefined;
  if (/\bno deposit\b|\bzero deposit\b/i.test(text)) deposit = 0;
  const amount = /deposit (?:of\s+)?(\$\s*[\d,]+(?:\.\d+)?)|(\$\s*[\d,]+(?:\.\d+)?)\s+deposit/i.exec(text);
  if (amount) deposit = NUM(amount[1] ?? amount[2] ?? '');
  return { rates, comparisons, deposit };
}

/** The figures shown beside the disclaimer (undefined: not shown, not compared). */
export interface ShownFigures {
  rate?: number | undefined;
  comparison?: number | undefined;
  deposit?: number | undefined;
}

/** Each figure the disclaimer states that is not the one shown, as "interest rate 8.95% (shown 8.45%)". */
export function disclaimerMismatches(disclaimer: string, shown: ShownFigures): string[] {
  const stated = statedFigures(disclaimer);
  const out: string[] = [];
  const pct = (n: number) => `${n.toFixed(2)}%`;
  const same = (a: number, b: number) => Math.abs(a - b) < 0.005;
  if (shown.rate !== undefined) for (const r of stated.rates) if (!same(r, shown.rate)) out.push(`interest rate ${pct(r)} (shown ${pct(shown.rate)})`);
  if (shown.comparison !== undefined)
    for (const c of stated.comparisons) if (!same(c, shown.comparison)) out.push(`comparison rate ${pct(c)} (shown ${pct(shown.comparison)})`);
  if (shown.deposit !== undefined && stated.deposit !== undefined && Math.abs(stated.deposit - shown.deposit) >= 1) {
    const money = (n: number) => (n === 0 ? 'no deposit' : formatDollarsAsRead(n));
    out.push(`deposit ${money(stated.deposit)} (shown ${money(shown.deposit)})`);
  }
  return [...new Set(out)];
}

/** A shown figure read back: "8.45% p.a." -> 8.45, "$4,049" -> 4049, "no deposit" -> 0. */
export function shownNumber(text: string): number | undefined {
  if (/\bno deposit\b/i.test(text)) return 0;
  const m = /-?\$?\s*[\d,]+(?:\.\d+)?/.exec(text);
  if (!m) return undefined;
  const n = NUM(m[0]);
  return Number.isFinite(n) ? n : undefined;
}
