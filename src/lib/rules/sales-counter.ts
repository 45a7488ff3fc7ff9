/** The spec's Sales this Month counter: 192 sales a day, one per 450 seconds of the day. */
export const SALES_PER_DAY = 192;
export const SECONDS_PER_SALE = 450;
/** How often the shown number is recomputed in the browser. */
export const SALES_COUNTER_REFRESH_MS = 150_000;

/** Australia/Brisbane is UTC+10 all year (Queensland has no daylight saving). */
const BRISBANE_OFFSET_S = 10 * 3600;

/**
 * The number shown at a moment (unix milliseconds): every whole day of the month so far in Brisbane
 * counts 192, and today counts one per 450 seconds since Brisbane midnight. It restarts at 0 at
 * midnight on the 1st.
 */
export function salesThisMonth(nowMs: number): number {
  const local = Math.floor(nowMs / 1000) + BRISBANE_OFFSET_S;
  const dayOfMonth = new Date(local * 1000).getUTCDate();
  const secondsToday = ((local % 86400) + 86400) % 86400;
  return (dayOfMonth - 1) * SALES_PER_DAY + Math.floor(secondsToday / SECONDS_PER_SALE);
}
