import { isCSSRequest, type Plugin } from 'vite';

/**
 * One stylesheet for the whole site: the page build puts every page's CSS into one content-hashed
 * file (build.cssCodeSplit false, linked from every page by Astro), cacheable for a year, so the
 * second page of a visit pays nothing for styles. The client build keeps splitting, and a style
 * file its islands import that the page build already put in the site's stylesheet (the pages
 * render those islands too) loads empty there, so no page links a second copy of it.
 */
export function oneStylesheet(): Plugin {
  const inSiteSheet = new Set<string>();
  return {
    name: 'dealer:one-stylesheet',
    apply: 'build',
    enforce: 'pre',
    config: () => ({ build: { cssCodeSplit: false } }),
    configEnvironment: (name) => (name === 'client' ? { build: { cssCodeSplit: true } } : undefined),
    generateBundle(_options, bundle) {
      if (this.environment.name === 'client') {
        // The emptied files: nothing to link or preload.
        for (const [file, o] of Object.entries(bundle)) {
          if (o.type !== 'asset' || !file.endsWith('.css')) continue;
          const css = typeof o.source === 'string' ? o.source : new TextDecoder().decode(o.source);
          if (css.replace(/\/\*[\s\S]*?\*\//g, '').trim() !== '') continue;
          delete bundle[file];
          for (const c of Object.values(bundle)) if (c.type === 'chunk') c.viteMetadata?.importedCss.delete(file);
        }
        return;
      }
      for (const o of Object.values(bundle)) if (o.type === 'chunk') for (const id of Object.keys(o.modules)) if (isCSSRequest(id)) inSiteSheet.add(id);
    },
    load(id) {
      return this.environment.name === 'client' && inSiteSheet.has(id) ? '' : undefined;
    },
  };
}
