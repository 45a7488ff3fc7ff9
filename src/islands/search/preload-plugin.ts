import type { Plugin } from 'vite';
import { moduleClosure, recordSearchPreload, RENDERER_ENTRY, SEARCH_ENTRY, type ChunkInfo } from './preload.ts';

/** Records the search island's module closure from the client build, for BaseLayout to fetch together when the search starts. */
export function searchPreloadPlugin(): Plugin {
  return {
    name: 'dealer:search-preload',
    apply: 'build',
    generateBundle(_options, bundle) {
      const chunks: ChunkInfo[] = Object.values(bundle).flatMap((o) =>
        o.type === 'chunk' ? [{ fileName: o.fileName, imports: o.imports, facadeModuleId: o.facadeModuleId }] : [],
      );
      // Only the client build has the island as an entry under _astro/; the server builds leave the list alone.
      const files = moduleClosure(chunks, [SEARCH_ENTRY, RENDERER_ENTRY]);
      if (files.some((f) => /SearchApp/.test(f)) && files.every((f) => f.startsWith('_astro/'))) recordSearchPreload(files);
    },
  };
}
