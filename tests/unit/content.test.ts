import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { brandGrids, brandOverviews } from '../../src/lib/content/brands.ts';
import { type LoadedContent } from '../../src/lib/content/load-content.ts';
import { loadContent } from '../../src/io/content-folder.ts';
import { markdownText, renderMarkdown } from '../../src/lib/content/markdown.ts';
import { modelPages, offerPicture } from '../../src/lib/content/models.ts';
import { footerNav, headerNav } from '../../src/lib/content/navigation.ts';
import { activeOffers, activePopup, homeSlides, offerPath, reviewSummary, standardPage, whyChooseUs } from '../../src/lib/content/site-content.ts';
import { STANDARD_PAGES } from '../../src/lib/content/default-pages.ts';
import type { Vehicle } from '../../src/lib/model/vehicle.ts';
import { readVdpExtras } from '../../src/lib/schemas/vdp-extras.ts';
import { makeSiteModel, type SiteModel } from '../../src/lib/site/site-model.ts';
import { parseTenantConfig, resolveTenant } from '../../src/lib/tenant/load-tenant.ts';

const dirs: string[] = [];
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

function tenantDir(files: Record<string, string>): string {
  const dir = mkdtempSync(join(tmpdir(), 'browse-content-'));
  dirs.push(dir);
  for (const [name, text] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, name)), { recursive: true });
    writeFileSync(join(dir, name), text);
  }
  return dir;
}

const MINIMAL = { slug: 'acme-motors', name: 'Acme Motors', url: 'https://acme.com.au', locations: [{ name: 'Acme Motors Caringbah' }] };

function site(config: Record<string, unknown> = MINIMAL, content?: LoadedContent, vehicles: Partial<Vehicle>[] = []): SiteModel {
  const tenant = resolveTenant(parseTenantConfig(config, 'acme', 'tenant.json'), '/nowhere');
  return makeSiteModel({
    tenant,
    vehicles: vehicles.map(
      (v, i) =>
        ({
          id: String(i),
          listed: true,
          car_type: 'new',
          status: 'in_stock',
          photos: [],
          extras: readVdpExtras({}).extras,
          make: 'Toyota',
          path: `/cars/${i}`,
          ...v,
        }) as Vehicle,
    ),
    now: Date.parse('2026-11-22T02:00:00Z') / 1000,
    built_at: '2026-11-22T02:00:00Z',
    ...(content ? { content } : {}),
  });
}

