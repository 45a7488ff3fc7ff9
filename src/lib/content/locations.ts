/**
 * Links and derived values of a location for the browse pages (contact page, stock search, map,
 * Visit Website, JSON-LD). The rules themselves are in src/lib/rules/.
 */
import { contactSlug } from '../rules/contact-slug.ts';
import { openingHoursSpecification, specialOpeningHoursSpecification } from '../rules/opening-hours.ts';
import { mapEmbedSrc } from '../rules/map-view.ts';
import { formatPhone } from '../rules/phone.ts';
import { searchLinks } from '../search/site-search.ts';
import type { SiteModel } from '../site/site-model.ts';
import type { Location, Tenant } from '../tenant/load-tenant.ts';
import { buildDate } from '../rules/tenant-clock.ts';

/** /contact-us/{slug} of a location (sales, service and parts of one site share it). */
export function contactPath(loc: Location, tenant: Tenant): string {
  return `/contact-us/${contactSlug(loc.name, loc.manufacturers.length ? loc.manufacturers : tenant.manufacturer ? [tenant.manufacturer] : [])}`;
}

/** The contact pages: slug -> the visible locations sharing it. */
export function contactPages(tenant: Tenant): Map<string, Location[]> {
  const pages = new Map<string, Location[]>();
  for (const loc of tenant.locations.filter((l) => l.visible)) {
    const slug = contactPath(loc, tenant).slice('/contact-us/'.length);
    pages.set(slug, [...(pages.get(slug) ?? []), loc]);
  }
  return pages;
}

/**
 * Stock at a location: the search refined by the location facet (`location=` in the URL, through the
 * one search link builder), with how many cars it shows; undefined when the location holds no stock
 * (a service or parts site), so no page links to an empty search.
 */
export function locationStock(loc: Location, model: SiteModel): { href: string; count: number } | undefined {
  const links = searchLinks(model);
  const refinements = { location_name: [loc.name] };
  const count = links.count(refinements);
  return count > 0 ? { href: links.href(refinements), count } : undefined;
}

/** Visit Website: the location's own site, else its dealership's, unless that is this site. */
export function visitWebsite(loc: Location, tenant: Tenant): string | undefined {
  const url = loc.website_url ?? tenant.dealerships.find((d) => d.slug === loc.dealership_slug)?.url;
  if (!url) return undefined;
  return new URL(url).origin === new URL(tenant.url).origin ? undefined : url;
}

/** Google Maps directions (the address's place URL when given). */
export function directionsHref(loc: Location): string | undefined {
  const a = loc.address;
  if (a.place_url) return a.place_url;
  if (a.lat !== undefined && a.long !== undefined) return `https://www.google.com/maps/dir/?api=1&destination=${a.lat},${a.long}`;
  const text = [a.street, a.city, a.state, a.postcode].filter(Boolean).join(' ');
  return text ? `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(text)}` : undefined;
}

/** OpenStreetMap embed around the location at the spec's zoom 10, loaded only when the visitor asks for the map. */
export function mapEmbedUrl(loc: Location): string | undefined {
  const { lat, long } = loc.address;
  return lat === undefined || long === undefined ? undefined : mapEmbedSrc(lat, long);
}

/** schema.org AutoDealer for one location, with its opening hours and holiday hours. */
export function autoDealerJsonLd(loc: Location, model: SiteModel, image?: string): Record<string, unknown> {
  const { tenant } = model;
  const a = loc.address;
  const phone = loc.contact_detail.phone ?? loc.contact_detail.landline_phone;
  const special = specialOpeningHoursSpecification(loc.special_hours, buildDate(model));
  const rating =
    loc.average_rating !== undefined && loc.review_count
      ? { '@type': 'AggregateRating', ratingValue: loc.average_rating, reviewCount: loc.review_count }
      : undefined;
  return {
    '@context': 'https://schema.org',
    '@type': 'AutoDealer',
    '@id': new URL(`/locations/${loc.slug}#dealer`, tenant.url).href,
    name: loc.name,
    url: new URL(`/locations/${loc.slug}`, tenant.url).href,
    ...(phone ? { telephone: formatPhone(phone) } : {}),
    ...(loc.contact_detail.email ? { email: loc.contact_detail.email } : {}),
    ...(image ? { image } : {}),
    address: {
      '@type': 'PostalAddress',
      ...(a.street ? { streetAddress: a.street } : {}),
      ...(a.city ? { addressLocality: a.city } : {}),
      ...(a.state ? { addressRegion: a.state } : {}),
      ...(a.postcode ? { postalCode: a.postcode } : {}),
      addressCountry: 'AU',
    },
    ...(a.lat !== undefined && a.long !== undefined ? { geo: { '@type': 'GeoCoordinates', latitude: a.lat, longitude: a.long } } : {}),
    openingHoursSpecification: openingHoursSpecification(loc.contact_detail.opening_hours),
    ...(special.length ? { specialOpeningHoursSpecification: special } : {}),
    ...(loc.manufacturers.length ? { brand: loc.manufacturers.map((name) => ({ '@type': 'Brand', name })) } : {}),
    ...(rating ? { aggregateRating: rating } : {}),
    parentOrganization: { '@type': 'Organization', name: tenant.name, url: tenant.url },
  };
}

/** getStaticPaths of the location pages (/locations/{slug} and its alias /our-location/{slug}). */
export function locationPagePaths(model: SiteModel): { params: { slug: string }; props: { location: Location } }[] {
  return model.tenant.locations.map((location) => ({ params: { slug: location.slug }, props: { location } }));
}
