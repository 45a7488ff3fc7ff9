import { describe, expect, it } from 'vitest';
import { pagePaths, robotsTxt, routeOf, sitemapUrls, sitemapXml } from '../../src/lib/content/sitemap.ts';
import { themeCss } from '../../src/lib/content/theme.ts';
import { contrastRatio, readableOn, readableTint } from '../../src/lib/rules/contrast.ts';
import { ThemeSchema } from '../../src/lib/schemas/theme.ts';
import * as v from 'valibot';

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

describe('theme contrast', () => {
  it('computes WCAG contrast ratios', () => {
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrastRatio('#777777', '#777777')).toBe(1);
  });
  it('keeps text readable on any tenant colour', () => {
    // White on amber fails (2.0:1), so buttons and tags on it get near-black text.
    expect(readableOn('#f2a900', '#ffffff')).toBe('#111111');
    expect(readableOn('#0e6e8c', '#ffffff')).toBe('#ffffff');
    const tint = readableTint('#f2a900', '#ffffff');
    expect(contrastRatio(tint, '#ffffff')).toBeGreaterThanOrEqual(4.5);
    expect(readableTint('#0b5cab', '#ffffff')).toBe('#0b5cab');
  });
  it('writes the theme as custom properties, the header by its style', () => {
    const theme = v.parse(ThemeSchema, { primary: '#c8102e', header: 'primary', accent: '#f2a900' });
    const css = themeCss(theme);
    expect(css).toMatch(/^:root\{.*\}$/);
    expect(css).toContain('--primary:#c8102e');
    expect(css).toContain('--header-bg:#c8102e');
    expect(css).toContain('--accent-text:#111111');
    expect(themeCss(v.parse(ThemeSchema, {}))).toContain('--header-bg:#ffffff');
  });
});