describe('loadContent', () => {
  it('reads every content file, resolving image paths against the file they are written in', () => {
    const dir = tenantDir({
      'content/slides.json': JSON.stringify([{ name: 'Summer sale', url: '/models/hilux', image: 'images/s1.jpg' }]),
      'content/offers.json': JSON.stringify([{ id: 'hilux-deal', name: 'HiLux deal', description: 'Save', manufacturer: 'Toyota', model: { name: 'HiLux' } }]),
      'content/pages/about-us.md': '---\ntitle: About Acme\nimage: ../images/team.jpg\n---\n# Our story\n\n![Team](../images/team.jpg)\n',
      'content/models/hilux.md': '---\nmake: Toyota\nmodel: HiLux\n---\nThe workhorse.',
      'content/popup.json': JSON.stringify({ title: 'Sale', expires: '2026-12-31' }),
    });
    const { content, problems, images } = loadContent(dir, 'acme');
    expect(problems).toEqual([]);
    expect(content.slides?.[0]).toMatchObject({ name: 'Summer sale', image: 'content/images/s1.jpg', hide_overlay: false });
    expect(content.pages[0]).toMatchObject({ slug: 'about-us', title: 'About Acme', image: 'content/images/team.jpg' });
    expect(content.pages[0]?.body).toContain('](content/images/team.jpg)');
    expect(content.models[0]).toMatchObject({ slug: 'hilux', make: 'Toyota', model: 'HiLux' });
    expect(new Set(images)).toEqual(new Set(['content/images/s1.jpg', 'content/images/team.jpg']));
    expect(content.offers).toHaveLength(1);
  });

  it('leaves out only the bad entry, with a message naming the file, the entry and the field', () => {
    const dir = tenantDir({
      'content/offers.json': JSON.stringify([
        { id: 'ok-offer', name: 'Fine', description: 'Fine offer' },
        { id: 'Bad Id', name: '', description: 'x', colour: 'red' },
        { id: 'ok-offer', name: 'Duplicate', description: 'Second with the same id' },
      ]),
    });
    const { content, problems } = loadContent(dir, 'acme');
    expect(content.offers?.map((o) => o.name)).toEqual(['Fine']);
    expect(problems).toHaveLength(2);
    expect(problems[0]).toContain('Tenant "acme": content/offers.json is invalid:');
    expect(problems[0]).toContain('  - 1.id: expected a slug of lower-case letters, digits and hyphens, received "Bad Id" (entry left out)');
    expect(problems[0]).toContain('  - 1.name: expected some text, received "" (entry left out)');
    expect(problems[0]).toContain('1.colour: unknown field (check the spelling)');
    expect(problems[1]).toContain('id: "ok-offer" is used by more than one offer');
  });

  it('search promos: valid cards kept, a bad one and one whose expiry is before its start left out, each named', () => {
    const dir = tenantDir({
      'content/search-promos.json': JSON.stringify([
        { title: 'Trade-in', text: 'Value your car', href: '/sell-your-car', cta: 'Value my car', display: ['used'], strict_display: true, position: 3 },
        { title: 'Bad link', text: 'x', href: 'javascript:alert(1)', cta: 'Go' },
        { title: 'Backwards', text: 'x', href: '/finance', cta: 'Go', start: '2026-12-10', expires: '2026-12-01' },
      ]),
    });
    const { content, problems } = loadContent(dir, 'acme');
    expect(content.search_promos?.map((p) => p.title)).toEqual(['Trade-in']);
    const text = problems.join('\n');
    expect(text).toContain('content/search-promos.json is invalid:');
    expect(text).toContain('1.href: expected a path starting with / or an http(s) URL');
    expect(text).toContain('"Backwards": expires 2026-12-01 is before start 2026-12-10, so it would never show (entry left out)');
  });

  it('reports unreadable JSON and YAML, wrong shapes and unknown files, and keeps the rest', () => {
    const dir = tenantDir({
      'content/slides.json': '[{"name": "x",]',
      'content/features.json': '{"title": "not a list"}',
      'content/pages/careers.md': '---\ntitle: [unclosed\n---\nBody',
      'content/pages/Fleet Page.md': '---\ntitle: Fleet\n---\n',
      'content/pages/warranty.md': '---\ndescription: no title\n---\nBody',
      'content/offer.json': '[]',
      'content/reviews.json': JSON.stringify({ average_rating: '4.8', count: 20, reviews: [] }),
    });
    const { content, problems } = loadContent(dir, 'acme');
    const text = problems.join('\n');
    expect(text).toContain('content/slides.json cannot be read:');
    expect(text).toContain('content/features.json is invalid:\n  - (root): expected a list ([...]), received an object (file left out)');
    expect(text).toContain('content/pages/careers.md cannot be read: the front matter is not valid YAML');
    expect(text).toContain('content/pages/Fleet Page.md is invalid:\n  - (file name): expected a slug');
    expect(text).toContain('content/pages/warranty.md is invalid:\n  - front matter title: required, but it is missing');
    expect(text).toContain('content/offer.json is invalid:\n  - (file): not a content file (known: slides.json, offers.json');
    expect(content.slides).toBeUndefined();
    expect(content.pages).toEqual([]);
    expect(content.reviews?.average_rating).toBe('4.8');
  });

  it('has nothing to read for a tenant without content/', () => {
    expect(loadContent(tenantDir({ 'tenant.json': '{}' }), 'acme')).toEqual({ content: { pages: [], models: [], photos: {} }, problems: [], images: [] });
  });
});

describe('markdown', () => {
  it('starts headings at h2, shows raw HTML as text and marks external links', () => {
    const html = renderMarkdown('# Title\n\n<script>alert(1)</script>\n\n[site](https://example.com) [home](/)');
    expect(html).toContain('<h2>Title</h2>');
    expect(html).not.toContain('<script>');
    expect(html).toContain('&lt;script&gt;');
    expect(html).toContain('<a href="https://example.com" rel="noopener">site</a>');
    expect(markdownText('**Bold** and [link](/x)')).toBe('Bold and link');
  });
});

