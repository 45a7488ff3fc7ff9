/** The signed-in user (phone sign-in through /api/auth/*). undefined = not yet known, null = signed out. */
import { atom } from 'nanostores';

export interface User {
  id: string;
  phone: string;
}

export const $user = atom<User | null | undefined>(undefined);

let pending: Promise<User | null> | undefined;

/** Asks the server once per page; 401 (or a failure) means signed out. */
export function loadSession(doFetch: typeof fetch = fetch): Promise<User | null> {
  pending ??= doFetch('/api/auth/session', { credentials: 'same-origin' })
    .then(async (res) => (res.ok ? (((await res.json()) as { user?: User }).user ?? null) : null))
    .catch(() => null)
    .then((user) => {
      $user.set(user);
      return user;
    });
  return pending;
}

async function post(path: string, body: unknown): Promise<{ ok: boolean; json: Record<string, unknown> }> {
  try {
    const res = await fetch(path, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
    return { ok: res.ok, json: (await res.json().catch(() => ({}))) as Record<string, unknown> };
  } catch {
    return { ok: false, json: { error: 'Could not reach the server. Please check your connection and try again.' } };
  }
}

const errorOf = (json: Record<string, unknown>, fallback: string) => (typeof json['error'] === 'string' ? json['error'] : fallback);

export async function requestCode(phone: string): Promise<string | undefined> {
  const r = await post('/api/auth/code', { phone });
  return r.ok ? undefined : errorOf(r.json, 'We could not send a code. Please try again.');
}

export async function verifyCode(phone: string, code: string): Promise<{ user: User } | { error: string }> {
  const r = await post('/api/auth/verify', { phone, code });
  const user = r.json['user'] as User | undefined;
  if (!r.ok || !user) return { error: errorOf(r.json, 'That code did not work. Please try again.') };
  pending = Promise.resolve(user);
  $user.set(user);
  return { user };
}

export async function signOut(): Promise<void> {
  await post('/api/auth/sign-out', {});
  pending = Promise.resolve(null);
  $user.set(null);
}
