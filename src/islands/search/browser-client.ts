import {
  embeddedClient,
  normalisingClient,
  withFallback,
  withSortFilters,
  type DealerSearchClient,
  type SearchBackendConfig,
} from '../../lib/search/client.ts';
import { unpackIndex, type PackedIndex } from '../../lib/search/engine/codec.ts';
import { SearchEngine } from '../../lib/search/engine/engine.ts';

let engine: Promise<SearchEngine> | undefined;

/** The index bytes the search page's idle prefetch fetched before hydration (BaseLayout), if any. */
declare global {
  interface Window {
    dealerSearchIndex?: { url: string; bytes: Promise<ArrayBuffer> };
  }
}

/** The packed index: the prefetched bytes when the page fetched them, else a fetch now. */
async function fetchIndex(indexUrl: string): Promise<PackedIndex> {
  const early = window.dealerSearchIndex;
  if (early?.url === indexUrl) {
    const bytes = await early.bytes.catch(() => undefined);
    if (bytes) return JSON.parse(new TextDecoder().decode(bytes)) as PackedIndex;
  }
  const res = await fetch(indexUrl);
  if (!res.ok) throw new Error(`search index ${indexUrl} answered ${res.status}`);
  return (await res.json()) as PackedIndex;
}

/** Fetches (or takes the prefetched) and opens the embedded index once (on idle after hydration or on the first search). */
export function loadEngine(indexUrl: string): Promise<SearchEngine> {
  engine ??= fetchIndex(indexUrl)
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
export function browserSearchClient(config: SearchBackendConfig, priceAscendingExcludesZero: boolean): DealerSearchClient {
  return withSortFilters(backendClient(config), priceAscendingExcludesZero);
}

function backendClient(config: SearchBackendConfig): DealerSearchClient {
  const embedded = embeddedClient(() => loadEngine(config.indexUrl));
  if (config.backend !== 'meili') return normalisingClient(embedded);
  const meili = import('../../lib/search/meili/browser-client.ts').then((m) => m.meiliClient(config.host, config.searchKey));
  const primary: DealerSearchClient = { search: async (requests) => (await meili).search(requests) };
  return normalisingClient(withFallback(primary, embedded, (err) => console.warn('Search service unreachable, using the built-in index instead:', err)));
}
