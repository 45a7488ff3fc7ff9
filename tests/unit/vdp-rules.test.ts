import { describe, expect, it } from 'vitest';
import { estimateDelivery, DeliveryMessages } from '../../src/lib/delivery/index.ts';
import { shouldShowPriceGauge, type PriceGauge } from '../../src/lib/price-gauge/index.ts';
import { callUsNumber, phoneShown } from '../../src/lib/rules/call-us.ts';
import { cardTag, isJustArrived } from '../../src/lib/rules/card-tag.ts';
import {
  FUEL_DISTANCE_DEFAULT,
  FUEL_PRICE_DEFAULT,
  fuelEconomy,
  isFuelCalculatorShown,
  parseFuelInput,
  weeklyFuelCost,
} from '../../src/lib/rules/fuel-cost.ts';
import { isListed } from '../../src/lib/rules/listing.ts';
import { priceDisplay } from '../../src/lib/rules/price-display.ts';
import { isReserveEligible, isTestDriveOnly, reserveLabel, vdpActions, type ActionFacts, type ActionSettings } from '../../src/lib/rules/vdp-actions.ts';
import {
  allSpecifications,
  COMMENTS_PENDING,
  dealerComments,
  directionsUrl,
  isBelowMarket,
  locationAnnouncement,
  regoExpiryText,
  splitPreview,
} from '../../src/lib/rules/vdp-content.ts';
import { isStickyBarShown, isStickyHeaderShown, shareUrl, shareWindowFeatures, vehicleBreadcrumbs } from '../../src/lib/rules/vdp-page.ts';

const NOW = Math.floor(Date.parse('2026-11-22T00:00:00Z') / 1000);
const DAY = 86_400;

describe('price display on the vehicle page', () => {
  it('shows a price only above 10 (10 and 11), PREORDER, else the no-price text; never $0', () => {
    expect(priceDisplay({ price: 10 }, 'Call for price').text).toBe('Call for price');
    expect(priceDisplay({ price: 11 }).text).toBe('$11');
    expect(priceDisplay({ price: 0, preorder: true }).text).toBe('PREORDER');
    expect(priceDisplay({ price: 11, preorder: true }).text).toBe('$11');
    expect(priceDisplay({ price: 0 }).text).toBe('Enquire for price.');
  });
});

describe('tags and listing windows', () => {
  const base = { make: 'Kia', car_type: 'used', status: 'in_stock' as const };
  it('just arrived within 8 days (default), not after', () => {
    expect(isJustArrived(NOW - 8 * DAY, NOW)).toBe(true);
    expect(isJustArrived(NOW - 8 * DAY - 1, NOW)).toBe(false);
    expect(isJustArrived(NOW + DAY, NOW)).toBe(false);
    expect(isJustArrived(NOW - 10 * DAY, NOW, 14)).toBe(true);
    expect(cardTag({ ...base, just_arrived: true }, {})?.text).toBe('New Arrival');
    expect(cardTag({ ...base, just_arrived: false }, {})).toBeUndefined();
    expect(cardTag({ ...base, status: 'coming_soon' }, {})?.text).toBe('COMING SOON');
    expect(cardTag({ ...base, status: 'sold' }, {})?.text).toBe('JUST SOLD');
  });
  it('sold cars stay listed for 3 days by default', () => {
    expect(isListed({ status: 'sold', sold_date_timestamp: NOW - 3 * DAY }, NOW)).toBe(true);
    expect(isListed({ status: 'sold', sold_date_timestamp: NOW - 3 * DAY - 1 }, NOW)).toBe(false);
  });
});

const car = (c: Partial<ActionFacts> = {}): ActionFacts => ({ id: '1', slug: 'a-car', status: 'in_stock', car_type: 'used', price: 30000, ...c });
const SET: ActionSettings = { reserveOnline: true, buyOnlinePath: false, favourites: true, watchlist: true };

