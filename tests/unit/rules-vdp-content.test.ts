import { describe, expect, it } from 'vitest';
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

const NOW = Math.floor(Date.parse('2026-11-22T00:00:00Z') / 1000);

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
