import { describe, expect, it } from 'vitest';
import { checkPostcode, DeliveryMessages, estimateDelivery } from '../../src/lib/delivery/index.ts';

const zones = [
  { name: 'Metro', price: 199, postcodes: ['2000-2234'] },
  { name: 'Coast', price: 0, postcodes: ['2250', '2256-2263'] },
  { name: 'Territory', price: 1500, postcodes: ['0800-0899'] },
];

describe('estimateDelivery', () => {
  it('finds the zone by range or single postcode, range ends included', () => {
    expect(estimateDelivery('2000', zones)).toEqual({ ok: true, postcode: '2000', name: 'Metro', price: 199 });
    expect(estimateDelivery('2234', zones)).toMatchObject({ name: 'Metro' });
    expect(estimateDelivery('2250', zones)).toMatchObject({ name: 'Coast', price: 0 });
    expect(estimateDelivery(' 2263 ', zones)).toMatchObject({ name: 'Coast' });
  });
  it('keeps leading zeros', () => {
    expect(estimateDelivery('0872', zones)).toMatchObject({ name: 'Territory' });
  });
  it("uses the spec's exact messages", () => {
    expect(DeliveryMessages.empty).toBe('Please enter a postcode.');
    expect(DeliveryMessages.invalid).toBe('Invalid postcode. Please enter a 4-digit number.');
    expect(DeliveryMessages.unknown).toBe(
      "Sorry, we can't provide an estimate for that location. Please use the enquiry form on this page or give us a call to get a quote.",
    );
    expect(estimateDelivery('', zones)).toEqual({ ok: false, reason: 'empty', message: DeliveryMessages.empty });
    expect(estimateDelivery(undefined, zones)).toMatchObject({ reason: 'empty' });
    expect(estimateDelivery('2,000', zones)).toMatchObject({ reason: 'invalid' });
    expect(estimateDelivery('200', zones)).toMatchObject({ reason: 'invalid' });
    expect(estimateDelivery('20000', zones)).toMatchObject({ reason: 'invalid' });
    expect(estimateDelivery('2235', zones)).toEqual({ ok: false, reason: 'unknown', message: DeliveryMessages.unknown });
    expect(estimateDelivery('2000', [])).toMatchObject({ reason: 'unknown' });
  });
  it('checkPostcode', () => {
    expect(checkPostcode('4000')).toEqual({ ok: true, postcode: '4000' });
    expect(checkPostcode('40a0')).toEqual({ ok: false, reason: 'invalid' });
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
