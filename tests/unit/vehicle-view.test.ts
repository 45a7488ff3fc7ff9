import { describe, expect, it } from 'vitest';
import { locationById, vehicleView, vehicleViews, viewCardFacts } from '../../src/lib/model/vehicle-view.ts';
import { cardFacts, cardSettingsFor } from '../../src/lib/model/card-facts.ts';
import { makeSiteModel, viewOf } from '../../src/lib/site/site-model.ts';
import { testTenant, testVehicle } from './helpers/vehicle.ts';

const NOW = Date.parse('2026-11-22T02:00:00Z') / 1000;

const tenantWith = testTenant;
const car = testVehicle;

describe('vehicleView: what every output says about a car, decided once', () => {
  it('names, prices and links the car by the site rules', () => {
    const tenant = tenantWith();
    const view = vehicleView(car({ before_price: 49990 }), { tenant, now: NOW });
    expect(view).toMatchObject({
      id: '101',
      title: '2021 Toyota Hilux',
      subtitle: 'SR5 GUN126R',
      fullName: '2021 Toyota Hilux SR5 GUN126R',
      price: { kind: 'price', amount: 45990, text: '$45,990' },
      shownPrice: 45990,
      priceLabel: 'Drive away',
      priceNote: 'Drive away',
      wasPrice: '$49,990',
      available: true,
      sold: false,
      testDriveOnly: false,
      rank: 5,
      links: { path: '/cars/2021-toyota-hilux-101', url: 'https://acme.com.au/cars/2021-toyota-hilux-101', enquire: '/cars/2021-toyota-hilux-101#enquire' },
    });
    // No location of its own: advertised from the tenant's primary (first) location.
    expect(view.locationId).toBeUndefined();
    expect(locationById(tenant.locations, view.servingLocationId)?.name).toBe('Acme Motors Caringbah');
  });

  it('a $0 car shows the no-price text and no price label under it; a sold car is not available and gets no finance', () => {
    const tenant = tenantWith();
    const zero = vehicleView(car({ price: 0 }), { tenant, now: NOW });
    expect(zero.price.kind).toBe('no-price');
    expect(zero.shownPrice).toBeUndefined();
    expect(zero.priceNote).toBeUndefined();
    expect(zero.priceLabel).toBe('Drive away');
    const sold = vehicleView(car({ status: 'sold', sold: true }), { tenant, now: NOW });
    expect(sold).toMatchObject({ available: false, sold: true, reserve: undefined, tag: { kind: 'sold' } });
    expect(sold.finance.hidden).toBe(true);
    expect(sold.actions.soldPanel).toBe(true);
  });

  it('reserves online only eligible cars, with the car processor deposit; never a Test Drive Only car', () => {
    const tenant = tenantWith({ features: { reserve_online: true } });
    const eligible = vehicleView(car({ payment_processors: [{ deposit: 250 }] }), { tenant, now: NOW });
    expect(eligible.reserve).toEqual({ href: '/cars/2021-toyota-hilux-101/checkout', label: 'Reserve for $250', deposit: 250 });
    expect(eligible.actions.reserve).toEqual(eligible.reserve);
    const testDrive = vehicleView(car({ tag: ' Test Drive Only ' }), { tenant, now: NOW });
    expect(testDrive.testDriveOnly).toBe(true);
    expect(testDrive.reserve).toBeUndefined();
    const off = vehicleView(car(), { tenant: tenantWith(), now: NOW });
    expect(off.reserve).toBeUndefined();
  });

  it("names the car's dealership from its location when the car names none", () => {
    const tenant = tenantWith();
    const loc = tenant.locations[1];
    if (!loc) throw new Error('fixture has two locations');
    const view = vehicleView(car({ location: { id: loc.id, name: loc.name, slug: loc.slug, primary: false } }), { tenant, now: NOW });
    expect(view.locationId).toBe(loc.id);
    expect(view.servingLocationId).toBe(loc.id);
    expect(view.dealership?.slug).toBe(loc.dealership_slug);
  });

  it("hides finance for a car whose dealership, from its location, is one the tenant hides finance for (issue 13's finding)", () => {
    const base = tenantWith();
    const loc = base.locations[1];
    if (!loc) throw new Error('fixture has two locations');
    const tenant = { ...base, finance: { ...base.finance, hidden_dealerships: [loc.dealership_slug] } };
    const atLocation = car({ location: { id: loc.id, name: loc.name, slug: loc.slug, primary: false } });
    expect(atLocation.dealership_slug).toBeUndefined();
    const view = vehicleView(atLocation, { tenant, now: NOW });
    expect(view.finance.hidden).toBe(true);
    expect(view.finance.display.show).toBe('none');
    // The same car at no location names no dealership: its finance shows.
    expect(vehicleView(car(), { tenant, now: NOW }).finance.hidden).toBe(false);
  });

  it('a built card (from the view) says what a search hit card says (cardFacts of the car)', () => {
    const tenant = tenantWith({ features: { reserve_online: true, buy_online_path: true } });
    for (const c of [car(), car({ status: 'sold', sold: true }), car({ price: 0, preorder: true }), car({ reserved: true }), car({ status: 'coming_soon' })])
      expect(viewCardFacts(vehicleView(c, { tenant, now: NOW }))).toEqual(cardFacts(c, cardSettingsFor(tenant)));
  });

  it('is pure and JSON-safe: the same car gives the same view, and it survives model.json', () => {
    const tenant = tenantWith({ features: { reserve_online: true } });
    const cars = [car(), car({ id: '102', slug: 'b', path: '/cars/b', status: 'coming_soon' })];
    const views = vehicleViews(cars, { tenant, now: NOW });
    expect(vehicleViews(cars, { tenant, now: NOW })).toEqual(views);
    expect(JSON.parse(JSON.stringify(views))).toEqual(views);
    const model = makeSiteModel({ tenant, vehicles: cars, now: NOW, built_at: '' });
    expect(viewOf(model, { id: '102' }).tag?.kind).toBe('coming-soon');
    expect(() => viewOf(model, { id: 'nope' })).toThrow(/no view/);
  });
});
