import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import VehicleCard from '../../src/components/VehicleCard.tsx';
import { cardFacts, cardView as layCard, reserveHref, type CardCar, type CardSettings } from '../../src/lib/model/card-facts.ts';
import { cardCarFromDoc } from '../../src/lib/search/card.ts';
import { vdpActions } from '../../src/lib/rules/vdp-actions.ts';
import { toSearchDocs } from '../../src/lib/search/documents.ts';
import type { Vehicle } from '../../src/lib/model/vehicle.ts';

const NOW = 1_800_000_000;
const settings = (over: Partial<CardSettings> = {}): CardSettings => ({
  noPriceText: 'Enquire for price.',
  tag: { fuelTags: true, newArrivalText: 'New Arrival', soldText: 'JUST SOLD', comingSoonText: 'COMING SOON' },
  reserveOnline: true,
  buyOnlinePath: false,
  ...over,
});
const car = (over: Partial<CardCar> = {}): CardCar => ({
  id: '1',
  path: '/cars/2021-toyota-hilux-sr5-abc1',
  make: 'Toyota',
  model: 'HiLux',
  year: 2021,
  badge: 'SR5',
  car_type: 'used',
  status: 'in_stock',
  price: 52_990,
  km: 41_000,
  photos: [],
  ...over,
});
/** A card as the search island makes it: the hit's facts by cardFacts, laid out by cardView. */
const cardView = (c: CardCar, s: CardSettings) => layCard(c, cardFacts(c, s));
const render = (c: CardCar, priority = false) => renderToStaticMarkup(createElement(VehicleCard, { car: c, settings: settings(), priority }));
const labels = (c: CardCar, s = settings()) => cardView(c, s).actions.map((a) => a.label);

describe('card buttons', () => {
  it('available cars: Explore Vehicle, Quick Enquiry (to the enquiry anchor), Reserve where the tenant reserves online', () => {
    const v = cardView(car(), settings());
    expect(v.actions).toEqual([
      { label: 'Explore Vehicle', href: '/cars/2021-toyota-hilux-sr5-abc1', style: 'primary' },
      { label: 'Quick Enquiry', href: '/cars/2021-toyota-hilux-sr5-abc1#enquire', style: 'outline' },
      { label: 'Reserve', href: '/cars/2021-toyota-hilux-sr5-abc1/checkout', style: 'accent' },
    ]);
    expect(reserveHref(car(), settings({ buyOnlinePath: true }))).toBe('/cars/2021-toyota-hilux-sr5-abc1/buy-online');
    expect(labels(car(), settings({ reserveOnline: false }))).toEqual(['Explore Vehicle', 'Quick Enquiry']);
  });

  it('Reserve only for eligible cars: in stock, not sold, not reserved, price over 200, not Test Drive Only', () => {
    expect(labels(car({ price: 201 }))).toContain('Reserve');
    expect(labels(car({ price: 200 }))).not.toContain('Reserve');
    expect(labels(car({ reserved: true }))).not.toContain('Reserve');
    expect(labels(car({ status: 'coming_soon' }))).toEqual(['Explore Vehicle', 'Quick Enquiry']);
    expect(labels(car({ tag: 'Test Drive Only' }))).toEqual(['Explore Vehicle', 'Quick Enquiry']);
  });

  it("the card's Reserve and the vehicle page's are one rule: they agree on every kind of car, Test Drive Only in any case included", () => {
    const variants: Partial<CardCar>[] = [
      {},
      { price: 200 },
      { price: 201 },
      { reserved: true },
      { status: 'coming_soon' },
      { status: 'sold', sold: true },
      { sold: true },
      { tag: 'Test Drive Only' },
      { tag: ' TEST DRIVE ONLY ' },
      { tag: 'Demo' },
    ];
    for (const over of variants) {
      for (const buyOnlinePath of [false, true]) {
        const c = car(over);
        const page = vdpActions(
          { ...c, slug: c.path.replace('/cars/', ''), tag: c.tag ?? undefined },
          { reserveOnline: true, buyOnlinePath, favourites: false, watchlist: false },
        );
        expect(reserveHref(c, settings({ buyOnlinePath })), JSON.stringify(over)).toBe(page.reserve?.href);
      }
    }
  });

  it('a sold car shows Find Me Something Similar instead, with the sold tag', () => {
    const v = cardView(car({ status: 'sold', sold: true, sold_date_timestamp: NOW - 3600 }), settings());
    expect(v.actions.map((a) => a.label)).toEqual(['Find Me Something Similar']);
    expect(v.tag).toEqual({ kind: 'sold', text: 'JUST SOLD' });
  });

  it('price and tag come from the spec rules', () => {
    expect(cardView(car({ price: 0 }), settings()).price.text).toBe('Enquire for price.');
    expect(cardView(car({ reserved: true, simple_fuel: 'Hybrid' }), settings()).tag?.text).toBe('HYBRID');
    expect(cardView(car({ reserved: true }), settings()).tag?.text).toBe('RESERVED');
    expect(cardView(car({ created_at: NOW - 86_400, just_arrived: true }), settings()).tag?.text).toBe('New Arrival');
  });
});

describe('one card everywhere', () => {
  const vehicle = {
    ...car(),
    id: '520001',
    slug: '2021-toyota-hilux-sr5-abc1',
    listed: true,
    just_arrived: true,
    custom_rank: 5,
    stocknum: 'ABC1',
    price_type: 'DAP',
    fuel: 'Diesel Turbo',
    simple_fuel: 'Diesel',
    trans: '6 Speed Auto',
    simple_transmission: 'Automatic',
    simple_body: 'ute',
    body: 'Dual Cab Pick-up',
    created_at: NOW - 2 * 86_400,
    location: { id: '1', name: 'West Gosford', slug: 'west-gosford', primary: true },
    image_sources: ['a.jpg'],
    spin_sources: [],
    photos: [
      {
        ok: true,
        source: 'a.jpg',
        colour: '#aabbcc',
        sizes: [],
        thumb: { url: '/img/1e/1e6edc969a124942a609ab68ef6da6fb-t160x120-q75.webp', width: 160, height: 120 },
        card: {
          small: { url: '/img/1e/1e6edc969a124942a609ab68ef6da6fb-c528x385-q75.webp', width: 528, height: 385 },
          large: { url: '/img/1e/1e6edc969a124942a609ab68ef6da6fb-c800x407-q75.webp', width: 800, height: 407 },
        },
      },
    ],
  } as unknown as Vehicle;

  it('a search hit renders the same card as the vehicle it came from', () => {
    const { docs, template } = toSearchDocs([vehicle], {});
    const fromHit = cardCarFromDoc(docs[0] as (typeof docs)[0], template);
    expect(cardView(fromHit, settings())).toEqual(cardView(vehicle, settings()));
    expect(render(fromHit)).toBe(render(vehicle));
  });

  it('renders plain HTML: links and the photo, nothing that needs JavaScript', () => {
    const html = render(vehicle, true);
    expect(html).toContain('href="/cars/2021-toyota-hilux-sr5-abc1/checkout"');
    expect(html).toContain('Explore Vehicle');
    expect(html).toContain('fetchPriority="high"');
    expect(html).toContain('srcSet="/img/1e/1e6edc969a124942a609ab68ef6da6fb-c528x385-q75.webp 528w');
    expect(html).not.toMatch(/on[a-z]+=/);
    const placeholder = render({ ...vehicle, photos: [] });
    expect(placeholder).toContain('/img/placeholder-car.svg');
  });
});
