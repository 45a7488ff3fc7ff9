/**
 * The watchlist: saved locally first, then on the server; a failed call rolls the change back with
 * an alert. Saving needs a signed-in user with a phone, else the shopper goes to
 * /sign-in?type=watchlist&redirect=…&back=… (vehicle spec sections 4, 5 and 7).
 */
import { signInHref } from '../lib/forms/gating.ts';
import { track, EVENT_IDS } from '../lib/analytics/index.ts';
import { persistedAtom, isArrayOf } from './persisted.ts';
import { loadSession } from './session.ts';
import { removedToast, savedToast, showToast } from './toasts.ts';

/** The watchlist page (the spec does not name its path). */
export const WATCHLIST_PATH = '/watchlist';

export const $watchlist = persistedAtom<string[]>(
  'dealer:watchlist',
  [],
  isArrayOf<string>((x) => typeof x === 'string'),
);

export type WatchResult = 'saved' | 'removed' | 'sign-in' | 'failed';

export interface WatchDeps {
  fetch?: typeof fetch;
  alert?: (msg: string) => void;
  navigate?: (href: string) => void;
  location?: { pathname: string; search: string };
}

export async function toggleWatch(car: { id: string; name: string }, deps: WatchDeps = {}): Promise<WatchResult> {
  const doFetch = deps.fetch ?? fetch;
  const loc = deps.location ?? window.location;
  const user = await loadSession(doFetch);
  if (!user?.phone) {
    const here = loc.pathname + loc.search;
    (deps.navigate ?? ((h) => window.location.assign(h)))(signInHref('watchlist', here, here));
    return 'sign-in';
  }
  const before = $watchlist.get();
  const removing = before.includes(car.id);
  $watchlist.set(removing ? before.filter((id) => id !== car.id) : [...before, car.id]);
  let error: string | undefined;
  try {
    const res = await doFetch(removing ? '/api/watchlist/remove-car' : '/api/watchlist/save-car', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ car_id: car.id, phone_number: user.phone }),
    });
    const json = (await res.json().catch(() => ({}))) as { success?: boolean; error?: string };
    if (!res.ok || json.success !== true) error = json.error ?? 'We could not update your watchlist. Please try again.';
  } catch {
    error = 'We could not update your watchlist. Please try again.';
  }
  if (error) {
    $watchlist.set(before);
    (deps.alert ?? ((m) => window.alert(m)))(error);
    return 'failed';
  }
  if (!removing) track(EVENT_IDS.saveCar, { car_id: car.id });
  showToast(removing ? removedToast(car.name, WATCHLIST_PATH) : savedToast(car.name, WATCHLIST_PATH));
  return removing ? 'removed' : 'saved';
}

/** Replaces the local list with the server's (after sign-in, on the watchlist page). */
export function syncWatchlist(ids: string[]): void {
  $watchlist.set(ids);
}
