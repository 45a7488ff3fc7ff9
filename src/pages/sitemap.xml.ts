import type { APIRoute } from 'astro';
import { siteModel } from '../io/site-model-file.ts';
import { withEveryCarPage } from '../io/render-plan.ts';
import { browseRoutes } from '../lib/content/routes.ts';
import { pagePaths, sitemapUrls, sitemapXml, type PageModule } from '../lib/content/sitemap.ts';
import { listedFeedPaths } from '../lib/feeds/index.ts';

// Every page module of the site, so pages added by other features are listed too.
const modules = import.meta.glob<PageModule>('./**/*.astro', { eager: true });

export const GET: APIRoute = async () => {
  const model = siteModel();
  // Every car's page, including those an incremental build copies rather than renders (src/io/render-plan.ts).
  const canonical = new Map(browseRoutes(model).map((r) => [r.path, r.canonical]));
  // The marketplace feeds are listed only when the tenant opts in (feeds.list_in_robots).
  const urls = sitemapUrls([...(await withEveryCarPage(() => pagePaths(modules))), ...listedFeedPaths(model.tenant)], canonical, model.tenant.url);
  return new Response(sitemapXml(urls), { headers: { 'Content-Type': 'application/xml; charset=utf-8' } });
};