describe('sidebar actions', () => {
  it('available cars (in_stock, coming_soon) get the buttons; others the SOLD panel and no save', () => {
    const a = vdpActions(car(), SET);
    expect([a.available, a.soldPanel, a.save, a.tradeIn?.href]).toEqual([true, false, true, '/cars/trade-in?car_id=1']);
    expect(vdpActions(car({ status: 'coming_soon' }), SET).available).toBe(true);
    const sold = vdpActions(car({ status: 'sold' }), SET);
    expect([sold.available, sold.soldPanel, sold.save, sold.tradeIn, sold.reserve]).toEqual([false, true, false, undefined, undefined]);
  });
  it('no Save button (nor its sign-in path) on a site without a watchlist', () => {
    expect(vdpActions(car(), { ...SET, watchlist: false }).save).toBe(false);
    expect(vdpActions(car(), SET).save).toBe(true);
  });
  it('a sold car offers no finance: the SOLD panel replaces the buying actions, the finance link with its price included', () => {
    expect(vdpActions(car(), SET).finance?.href).toBe('/finance?vehiclePriceBudget=30000&car_id=1&car_type=used#finance-form');
    expect(vdpActions(car({ status: 'sold' }), SET).finance).toBeUndefined();
    expect(vdpActions(car({ sold: true }), SET).finance).toBeUndefined();
    expect(vdpActions(car({ status: 'coming_soon' }), SET).finance).toBeDefined();
  });
  it('the finance link carries a budget only for a price the page shows (above 10)', () => {
    expect(vdpActions(car({ price: 10 }), SET).finance?.href).not.toContain('vehiclePriceBudget');
    expect(vdpActions(car({ price: 11 }), SET).finance?.href).toContain('vehiclePriceBudget=11');
  });
  it('Test Drive Only: any case, spaces around ignored', () => {
    expect(isTestDriveOnly({ tag: ' test DRIVE only ' })).toBe(true);
    expect(isTestDriveOnly({ tag: 'Test Drive' })).toBe(false);
    expect(isTestDriveOnly({ tag: null })).toBe(false);
  });
  it('history report only with a file', () => {
    expect(vdpActions(car(), SET).historyReport).toBeUndefined();
    expect(vdpActions(car({ file: 'https://x/r.pdf' }), SET).historyReport?.href).toBe('https://x/r.pdf');
  });
  it('reserve only when eligible and not Test Drive Only; path per tenant', () => {
    expect(vdpActions(car(), SET).reserve).toEqual({ href: '/cars/a-car/checkout', label: 'Reserve for $200', deposit: 200 });
    expect(vdpActions(car(), { ...SET, buyOnlinePath: true }).reserve?.href).toBe('/cars/a-car/buy-online');
    expect(vdpActions(car({ tag: 'Test Drive Only' }), SET).reserve).toBeUndefined();
    expect(isReserveEligible(car({ reserved: true }), true)).toBe(false);
    expect(isReserveEligible(car({ price: 200 }), true)).toBe(false);
    expect(isReserveEligible(car({ price: 201 }), true)).toBe(true);
    expect(isReserveEligible(car({ status: 'coming_soon' }), true)).toBe(false);
    expect(isReserveEligible(car(), false)).toBe(false);
  });
  it('reserve label: processor label, else tenant label, else the deposit or $200', () => {
    expect(reserveLabel({})).toBe('Reserve for $200');
    expect(reserveLabel({ reserveDeposit: 500 })).toBe('Reserve for $500');
    expect(reserveLabel({ reserveDeposit: 500, reserveLabel: 'Hold it for $500' })).toBe('Hold it for $500');
    expect(reserveLabel({ reserveLabel: 'x', processorLabel: 'Pay $99 deposit' })).toBe('Pay $99 deposit');
  });
  it('favourite hidden when off, not in stock, price 0 or no photos', () => {
    expect(vdpActions(car(), SET).favourite).toBe(true);
    expect(vdpActions(car(), { ...SET, favourites: false }).favourite).toBe(false);
    expect(vdpActions(car({ status: 'coming_soon' }), SET).favourite).toBe(false);
    expect(vdpActions(car({ price: 0 }), SET).favourite).toBe(false);
    expect(vdpActions(car({ photos_count: 0 }), SET).favourite).toBe(false);
  });
});

