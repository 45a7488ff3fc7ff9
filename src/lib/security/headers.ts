/**
 * The security headers of a built site, and of the functions: one Content-Security-Policy built from
 * what the pages really contain (the hashes of our own inline scripts and handlers, the tag manager
 * and pixel hosts only when the tenant configures them), plus framing, sniffing, referrer,
 * permissions and HSTS. The build writes them as a `_headers` file (Netlify and Cloudflare Pages);
 * `npm run serve` reads that file, so what a developer sees is what the host sends.
 */
import { createHash } from 'node:crypto';

export interface CspInput {
  /** sha256 hashes (base64) of the inline <script> bodies the pages contain. */
  scriptHashes: readonly string[];
  /** sha256 hashes (base64) of inline event-handler attributes (onclick="..."), allowed with 'unsafe-hashes'. */
  handlerHashes?: readonly string[] | undefined;
  /** The tenant's Google Tag Manager (analytics.gtm_id). */
  gtm?: boolean | undefined;
  /** The tenant's Meta pixel (analytics.pixel_id). */
  pixel?: boolean | undefined;
  /** Origins the browser talks to besides the site itself (a Meilisearch host, the functions' origin). */
  connect?: readonly string[] | undefined;
  /** Origins pages embed in frames (maps, videos). */
  frames?: readonly string[] | undefined;
  /** Origins of video and audio the pages play (a tenant's walkaround videos). */
  media?: readonly string[] | undefined;
  /** Origins of images the pages show that are not published with the site. */
  images?: readonly string[] | undefined;
}

const GTM_SCRIPT = ['https://www.googletagmanager.com'];
const GTM_CONNECT = [
  'https://www.googletagmanager.com',
  'https://www.google-analytics.com',
  'https://*.google-analytics.com',
  'https://*.analytics.google.com',
];
const GTM_IMG = ['https://www.googletagmanager.com', 'https://www.google-analytics.com', 'https://*.google-analytics.com'];
const PIXEL_SCRIPT = ['https://connect.facebook.net'];
const PIXEL_CONNECT = ['https://www.facebook.com', 'https://connect.facebook.net'];
const PIXEL_IMG = ['https://www.facebook.com'];

const uniq = (xs: readonly string[]) => [...new Set(xs)];

