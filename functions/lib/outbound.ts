/**
 * Where the functions may send data: a tenant's webhook and a provider's API. Only https, and never
 * an address on this machine or a private network (a tenant's config could otherwise reach the
 * cloud metadata service, a database port or an admin page behind the firewall). The check runs when
 * the connection is made, on the address the name resolved to, so a name that resolves to a public
 * address at config time and a private one later is still refused. Plain http to a loopback
 * address is allowed only with the development setting DEV_ALLOW_LOOPBACK=1 (tests, a local CRM).
 */
import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { request as httpRequest, type RequestOptions } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { isIP } from 'node:net';

export interface OutboundPolicy {
  /** Development only: allow http:// and https:// to 127.0.0.0/8 and ::1. */
  allowLoopback: boolean;
}

function ipv4Bytes(ip: string): number[] | undefined {
  const parts = ip.split('.');
  if (parts.length !== 4) return undefined;
  const bytes = parts.map(Number);
  return bytes.every((b, i) => Number.isInteger(b) && b >= 0 && b <= 255 && /^\d+$/.test(parts[i] ?? '')) ? bytes : undefined;
}

function ipv4Kind(b: number[]): 'loopback' | 'private' | 'public' {
  const [a = 0, c = 0] = b;
  if (a === 127) return 'loopback';
  if (
    a === 0 || // this network
    a === 10 ||
    (a === 100 && c >= 64 && c <= 127) || // carrier-grade NAT
    (a === 169 && c === 254) || // link-local, cloud metadata
    (a === 172 && c >= 16 && c <= 31) ||
    (a === 192 && c === 168) ||
    (a === 192 && c === 0 && b[2] === 0) || // IETF protocol assignments
    (a === 198 && (c === 18 || c === 19)) || // benchmarking
    a >= 224 // multicast, reserved, broadcast
  )
    return 'private';
  return 'public';
}

/** Expands an IPv6 address to its 8 groups; undefined when it is not one. */
export function ipv6Groups(ip: string): number[] | undefined {
  let s = ip.toLowerCase().replace(/^\[|\]$/g, '');
  const zone = s.indexOf('%');
  if (zone >= 0) s = s.slice(0, zone);
  const lastColon = s.lastIndexOf(':');
  const dotted = s.slice(lastColon + 1);
  if (dotted.includes('.')) {
    // ::ffff:127.0.0.1 -> ::ffff:7f00:1
    const v4 = ipv4Bytes(dotted);
    if (!v4) return undefined;
    s = `${s.slice(0, lastColon + 1)}${((v4[0]! << 8) | v4[1]!).toString(16)}:${((v4[2]! << 8) | v4[3]!).toString(16)}`;
  }
  const halves = s.split('::');
  if (halves.length > 2) return undefined;
  const parse = (part: string) => (part === '' ? [] : part.split(':').map((g) => (/^[0-9a-f]{1,4}$/.test(g) ? parseInt(g, 16) : NaN)));
  const head = parse(halves[0] ?? '');
  const rest = halves.length === 2 ? parse(halves[1] ?? '') : [];
  const known = head.length + rest.length;
  if (halves.length === 1 ? known !== 8 : known > 7) return undefined;
  const groups = [...head, ...Array<number>(8 - known).fill(0), ...rest];
  return groups.some((g) => Number.isNaN(g)) ? undefined : groups;
}

/** What kind of address an IP literal is: loopback, private (any non-public range) or public. */
export function addressKind(ip: string): 'loopback' | 'private' | 'public' {
  const v4 = ipv4Bytes(ip);
  if (v4) return ipv4Kind(v4);
  const g = ipv6Groups(ip);
  if (!g) return 'private'; // not an address we understand: refuse
  const [a = 0, b = 0, c = 0, d = 0, e = 0, f = 0, x = 0, y = 0] = g;
  const zeros6 = a === 0 && b === 0 && c === 0 && d === 0 && e === 0;
  if (zeros6 && f === 0 && x === 0 && y === 1) return 'loopback';
  if (zeros6 && f === 0 && x === 0 && y === 0) return 'private'; // ::
  // IPv4-mapped (::ffff:a.b.c.d), IPv4-compatible and NAT64 (64:ff9b::/96) carry an IPv4 address.
  const embedded = [x >> 8, x & 255, y >> 8, y & 255];
  if (zeros6 && (f === 0xffff || f === 0)) return ipv4Kind(embedded);
  if (a === 0x64 && b === 0xff9b && c === 0 && d === 0 && e === 0 && f === 0) return ipv4Kind(embedded);
  if ((a & 0xfe00) === 0xfc00) return 'private'; // unique local
  if ((a & 0xffc0) === 0xfe80) return 'private'; // link-local
  if ((a & 0xff00) === 0xff00) return 'private'; // multicast
  if (a === 0x2001 && b === 0xdb8) return 'private'; // documentation
  return 'public';
}

/** Whether the functions may connect to this address under the policy. */
export function addressAllowed(ip: string, policy: OutboundPolicy): boolean {
  const kind = addressKind(ip);
  return kind === 'public' || (kind === 'loopback' && policy.allowLoopback);
}

