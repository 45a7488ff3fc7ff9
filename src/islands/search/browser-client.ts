import { embeddedClient, normalisingClient, withFallback, withSortFilters, type DealerSearchClient, type PageSearchConfig } from '../../lib/search/client.ts';
import { INDEX_POINTER_PATH, indexUrlOf } from '../../lib/search/index-pointer.ts';
import { unpackIndex, type PackedIndex } from '../../lib/search/engine/codec.ts';
import { SearchEngine } from '../../lib/search/engine/engine.ts';

let engine: Promise<SearchEngine> | undefined;

/**
 * What the search page started fetching when the search started, alongside the island's code (BaseLayout): the index the pointer
 * named, and its bytes.
 */
declare global {
  interface Window {
    dealerSearchIndex?: { url: Promise<string>; bytes: Promise<ArrayBuffer> };
  }
}

/** An answer that is not a 200's body is let go (unread, the request would stay open). */
function answered(res: Response): Response {
  if (res.ok) return res;
  res.body?.cancel().catch(() => undefined);
  throw new Error(`${res.url} answered ${res.status}`);
}

/**
 * The current index's URL from the pointer (src/lib/search/index-pointer.ts). The first ask is an
 * ordinary fetch, which the page's `<link rel="preload">` of the pointer answers without a round
 * trip; `fresh` goes past every cache (a pointer that named an index the site no longer has).
 */
async function currentIndexUrl(fresh: boolean): Promise<string> {
  const res = answered(await fetch(INDEX_POINTER_PATH, fresh ? { cache: 'reload' } : undefined));
  const url = indexUrlOf(await res.json());
  if (!url) throw new Error(`search index pointer ${INDEX_POINTER_PATH} names no index`);
  return url;
}

async function fetchPacked(indexUrl: string): Promise<PackedIndex> {
  const res = answered(await fetch(indexUrl));
  return (await res.json()) as PackedIndex;
}

/**
 * The packed index: the bytes the page fetched when the search started (BaseLayout), else the index the pointer names. A
 * shopper may hold a page while the site is published again: the pointer then names the new index
 * (the page's own results were from the old one, which the new release may no longer have). So when
 * the index named cannot be had (a pointer cached before the publish, an index removed since), the
 * pointer is asked again past the caches, and that index fetched, once.
 */
async function fetchIndex(): Promise<PackedIndex> {
  const early = window.dealerSearchIndex;
  try {
    if (early) return JSON.parse(new TextDecoder().decode(await early.bytes)) as PackedIndex;
    return await fetchPacked(await currentIndexUrl(false));
  } catch {
    // The early fetch, the pointer or the index it named failed: once more, past the caches.
    return fetchPacked(await currentIndexUrl(true));
  }
}

/** Fetches (or takes what the page fetched when the search started) and opens the embedded index once. */
export function loadEngine(): Promise<SearchEngine> {
  engine ??= fetchIndex()
    .then((packed) => {
      const e = new SearchEngine(unpackIndex(packed));
      // Build the word index while the shopper is idle, so the first keystroke does not pay for it.
      const idle = window.requestIdleCallback ?? ((cb: () => void) => setTimeout(cb, 50));
      idle(() => void e.text);
      return e;
    })
    .catch((err: unknown) => {
      engine = undefined;
      throw err;
    });
  return engine;
}

/**
 * The browser's search client. Meilisearch code is only downloaded for tenants that use it, and a
 * Meilisearch that cannot be reached falls back to the embedded index for the rest of the visit.
 */
export function browserSearchClient(config: PageSearchConfig, priceAscendingExcludesZero: boolean): DealerSearchClient {
  return withSortFilters(backendClient(config), priceAscendingExcludesZero);
}

function backendClient(config: PageSearchConfig): DealerSearchClient {
  const embedded = embeddedClient(() => loadEngine());
  if (config.backend !== 'meili') return normalisingClient(embedded);
  const meili = import('../../lib/search/meili/browser-client.ts').then((m) => m.meiliClient(config.host, config.searchKey));
  const primary: DealerSearchClient = { search: async (requests) => (await meili).search(requests) };
  return normalisingClient(withFallback(primary, embedded, (err) => console.warn('Search service unreachable, using the built-in index instead:', err)));
}
