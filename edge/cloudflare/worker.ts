/**
 * The Cloudflare Worker in front of a tenant's published site in R2 (issue 29): serves the built site
 * (dist/<slug>/ as published: `index.html`, `cars/x/index.html`, `cars/x/index.html.dcz`,
 * `_dict/cars.dict`...) and answers a car page as its dictionary-compressed `.dcz` sibling (RFC 9842)
 * to a browser that holds the site's dictionary, which a bucket alone cannot do.
 *
 * Why a folder of its own: this file runs in Cloudflare's runtime (workerd), not in Node. It imports
 * only pure modules (no node:*), and wrangler or esbuild bundles it into one ES module script.
 *
 * - Where the site is in the bucket (binding SITES): with no TENANT_BASE, at the bucket's root (a
 *   bucket or a copy holding dist/<slug>/ as it is). With TENANT_BASE (`<prefix><slug>/`), the release
 *   layout the publish writes (scripts/lib/publish/layout.ts): the slot its `_meta/current.json`
 *   pointer names, the pointer read again after POINTER_TTL_SECONDS.
 * - Which URL is which file: siteKeys, as the reference bucket host (bucket-host.ts); the site's
 *   404.html with status 404 when none is.
 * - A car page (under /cars/, an .html with a `.dcz` sibling): the rule is dczAnswer
 *   (src/lib/site/dictionary.ts), the one functions/static.ts follows too. dcz only to a browser whose
 *   Accept-Encoding (request.cf.clientAcceptEncoding: Cloudflare rewrites the header itself) accepts it and names in Available-Dictionary the hash in the sibling's 40-byte header; Vary:
 *   Accept-Encoding, Available-Dictionary whenever there is a sibling. The dcz body is sent with
 *   `encodeBody: 'manual'`: these bytes as they are, with our Content-Encoding, never compressed again.
 *   Every other answer is left to Cloudflare's own compression (br/gzip for the browser).
 * - The dictionary: Use-As-Dictionary and its freshness, as the site's `_headers` rule says (DICTIONARY_HEADERS).
 * - Content-Type and Cache-Control by path, as the publish stores them (scripts/lib/publish/content.ts).
 * - GET and HEAD only; ETag and If-None-Match (304).
 * - The functions' paths (/api/*, /cars/<slug>/autogauge) go to FUNCTIONS_ORIGIN (toFunctions).
 *
 * Not here: the site's security headers (CSP and the rest, the build's `_headers` file, which the
 * publish does not upload); docs/performance.md says where they come from.
 * Tested in workerd by tests/build/edge-worker.test.ts and in Chromium by tests/e2e/edge-dictionary.spec.ts.
 */
import { isFunctionPath } from '../../functions/paths.ts';
import { cacheControlFor, contentTypeFor } from '../../scripts/lib/publish/content.ts';
import { parsePointer, pointerKey, POINTER_TTL_SECONDS, siteKeys, slotBase } from '../../scripts/lib/publish/layout.ts';
import { DCZ_HEADER_LENGTH, DCZ_SUFFIX, DCZ_VARY, dczAnswer, DICTIONARY_HEADERS, DICTIONARY_PATH } from '../../src/lib/site/dictionary.ts';

/** The parts of Workers' R2 binding this Worker uses (@cloudflare/workers-types has the whole of it). */
export interface R2ObjectBody {
  readonly body: ReadableStream<Uint8Array>;
  readonly size: number;
  readonly httpEtag: string;
  readonly uploaded: Date;
  arrayBuffer(): Promise<ArrayBuffer>;
}
export interface R2Bucket {
  get(key: string): Promise<R2ObjectBody | null>;
}

export interface Env {
  SITES: R2Bucket;
  /**
   * Where the functions run (`https://functions.example.com`, a Node host: npm run functions:start
   * with TRUST_PROXY=1): /api/* and /cars/<slug>/autogauge are passed there with the site's host in
   * X-Forwarded-Host. Unset: those paths answer 503.
   */
  FUNCTIONS_ORIGIN?: string;
  /** `<prefix><slug>/` of the publish's release layout; unset: the site's files are at the bucket's root. */
  TENANT_BASE?: string;
}

/** The car pages: the only pages with .dcz siblings, and the only ones the dictionary is for (DICTIONARY_MATCH). */
const CAR_PAGE = /^cars\/.+\.html$/;

let pointerCache: { base: string; slotPrefix: string | undefined; until: number } | undefined;

/** Where the live site's files are: the bucket's root, or the slot the tenant's pointer names (undefined: not published). */
async function sitePrefix(env: Env): Promise<string | undefined> {
  const base = env.TENANT_BASE;
  if (!base) return '';
  if (pointerCache?.base === base && pointerCache.until > Date.now()) return pointerCache.slotPrefix;
  const object = await env.SITES.get(pointerKey(base));
  let slotPrefix: string | undefined;
  try {
    slotPrefix = object ? slotBase(base, parsePointer(await new Response(await object.arrayBuffer()).text()).slot) : undefined;
  } catch {
    slotPrefix = undefined;
  }
  pointerCache = { base, slotPrefix, until: Date.now() + POINTER_TTL_SECONDS * 1000 };
  return slotPrefix;
}

/**
 * The site paths (no leading slash) a URL path may name: siteKeys' rule without a slot, the folder's
 * index.html first. A path is a file or a folder, never both, so the order changes no answer; it
 * saves a bucket read on every page (`/cars/x` is `cars/x/index.html`; only `.../autogauge` is a file).
 */
