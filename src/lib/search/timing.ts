/** The spec's debounces and animation lengths (section 9). */
export const SEARCH_DEBOUNCE_MS = 300;
export const SLIDER_DEBOUNCE_MS = 400;
export const COLLAPSE_MS = 300;

/**
 * The attribute on an island (client:interaction) holding when the shopper last typed into it before
 * its code took over (performance.now() ms), so the search box does not wait a whole debounce again.
 */
export const TYPED_AT = 'data-typed-at';

/**
 * Calls `fn` with the last arguments once `ms` have passed without another call (the search box
 * waits 300 ms, the sliders 400 ms). `flush` runs a pending call now; `cancel` drops it; `after`
 * is a call that waits `wait` ms instead (what is left of a wait that began before the call).
 */
export function debounce<A extends unknown[]>(fn: (...args: A) => void, ms: number) {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let pending: A | undefined;
  const run = () => {
    timer = undefined;
    const args = pending;
    pending = undefined;
    if (args) fn(...args);
  };
  const schedule = (wait: number, args: A) => {
    pending = args;
    if (timer !== undefined) clearTimeout(timer);
    timer = setTimeout(run, wait);
  };
  const call = (...args: A) => schedule(ms, args);
  call.after = (wait: number, ...args: A) => schedule(Math.max(0, wait), args);
  call.flush = () => {
    if (timer !== undefined) clearTimeout(timer);
    run();
  };
  call.cancel = () => {
    if (timer !== undefined) clearTimeout(timer);
    timer = undefined;
    pending = undefined;
  };
  return call;
}

/**
 * How much of a debounce is left at `now` for keys last pressed at `lastKeyAt` (both in ms on the
 * same clock): text typed into the search box while the search code was still arriving has already
 * waited since its last key, so the search starts as soon as the box is live and that wait is over,
 * not a full debounce later. Unknown (NaN) counts as just typed.
 */
export function debounceLeft(lastKeyAt: number, now: number, ms: number): number {
  if (!Number.isFinite(lastKeyAt)) return ms;
  return Math.min(ms, Math.max(0, ms - (now - lastKeyAt)));
}
