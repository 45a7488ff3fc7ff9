/**
 * sitemap.xml from the site's own page modules: every .astro page under src/pages is expanded with
 * its getStaticPaths, so pages other features add (search paths, every /cars/{slug}) are listed
 * without this file knowing them. Duplicate routes list only their canonical path; pages meant only
 * for one visitor (sign-in, checkout, success ...) are left out.
 */

export interface PageModule {
  getStaticPaths?: (options: { paginate: (...args: unknown[]) => unknown[]; routePattern: string }) => unknown;
}

/** Paths never listed: private, per-visitor or transactional pages. */
const PRIVATE = [
  /^\/404$/,
  /^\/success\b/,
  /^\/sign-in\b/,
  /^\/print\b/,
  /\/checkout\b/,
  /\/buy-online\b/,
  /^\/checkout-journey\b/,
  /^\/online-payment\b/,
  /^\/my[a-z-]*$/,
  /^\/watchlist\b/,
  /^\/compare\b/,
  /^\/cars\/trade-in\b/,
  /^\/personalised\//,
  /^\/spin-to-win\b/,
  /^\/api\//,
];

/** "./pages/cars/[slug].astro" -> "/cars/[slug]", "./locations/index.astro" -> "/locations" (canonical paths have no trailing slash). */
export function routeOf(file: string): string {
  const path = file
    .replace(/^.*?\/pages\//, '/')
    .replace(/^\.\//, '/')
    .replace(/\.astro$/, '')
    .replace(/\/?index$/, '');
  return path === '' ? '/' : path;
}

function fill(route: string, params: Record<string, unknown>): string {
  return route.replace(/\[(?:\.\.\.)?([^\]]+)\]/g, (_, name: string) => String(params[name] ?? '')).replace(/\/{2,}/g, '/');
}

/** Every path the page modules build. */
export async function pagePaths(modules: Record<string, PageModule>): Promise<string[]> {
  const out: string[] = [];
  for (const [file, mod] of Object.entries(modules)) {
    const route = routeOf(file);
    if (/\/_|\/\[\.\.\./.test(route) && !mod.getStaticPaths) continue;
    if (!/\[/.test(route)) {
      out.push(route);
      continue;
    }
    if (!mod.getStaticPaths) continue;
    const entries = (await mod.getStaticPaths({ paginate: () => [], routePattern: route })) as { params: Record<string, unknown> }[];
    for (const e of entries.flat()) out.push(fill(route, e.params));
  }
  return out;
}

/** The sitemap's URLs: public paths, duplicates replaced by their canonical path, sorted, once each. */
export function sitemapUrls(paths: readonly string[], canonical: ReadonlyMap<string, string>, site: string): string[] {
  const keep = new Set<string>();
  for (const p of paths) {
    const path = canonical.get(p) ?? p;
    if (PRIVATE.some((re) => re.test(path))) continue;
    keep.add(new URL(path, site).href);
  }
  return [...keep].sort();
}

const xmlEscape = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

export function sitemapXml(urls: readonly string[]): string {
  const body = urls.map((u) => `<url><loc>${xmlEscape(u)}</loc></url>`).join('\n');
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${body}\n</urlset>\n`;
}

/**
 * robots.txt: everything but /api/ may be crawled, and where the sitemap is. Feed paths (listedFeedPaths:
 * only when the tenant opts in with feeds.list_in_robots) are named with an explicit Allow under a comment.
 */
export function robotsTxt(site: string, feedPaths: readonly string[] = []): string {
  const feeds = feedPaths.length > 0 ? `\n# Marketplace feeds (docs/feeds.md)\n${feedPaths.map((p) => `Allow: ${p}\n`).join('')}` : '';
  return `User-agent: *\nAllow: /\nDisallow: /api/\n${feeds}\nSitemap: ${new URL('/sitemap.xml', site).href}\n`;
}
