/**
 * Downloads photo URLs for one build: bounded time and size, a readable reason for every failure, and a
 * per-host circuit breaker so a dead dealer CDN costs a few timeouts, not one per photo.
 *
 * Only public addresses (issue 27): a photo URL whose host is, or resolves to, a loopback, private,
 * link-local or other non-public address is refused before any connection, and redirects are
 * followed by hand (at most 5), each hop checked the same way, so a public host cannot redirect the
 * build to 169.254.169.254 or a service on the build machine. Tests and local development serving
 * photos from 127.0.0.1 set DEALER_PHOTO_FETCH_PRIVATE=allow (the test configs do).
 */
import { lookup } from 'node:dns/promises';
import { isIP } from 'node:net';
import { addressKind } from '../../../functions/lib/outbound.ts';

/** What the server said identifies this version of the photo (sent back to ask "has it changed?"). */
export interface Validators {
  etag?: string | undefined;
  lastModified?: string | undefined;
}

export type FetchResult =
  | { ok: true; notModified?: false; bytes: Buffer; contentType: string | undefined; validators: Validators }
  | { ok: true; notModified: true }
  | { ok: false; reason: string };

/** Failures of this kind say the host itself is unreachable. */
type HostFailure = 'dns' | 'connect' | 'timeout';

type Attempt = (FetchResult & { ok: true }) | { ok: false; reason: string; hostFailure: HostFailure | undefined };

interface HostState {
  succeeded: boolean;
  failures: number;
  lastReason: string;
  kind: HostFailure | undefined;
}

/** Consecutive host-level failures (with no success yet) after which the host's other URLs are not tried. */
const HOST_FAILURE_LIMIT = 3;

export const MAX_PHOTO_BYTES = 40 * 1024 * 1024;

/** Redirects followed per photo, each to a checked address. */
const MAX_REDIRECTS = 5;

/** The environment override for tests and local development: photos may come from loopback and private addresses. */
export const PRIVATE_FETCH_ENV = 'DEALER_PHOTO_FETCH_PRIVATE';

/** Which addresses photos may be fetched from: public ones, or any when PRIVATE_FETCH_ENV=allow. */
export function defaultAddressAllowed(ip: string): boolean {
  return process.env[PRIVATE_FETCH_ENV] === 'allow' || addressKind(ip) === 'public';
}

/** Why a URL's host may not be fetched from (an address not allowed, literal or resolved), or undefined. */
async function addressProblem(url: URL, allowed: (ip: string) => boolean): Promise<string | undefined> {
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (isIP(host) !== 0) return allowed(host) ? undefined : `${host} is a loopback, private or link-local address`;
  let addresses: { address: string }[];
  try {
    addresses = await lookup(host, { all: true, verbatim: true });
  } catch {
    return undefined; // the fetch itself reports the DNS failure, in the usual words
  }
  const bad = addresses.find((a) => !allowed(a.address));
  return bad ? `${host} resolves to ${bad.address}, a loopback, private or link-local address` : undefined;
}

export class Fetcher {
  private readonly hosts = new Map<string, HostState>();
  private readonly timeoutMs: number;
  private readonly maxBytes: number;
  private readonly addressAllowed: (ip: string) => boolean;

  constructor(timeoutMs: number, maxBytes = MAX_PHOTO_BYTES, addressAllowed: (ip: string) => boolean = defaultAddressAllowed) {
    this.timeoutMs = timeoutMs;
    this.maxBytes = maxBytes;
    this.addressAllowed = addressAllowed;
  }

  /** Each host's address check, once per build (a night fetches thousands of photos from one CDN). */
  private readonly addressChecks = new Map<string, Promise<string | undefined>>();
  private checkAddress(url: URL): Promise<string | undefined> {
    let check = this.addressChecks.get(url.hostname);
    if (!check) {
      check = addressProblem(url, this.addressAllowed);
      this.addressChecks.set(url.hostname, check);
    }
    return check;
  }

