import { describe, expect, it } from 'vitest';
import { pagePaths, robotsTxt, routeOf, sitemapUrls, sitemapXml } from '../../src/lib/content/sitemap.ts';

describe('sitemap', () => {
  it('turns page files into routes without trailing slashes', () => {
    expect(routeOf('./index.astro')).toBe('/');
    expect(routeOf('./locations/index.astro')).toBe('/locations');
    expect(routeOf('./cars/[slug].astro')).toBe('/cars/[slug]');
    expect(routeOf('/work/src/pages/brands.astro')).toBe('/brands');
  });

  it('expands dynamic pages with their getStaticPaths', async () => {
    const paths = await pagePaths({
      './index.astro': {},
      './cars/[slug].astro': { getStaticPaths: () => [{ params: { slug: 'a' } }, { params: { slug: 'b' } }] },
      './offers/[manufacturer]/[id].astro': { getStaticPaths: async () => [{ params: { manufacturer: 'toyota', id: 'x' } }] },
      './[brand]/overview.astro': { getStaticPaths: () => [{ params: { brand: 'kia' } }] },
    });
    expect(paths).toEqual(['/', '/cars/a', '/cars/b', '/offers/toyota/x', '/kia/overview']);
  });

  it('lists canonical public URLs once, sorted, and leaves private pages out', () => {
    const canonical = new Map([
      ['/pages/about-us', '/about-us'],
      ['/our-location/x', '/locations/x'],
    ]);
    const urls = sitemapUrls(
      ['/about-us', '/pages/about-us', '/our-location/x', '/locations/x', '/sign-in', '/cars/a/checkout', '/404', '/my-garage', '/'],
      canonical,
      'https://acme.com.au',
    );
    expect(urls).toEqual(['https://acme.com.au/', 'https://acme.com.au/about-us', 'https://acme.com.au/locations/x']);
    expect(sitemapXml(['https://acme.com.au/?a=1&b=2'])).toContain('<loc>https://acme.com.au/?a=1&amp;b=2</loc>');
    expect(robotsTxt('https://acme.com.au')).toContain('Sitemap: https://acme.com.au/sitemap.xml');
  });
});
