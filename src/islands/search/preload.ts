/**
 * What the search island needs before it can answer, so the search page can fetch it all at once
 * when the shopper starts a search, instead of one import after another: the island's JavaScript
 * modules (its entry chunk, the React renderer and every chunk they import statically) and the
 * embedded index. The build records the module list (searchPreloadPlugin in astro.config.mjs);
 * BaseLayout writes it into search pages; the inline script there adds one
 * <link rel="modulepreload"> per module and fetches the index into memory when the island starts
 * loading (the first touch of a search control). A shopper who never searches fetches none of it.
 */

/** A client chunk as the bundler describes it (the fields the closure needs). */
export interface ChunkInfo {
  fileName: string;
  imports: readonly string[];
  facadeModuleId?: string | null | undefined;
}

/** The search island's entry and the React renderer's client entry. */
export const SEARCH_ENTRY = /[\\/]islands[\\/]search[\\/]SearchApp\.tsx$/;
export const RENDERER_ENTRY = /[\\/]@astrojs[\\/]react[\\/].*client\.js$/;

/**
 * The files of every chunk whose module matches one of `entries`, with every chunk they import
 * statically (transitively), each once, the first entry's file first (BaseLayout finds the island by it). Dynamic imports are left out: they load only
 * when the code asks for them (e.g. the Meilisearch client).
 */
export function moduleClosure(chunks: readonly ChunkInfo[], entries: readonly RegExp[]): string[] {
  const byFile = new Map(chunks.map((c) => [c.fileName, c]));
  const out: string[] = [];
  const seen = new Set<string>();
  // Entries in the order of `entries` (the first one's file comes first in the list).
  const stack = entries.flatMap((e) => chunks.filter((c) => e.test(c.facadeModuleId ?? '')).map((c) => c.fileName));
  // Depth-first in the order found; bounded by the number of chunks.
  while (stack.length > 0) {
    const file = stack.shift()!;
    if (seen.has(file)) continue;
    seen.add(file);
    out.push(file);
    stack.push(...(byFile.get(file)?.imports ?? []));
  }
  return out;
}

/** Where the build leaves the list for the page renderer (same process: the client build runs first). */
const KEY = Symbol.for('dealer.searchPreload');

export function recordSearchPreload(files: readonly string[]): void {
  (globalThis as Record<symbol, unknown>)[KEY] = [...files];
}

/** Site paths of the modules to preload on a search page ([] when the build recorded none, e.g. in dev). */
export function searchPreload(base = '/'): string[] {
  const files = (globalThis as Record<symbol, unknown>)[KEY];
  return Array.isArray(files) ? files.map((f) => `${base.replace(/\/?$/, '/')}${String(f)}`) : [];
}
