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
  // Most values hold no reference: left as they are without running the pattern (13,000 pages a build).
  if (!s.includes('&')) return s;
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

/** Elements whose content is text up to their end tag (the HTML tokenizer's raw text and RCDATA states). */
const RAW_TEXT = new Set(['script', 'style', 'textarea', 'title', 'xmp', 'iframe', 'noembed', 'noframes', 'noscript']);

/** The HTML tokenizer's whitespace. */
const space = (c: string | undefined) => c === ' ' || c === '\n' || c === '\t' || c === '\f' || c === '\r';

const isAsciiLetter = (c: string) => (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');

/** Each raw-text element's end tag pattern, made once (global: its lastIndex is set before each use, and a scan runs to its end). */
const CLOSING = new Map<string, RegExp>();

interface Tag {
  name: string;
  attrs: [string, string][];
}

/**
 * The start tags of one HTML page, as the HTML tokenizer finds them, each with the text it holds
 * when it is a raw-text element (a script's body). Text in attribute values, comments and other
 * elements' content is never a tag: a dealer name carrying `<script>` inside an alt="" or a data-
 * attribute is an attribute value, not a script (issue 27).
 */
function* startTags(html: string): Generator<Tag & { body?: string }> {
  const n = html.length;
  let i = 0;
  while (i < n) {
    const lt = html.indexOf('<', i);
    if (lt < 0) return;
    i = lt + 1;
    if (html.startsWith('!--', i)) {
      const end = html.indexOf('-->', i + 3);
      i = end < 0 ? n : end + 3;
      continue;
    }
    const c = html[i] ?? '';
    if (c === '!' || c === '?' || c === '/') {
      // Doctype, processing instruction (a bogus comment) or an end tag: skipped to its '>'.
      const end = html.indexOf('>', i);
      i = end < 0 ? n : end + 1;
      continue;
    }
    if (!isAsciiLetter(c)) continue; // a '<' that opens nothing is text
    let j = i;
    while (j < n && !space(html[j]) && html[j] !== '/' && html[j] !== '>') j++;
    const name = html.slice(i, j).toLowerCase();
    const attrs: [string, string][] = [];
    i = j;
    for (;;) {
      while (i < n && (space(html[i]) || html[i] === '/')) i++;
      if (i >= n) return;
      if (html[i] === '>') {
        i++;
        break;
      }
      let k = i + 1; // an attribute name may start with '=' (a parse error, but a name)
      while (k < n && !space(html[k]) && html[k] !== '/' && html[k] !== '>' && html[k] !== '=') k++;
      const attr = html.slice(i, k).toLowerCase();
      i = k;
      while (i < n && space(html[i])) i++;
      let value = '';
      if (html[i] === '=') {
        i++;
        while (i < n && space(html[i])) i++;
        const q = html[i];
        if (q === '"' || q === "'") {
          const end = html.indexOf(q, i + 1);
          value = html.slice(i + 1, end < 0 ? n : end);
          i = end < 0 ? n : end + 1;
        } else {
          let e = i;
          while (e < n && !space(html[e]) && html[e] !== '>') e++;
          value = html.slice(i, e);
          i = e;
        }
      }
      // As written: inlineCode decodes the few values it reads (most values are never read, and the
      // islands' props are long and full of references).
      attrs.push([attr, value]);
    }
    if (RAW_TEXT.has(name)) {
      let close = CLOSING.get(name);
      if (!close) CLOSING.set(name, (close = new RegExp(`</${name}[\\s/>]`, 'ig')));
      close.lastIndex = i;
      const m = close.exec(html);
      const end = m ? m.index : n;
      yield { name, attrs, body: html.slice(i, end) };
      i = end;
    } else yield { name, attrs };
  }
}

/**
 * The inline code of one HTML page, exactly as the browser hashes it: the bodies of the real
 * <script> elements (found by the HTML tokenizer, never script-looking text in attribute values or
 * text) and the event-handler attributes of real tags.
 */
export function inlineCode(html: string): InlineCode {
  const out: InlineCode = { scripts: [], handlers: [], externalScripts: [] };
  for (const tag of startTags(html)) {
    if (tag.name === 'script') {
      const attr = (a: string) => {
        const v = tag.attrs.find(([k]) => k === a)?.[1];
        return v === undefined ? undefined : decodeAttribute(v);
      };
      const src = attr('src');
      if (src !== undefined) {
        out.externalScripts.push(src);
        continue;
      }
      const t = (attr('type') ?? '').trim().toLowerCase();
      if (EXECUTABLE_TYPES.has(t)) out.scripts.push(tag.body ?? '');
    }
    for (const [k, v] of tag.attrs) if (k.startsWith('on') && /^on[a-z]+$/.test(k)) out.handlers.push(decodeAttribute(v));
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
