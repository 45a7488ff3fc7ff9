/**
 * Downloads photo URLs for one build: bounded time and size, a readable reason for every failure, and a
 * per-host circuit breaker so a dead dealer CDN costs a few timeouts, not one per photo.
 */

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

export class Fetcher {
  private readonly hosts = new Map<string, HostState>();
  private readonly timeoutMs: number;
  private readonly maxBytes: number;

  constructor(timeoutMs: number, maxBytes = MAX_PHOTO_BYTES) {
    this.timeoutMs = timeoutMs;
    this.maxBytes = maxBytes;
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
    try {
      res = await fetch(href, { signal, redirect: 'follow', headers });
    } catch (err) {
      return describeNetworkError(err, url, this.timeoutMs);
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
