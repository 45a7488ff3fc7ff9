import { describe, expect, it } from 'vitest';
import { VISITS_KEPT, landingQueryFor, nextVisits, pageIdOf } from '../../src/lib/forms/visits.ts';
import { leadBody } from '../../src/lib/forms/payload.ts';
import { CONTACT_FIELDS, contactOf } from '../../src/lib/forms/trade-in.ts';
import { hasPartsList, partsLink, sellsOnline, PARTS_ENQUIRY_LINK, PARTS_SEARCH_LINK } from '../../src/lib/content/navigation.ts';
import { SERVICE_PATH, serviceBookingLink } from '../../src/lib/rules/service-booking.ts';
import { revealDealership } from '../../functions/routes/phone-reveal.ts';
import type { SiteModel } from '../../src/lib/site/site-model.ts';

describe('visited pages (lead_attributes.visited_pages)', () => {
  it('appends each page, not a reload of the same one, and keeps the last 20', () => {
    let pages: string[] = [];
    for (const p of ['/', '/cars/', '/cars/', '/cars/a']) pages = nextVisits(pages, p);
    expect(pages).toEqual(['/', '/cars/', '/cars/a']);
    for (let i = 0; i < 30; i++) pages = nextVisits(pages, `/p${i}`);
    expect(pages).toHaveLength(VISITS_KEPT);
    expect(pages.at(-1)).toBe('/p29');
    expect(pages[0]).toBe('/p10');
  });
  it('cuts a path to the 500 characters the leads route accepts', () => {
    expect(nextVisits([], `/${'x'.repeat(700)}`)[0]).toHaveLength(500);
  });
  it('the landing query is the first page’s, never a later page’s', () => {
    expect(landingQueryFor('?utm_source=google&gclid=abc', '?make=Toyota')).toBe('?utm_source=google&gclid=abc');
    expect(landingQueryFor('', '?make=Toyota')).toBe('');
    expect(landingQueryFor(null, '?utm_source=fb')).toBe('?utm_source=fb');
  });
});

describe('lead body context', () => {
  const ctx = {
    url: 'https://x/service',
    userAgent: 'UA',
    visitedPages: ['/', '/service'],
    linkedQuery: '?utm_source=g&gclid=1',
    consentText: 'c',
    now: new Date(0),
  };
  it('sends page_id (the page the form was on) unless the form has its own', () => {
    expect(leadBody('Service', { name: 'A' }, { ...ctx, pageId: pageIdOf('/service') })['page_id']).toBe('/service');
    expect(leadBody('Service', { name: 'A', page_id: '42' }, { ...ctx, pageId: '/service' })['page_id']).toBe('42');
    expect(pageIdOf(`/${'y'.repeat(300)}`)).toHaveLength(100);
  });
  it('carries the visited pages and the landing query as parameters', () => {
    const body = leadBody('Service', { name: 'A' }, ctx);
    expect(body.lead_attributes).toEqual({ visited_pages: ['/', '/service'], linked_query_params: { utm_source: 'g', gclid: '1' } });
  });
  it('a trade-in started from a car page carries the car id, on every step', () => {
    expect(CONTACT_FIELDS).toContain('car_id');
    expect(contactOf({ name: 'A', car_id: 'c1', Rego: 'X' })).toEqual({ name: 'A', car_id: 'c1' });
  });
});

describe('footer links', () => {
  const model = (parts: unknown[] | undefined) =>
    ({ content: parts === undefined ? undefined : { pages: [], models: [], photos: {}, parts } }) as unknown as Pick<SiteModel, 'content'>;
  it('links the parts search only where the dealer lists parts, else the parts enquiry', () => {
    expect(hasPartsList(model(undefined))).toBe(false);
    expect(partsLink(model([]))).toBe(PARTS_ENQUIRY_LINK);
    expect(partsLink(model([{ id: '1', name: 'Filter' }]))).toBe(PARTS_SEARCH_LINK);
    expect(PARTS_ENQUIRY_LINK.href).toBe('/vehicle-parts-and-accessories#parts-form');
  });
  it('links /checkout-journey only where the tenant sells online and a car qualifies (the Reserve rule)', () => {
    const car = { listed: true, status: 'in_stock', price: 30000, reserved: false, tag: '' };
    const site = (on: boolean, cars: unknown[]) =>
      ({ tenant: { features: { reserve_online: on } }, vehicles: cars }) as unknown as Pick<SiteModel, 'vehicles' | 'tenant'>;
    expect(sellsOnline(site(true, [car]))).toBe(true);
    expect(sellsOnline(site(false, [car]))).toBe(false);
    expect(
      sellsOnline(
        site(true, [
          { ...car, status: 'sold' },
          { ...car, price: 100 },
          { ...car, listed: false },
        ]),
      ),
    ).toBe(false);
  });
  it('Book service online goes to the dealer’s booking page where the whole site books there, else /service', () => {
    const base = {
      dealerships: [{ slug: 'a', name: 'A' }],
      locations: [{ visible: true, dealership_slug: 'a', manufacturers: ['Toyota'], location_type: 'service' as const }],
    };
    expect(serviceBookingLink({ ...base, service_bookings: [{ dealership: 'a', url: 'https://book.example.com/a' }] })).toBe('https://book.example.com/a');
    expect(serviceBookingLink({ ...base, service_bookings: [] })).toBe(SERVICE_PATH);
    const two = {
      dealerships: [...base.dealerships, { slug: 'b', name: 'B' }],
      locations: [...base.locations, { ...base.locations[0]!, dealership_slug: 'b' }],
    };
    expect(serviceBookingLink({ ...two, service_bookings: [{ dealership: 'a', url: 'https://book.example.com/a' }] })).toBe(SERVICE_PATH);
  });
});

describe('phone reveal names the dealership', () => {
  const tenant = {
    dealerships: [
      { id: '1', slug: 'north', name: 'North Motors' },
      { id: '2', slug: 'south', name: 'South Motors' },
    ],
    locations: [
      { id: 'l1', dealership_slug: 'north' },
      { id: 'l2', dealership_slug: 'south' },
    ],
  };
  it('the id the page sent, else the car’s, else its location’s dealership', () => {
    expect(revealDealership('2', { car: {}, tenant })).toEqual({ id: '2', name: 'South Motors' });
    expect(revealDealership(undefined, { car: { dealership_id: 1 }, tenant })).toEqual({ id: '1', name: 'North Motors' });
    expect(revealDealership('', { car: { location: { id: 'l2' } }, tenant })).toEqual({ id: '2', name: 'South Motors' });
    expect(revealDealership(undefined, { car: {}, tenant })).toBeUndefined();
    expect(revealDealership(undefined, { car: {}, tenant: { ...tenant, dealerships: tenant.dealerships.slice(0, 1) } })).toEqual({
      id: '1',
      name: 'North Motors',
    });
  });
});
