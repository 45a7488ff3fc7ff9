/**
 * Header and footer as the spec lists them, with the Vehicles and Our Stock dropdowns built from
 * stock; tenant.json `navigation` replaces either list.
 */
import { CAR_TYPE_ROUTES, carTypeRefinement } from '../search/pretty-routes.ts';
import { searchLinks } from '../search/site-search.ts';
import type { SiteModel } from '../site/site-model.ts';
import { modelPages } from './models.ts';
import { perModel } from './site-content.ts';

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

/** The n model pages with the most stock, shown A to Z (a group's menu then holds its best sellers of every make). */
function topModels(site: SiteModel, n: number) {
  const pages = modelPages(site);
  const chosen = new Set([...pages].sort((a, b) => b.vehicles.length - a.vehicles.length).slice(0, n));
  return pages.filter((p) => chosen.has(p));
}

/** Vehicles dropdown: the most stocked model pages ("Toyota HiLux"), then all brands. */
function vehicleLinks(site: SiteModel): NavLink[] {
  const pages = topModels(site, VEHICLES_MENU_LIMIT);
  const makes = new Set(modelPages(site).map((p) => p.make));
  const links = pages.map((p) => ({ label: makes.size > 1 ? p.title : p.model, href: `/models/${p.slug}` }));
  return [...links, { label: 'All brands', href: '/brands' }];
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
  const models = topModels(site, 6);
  return [
    {
      title: 'Vehicles',
      links: [...models.map((p) => ({ label: p.title, href: `/models/${p.slug}` })), { label: 'All brands', href: '/brands' }],
    },
    {
      title: 'Buyer Tools',
      links: [
        ...typeSearchLinks(site),
        { label: 'Special Offers', href: '/special-offers' },
        { label: 'Finance', href: '/finance' },
        { label: 'Fleet', href: '/fleet' },
      ],
    },
    { title: 'Servicing and Parts', links: SERVICE_LINKS },
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
