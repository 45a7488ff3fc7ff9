/**
 * Header and footer as the spec lists them, with the Vehicles and Our Stock dropdowns built from
 * stock; tenant.json `navigation` replaces either list.
 */
import { CAR_TYPE_ROUTES, carTypeRefinement } from '../search/pretty-routes.ts';
import { searchLinks } from '../search/site-search.ts';
import type { SiteModel } from '../site/site-model.ts';
import { modelPages } from './models.ts';
import { perModel } from './site-content.ts';
import { isReserveEligible } from '../rules/vdp-actions.ts';
import { SHARED_CALCULATOR_PATH } from '../finance/options.ts';
import { serviceBookingLink } from '../rules/service-booking.ts';

export interface NavLink {
  label: string;
  href: string;
}

export interface NavItem {
  label: string;
  href?: string | undefined;
  /** Dropdown links; empty for a plain link. */
  children: NavLink[];
}

export interface FooterGroup {
  title: string;
  links: NavLink[];
}

/** The most models a Vehicles dropdown lists before "All brands". */
const VEHICLES_MENU_LIMIT = 16;
/** The most models the footer's Vehicles group lists. */
const FOOTER_MODELS_LIMIT = 6;

/**
 * The Vehicles menus: every model page A to Z when they fit (or the dealer sells one make), otherwise
 * one link per make to its stock. Never "the n most stocked models": the header and footer are on
 * every page, and a cut by stock count moves with every car sold (on a 51-model group a 3% night
 * swapped the 16th model and changed the header of all 13,000 pages), so each night would re-publish
 * the whole site for the cars that changed.
 */
function vehicleMenu(site: SiteModel, limit: number, label: (p: { title: string; model: string }, makes: number) => string): NavLink[] {
  const pages = modelPages(site);
  const makes = [...new Set(pages.map((p) => p.make))].sort((a, b) => a.localeCompare(b, 'en-AU'));
  if (pages.length <= limit || makes.length <= 1) return pages.map((p) => ({ label: label(p, makes.length), href: `/models/${p.slug}` }));
  const search = searchLinks(site);
  return makes.flatMap((make) => {
    const href = search.stocked({ make: [make] });
    return href ? [{ label: `${make} models`, href }] : [];
  });
}

/** The manufacturers and models search (spec section 7), reached from the Vehicles menus. */
export const MODELS_SEARCH_LINK: NavLink = { label: 'Search all models', href: '/models' };
/** The parts search, in the footer's Servicing and Parts group (the header's Service menu keeps the spec's list). */
export const PARTS_SEARCH_LINK: NavLink = { label: 'Parts Search', href: '/parts/search' };
/** The parts enquiry form: the footer's parts link for a dealer without a parts list (a search of nothing is a dead end). */
export const PARTS_ENQUIRY_LINK: NavLink = { label: 'Parts Enquiry', href: '/vehicle-parts-and-accessories#parts-form' };
/** The online purchase journey (a car chosen there or arriving with ?car_id). */
export const BUY_ONLINE_LINK: NavLink = { label: 'Buy Online', href: '/checkout-journey' };

/** Whether the dealer lists parts (content/parts.json with at least one part): only then is there a parts search to link. */
export function hasPartsList(site: Pick<SiteModel, 'content'>): boolean {
  return (site.content?.parts?.length ?? 0) > 0;
}

/** The footer's parts link: the parts search where the dealer has a parts list, else the parts enquiry. */
export function partsLink(site: Pick<SiteModel, 'content'>): NavLink {
  return hasPartsList(site) ? PARTS_SEARCH_LINK : PARTS_ENQUIRY_LINK;
}

/**
 * Whether the site sells online: the same rule as the vehicle page's Reserve button (isReserveEligible,
 * with the tenant's reserve_online feature) holds for at least one listed car.
 */
export function sellsOnline(site: Pick<SiteModel, 'vehicles' | 'tenant'>): boolean {
  const on = site.tenant.features.reserve_online;
  return on && site.vehicles.some((v) => v.listed && isReserveEligible(v, on));
}

/** Vehicles dropdown: the model pages ("Toyota HiLux") or, for a large group, its makes; then the models search and all brands. */
function vehicleLinks(site: SiteModel): NavLink[] {
  const links = vehicleMenu(site, VEHICLES_MENU_LIMIT, (p, makes) => (makes > 1 ? p.title : p.model));
  return [...links, MODELS_SEARCH_LINK, { label: 'All brands', href: '/brands' }];
}

/**
 * Our Stock dropdown: every car type with stock (new, demo, used), then brands. Without counts: the
 * header is on every page, so a count in it would change every page of the site whenever one car is
 * added or sold, and a night's publish would upload the whole site instead of the cars that changed
 * and the pages that list them. The search page each link opens shows the count.
 */
