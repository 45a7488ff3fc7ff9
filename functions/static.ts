/**
 * The local server's static file handler for a built site (<dist>/<slug>/): directory-style URLs
 * (/cars/x -> /cars/x/index.html), the site's 404.html with status 404, content types, cache
 * headers (hashed /_astro/ assets immutable, HTML revalidated), ETag/304, precompressed .br/.gz
 * siblings when the client accepts them, a car page's .dcz sibling when the browser holds the site's
 * compression dictionary (src/lib/site/dictionary.ts), HEAD. Paths never escape the root, neither by
 * their spelling nor through a symlink (a file is served only when its real path is inside the
 * site's real folder), and the `_headers` file is never served, under any spelling. The security headers are
 * the ones the build wrote to the site's `_headers` file (what Netlify and Cloudflare Pages send), so
 * the CSP a developer sees locally is the one production sends.
 */
import { existsSync, readFileSync, realpathSync, statSync, type Stats } from 'node:fs';
import { open, readFile } from 'node:fs/promises';
import { DCZ_HEADER_LENGTH, DCZ_SUFFIX, DCZ_VARY, dczAnswer, dczDictionaryHash } from '../src/lib/site/dictionary.ts';
import { join, resolve, sep } from 'node:path';
import { COMMON_SECURITY_HEADERS, headersFor, parseHeadersFile, type HeaderRule } from '../src/lib/security/headers.ts';
import { INDEX_POINTER_PATH } from '../src/lib/search/index-pointer.ts';
import { contentType } from '../src/lib/site/content-types.ts';

/** The type table lives in src/lib/site/content-types.ts (pure, so the edge Worker bundles it too). */
export { contentType };

function cacheControl(urlPath: string, file: string): string {
  if (urlPath.startsWith('/_astro/')) return 'public, max-age=31536000, immutable';
  // The pointer naming the current search index: asked again on every use, as the publish sends it.
  if (file.endsWith('.html') || urlPath === INDEX_POINTER_PATH) return 'public, max-age=0, must-revalidate';
  return 'public, max-age=3600';
}

function fileStat(path: string): Stats | undefined {
  try {
    const s = statSync(path);
    return s.isFile() ? s : undefined;
  } catch {
    return undefined;
  }
}

const dczHeads = new Map<string, { mtimeMs: number; head: Uint8Array | undefined }>();

/**
 * A page's dictionary-compressed sibling and its first 40 bytes (RFC 9842's header, naming the
 * dictionary it was made with), read once per file version rather than on every request; undefined
 * when there is no sibling or it does not start with a dcz header.
 */
async function dczSibling(file: string): Promise<{ file: string; head: Uint8Array } | undefined> {
  const sibling = file + DCZ_SUFFIX;
  const stat = fileStat(sibling);
  if (!stat) return undefined;
  const known = dczHeads.get(sibling);
  if (known?.mtimeMs === stat.mtimeMs) return known.head ? { file: sibling, head: known.head } : undefined;
  const head = await dczHead(sibling);
  dczHeads.set(sibling, { mtimeMs: stat.mtimeMs, head });
  return head ? { file: sibling, head } : undefined;
}

async function dczHead(sibling: string): Promise<Uint8Array | undefined> {
  const handle = await open(sibling, 'r');
  try {
    const head = new Uint8Array(DCZ_HEADER_LENGTH);
    await handle.read(head, 0, head.length, 0);
    return dczDictionaryHash(head) ? head : undefined;
  } finally {
    await handle.close();
  }
}

export interface StaticSite {
  root: string;
  handle(request: Request): Promise<Response>;
}

/** A file is served only when its real path (symlinks resolved) is inside the site's real folder and is not `_headers`. */
function servable(root: string, p: string): boolean {
  let real: string;
  let realRoot: string;
  try {
    real = realpathSync(p);
    realRoot = realpathSync(root);
  } catch {
    return false;
  }
  return real.startsWith(realRoot + sep) && real !== join(realRoot, '_headers') && fileStat(real) !== undefined;
}

/**
 * The file a URL path names in a built site, trying the directory-style forms Astro writes
 * (/cars/x -> /cars/x, /cars/x/index.html, /cars/x.html); undefined when there is none, when the path
 * leaves the site by its spelling or through a symlink, or names `_headers`. The one rule for every
 * local server of a built site: this handler, and Lighthouse's and the route tests' server
 * (scripts/lighthouse.ts), so a page the tests find is a page `npm run serve` serves.
 */