/** Why a URL may not be used at all (scheme, credentials, an IP literal that is not allowed); undefined when it may. */
export function outboundUrlProblem(raw: string, policy: OutboundPolicy): string | undefined {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return 'not an absolute URL';
  }
  if (url.username || url.password) return 'credentials in the URL are not allowed';
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (url.protocol === 'http:') {
    const loopbackName = host === 'localhost' || (isIP(host) !== 0 && addressKind(host) === 'loopback');
    if (!(policy.allowLoopback && loopbackName)) return 'only https:// addresses are allowed';
  } else if (url.protocol !== 'https:') return 'only https:// addresses are allowed';
  if (isIP(host) !== 0 && !addressAllowed(host, policy)) return `${host} is a private, loopback or link-local address`;
  return undefined;
}

export class OutboundRefused extends Error {}

/** A dns.lookup that refuses names resolving to an address the policy does not allow. */
function guardedLookup(policy: OutboundPolicy): NonNullable<RequestOptions['lookup']> {
  return ((hostname: string, options: object, callback: (err: Error | null, address: string | LookupAddress[], family?: number) => void) => {
    dnsLookup(hostname, { ...options, all: true }, (err, addresses) => {
      if (err) return callback(err, []);
      const list = addresses;
      const bad = list.find((a) => !addressAllowed(a.address, policy));
      if (bad || list.length === 0)
        return callback(new OutboundRefused(`${hostname} resolves to ${bad?.address ?? 'no address'}, a private, loopback or link-local address`), []);
      if ((options as { all?: boolean }).all) return callback(null, list);
      const first = list[0]!;
      return callback(null, first.address, first.family);
    });
  }) as NonNullable<RequestOptions['lookup']>;
}

export interface OutboundResponse {
  status: number;
  text: string;
}

/**
 * POSTs a body to a URL allowed by the policy, connecting only to allowed addresses. Redirects are
 * not followed (a 3xx is a failure). Reads at most 64 KB of the answer.
 */
export function guardedPost(raw: string, body: string, headers: Record<string, string>, policy: OutboundPolicy, timeoutMs: number): Promise<OutboundResponse> {
  const problem = outboundUrlProblem(raw, policy);
  if (problem) return Promise.reject(new OutboundRefused(`refused ${safeHost(raw)}: ${problem}`));
  const url = new URL(raw);
  const send = url.protocol === 'https:' ? httpsRequest : httpRequest;
  return new Promise((resolvePost, reject) => {
    const req = send(
      url,
      {
        method: 'POST',
        headers: { ...headers, 'content-length': String(Buffer.byteLength(body)) },
        lookup: guardedLookup(policy),
        timeout: timeoutMs,
        signal: AbortSignal.timeout(timeoutMs),
      },
      (res) => {
        const chunks: Buffer[] = [];
        let size = 0;
        res.on('data', (chunk: Buffer) => {
          size += chunk.byteLength;
          if (size <= 65_536) chunks.push(chunk);
        });
        res.on('end', () => resolvePost({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8') }));
        res.on('error', reject);
      },
    );
    req.on('timeout', () => req.destroy(new Error(`no answer from ${url.host} within ${timeoutMs} ms`)));
    req.on('error', reject);
    req.end(body);
  });
}

/**
 * GETs a URL allowed by the policy, connecting only to allowed addresses (the check is on the address
 * the name resolves to when connecting). Redirects are not followed; an answer other than 200, or over
 * `maxBytes`, is a failure. The car PDF's photo on a host without the site's files (issue 27: that fetch
 * went around the guard).
 */
export function guardedGet(raw: string, policy: OutboundPolicy, timeoutMs: number, maxBytes: number): Promise<Uint8Array> {
  const problem = outboundUrlProblem(raw, policy);
  if (problem) return Promise.reject(new OutboundRefused(`refused ${safeHost(raw)}: ${problem}`));
  const url = new URL(raw);
  const send = url.protocol === 'https:' ? httpsRequest : httpRequest;
  return new Promise((resolveGet, reject) => {
    const req = send(url, { method: 'GET', lookup: guardedLookup(policy), timeout: timeoutMs, signal: AbortSignal.timeout(timeoutMs) }, (res) => {
      if (res.statusCode !== 200) {
        res.resume();
        return reject(new Error(`HTTP ${res.statusCode ?? 0} from ${url.host}`));
      }
      const chunks: Buffer[] = [];
      let size = 0;
      res.on('data', (chunk: Buffer) => {
        size += chunk.byteLength;
        if (size > maxBytes) req.destroy(new Error(`more than ${maxBytes} bytes from ${url.host}`));
        else chunks.push(chunk);
      });
      res.on('end', () => resolveGet(new Uint8Array(Buffer.concat(chunks))));
      res.on('error', reject);
    });
    req.on('timeout', () => req.destroy(new Error(`no answer from ${url.host} within ${timeoutMs} ms`)));
    req.on('error', reject);
    req.end();
  });
}

function safeHost(raw: string): string {
  try {
    return new URL(raw).host;
  } catch {
    return 'an invalid URL';
  }
}

/** DEV_ALLOW_LOOPBACK=1 (development and tests only). */
export function outboundPolicyFromEnv(env: Readonly<Record<string, string | undefined>>): OutboundPolicy {
  return { allowLoopback: env['DEV_ALLOW_LOOPBACK'] === '1' };
}
