/**
 * `_headers` for the tenant's site (read by Netlify and Cloudflare Pages; docs/functions.md gives the
 * S3/CloudFront equivalent): a Content-Security-Policy that allows exactly the inline scripts the
 * built pages contain (their sha256 hashes, computed from the HTML written), the tag manager and
 * pixel hosts only when the tenant configures them, and the common security headers. `npm run serve`
 * sends what this file says.
 */
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { COMMON_SECURITY_HEADERS, contentSecurityPolicy, formatHeadersFile, inlineCode, sha256Base64 } from '../../../src/lib/security/headers.ts';
import { DICTIONARY_HEADERS, DICTIONARY_PATH } from '../../../src/lib/site/dictionary.ts';
import { INDEX_URL_PREFIX } from '../../../src/lib/search/index-file.ts';
import { INDEX_POINTER_PATH } from '../../../src/lib/search/index-pointer.ts';
import { IMMUTABLE_CACHE, REVALIDATE_CACHE } from '../publish/content.ts';
import type { BuildOutput, OutputContext } from './index.ts';

function* htmlFiles(dir: string): Generator<string> {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* htmlFiles(path);
    else if (entry.name.endsWith('.html')) yield path;
  }
}

const originOf = (url: string | undefined): string | undefined => {
  if (!url || !URL.canParse(url)) return undefined;
  const u = new URL(url);
  return u.protocol === 'https:' || u.protocol === 'http:' ? u.origin : undefined;
};

/** https origins of the URLs an attribute pattern captures. */
function origins(html: string, pattern: RegExp, into: Set<string>): void {
  for (const m of html.matchAll(pattern)) {
    for (const candidate of (m[1] ?? '').replace(/&amp;/g, '&').split(',')) {
      const o = originOf(candidate.trim().split(/\s+/)[0]);
      if (o?.startsWith('https://')) into.add(o);
    }
  }
}

/**
 * Frames (iframes, and maps a script opens from data-map-src), media and images the pages load from
 * other hosts. A data-map-src is found by the attribute alone: with a quote after `=` it cannot be
 * text (the pages escape quotes in text), and looking for the tag around it scanned every tag of
 * every page (0.1 ms a page).
 */
const FRAMES = /<iframe\b[^>]*\ssrc\s*=\s*"([^"]+)"/gi;
const MAPS = /\sdata-map-src\s*=\s*"([^"]+)"/gi;
const MEDIA = /<(?:video|audio|source|track)\b[^>]*\ssrc\s*=\s*"([^"]+)"/gi;
const IMAGES = /<(?:img|source)\b[^>]*\s(?:src|srcset)\s*=\s*"([^"]+)"/gi;

/** The CSP and headers of a built site, from its pages and its tenant. */
export function siteHeaders(siteOut: string, tenant: OutputContext['model']['tenant']): { file: string; pages: number; scripts: number } {
  // The code itself, hashed once at the end: the same few scripts are on every page of the site.
  const scriptCode = new Set<string>();
  const handlerCode = new Set<string>();
  const frames = new Set<string>();
  const media = new Set<string>();
  const images = new Set<string>();
  const external = new Set<string>();
  let pages = 0;
  for (const file of htmlFiles(siteOut)) {
    pages++;
    const html = readFileSync(file, 'utf8');
    const code = inlineCode(html);
    for (const s of code.scripts) scriptCode.add(s);
    for (const h of code.handlers) handlerCode.add(h);
    for (const src of code.externalScripts) {
      const o = originOf(src);
      if (o) external.add(o);
    }
    origins(html, FRAMES, frames);
    origins(html, MAPS, frames);
    origins(html, MEDIA, media);
    origins(html, IMAGES, images);
  }
  const scripts = new Set([...scriptCode].map(sha256Base64));
  const handlers = new Set([...handlerCode].map(sha256Base64));
  if (external.size)
    throw new Error(`pages load scripts from ${[...external].join(', ')}: the CSP allows only this site's scripts (and the configured tag manager and pixel)`);
  const search = originOf(tenant.search.host);
  const csp = contentSecurityPolicy({
    scriptHashes: [...scripts],
    handlerHashes: [...handlers],
    gtm: tenant.analytics.gtm_id !== undefined,
    pixel: tenant.analytics.pixel_id !== undefined,
    connect: search ? [search] : [],
    frames: [...frames],
    media: [...media],
    images: [...images],
  });
  const file = formatHeadersFile([
    { path: '/*', headers: { 'Content-Security-Policy': csp, ...COMMON_SECURITY_HEADERS } },
    { path: '/_astro/*', headers: { 'Cache-Control': 'public, max-age=31536000, immutable' } },
    // The search indexes are named by their content; the pointer naming the stock's current one is
    // asked again on every use (src/lib/search/index-pointer.ts), as the publish sends them (publish/content.ts).
    { path: `${INDEX_URL_PREFIX}*`, headers: { 'Cache-Control': IMMUTABLE_CACHE } },
    { path: INDEX_POINTER_PATH, headers: { 'Cache-Control': REVALIDATE_CACHE } },
    // The vehicle pages' compression dictionary (src/lib/site/dictionary.ts): kept by the browser for the car pages.
    { path: DICTIONARY_PATH, headers: { ...DICTIONARY_HEADERS } },
  ]);
  return { file, pages, scripts: scripts.size };
}

export const headersOutput: BuildOutput = {
  name: 'headers',
  write(ctx: OutputContext) {
    const { file, pages, scripts } = siteHeaders(ctx.siteOut, ctx.model.tenant);
    writeFileSync(join(ctx.siteOut, '_headers'), file);
    ctx.log(`_headers: CSP with ${scripts} inline script hash(es) from ${pages} page(s)`);
  },
};
