/**
 * The stock search's index pointer: one small file at a fixed address, `/search/index.json`, naming
 * the current content-hashed index (`{"index":"/search-index/<hash>.json"}`).
 *
 * The index's name changes with every stock change; the search pages do not carry it (every one of
 * them would change, and be uploaded again, with every car added, sold or repriced), they read it
 * from here. The pointer is revalidated on every use (the publish sends it `max-age=0,
 * must-revalidate`, `_headers` says the same); the index files stay immutable under their hash.
 * Browser-safe (no Node imports): the search island and the page's early fetch at the search's start read it.
 */

export const INDEX_POINTER_PATH = '/search/index.json';

/** A pointer names an index in /search-index/ by its hash, nothing else (a stray value is never fetched). */
const INDEX_PATH = /^\/search-index\/[0-9a-f]{8,64}\.json$/;

/** The pointer file's body for this index URL (`/search-index/<hash>.json`). */
export function indexPointerJson(indexUrl: string): string {
  if (!INDEX_PATH.test(indexUrl)) throw new Error(`not a search index path: ${indexUrl}`);
  return `${JSON.stringify({ index: indexUrl })}\n`;
}

/** The index path a pointer names, or undefined when it is not a pointer (malformed, another file). */
export function indexUrlOf(pointer: unknown): string | undefined {
  const index = pointer && typeof pointer === 'object' ? (pointer as { index?: unknown }).index : undefined;
  return typeof index === 'string' && INDEX_PATH.test(index) ? index : undefined;
}