describe('phone', () => {
  it('masks after the first 5 characters, groups as Australians write them, unmasked where configured', () => {
    expect(phoneShown('+61 2 9635 1100', false)).toEqual({ initial: '(02) XXXX XXXX', full: '(02) 9635 1100', tel: 'tel:0296351100', masked: true });
    expect(phoneShown('0412555019', true)).toEqual({ initial: '0412 555 019', full: '0412 555 019', tel: 'tel:0412555019', masked: false });
    expect(phoneShown('1300 555 123', false).initial).toBe('1300 XXX XXX');
  });
  it('call-us number: override, by car type (demo -> new) when filtering, new or used, location, warning', () => {
    const c = (car_type: string, phone?: string) => ({ id: '9', car_type, location: { phone } });
    const all = { new_phone: 'N', used_phone: 'U' };
    expect(callUsNumber(c('used'), { ...all, call_us_override: 'O' }, true)).toEqual({ number: 'O', source: 'override' });
    expect(callUsNumber(c('used'), all, true).number).toBe('U');
    expect(callUsNumber(c('demo'), all, true).number).toBe('N');
    expect(callUsNumber(c('used'), all, false)).toEqual({ number: 'N', source: 'new-or-used' });
    expect(callUsNumber(c('used'), { used_phone: 'U' }, false).number).toBe('U');
    expect(callUsNumber(c('used', 'L'), {}, true)).toEqual({ number: 'L', source: 'location' });
    const none = callUsNumber(c('used'), {}, false);
    expect(none.number).toBeUndefined();
    expect('warning' in none && none.warning).toMatch(/No phone number for car 9/);
  });
});