describe('defaults for a minimal tenant (slug, name, url, locations only)', () => {
  const m = site();
  it('has every standard page with default copy', () => {
    for (const slug of STANDARD_PAGES) {
      const page = standardPage(m, slug);
      expect(page.custom).toBe(false);
      expect(page.title.length).toBeGreaterThan(3);
      expect(page.body.length).toBeGreaterThan(80);
      expect(page.description).toBeTruthy();
    }
    expect(standardPage(m, 'about-us').body).toContain('Acme Motors');
  });
  it('has a welcome slide, four Why choose us items, no offers, no reviews and no popup', () => {
    expect(homeSlides(m)).toHaveLength(1);
    expect(homeSlides(m)[0]).toMatchObject({ name: 'Acme Motors', url: '/search/new-used-and-demo-cars' });
    expect(whyChooseUs(m)).toHaveLength(4);
    expect(activeOffers(m)).toEqual([]);
    expect(reviewSummary(m)).toBeUndefined();
    expect(activePopup(m)).toBeUndefined();
  });
  it('has the spec header and footer', () => {
    const header = headerNav(m);
    expect(header.map((i) => i.label)).toEqual(['Home', 'Vehicles', 'Offers', 'Our Stock', 'Finance', 'Service', 'Company']);
    expect(header.find((i) => i.label === 'Our Stock')?.href).toBe('/cars/');
    expect(header.find((i) => i.label === 'Service')?.children.map((c) => c.href)).toEqual([
      '/service',
      '/warranty',
      '/roadside-assist',
      '/capped-price-servicing',
      '/vehicle-parts-and-accessories',
    ]);
    expect(header.find((i) => i.label === 'Company')?.children.map((c) => c.href)).toEqual([
      '/about-us',
      '/careers',
      '/contact',
      '/fleet/',
      '/terms-and-conditions',
    ]);
    const footer = footerNav(m);
    expect(footer.map((g) => g.title)).toEqual(['Vehicles', 'Buyer Tools', 'Servicing and Parts', 'Company']);
    // No stock here: the New, Demo and Used Cars searches would be empty, so Buyer Tools leaves them out.
    expect(footer[1]?.links.map((l) => l.href)).toEqual(['/special-offers', '/finance', '/fleet']);
    // No parts list: the footer leads to the parts enquiry, never an empty parts search (issue 26).
    expect(footer[2]?.links.at(-1)).toEqual({ label: 'Parts Enquiry', href: '/vehicle-parts-and-accessories#parts-form' });
    expect(footer[3]?.links.map((l) => l.href)).toEqual(['/about-us', '/careers', '/contact', '/privacy-policy', '/terms-and-conditions']);
  });
});

