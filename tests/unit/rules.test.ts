import { describe, expect, it } from 'vitest';
import { cardTag, isJustArrived } from '../../src/lib/rules/card-tag.ts';
import { isListed } from '../../src/lib/rules/listing.ts';
import { groupOpeningHours } from '../../src/lib/rules/opening-hours.ts';
import { formatPhone, maskPhone, telHref } from '../../src/lib/rules/phone.ts';
import { priceDisplay } from '../../src/lib/rules/price-display.ts';

const NOW = 1_800_000_000;
const DAY = 86_400;

describe('priceDisplay', () => {
  it('shows a price only above 10 and never $0', () => {
    expect(priceDisplay({ price: 11 })).toEqual({ kind: 'price', amount: 11, text: '$11' });
    expect(priceDisplay({ price: 10 })).toEqual({ kind: 'no-price', text: 'Enquire for price.' });
    expect(priceDisplay({ price: 0 }).text).toBe('Enquire for price.');
    expect(priceDisplay({ price: null, preorder: true }).text).toBe('PREORDER');
    expect(priceDisplay({ price: 0 }, 'Call us').text).toBe('Call us');
    expect(priceDisplay({ price: 31990 }).text).toBe('$31,990');
  });
});

describe('isListed', () => {
  it('keeps sold cars for the window (default 3 days, configurable)', () => {
    expect(isListed({ status: 'sold', sold_date_timestamp: NOW - 3 * DAY }, NOW)).toBe(true);
    expect(isListed({ status: 'sold', sold_date_timestamp: NOW - 3 * DAY - 1 }, NOW)).toBe(false);
    expect(isListed({ status: 'sold', sold_date_timestamp: NOW - 5 * DAY }, NOW, 7)).toBe(true);
    expect(isListed({ status: 'in_stock', sold: true, sold_date_timestamp: NOW - DAY }, NOW)).toBe(true);
    expect(isListed({ status: 'in_stock', show_on_dealer_website: false }, NOW)).toBe(false);
  });
});

describe('cardTag precedence', () => {
  const base = { make: 'Toyota', car_type: 'used', status: 'in_stock' as const, now: NOW };
  const opts = { fuelTags: true, certifiedBadge: true };
  it('follows fuel, reserved, certified, custom, coming soon, just arrived', () => {
    expect(cardTag({ ...base, fuel: 'Hybrid', reserved: true }, opts)?.text).toBe('HYBRID');
    expect(cardTag({ ...base, fuel: 'Hybrid', reserved: true }, {})?.text).toBe('RESERVED');
    expect(cardTag({ ...base, certified: true, tag: 'Test Drive Only' }, opts)?.text).toBe('CERTIFIED');
    expect(cardTag({ ...base, make: 'Kia', certified: true, tag: 'Test Drive Only' }, opts)?.text).toBe('Test Drive Only');
    // The badge is for the brand's certified used cars: a certified demo car keeps its own tag.
    expect(cardTag({ ...base, car_type: 'demo', certified: true, tag: 'Test Drive Only' }, opts)?.text).toBe('Test Drive Only');
    expect(cardTag({ ...base, status: 'coming_soon' }, opts)?.text).toBe('COMING SOON');
    expect(cardTag({ ...base, just_arrived: isJustArrived(NOW - 8 * DAY, NOW) }, opts)?.text).toBe('New Arrival');
    expect(cardTag({ ...base, just_arrived: isJustArrived(NOW - 8 * DAY - 1, NOW) }, opts)).toBeUndefined();
    expect(cardTag({ ...base, status: 'sold', reserved: true }, opts)?.text).toBe('JUST SOLD');
  });
});

describe('phone', () => {
  it('turns +61 into 0 and groups as Australians write them (landlines 2-4-4 in brackets); masks after 5 characters', () => {
    expect(formatPhone('+61295251234')).toBe('(02) 9525 1234');
    expect(formatPhone('+61 412 345 678')).toBe('0412 345 678');
    expect(formatPhone('0295251234')).toBe('(02) 9525 1234');
    expect(formatPhone('1300 123 456')).toBe('1300 123 456');
    expect(formatPhone('131234')).toBe('13 12 34');
    expect(maskPhone('(02) 9525 1234')).toBe('(02) XXXX XXXX');
    expect(maskPhone('0412 345 678')).toBe('0412 XXX XXX');
    expect(telHref('+61 2 9525 1234')).toBe('tel:0295251234');
  });
});

describe('groupOpeningHours', () => {
  const day = (weekday: number, open = '08:30', close = '17:30') => ({ weekday, status: 'Open' as const, open, close });
  it('groups Monday to Friday when equal; Saturday and Sunday separate', () => {
    const lines = groupOpeningHours([1, 2, 3, 4, 5].map((d) => day(d)).concat([day(6, '09:00', '17:00')]));
    expect(lines).toEqual([
      { days: 'Monday - Friday', hours: '8:30am - 5:30pm' },
      { days: 'Saturday', hours: '9:00am - 5:00pm' },
      { days: 'Sunday', hours: 'Closed' },
    ]);
  });
  it('lists weekdays separately when they differ, and reads By appointment only where configured', () => {
    const lines = groupOpeningHours([day(1), day(2), day(3), day(4, '08:30', '20:00'), day(5)], true);
    expect(lines).toHaveLength(7);
    expect(lines[3]).toEqual({ days: 'Thursday', hours: '8:30am - 8:00pm' });
    expect(lines[6]).toEqual({ days: 'Sunday', hours: 'By appointment only' });
  });
});

describe('bodyTypeLabel', () => {
  it('labels the spec body types and passes others through', async () => {
    const { bodyTypeLabel } = await import('../../src/lib/rules/body-type.ts');
    expect(bodyTypeLabel('suv')).toBe('SUV');
    expect(bodyTypeLabel('cabChassis')).toBe('Cab Chassis');
    expect(bodyTypeLabel('people mover')).toBe('People Mover');
    expect(bodyTypeLabel('Roadster')).toBe('Roadster');
    expect(bodyTypeLabel(undefined)).toBeUndefined();
  });
});