describe('content', () => {
  it('previews 4 specs and 8 features', () => {
    expect(splitPreview([1, 2, 3, 4, 5], 4)).toEqual({ shown: [1, 2, 3, 4], more: [5] });
    expect(splitPreview([1, 2, 3, 4, 5, 6, 7, 8], 8).more).toEqual([]);
  });
  it('cuts dealer comments at 400 and shows the pending text when empty', () => {
    expect(dealerComments('')).toEqual({ kind: 'pending', text: COMMENTS_PENDING });
    expect(dealerComments('  ')).toEqual({ kind: 'pending', text: 'Dealer comments are pending. Please check back here later.' });
    expect(dealerComments('a'.repeat(400))).toEqual({ kind: 'text', full: 'a'.repeat(400), short: undefined });
    const long = dealerComments(`${'a'.repeat(400)}b`);
    expect(long.kind === 'text' && long.short).toBe(`${'a'.repeat(400)}...`);
  });
  it("rego expiry: 'Expires on {date}', a past date 'Unregistered' where configured, else nothing", () => {
    expect(regoExpiryText('2027-03-12', NOW, false)).toBe('Expires on 12/03/2027');
    expect(regoExpiryText('2026-11-22', NOW, true)).toBe('Expires on 22/11/2026');
    expect(regoExpiryText('2026-11-21', NOW, true)).toBe('Unregistered');
    expect(regoExpiryText('2026-11-21', NOW, false)).toBeUndefined();
    expect(regoExpiryText('12/03/2027', NOW, false)).toBe('Expires on 12/03/2027');
    expect(regoExpiryText('soon', NOW, true)).toBeUndefined();
  });
  it('below-market badge: an average above the price by more than 499 and the price below the state average', () => {
    expect(isBelowMarket(20000, { state_average_market_price: 20500 })).toBe(true);
    expect(isBelowMarket(20000, { state_average_market_price: 20499 })).toBe(false);
    expect(isBelowMarket(20000, { state_average_market_price: 20200, average_market_price: 20500 })).toBe(true);
    expect(isBelowMarket(20000, { state_average_market_price: 19000, average_market_price: 25000 })).toBe(false);
    expect(isBelowMarket(20000, { average_market_price: 25000 })).toBe(false);
    expect(isBelowMarket(0, { state_average_market_price: 25000 })).toBe(false);
  });
  it("announcement 'Located at {city}' only for non-primary locations; directions link", () => {
    expect(locationAnnouncement({ primary: false, city: 'Dandenong', name: 'Southern Ford' })).toBe('Located at Dandenong');
    expect(locationAnnouncement({ primary: true, city: 'Parramatta', name: 'x' })).toBeUndefined();
    expect(directionsUrl({ street: '1 A St', city: 'Town', state: 'VIC', postcode: '3000' })).toBe(
      'https://www.google.com/maps/dir/?api=1&destination=1%20A%20St%2C%20Town%2C%20VIC%203000',
    );
    expect(directionsUrl({ place_url: 'https://maps.example/x' })).toBe('https://maps.example/x');
  });
  it('All Specifications lists variant and caravan fields, empty groups left out', () => {
    const groups = allSpecifications(
      { cylinders: 4, enginesize: 1998, fuelconsumptioncombined: 6.8, towingcapacitybraked: 3500, ancaprating: '5' },
      { body_length: 19.5, tare_weight: 2100, sleeps: 4, aggregate_trailer_mass: 2800, axle_type: 'Tandem', body_width: 7.5 },
    );
    expect(groups.map((g) => g.title)).toEqual(['Engine', 'Fuel', 'Dimensions and weights', 'Body and safety', 'Caravan']);
    expect(groups.find((g) => g.title === 'Caravan')?.items).toEqual([
      { label: 'Body width', value: '7.5' },
      { label: 'Body length', value: '19.5 ft' },
      { label: 'Tare weight', value: '2,100 kg' },
      { label: 'Axle type', value: 'Tandem' },
      { label: 'Sleeps', value: '4' },
      { label: 'Aggregate trailer mass', value: '2,800 kg' },
    ]);
    expect(groups[0]?.items).toEqual([
      { label: 'Cylinders', value: '4' },
      { label: 'Engine size', value: '1,998 cc' },
    ]);
    expect(allSpecifications()).toEqual([]);
  });
});

describe('fuel calculator', () => {
  it('defaults 1.70 and 250 kms; strips $, kms and commas; 2 decimals', () => {
    expect([FUEL_PRICE_DEFAULT, FUEL_DISTANCE_DEFAULT]).toEqual(['1.70', '250']);
    expect(parseFuelInput('$1.70')).toBe(1.7);
    expect(parseFuelInput('1,250 kms')).toBe(1250);
    expect(weeklyFuelCost('250', '1.70', 8)).toBe('34.00');
    expect(weeklyFuelCost('250 kms', '$1.95', 6.3)).toBe('30.71');
    expect(weeklyFuelCost('abc', '1.70', 8)).toBeUndefined();
  });
  it('falls back to 10 L/100km and is hidden for electric only', () => {
    expect(fuelEconomy(undefined)).toBe(10);
    expect(fuelEconomy(null)).toBe(10);
    expect(fuelEconomy(5.4)).toBe(5.4);
    expect(isFuelCalculatorShown({ fuel: 'Electric', simple_fuel: 'Electric' })).toBe(false);
    expect(isFuelCalculatorShown({ fuel: 'Hybrid (Petrol/Electric)', simple_fuel: 'Hybrid' })).toBe(true);
    expect(isFuelCalculatorShown({ fuel: 'Diesel' })).toBe(true);
  });
});

