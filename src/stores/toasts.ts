/** Toasts: one at a time, closed after 3000 ms (spec constants). */
import { atom } from 'nanostores';

export const TOAST_MS = 3000;

export interface Toast {
  id: number;
  title: string;
  description: string;
  action?: { label: string; href: string } | undefined;
  open: boolean;
}

export const $toast = atom<Toast | null>(null);
let seq = 0;
let timer: ReturnType<typeof setTimeout> | undefined;

/** Shows a toast, replacing any other (only one is kept). */
export function showToast(t: Omit<Toast, 'id' | 'open'>): void {
  clearTimeout(timer);
  const id = ++seq;
  $toast.set({ ...t, id, open: true });
  timer = setTimeout(() => dismissToast(id), TOAST_MS);
}

/** Dismiss marks it closed (and clears it). */
export function dismissToast(id?: number): void {
  const t = $toast.get();
  if (t && (id === undefined || t.id === id)) $toast.set(null);
}

export const savedToast = (carName: string, listHref: string) => ({
  title: 'Car Saved In Watchlist',
  description: `${carName} is now available in your watchlist`,
  action: { label: 'View List', href: listHref },
});
/** Some brands' Share button copies the page address and says so in a toast (shown for TOAST_MS, 3 seconds). */
export const linkCopiedToast = () => ({
  title: 'Link copied',
  description: 'The link to this car is ready to paste.',
});
export const removedToast = (carName: string, listHref: string) => ({
  title: 'Car Removed',
  description: `${carName} is no longer in your watchlist`,
  action: { label: 'View List', href: listHref },
});
