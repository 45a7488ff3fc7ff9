import type { APIRoute } from 'astro';
import { siteModel } from '../lib/site/site-model.ts';
import { robotsTxt } from '../lib/content/sitemap.ts';

export const GET: APIRoute = () => new Response(robotsTxt(siteModel().tenant.url), { headers: { 'Content-Type': 'text/plain; charset=utf-8' } });
