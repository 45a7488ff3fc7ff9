/** The spec's debounces and animation lengths (section 9). */
export const SEARCH_DEBOUNCE_MS = 300;
export const SLIDER_DEBOUNCE_MS = 400;
export const COLLAPSE_MS = 300;

/**
 * Calls `fn` with the last arguments once `ms` have passed without another call (the search box
 * waits 300 ms, the sliders 400 ms). `flush` runs a pending call now; `cancel` drops it.
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
  const call = (...args: A) => {
    pending = args;
    if (timer !== undefined) clearTimeout(timer);
    timer = setTimeout(run, ms);
  };
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
