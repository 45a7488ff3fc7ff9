import type { SearchRequest } from './engine/protocol.ts';

/** Anything that answers an InstantSearch multi-query. */
export interface MultiSearchClient<R> {
  search(requests: readonly SearchRequest[]): Promise<R>;
}

/**
 * A small result cache in front of a search client (spec section 9: the manufacturers search keeps
 * 10 answers, the offers search about 11), keyed by the requests, evicting the oldest entry. A failed
 * request is not kept, so the next identical request asks again.
 */
export function cachedClient<R>(inner: MultiSearchClient<R>, limit: number): MultiSearchClient<R> & { size(): number } {
  const cache = new Map<string, Promise<R>>();
  return {
    size: () => cache.size,
    search(requests) {
      const key = JSON.stringify(requests);
      const hit = cache.get(key);
      if (hit) return hit;
      const answer = inner.search(requests);
      cache.set(key, answer);
      answer.catch(() => cache.delete(key));
      while (cache.size > limit) {
        const oldest = cache.keys().next().value as string;
        cache.delete(oldest);
      }
      return answer;
    },
  };
}