describe('delivery calculator', () => {
  const zones = [
    { name: 'Sydney Metro', price: 0, postcodes: ['2000-2234'] },
    { name: 'ACT', price: 890, postcodes: ['2600'] },
  ];
  it('gives the spec messages and the 4-digit rule', () => {
    expect(estimateDelivery('', zones)).toMatchObject({ ok: false, message: 'Please enter a postcode.' });
    expect(estimateDelivery('200', zones)).toMatchObject({ ok: false, message: 'Invalid postcode. Please enter a 4-digit number.' });
    expect(estimateDelivery('20000', zones)).toMatchObject({ ok: false, message: DeliveryMessages.invalid });
    expect(estimateDelivery('2,00', zones)).toMatchObject({ ok: false, reason: 'invalid' });
    expect(estimateDelivery('9999', zones)).toMatchObject({ ok: false, message: DeliveryMessages.unknown });
    expect(estimateDelivery('2234', zones)).toMatchObject({ ok: true, name: 'Sydney Metro', price: 0 });
    expect(estimateDelivery('2600', zones)).toMatchObject({ ok: true, name: 'ACT', price: 890 });
  });
});

describe('price gauge display rule', () => {
  const g = (confidence: number, max: number): PriceGauge => ({
    fill: 50,
    listing_price: 30000,
    market_range_min: 25000,
    market_range_max: max,
    confidence,
    description: '',
  });
  it('needs confidence above 0.2 and market_range_max at least the price', () => {
    expect(shouldShowPriceGauge(g(0.2, 35000))).toBe(false);
    expect(shouldShowPriceGauge(g(0.21, 35000))).toBe(true);
    expect(shouldShowPriceGauge(g(0.5, 30000))).toBe(true);
    expect(shouldShowPriceGauge(g(0.5, 29999))).toBe(false);
    expect(shouldShowPriceGauge(null)).toBe(false);
  });
});

describe('page rules', () => {
  it('sticky header after 500 px, sticky bar after 900 px', () => {
    expect([isStickyHeaderShown(500), isStickyHeaderShown(501)]).toEqual([false, true]);
    expect([isStickyBarShown(900), isStickyBarShown(901)]).toEqual([false, true]);
  });
  it('share URL trims the trailing slash; share window 550x400', () => {
    expect(shareUrl('https://dealer.com.au/', '/cars/x')).toBe('https://dealer.com.au/cars/x');
    expect(shareWindowFeatures({ width: 1650, height: 1000 })).toBe('width=550,height=400,left=550,top=300,noopener');
  });
  it('breadcrumbs: Home > car type > make > model > body > title', () => {
    const opts = {
      href: (r: Record<string, string[] | undefined>) =>
        `/s?${Object.entries(r)
          .map(([k, v]) => `${k}=${v?.join(',')}`)
          .join('&')}`,
      makeModel: (make: string, model: string) => `${make} > ${model}`,
      isKnownModel: (mm: string) => mm === 'Toyota > Land Cruiser',
      bodyLabel: (b: string | undefined) => b?.toUpperCase(),
    };
    const crumbs = vehicleBreadcrumbs({ car_type: 'used', make: 'Toyota', model: 'Land Cruiser', simple_body: 'suv' }, '2020 Toyota Land Cruiser', opts);
    expect(crumbs).toEqual([
      { label: 'Home', href: '/' },
      { label: 'Used Cars', href: '/s?car_type=used' },
      { label: 'Toyota', href: '/s?car_type=used&make=Toyota' },
      { label: 'Land Cruiser', href: '/s?car_type=used&make=Toyota&make_model=Toyota > Land Cruiser' },
      { label: 'SUV', href: '/s?car_type=used&make=Toyota&make_model=Toyota > Land Cruiser&body=suv' },
      { label: '2020 Toyota Land Cruiser' },
    ]);
    // An unknown model is left out; the body follows the make.
    const other = vehicleBreadcrumbs({ car_type: 'new', make: 'Kia', model: 'X', simple_body: 'suv' }, 't', opts);
    expect(other.map((c) => c.label)).toEqual(['Home', 'New Cars', 'Kia', 'SUV', 't']);
  });
});
