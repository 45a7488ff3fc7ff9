/**
 * The browse side's page list, derived from the tenant and its stock: which content pages, model
 * pages and root-level slugs exist. The pages' getStaticPaths and the route tests both read it.
 */
import type { SiteModel } from '../site/site-model.ts';
import { brandGrids, brandOverviews } from './brands.ts';
import { STANDARD_PAGES } from './default-pages.ts';
import { contactPages } from './locations.ts';
import { modelPages, type ModelPage } from './models.ts';
import { activeOffers, extraPages, offerManufacturerSlug, perModel, type Page } from './site-content.ts';

/**
 * First path segments that belong to other pages of the site (the spec's route table and build
 * folders). A group page or a model slug with one of these names gets no root-level page.
 */
export const RESERVED_ROOT: ReadonlySet<string> = new Set([
  ...STANDARD_PAGES,
  'cars',
  'search',
  'locations',
  'our-location',
  'dealer-locator',
  'contact',
  'contact-us',
  'brands',
  'special-offers',
  'offers',
  'pages',
  'models',
  'trade-in',
  'sell-your-car',
  'sell-my-car',
  'apply-for-finance',
  'finance-enquiry',
  'finance-and-insurance',
  'personalised',
  'parts',
  'book-test-drive',
  'sign-in',
  'success',
  'spin-to-win',
  'online-payment',
  'mymotorama',
  'mybigboxcars',
  'myblinkr',
  'myservco',
  'my-garage',
  'watchlist',
  'checkout-journey',
  'print',
  'api',
  'img',
  'brand',
  'sitemap.xml',
  'robots.txt',
  '404',
  '_astro',
  'favicon.svg',
]);

export type RootPage = { kind: 'page'; page: Page } | { kind: 'model'; model: ModelPage };

/** Group pages (content/pages/ beyond the standard ones), at /{slug} and /pages/{slug}. */
export const groupPages = perModel((model: SiteModel): Page[] => extraPages(model, RESERVED_ROOT));

/** Model pages also answering at /{model slug}, unless another page has that name. */
export const rootModelPages = perModel((model: SiteModel): ModelPage[] => {
  const taken = new Set([...RESERVED_ROOT, ...groupPages(model).map((p) => p.slug)]);
  return modelPages(model).filter((p) => !taken.has(p.slug));
});

export interface BrowseRoute {
  path: string;
  /** The page's canonical path when it duplicates another (/pages/x -> /x). */
  canonical: string;
}

/** Every page the browse side builds for a tenant (what the route table test walks and the sitemap lists). */
export function browseRoutes(model: SiteModel): BrowseRoute[] {
  const r: BrowseRoute[] = [];
  const add = (path: string, canonical = path) => r.push({ path, canonical });
  add('/');
  add('/cars/', '/cars');
  add('/contact');
  add('/locations');
  add('/dealer-locator');
  add('/brands');
  add('/special-offers');
  for (const l of model.tenant.locations) {
    add(`/locations/${l.slug}`);
    add(`/our-location/${l.slug}`, `/locations/${l.slug}`);
  }
  for (const slug of contactPages(model.tenant).keys()) add(`/contact-us/${slug}`);
  for (const slug of [...STANDARD_PAGES, ...groupPages(model).map((p) => p.slug)]) {
    add(`/${slug}`);
    add(`/pages/${slug}`, `/${slug}`);
  }
  for (const m of modelPages(model)) add(`/models/${m.slug}`);
  for (const m of rootModelPages(model)) add(`/${m.slug}`, `/models/${m.slug}`);
  const grids = brandGrids(model);
  for (const b of brandOverviews(grids)) add(`/${b.slug}/overview`);
  for (const g of grids.group.filter((x) => x.overview)) add(`/${g.slug}/overview`);
  for (const o of activeOffers(model)) {
    const m = offerManufacturerSlug(o);
    if (m) add(`/offers/${m}/${o.id}`);
    add(`/offers/${o.id}`, m ? `/offers/${m}/${o.id}` : `/offers/${o.id}`);
  }
  return r;
}