/** The Content-Security-Policy of a tenant's pages. */
export function contentSecurityPolicy(input: CspInput): string {
  const hashes = uniq(input.scriptHashes)
    .sort()
    .map((h) => `'sha256-${h}'`);
  const handlers = uniq(input.handlerHashes ?? [])
    .sort()
    .map((h) => `'sha256-${h}'`);
  const script = [
    "'self'",
    ...hashes,
    ...(handlers.length ? ["'unsafe-hashes'", ...handlers] : []),
    ...(input.gtm ? GTM_SCRIPT : []),
    ...(input.pixel ? PIXEL_SCRIPT : []),
  ];
  const connect = ["'self'", ...(input.connect ?? []), ...(input.gtm ? GTM_CONNECT : []), ...(input.pixel ? PIXEL_CONNECT : [])];
  const img = ["'self'", 'data:', 'blob:', ...(input.images ?? []), ...(input.gtm ? GTM_IMG : []), ...(input.pixel ? PIXEL_IMG : [])];
  const frames = input.frames ?? [];
  return [
    "default-src 'self'",
    `script-src ${uniq(script).join(' ')}`,
    // Components set style attributes (positions, progress widths): inline styles stay allowed; theme
    // values are held to their CSS grammar (src/lib/schemas/theme.ts).
    "style-src 'self' 'unsafe-inline'",
    `img-src ${uniq(img).join(' ')}`,
    "font-src 'self' data:",
    `connect-src ${uniq(connect).join(' ')}`,
    `frame-src ${frames.length ? uniq(frames).join(' ') : "'none'"}`,
    `media-src ${uniq(["'self'", ...(input.media ?? [])]).join(' ')}`,
    "worker-src 'self' blob:",
    "manifest-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

/** The headers every response carries besides its CSP. */
export const COMMON_SECURITY_HEADERS: Readonly<Record<string, string>> = {
  'X-Content-Type-Options': 'nosniff',
  'X-Frame-Options': 'DENY',
  'Referrer-Policy': 'strict-origin-when-cross-origin',
  // Geolocation stays allowed for this site: "use my location" on the location finder.
  'Permissions-Policy':
    'camera=(), microphone=(), payment=(), usb=(), serial=(), bluetooth=(), magnetometer=(), gyroscope=(), accelerometer=(), browsing-topics=(), geolocation=(self)',
  'Strict-Transport-Security': 'max-age=31536000; includeSubDomains',
  'Cross-Origin-Opener-Policy': 'same-origin',
};

/** What the functions' JSON answers carry: nothing on them may run or be framed. */
export const API_SECURITY_HEADERS: Readonly<Record<string, string>> = {
  ...COMMON_SECURITY_HEADERS,
  'Content-Security-Policy': "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'",
};

export function sha256Base64(text: string): string {
  return createHash('sha256').update(text, 'utf8').digest('base64');
}

const EXECUTABLE_TYPES = new Set(['', 'module', 'text/javascript', 'application/javascript', 'importmap', 'speculationrules']);

/** Decodes the character references an attribute value may hold. */
function decodeAttribute(s: string): string {
  return s.replace(
    /&(?:#x([0-9a-f]+)|#(\d+)|(amp|lt|gt|quot|apos|#39));/gi,
    (_m, hex: string | undefined, dec: string | undefined, name: string | undefined) => {
      if (hex) return String.fromCodePoint(parseInt(hex, 16));
      if (dec) return String.fromCodePoint(parseInt(dec, 10));
      return { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", '#39': "'" }[(name ?? '').toLowerCase()] ?? '';
    },
  );
}

export interface InlineCode {
  /** Bodies of inline scripts the browser runs (JSON data blocks excluded). */
  scripts: string[];
  /** Inline event-handler attribute values (onclick="..."), decoded. */
  handlers: string[];
  /** src of external scripts. */
  externalScripts: string[];
}

/** The inline code of one HTML page, exactly as the browser hashes it. */
export function inlineCode(html: string): InlineCode {
  const out: InlineCode = { scripts: [], handlers: [], externalScripts: [] };
  const script = /<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi;
  for (const m of html.matchAll(script)) {
    const attrs = m[1] ?? '';
    const src = /\ssrc\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+))/i.exec(attrs);
    if (src) {
      out.externalScripts.push(decodeAttribute(src[1] ?? src[2] ?? src[3] ?? ''));
      continue;
    }
    const type = /\stype\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+))/i.exec(attrs);
    const t = (type?.[1] ?? type?.[2] ?? type?.[3] ?? '').trim().toLowerCase();
    if (!EXECUTABLE_TYPES.has(t)) continue;
    out.scripts.push(m[2] ?? '');
  }
  // Event handlers, outside scripts and styles: tags holding " on…=" only (cheap on big pages).
  if (!/<[a-z][^>]*\son[a-z]+\s*=/i.test(html)) return out;
  const markup = html.replace(script, '').replace(/<style\b[^>]*>[\s\S]*?<\/style\s*>/gi, '');
  for (const tag of markup.matchAll(/<[a-z][^>]*\son[a-z]+\s*=[^>]*>/gi)) {
    for (const a of tag[0].matchAll(/\s(on[a-z]+)\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+))/gi)) {
      out.handlers.push(decodeAttribute(a[2] ?? a[3] ?? a[4] ?? ''));
    }
  }
  return out;
}

export interface HeaderRule {
  /** A path pattern: exact, or ending in `*` (Netlify/Cloudflare `_headers` splat). */
  path: string;
  headers: Record<string, string>;
}

/** The `_headers` file (Netlify and Cloudflare Pages format). */
export function formatHeadersFile(rules: readonly HeaderRule[]): string {
  return `${rules.map((r) => [r.path, ...Object.entries(r.headers).map(([k, v]) => `  ${k}: ${v}`)].join('\n')).join('\n\n')}\n`;
}

/** Parses a `_headers` file; comments (#) and blank lines are skipped. */
export function parseHeadersFile(text: string): HeaderRule[] {
  const rules: HeaderRule[] = [];
  let current: HeaderRule | undefined;
  for (const line of text.split(/\r?\n/)) {
    if (line.trim() === '' || line.trim().startsWith('#')) continue;
    if (!/^\s/.test(line)) {
      current = { path: line.trim(), headers: {} };
      rules.push(current);
      continue;
    }
    const colon = line.indexOf(':');
    if (current && colon > 0) current.headers[line.slice(0, colon).trim()] = line.slice(colon + 1).trim();
  }
  return rules;
}

/** The headers for a path: every matching rule, later rules overriding earlier ones. */
export function headersFor(rules: readonly HeaderRule[], pathname: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const r of rules) {
    const match = r.path.endsWith('*') ? pathname.startsWith(r.path.slice(0, -1)) : pathname === r.path;
    if (match) Object.assign(out, r.headers);
  }
  return out;
}