function stockLinks(site: SiteModel): NavLink[] {
  const links: NavLink[] = [{ label: 'All stock', href: '/cars/' }];
  const order = ['new', 'demo', 'used'];
  const single = CAR_TYPE_ROUTES.filter((x) => x.carTypes.length === 1).sort((a, b) => order.indexOf(a.carTypes[0] ?? '') - order.indexOf(b.carTypes[0] ?? ''));
  const search = searchLinks(site);
  for (const r of single) {
    const n = site.vehicles.filter((v) => v.listed && r.carTypes.includes(v.car_type)).length;
    if (n > 0) links.push({ label: r.title, href: search.href({ car_type: carTypeRefinement(r) }) });
  }
  links.push({ label: 'Browse by brand', href: '/brands' });
  return links;
}

export const SERVICE_LINKS: NavLink[] = [
  { label: 'Book a Service', href: '/service' },
  { label: 'Warranty', href: '/warranty' },
  { label: 'Roadside Assist', href: '/roadside-assist' },
  { label: 'Capped Price Servicing', href: '/capped-price-servicing' },
  { label: 'Parts and Accessories', href: '/vehicle-parts-and-accessories' },
];

const COMPANY_LINKS: NavLink[] = [
  { label: 'About Us', href: '/about-us' },
  { label: 'Careers', href: '/careers' },
  { label: 'Contact', href: '/contact' },
  { label: 'Fleet', href: '/fleet/' },
  { label: 'Terms and Conditions', href: '/terms-and-conditions' },
];

export const headerNav = perModel((site: SiteModel): NavItem[] => {
  const own = site.tenant.navigation.header;
  if (own) {
    return own.map((item) => {
      const dynamic = item.dynamic === 'vehicles' ? vehicleLinks(site) : item.dynamic === 'stock' ? stockLinks(site) : [];
      return { label: item.label, href: item.href, children: [...(item.children ?? []), ...dynamic] };
    });
  }
  return [
    { label: 'Home', href: '/', children: [] },
    { label: 'Vehicles', children: vehicleLinks(site) },
    { label: 'Offers', href: '/special-offers', children: [] },
    { label: 'Our Stock', href: '/cars/', children: stockLinks(site) },
    { label: 'Finance', href: '/finance', children: [] },
    { label: 'Service', href: '/service', children: SERVICE_LINKS },
    { label: 'Company', children: COMPANY_LINKS },
  ];
});

/** Buyer Tools: New Cars, Demo Cars, Used Cars (/search/new-cars, ...), each only when that type has stock. */
function typeSearchLinks(site: SiteModel): NavLink[] {
  const search = searchLinks(site);
  return ['new', 'demo', 'used'].flatMap((type) => {
    const route = CAR_TYPE_ROUTES.find((r) => r.carTypes.length === 1 && r.carTypes[0] === type);
    const href = route && search.stocked({ car_type: carTypeRefinement(route) });
    return route && href ? [{ label: route.title, href }] : [];
  });
}

export const footerNav = perModel((site: SiteModel): FooterGroup[] => {
  const own = site.tenant.navigation.footer;
  if (own) return own;
  return [
    {
      title: 'Vehicles',
      links: [...vehicleMenu(site, FOOTER_MODELS_LIMIT, (p) => p.title), MODELS_SEARCH_LINK, { label: 'All brands', href: '/brands' }],
    },
    {
      title: 'Buyer Tools',
      links: [
        ...typeSearchLinks(site),
        { label: 'Special Offers', href: '/special-offers' },
        { label: 'Finance', href: '/finance' },
        ...(site.tenant.finance.shared_calculator ? [{ label: 'Finance Calculator', href: SHARED_CALCULATOR_PATH }] : []),
        ...(sellsOnline(site) ? [BUY_ONLINE_LINK] : []),
        { label: 'Fleet', href: '/fleet' },
      ],
    },
    {
      title: 'Servicing and Parts',
      links: [...SERVICE_LINKS.map((l) => (l.href === SERVICE_LINKS[0]?.href ? { ...l, href: serviceBookingLink(site.tenant) } : l)), partsLink(site)],
    },
    {
      title: 'Company',
      links: [
        { label: 'About Us', href: '/about-us' },
        { label: 'Careers', href: '/careers' },
        { label: 'Contact', href: '/contact' },
        { label: 'Privacy Policy', href: '/privacy-policy' },
        { label: 'Terms and Conditions', href: '/terms-and-conditions' },
      ],
    },
  ];
});