  /** Each URL is tried at most once per build: failures are remembered (for this build only). */
  private readonly failed = new Map<string, string>();
  private readonly inflight = new Map<string, Promise<FetchResult>>();

  /** With validators from an earlier download, a 304 answers { notModified: true } (a conditional GET). */
  get(url: URL, validators?: Validators): Promise<FetchResult> {
    const href = url.href;
    const failed = this.failed.get(href);
    if (failed !== undefined) return Promise.resolve({ ok: false, reason: failed });
    let p = this.inflight.get(href);
    if (!p) {
      p = this.fetchOnce(url, validators).finally(() => this.inflight.delete(href));
      this.inflight.set(href, p);
    }
    return p;
  }

  private async fetchOnce(url: URL, validators: Validators | undefined): Promise<FetchResult> {
    const href = url.href;
    const host = url.host;
    const state = this.hosts.get(host) ?? { succeeded: false, failures: 0, lastReason: '', kind: undefined };
    this.hosts.set(host, state);
    if (!state.succeeded && (state.kind === 'dns' || state.failures >= HOST_FAILURE_LIMIT)) {
      return {
        ok: false,
        reason: `${state.lastReason.replace(/ fetching \S+$/, '')} (host ${host} unreachable earlier in this build, not retried) fetching ${href}`,
      };
    }
    const result = await this.attempt(url, validators);
    if (result.ok) {
      state.succeeded = true;
      state.failures = 0;
    } else if (result.hostFailure) {
      state.failures++;
      state.lastReason = result.reason;
      state.kind = result.hostFailure;
    }
    if (!result.ok) this.failed.set(href, result.reason);
    if (result.ok) return result;
    return { ok: false, reason: result.reason };
  }

  private async attempt(url: URL, validators: Validators | undefined): Promise<Attempt> {
    const href = url.href;
    let res: Response;
    const signal = AbortSignal.timeout(this.timeoutMs);
    const headers: Record<string, string> = { accept: 'image/*,*/*;q=0.5', 'user-agent': 'dealer-sites-image-pipeline' };
    if (validators?.etag) headers['if-none-match'] = validators.etag;
    if (validators?.lastModified) headers['if-modified-since'] = validators.lastModified;
    let at = url;
    for (let hop = 0; ; hop++) {
      const problem = await this.checkAddress(at);
      if (problem)
        return { ok: false, reason: `refused: ${problem}${at === url ? '' : ` (redirected to ${at.href})`} fetching ${href}`, hostFailure: undefined };
      try {
        res = await fetch(at.href, { signal, redirect: 'manual', headers });
      } catch (err) {
        return describeNetworkError(err, at, this.timeoutMs);
      }
      const location = res.headers.get('location');
      if (![301, 302, 303, 307, 308].includes(res.status) || !location) break;
      await res.body?.cancel().catch(() => undefined);
      if (hop >= MAX_REDIRECTS) return { ok: false, reason: `more than ${MAX_REDIRECTS} redirects fetching ${href}`, hostFailure: undefined };
      const next = URL.canParse(location, at) ? new URL(location, at) : undefined;
      if (!next || (next.protocol !== 'http:' && next.protocol !== 'https:')) {
        return { ok: false, reason: `refused: redirected to ${location}, not an http(s) address, fetching ${href}`, hostFailure: undefined };
      }
      at = next;
    }
    if (res.status === 304 && validators) {
      await res.body?.cancel().catch(() => undefined);
      return { ok: true, notModified: true };
    }
    if (!res.ok) {
      await res.body?.cancel().catch(() => undefined);
      return { ok: false, reason: `HTTP ${res.status}${res.statusText ? ` ${res.statusText}` : ''} from ${href}`, hostFailure: undefined };
    }
    const declared = Number(res.headers.get('content-length') ?? NaN);
    if (declared > this.maxBytes) {
      await res.body?.cancel().catch(() => undefined);
      return { ok: false, reason: `too large (${declared} bytes, limit ${this.maxBytes}) from ${href}`, hostFailure: undefined };
    }
    const chunks: Uint8Array[] = [];
    let total = 0;
    try {
      if (res.body) {
        for await (const chunk of res.body) {
          total += chunk.byteLength;
          if (total > this.maxBytes) {
            await res.body.cancel().catch(() => undefined);
            return { ok: false, reason: `too large (over ${this.maxBytes} bytes) from ${href}`, hostFailure: undefined };
          }
          chunks.push(chunk);
        }
      }
    } catch (err) {
      const d = describeNetworkError(err, url, this.timeoutMs);
      return { ...d, reason: d.reason.replace(' fetching ', ' while downloading ') };
    }
    return {
      ok: true,
      bytes: Buffer.concat(chunks, total),
      contentType: res.headers.get('content-type') ?? undefined,
      validators: { etag: res.headers.get('etag') ?? undefined, lastModified: res.headers.get('last-modified') ?? undefined },
    };
  }
}