describe('stock-driven menus, models and brands', () => {
  const cars: Partial<Vehicle>[] = [
    { make: 'Toyota', model: 'HiLux', car_type: 'new' },
    { make: 'Toyota', model: 'HiLux', car_type: 'demo' },
    { make: 'Toyota', model: 'Corolla', car_type: 'new' },
    { make: 'Ford', model: 'Ranger', car_type: 'used' },
    { make: 'Yamaha', model: 'MT-07', car_type: 'new', item_type: 'motorcycle' },
    { make: 'Hino', model: '300', car_type: 'used', item_type: 'truck' },
  ];
  const config = {
    ...MINIMAL,
    locations: [
      { name: 'Acme Toyota', manufacturers: ['Toyota'], dealership_slug: 'acme-toyota' },
      { name: 'Acme Bikes', manufacturers: ['Yamaha'], dealership_slug: 'acme-bikes' },
    ],
  };
  const m = site(config, undefined, cars);
  it('makes model pages for models sold new or demo', () => {
    expect(modelPages(m).map((p) => [p.slug, p.vehicles.length])).toEqual([
      ['corolla', 1],
      ['hilux', 2],
      ['mt-07', 1],
    ]);
    const vehicles = headerNav(m).find((i) => i.label === 'Vehicles');
    // Then the manufacturers and models search (spec section 7) and all brands.
    expect(vehicles?.children.map((c) => c.href)).toEqual(['/models/corolla', '/models/hilux', '/models/mt-07', '/models', '/brands']);
    const stock = headerNav(m).find((i) => i.label === 'Our Stock');
    expect(stock?.children.map((c) => c.label)).toEqual(['All stock', 'New Cars', 'Demo Cars', 'Used Cars', 'Browse by brand']);
    expect(footerNav(m)[1]?.links.map((l) => l.href)).toEqual([
      '/search/new-cars',
      '/search/demo-cars',
      '/search/used-cars',
      '/special-offers',
      '/finance',
      '/fleet',
    ]);
    const usedOnly = site(config, undefined, [{ make: 'Ford', model: 'Ranger', car_type: 'used' }]);
    expect(footerNav(usedOnly)[1]?.links.map((l) => l.href)).toEqual(['/search/used-cars', '/special-offers', '/finance', '/fleet']);
  });
  it('lists every model of a one-make dealer in the Vehicles menu, A to Z', () => {
    const many: Partial<Vehicle>[] = [];
    for (let i = 0; i < 20; i++) for (let n = 0; n <= i; n++) many.push({ make: 'Kia', model: `Model ${String(i).padStart(2, '0')}`, car_type: 'new' });
    const menu = headerNav(site(MINIMAL, undefined, many)).find((x) => x.label === 'Vehicles')?.children ?? [];
    expect(menu).toHaveLength(22);
    expect(menu[0]?.label).toBe('Model 00');
    expect(menu[19]?.label).toBe('Model 19');
    expect(menu[20]).toEqual({ label: 'Search all models', href: '/models' });
    expect(menu[21]).toEqual({ label: 'All brands', href: '/brands' });
  });
  it('a group with more models than the menu holds lists its makes, and a car sold or added never changes the menus', () => {
    const stock = (extra: number): Partial<Vehicle>[] => {
      const cars: Partial<Vehicle>[] = [];
      for (const make of ['Kia', 'Ford']) for (let i = 0; i < 10; i++) for (let n = 0; n <= i; n++) cars.push({ make, model: `${make} ${i}`, car_type: 'new' });
      for (let n = 0; n < extra; n++) cars.push({ make: 'Kia', model: 'Kia 0', car_type: 'new' });
      return cars;
    };
    const menus = (extra: number) => {
      const s = site(MINIMAL, undefined, stock(extra));
      return { header: headerNav(s).find((x) => x.label === 'Vehicles')?.children, footer: footerNav(s)[0]?.links };
    };
    expect(menus(0).header?.map((l) => l.label)).toEqual(['Ford models', 'Kia models', 'Search all models', 'All brands']);
    expect(menus(0).header?.[0]?.href).toBe('/search/ford');
    // Kia 0 goes from 1 car to 12, past every other model: the menus stay as they were.
    expect(menus(11)).toEqual(menus(0));
  });
  it('makes a used dealer’s top models its model pages', () => {
    const used = site(MINIMAL, undefined, [{ make: 'Mazda', model: 'CX-5', car_type: 'used' }]);
    expect(modelPages(used).map((p) => p.slug)).toEqual(['cx-5']);
  });
  it('puts the franchises (tenant config) in the grids by kind, the other makes in stock apart, and the group’s dealerships', () => {
    const grids = brandGrids(m);
    expect(grids.car.map((b) => b.slug)).toEqual(['toyota']);
    expect(grids.motorcycle.map((b) => b.slug)).toEqual(['yamaha']);
    expect(grids.truck.map((b) => b.slug)).toEqual([]);
    // A make with one used car is in stock, not a brand the dealer represents (issue 26).
    expect(grids.used.map((b) => [b.slug, b.vehicles.length, b.franchise])).toEqual([
      ['ford', 1, false],
      ['hino', 1, false],
    ]);
    expect(grids.group.map((g) => [g.slug, g.href])).toEqual([
      ['acme-toyota', '/acme-toyota/overview'],
      ['acme-bikes', '/acme-bikes/overview'],
    ]);
    expect(brandOverviews(grids).map((b) => b.slug)).toEqual(['toyota', 'yamaha', 'ford', 'hino']);
  });
  it('shows a franchise without stock in its first kind’s grid, and one with stock in the grids of its kinds', () => {
    const grids = brandGrids(
      site({ ...MINIMAL, locations: [{ name: 'Acme', manufacturers: ['Kia', 'Honda', 'Isuzu'], dealership_slug: 'acme' }] }, undefined, [
        { make: 'Honda', model: 'CB650R', car_type: 'new', item_type: 'motorcycle' },
        { make: 'Mazda', model: 'CX-5', car_type: 'used' },
      ]),
    );
    expect(grids.car.map((b) => b.slug)).toEqual(['isuzu', 'kia']);
    expect(grids.motorcycle.map((b) => [b.slug, b.vehicles.length])).toEqual([['honda', 1]]);
    expect(grids.used.map((b) => b.slug)).toEqual(['mazda']);
  });
  it('lets the tenant replace header and footer', () => {
    const own = site({
      ...MINIMAL,
      navigation: {
        header: [{ label: 'Cars', href: '/cars/', dynamic: 'stock' }],
        footer: [{ title: 'Help', links: [{ label: 'Contact', href: '/contact' }] }],
      },
    });
    expect(headerNav(own)).toEqual([{ label: 'Cars', href: '/cars/', children: expect.arrayContaining([{ label: 'All stock', href: '/cars/' }]) }]);
    expect(footerNav(own)).toEqual([{ title: 'Help', links: [{ label: 'Contact', href: '/contact' }] }]);
  });
});

