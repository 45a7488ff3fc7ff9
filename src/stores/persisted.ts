/**
 * A nanostores atom kept in localStorage. It reads storage when first created in the browser (on the
 * server it holds the default), so islands render persisted state only after mount.
 */
import { atom, type WritableAtom } from 'nanostores';

export function persistedAtom<T>(key: string, initial: T, valid: (v: unknown) => v is T): WritableAtom<T> {
  const store = atom<T>(initial);
  if (typeof window === 'undefined') return store;
  try {
    const raw = window.localStorage.getItem(key);
    const parsed: unknown = raw === null ? undefined : JSON.parse(raw);
    if (valid(parsed)) store.set(parsed);
  } catch {
    // Private mode or a corrupt entry: start empty.
  }
  store.listen((value) => {
    try {
      window.localStorage.setItem(key, JSON.stringify(value));
    } catch {
      // Storage full or blocked: the state still works for this page.
    }
  });
  // Another tab changed it.
  window.addEventListener('storage', (e) => {
    if (e.key !== key || e.newValue === null) return;
    try {
      const v: unknown = JSON.parse(e.newValue);
      if (valid(v)) store.set(v);
    } catch {
      /* ignore */
    }
  });
  return store;
}

export const isArrayOf =
  <T>(item: (x: unknown) => boolean) =>
  (v: unknown): v is T[] =>
    Array.isArray(v) && v.every(item);

export const isRecord = (x: unknown): x is Record<string, unknown> => typeof x === 'object' && x !== null && !Array.isArray(x);