function errorCode(err: unknown): string | undefined {
  if (typeof err !== 'object' || err === null) return undefined;
  const e = err as { code?: unknown; errors?: unknown; cause?: unknown };
  if (typeof e.code === 'string') return e.code;
  if (Array.isArray(e.errors))
    for (const inner of e.errors) {
      const c = errorCode(inner);
      if (c) return c;
    }
  return e.cause ? errorCode(e.cause) : undefined;
}

function messageOf(err: unknown): string {
  if (err instanceof Error) {
    const cause = (err as { cause?: unknown }).cause;
    return cause instanceof Error && cause.message ? cause.message : err.message;
  }
  return String(err);
}

function describeNetworkError(err: unknown, url: URL, timeoutMs: number): Attempt & { ok: false } {
  const href = url.href;
  const name = err instanceof Error ? err.name : '';
  if (name === 'TimeoutError' || name === 'AbortError') {
    return { ok: false, reason: `timed out after ${timeoutMs} ms fetching ${href}`, hostFailure: 'timeout' };
  }
  const code = errorCode(err);
  const port = url.port || (url.protocol === 'https:' ? '443' : '80');
  if (!code && messageOf(err) === 'bad port') {
    return {
      ok: false,
      reason: `refused: port ${port} is on the Fetch standard's blocked-port list fetching ${href}`,
      hostFailure: undefined,
    };
  }
  switch (code) {
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
    case 'EAI_FAIL':
    case 'EAI_NONAME':
      return { ok: false, reason: `DNS lookup failed for ${url.hostname} (${code}) fetching ${href}`, hostFailure: 'dns' };
    case 'ECONNREFUSED':
      return { ok: false, reason: `connection refused by ${url.hostname}:${port} fetching ${href}`, hostFailure: 'connect' };
    case 'EHOSTUNREACH':
    case 'ENETUNREACH':
    case 'ENETDOWN':
      return { ok: false, reason: `network unreachable (${code}) for ${url.hostname} fetching ${href}`, hostFailure: 'connect' };
    case 'ETIMEDOUT':
    case 'UND_ERR_CONNECT_TIMEOUT':
      return { ok: false, reason: `connection to ${url.hostname}:${port} timed out fetching ${href}`, hostFailure: 'timeout' };
    case 'ECONNRESET':
    case 'UND_ERR_SOCKET':
      return { ok: false, reason: `connection reset by ${url.hostname} fetching ${href}`, hostFailure: undefined };
    default:
      if (code && (code.startsWith('ERR_TLS') || code.includes('CERT') || code.startsWith('UNABLE_TO'))) {
        return { ok: false, reason: `TLS error from ${url.hostname} (${code}) fetching ${href}`, hostFailure: 'connect' };
      }
      return { ok: false, reason: `network error${code ? ` (${code})` : ''}: ${messageOf(err)} fetching ${href}`, hostFailure: undefined };
  }
}
