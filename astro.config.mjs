// @ts-check
import react from '@astrojs/react';
import { defineConfig } from 'astro/config';
import { interactionDirective } from './src/lib/search/astro/integration.ts';
import { searchPreloadPlugin } from './src/islands/search/preload-plugin.ts';

// One config for every tenant: scripts/build-tenant.ts passes outDir, site and cacheDir per tenant
// and adds the integration that hands the pages the tenant's model (src/io/astro-model.ts).
export default defineConfig({
  output: 'static',
  integrations: [react(), interactionDirective()],
  trailingSlash: 'ignore',
  build: {
    format: 'directory',
    // Small CSS inlined: no render-blocking stylesheet request on slow phones.
    inlineStylesheets: 'never',
    // Pages rendered at once: each page's write (mkdir, open, write) overlaps the next page's render
    // instead of the build waiting on the disk between pages (issue 17: half the render time was I/O wait).
    concurrency: 4,
  },
  compressHTML: true,
  prefetch: false,
  devToolbar: { enabled: false },
  // Records the search island's modules so search pages can fetch them on idle (src/islands/search/preload.ts).
  vite: {
    plugins: [searchPreloadPlugin()],
    build: {
      // Scripts a page chose to load as cached files (the header menu and page analytics on vehicle
      // pages) stay files; Astro would inline them for being small. Everything else as by default.
      assetsInlineLimit: (file) => (/(SiteMenuFile|PageAnalyticsFile)\.astro/.test(file) ? false : undefined),
    },
  },
});
