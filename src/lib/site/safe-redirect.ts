/**
 * The one same-origin redirect rule (issue 27). Every place the site sends the browser to a path it was
 * given (sign-in `redirect` and `back`, the gate, a form's success page) goes through safeRedirect.
 *
 * The decision is taken on what the URL parser makes of the target against this site's origin, and on
 * what a browser would make of the path we hand back, never on the raw text alone:
 *
 * - the target must be a path (`/…`) of at most 2,000 characters;
 * - tabs, newlines and other control characters (browsers drop them, so `/\t/evil` becomes `//evil`) and
 *   backslashes (read as `/` in http URLs), raw or percent-encoded, are refused;
 * - the target is parsed with `new URL(target, origin)`; it must keep this origin and carry no user info;
 * - the result (pathname + search + hash, after the parser removed `.`/`..`/`%2e` segments) must not start
 *   with `//` (`/.//evil.example/x`, `/%2e//evil.example/x` and `/x/..//evil.example/x` all parse to the
 *   path `//evil.example/x`, which a browser reads as another host), and parsing the result again must give
 *   the same URL (a fixed point: what the browser follows is what was checked).
 *
 * - the same holds for the target percent-decoded once (`/%2F%2Fevil.example`, `/.%2f/evil.example`).
 *
 * Anything else gives the fallback (`/`, the home page).
 */
const ORIGIN = 'https://this-site.invalid';

/** Control characters (C0, DEL) and backslashes: a browser drops or rewrites them inside a URL. */
const UNSAFE = /[\u0000-\u001f\u007f\\]/;

export const MAX_REDIRECT_LENGTH = 2000;

function staysHere(path: string): boolean {
  if (path.startsWith('//')) return false;
  try {
    const url = new URL(path, ORIGIN);
    return url.origin === ORIGIN && !url.pathname.startsWith('//');
  } catch {
    return false;
  }
}

export function safeRedirect(target: string | null | undefined, fallback = '/'): string {
  if (!target || !target.startsWith('/') || target.length > MAX_REDIRECT_LENGTH) return fallback;
  let decoded: string;
  try {
    decoded = decodeURIComponent(target);
  } catch {
    return fallback;
  }
  if (UNSAFE.test(target) || UNSAFE.test(decoded)) return fallback;
  // Decoded, the target must not leave either (`/%2F%2Fevil`, `/.%2f/evil`): a server or script that
  // decodes the path once more must still read a path on this site.
  if (!staysHere(decoded)) return fallback;
  let url: URL;
  try {
    url = new URL(target, ORIGIN);
  } catch {
    return fallback;
  }
  if (url.origin !== ORIGIN || url.username || url.password) return fallback;
  const path = `${url.pathname}${url.search}${url.hash}`;
  if (!path.startsWith('/') || path.startsWith('//')) return fallback;
  let again: URL;
  try {
    again = new URL(path, ORIGIN);
  } catch {
    return fallback;
  }
  if (again.href !== url.href) return fallback;
  return path;
}