describe('offer pictures (image_or_model_image)', () => {
  const photo = (source: string) => ({
    ok: true as const,
    source,
    sizes: [{ url: `/i/${source}.webp`, width: 640, height: 480 }],
    thumb: { url: '/t.webp', width: 96, height: 72 },
    colour: '#888',
  });
  const content: LoadedContent = {
    pages: [],
    models: [{ slug: 'hilux', make: 'Toyota', model: 'HiLux', body: '', image: 'content/images/hilux.jpg', image_alt: 'A HiLux on a beach' }],
    photos: { 'content/images/offer.jpg': photo('content/images/offer.jpg'), 'content/images/hilux.jpg': photo('content/images/hilux.jpg') },
    offers: [
      { id: 'own', name: 'Own', description: 'x', image: 'content/images/offer.jpg', image_alt: 'The offer', model: { name: 'HiLux' } },
      { id: 'model', name: 'Model', description: 'x', manufacturer: 'Toyota', model: { name: 'HiLux' } },
      { id: 'none', name: 'None', description: 'x', model: { name: 'Corolla' } },
    ],
  };
  const m = site(MINIMAL, content);
  it("an offer shows its own picture, else its model page's, else none", () => {
    const [own, fromModel, none] = (content.offers ?? []).map((o) => offerPicture(m, o));
    expect([own?.photo?.source, own?.alt]).toEqual(['content/images/offer.jpg', 'The offer']);
    expect([fromModel?.photo?.source, fromModel?.alt]).toEqual(['content/images/hilux.jpg', 'A HiLux on a beach']);
    expect(none?.photo).toBeUndefined();
  });
});

describe('content rules over time', () => {
  const content: LoadedContent = {
    pages: [],
    models: [],
    photos: {},
    offers: [
      { id: 'old', name: 'Old', description: 'x', expires: '2026-11-22' },
      { id: 'live', name: 'Live', description: 'x', expires: '2026-11-23', manufacturer: 'Mercedes-Benz' },
      { id: 'plain', name: 'Plain', description: 'x' },
    ],
    popup: { title: 'Boxing Day', expires: '2026-11-21' },
    reviews: {
      average_rating: undefined,
      count: undefined,
      reviews: [
        { customer_name: 'A', text: 'Great', rating: 5, review_date: '2026-10-01' },
        { customer_name: 'B', text: 'Good', rating: 4, review_date: '2026-11-01' },
      ],
    },
  };
  it('drops offers from their expiry date on and gives each offer its path', () => {
    const offers = activeOffers(site(MINIMAL, content));
    expect(offers.map((o) => o.id)).toEqual(['live', 'plain']);
    expect(offers.map(offerPath)).toEqual(['/offers/mercedes-benz/live', '/offers/plain']);
  });
  it('hides an expired popup, and any popup unless the tenant switches it on', () => {
    expect(activePopup(site({ ...MINIMAL, features: { promo_popup: true } }, content))).toBeUndefined();
    const live = { ...content, popup: { title: 'Sale', expires: '2026-11-22' } };
    expect(activePopup(site({ ...MINIMAL, features: { promo_popup: true } }, live))?.title).toBe('Sale');
    expect(activePopup(site(MINIMAL, live))).toBeUndefined();
  });
  it('averages listed reviews when no aggregate is given, newest first, above the minimum only', () => {
    const summary = reviewSummary(site(MINIMAL, content));
    expect(summary?.average).toBe(4.5);
    expect(summary?.count).toBe(2);
    expect(summary?.reviews.map((r) => r.customer_name)).toEqual(['B', 'A']);
    expect(reviewSummary(site({ ...MINIMAL, features: { hide_reviews: true } }, content))).toBeUndefined();
    expect(reviewSummary(site({ ...MINIMAL, reviews: { min_rating: 4.5 } }, content))).toBeUndefined();
  });
  it('falls back to the dealerships’ ratings weighted by review count', () => {
    const m = site({
      ...MINIMAL,
      dealerships: [
        { id: 1, slug: 'a', name: 'A', average_rating: 4.8, review_count: 300 },
        { id: 2, slug: 'b', name: 'B', average_rating: 4.2, review_count: 100 },
      ],
    });
    expect(reviewSummary(m)).toMatchObject({ average: 4.65, count: 400, reviews: [] });
  });
});