export function locateStatic(rootDir: string, urlPath: string): string | undefined {
  const root = resolve(rootDir);
  const inside = (p: string) => p === root || p.startsWith(root + sep);
  let decoded: string;
  try {
    decoded = decodeURIComponent(urlPath);
  } catch {
    return undefined;
  }
  if (decoded.includes('\0')) return undefined;
  const base = resolve(root, `.${decoded}`);
  if (!inside(base)) return undefined;
  const candidates = decoded.endsWith('/') ? [join(base, 'index.html')] : [base, join(base, 'index.html'), `${base}.html`];
  return candidates.find((c) => inside(c) && servable(root, c));
}

export function staticSite(rootDir: string): StaticSite {
  const root = resolve(rootDir);
  const headersFile = join(root, '_headers');
  let rules: { mtimeMs: number; rules: HeaderRule[] } | undefined;
  /** The site's _headers rules, re-read when a rebuild replaces the file. */
  function headerRules(): HeaderRule[] {
    const stat = fileStat(headersFile);
    if (!stat) return [];
    if (rules?.mtimeMs !== stat.mtimeMs) rules = { mtimeMs: stat.mtimeMs, rules: parseHeadersFile(readFileSync(headersFile, 'utf8')) };
    return rules.rules;
  }

  async function send(request: Request, file: string, status: number, urlPath: string): Promise<Response> {
    const stat = servable(root, file) ? fileStat(file) : undefined;
    if (!stat) return new Response('Not found', { status: 404, headers: { 'content-type': 'text/plain; charset=utf-8' } });
    const headers = new Headers({ ...COMMON_SECURITY_HEADERS });
    for (const [name, value] of Object.entries(headersFor(headerRules(), urlPath))) if (name.toLowerCase() !== 'cache-control') headers.set(name, value);
    headers.set('content-type', contentType(file));
    headers.set('cache-control', status === 200 ? cacheControl(urlPath, file) : 'no-store');
    headers.set('vary', 'Accept-Encoding');
    let body = file;
    const accept = request.headers.get('accept-encoding') ?? '';
    // A car page compressed with the site's dictionary, when the browser holds that dictionary
    // (the hash in the .dcz file's header is the one it names in Available-Dictionary).
    // The rule is dczAnswer's, the same the edge Worker follows (edge/cloudflare/worker.ts).
    const sibling = status === 200 ? await dczSibling(file) : undefined;
    const dcz = sibling && servable(root, sibling.file) ? sibling : undefined;
    const answer = dczAnswer(accept, request.headers.get('available-dictionary'), dcz?.head);
    if (answer.vary) headers.set('vary', DCZ_VARY);
    if (dcz && answer.dcz) {
      body = dcz.file;
      headers.set('content-encoding', 'dcz');
    }
    for (const [enc, ext] of [
      ['br', '.br'],
      ['gzip', '.gz'],
    ] as const) {
      if (body === file && new RegExp(`\\b${enc}\\b`).test(accept) && servable(root, file + ext)) {
        body = file + ext;
        headers.set('content-encoding', enc);
        break;
      }
    }
    const bodyStat = fileStat(body) ?? stat;
    const etag = `W/"${bodyStat.size.toString(16)}-${Math.floor(bodyStat.mtimeMs).toString(16)}${headers.has('content-encoding') ? `-${headers.get('content-encoding')}` : ''}"`;
    headers.set('etag', etag);
    headers.set('last-modified', bodyStat.mtime.toUTCString());
    if (status === 200 && request.headers.get('if-none-match') === etag) return new Response(null, { status: 304, headers });
    headers.set('content-length', String(bodyStat.size));
    if (request.method === 'HEAD') return new Response(null, { status, headers });
    return new Response(await readFile(body), { status, headers });
  }

  return {
    root,
    async handle(request) {
      const url = new URL(request.url);
      if (request.method !== 'GET' && request.method !== 'HEAD') {
        return new Response('Method not allowed', { status: 405, headers: { allow: 'GET, HEAD' } });
      }
      // Host configuration, not content (hosts do not publish it either): locateStatic() never answers it, however spelled.
      const file = locateStatic(root, url.pathname);
      if (file) return send(request, file, 200, url.pathname);
      const notFound = join(root, '404.html');
      if (existsSync(notFound)) return send(request, notFound, 404, url.pathname);
      return new Response('Not found', { status: 404, headers: { 'content-type': 'text/plain; charset=utf-8' } });
    },
  };
}
