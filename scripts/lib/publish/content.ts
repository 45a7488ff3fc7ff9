/**
 * What each published file is sent with: its Content-Type (the local server's table, src/lib/site/content-types.ts,
 * so a bucket serves what `npm run serve` serves), its Cache-Control, and the upload phase it belongs to.
 *
 *   immutable  content-addressed: /_astro/*, /search-index/<hash>.json, /img/ab/<32 hex>-<variant>.<ext>.
 *              A changed file gets a new name, so browsers and CDNs may keep it for a year.
 *   other      every other non-HTML file (robots.txt, sitemap.xml, /cars/<slug>/autogauge, logos): revalidated.
 *              So is /search/index.json, the pointer naming the current search index: never immutable,
 *              or a browser would keep searching an index the site no longer has.
 *   html       pages: revalidated, and uploaded last, once everything they reference is in place.
 */
import { contentType as staticContentType } from '../../../src/lib/site/content-types.ts';
import { DCZ_SUFFIX, DICTIONARY_CACHE, DICTIONARY_PATH } from '../../../src/lib/site/dictionary.ts';

export type Phase = 'immutable' | 'other' | 'html';

export const IMMUTABLE_CACHE = 'public, max-age=31536000, immutable';
export const REVALIDATE_CACHE = 'public, max-age=0, must-revalidate';

const SEARCH_INDEX = /^search-index\/[0-9a-f]{8,}\.json$/;
const CONTENT_ADDRESSED_IMAGE = /^img\/[0-9a-f]{2}\/[0-9a-f]{32}-[a-z0-9-]+\.(?:webp|avif|jpe?g|png)$/;

/** `rel` is the file's path inside the site, with `/` separators and no leading slash. */
export function isImmutable(rel: string): boolean {
  return rel.startsWith('_astro/') || SEARCH_INDEX.test(rel) || CONTENT_ADDRESSED_IMAGE.test(rel);
}

export function phaseOf(rel: string): Phase {
  if (rel.toLowerCase().endsWith('.html')) return 'html';
  return isImmutable(rel) ? 'immutable' : 'other';
}

export function cacheControlFor(rel: string): string {
  // The car pages' compression dictionary needs a freshness to be kept as one (src/lib/site/dictionary.ts).
  if (`/${rel}` === DICTIONARY_PATH) return DICTIONARY_CACHE;
  return phaseOf(rel) === 'immutable' ? IMMUTABLE_CACHE : REVALIDATE_CACHE;
}

const JSON_TYPE = 'application/json; charset=utf-8';

/**
 * A car page compressed with the site's dictionary (`cars/<slug>/index.html.dcz`,
 * src/lib/site/dictionary.ts) is stored as the page's type with Content-Encoding dcz, so the host's
 * rule that answers a car page with it (docs/performance.md) sends it as it is.
 */
export function contentEncodingFor(rel: string): 'dcz' | undefined {
  return rel.endsWith(`.html${DCZ_SUFFIX}`) ? 'dcz' : undefined;
}

/**
 * By extension; a file without one (the precomputed /cars/<slug>/autogauge answers) is JSON when its
 * bytes parse as JSON, else application/octet-stream.
 */
export function contentTypeFor(rel: string, bytes?: Uint8Array): string {
  if (contentEncodingFor(rel)) return staticContentType(rel.slice(0, -DCZ_SUFFIX.length));
  const name = rel.slice(rel.lastIndexOf('/') + 1);
  if (name.includes('.') || bytes === undefined) return staticContentType(name);
  if (bytes.length > 0 && bytes.length <= 4 * 1024 * 1024) {
    try {
      JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(bytes));
      return JSON_TYPE;
    } catch {
      // not JSON
    }
  }
  return staticContentType(name);
}