function sitePaths(pathname: string): string[] {
  const slot = slotBase('', 'a');
  return siteKeys('', { slot: 'a' }, pathname)
    .map((key) => key.slice(slot.length))
    .reverse();
}

/**
 * The browser's own Accept-Encoding. Cloudflare hands a Worker `Accept-Encoding: br, gzip` (what its
 * edge compresses with) and keeps the browser's header, `dcz` and all, in `request.cf.clientAcceptEncoding`;
 * Miniflare's front does the same, which is how the test caught it.
 */
function clientAcceptEncoding(request: Request): string | null {
  const cf = (request as Request & { cf?: { clientAcceptEncoding?: unknown } }).cf;
  return typeof cf?.clientAcceptEncoding === 'string' ? cf.clientAcceptEncoding : request.headers.get('accept-encoding');
}

function plain(status: number, text: string, extra: Record<string, string> = {}): Response {
  return new Response(text, { status, headers: { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store', ...extra } });
}

async function serve(request: Request, env: Env): Promise<Response> {
  if (request.method !== 'GET' && request.method !== 'HEAD') return plain(405, 'Method not allowed', { allow: 'GET, HEAD' });
  const prefix = await sitePrefix(env);
  if (prefix === undefined) return plain(404, 'This site has not been published yet');
  const url = new URL(request.url);
  let rel: string | undefined;
  let object: R2ObjectBody | null = null;
  for (const candidate of sitePaths(url.pathname)) {
    object = await env.SITES.get(prefix + candidate);
    if (object) {
      rel = candidate;
      break;
    }
  }
  let status = 200;
  if (!object || rel === undefined) {
    status = 404;
    rel = '404.html';
    object = await env.SITES.get(prefix + rel);
    if (!object) return plain(404, 'Not found');
  }

  const headers = new Headers({
    'content-type': contentTypeFor(rel),
    'cache-control': status === 200 ? cacheControlFor(rel) : 'no-store',
    vary: 'Accept-Encoding',
  });
  if (`/${rel}` === DICTIONARY_PATH) for (const [name, value] of Object.entries(DICTIONARY_HEADERS)) headers.set(name, value);

  if (status === 200 && CAR_PAGE.test(rel)) {
    // The sibling is small (about 1.3 KB): read whole, its first 40 bytes decide, and it is sent as read.
    const sibling = await env.SITES.get(prefix + rel + DCZ_SUFFIX);
    const bytes = sibling ? new Uint8Array(await sibling.arrayBuffer()) : undefined;
    const answer = dczAnswer(clientAcceptEncoding(request), request.headers.get('available-dictionary'), bytes?.subarray(0, DCZ_HEADER_LENGTH));
    if (answer.vary) headers.set('vary', DCZ_VARY);
    if (answer.dcz && sibling && bytes) {
      await object.body.cancel();
      headers.set('content-encoding', 'dcz');
      return answerWith(request, status, headers, sibling, bytes);
    }
  }
  return answerWith(request, status, headers, object, object.body);
}

function answerWith(
  request: Request,
  status: number,
  headers: Headers,
  object: R2ObjectBody,
  body: Uint8Array<ArrayBuffer> | ReadableStream<Uint8Array>,
): Response {
  headers.set('etag', object.httpEtag);
  headers.set('last-modified', object.uploaded.toUTCString());
  const notModified = status === 200 && request.headers.get('if-none-match') === object.httpEtag;
  if (notModified || request.method === 'HEAD') {
    if (body instanceof ReadableStream) void body.cancel();
    if (notModified) return new Response(null, { status: 304, headers });
  }
  headers.set('content-length', String(object.size));
  // Workers' `encodeBody: 'manual'` (not in the DOM's ResponseInit): the body is already encoded as
  // its Content-Encoding says, so the runtime sends these bytes and does not compress them again.
  const manual = headers.get('content-encoding') === 'dcz';
  const init = { status, headers, ...(manual ? { encodeBody: 'manual' } : {}) } as ResponseInit;
  return new Response(request.method === 'HEAD' ? null : body, init);
}

/**
 * A function path, passed to the functions' host as it came (method, headers, body), with the site's
 * host in X-Forwarded-Host (set, never appended: a client's own value is dropped) and the shopper's
 * address in X-Forwarded-For (CF-Connecting-IP), so the functions pick the tenant and rate-limit the
 * shopper, not the Worker. Redirects are passed back, not followed.
 */
async function toFunctions(request: Request, env: Env): Promise<Response> {
  const origin = env.FUNCTIONS_ORIGIN;
  if (!origin)
    return new Response(JSON.stringify({ error: 'The service is not configured.' }), { status: 503, headers: { 'content-type': 'application/json' } });
  const url = new URL(request.url);
  const headers = new Headers(request.headers);
  headers.set('x-forwarded-host', url.host);
  headers.set('x-forwarded-proto', url.protocol.replace(':', ''));
  const client = request.headers.get('cf-connecting-ip');
  if (client) headers.set('x-forwarded-for', client);
  else headers.delete('x-forwarded-for');
  const body = request.method === 'GET' || request.method === 'HEAD' ? null : request.body;
  return fetch(new URL(url.pathname + url.search, origin).toString(), { method: request.method, headers, body, redirect: 'manual' });
}

export default {
  async fetch(request: Request, env: Env): Promise<Response> {
    if (isFunctionPath(new URL(request.url).pathname)) return toFunctions(request, env);
    return serve(request, env);
  },
};
