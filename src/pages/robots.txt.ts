import type { APIRoute } from 'astro';
import { siteModel } from '../io/site-model-file.ts';
import { robotsTxt } from '../lib/content/sitemap.ts';
import { listedFeedPaths } from '../lib/feeds/index.ts';

export const GET: APIRoute = () => {
  const { tenant } = siteModel();
  return new Response(robotsTxt(tenant.url, listedFeedPaths(tenant)), { headers: { 'Content-Type': 'text/plain; charset=utf-8' } });
};
