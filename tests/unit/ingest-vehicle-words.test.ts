/** The feed's own words (issue 30): the variant from its title where there is no trim, heavy vehicles as the spec's truck and bus types, unknown body words counted. */
import { describe, expect, it } from 'vitest';
import { parseTenantConfig, resolveTenant } from '../../src/lib/tenant/load-tenant.ts';
import { ingestRows } from '../../src/lib/ingest/ingest.ts';
import { heavyBody, variantFromTitle } from '../../src/lib/ingest/vehicle-words.ts';

describe('variantFromTitle', () => {
  it('takes what follows year, make and model', () => {
    expect(variantFromTitle('2018 Toyota Camry LE CVT FWD Sedan', { year: 2018, make: 'Toyota', model: 'Camry' })).toBe('LE CVT FWD Sedan');
    expect(variantFromTitle('Toyota Camry 2018 - Ascent', { year: 2018, make: 'toyota', model: 'camry' })).toBe('Ascent');
    expect(variantFromTitle('2018 Toyota Camry', { year: 2018, make: 'Toyota', model: 'Camry' })).toBeUndefined();
    expect(variantFromTitle('Great family car', { year: 2018, make: 'Toyota', model: 'Camry' })).toBeUndefined();
    // A real Meta feed's titles start with the condition; a make that starts with such a word stays whole.
    expect(variantFromTitle('Pre-Owned 2018 Hyundai Sonata SE FWD Sedan', { year: 2018, make: 'Hyundai', model: 'Sonata' })).toBe('SE FWD Sedan');
    expect(variantFromTitle('Used 2014 Honda CR-V EX-L', { year: 2014, make: 'Honda', model: 'CR-V' })).toBe('EX-L');
    expect(variantFromTitle('New Holland T7 315', { make: 'New Holland', model: 'T7' })).toBe('315');
  });
});

describe('heavyBody', () => {
  it('gives prime movers, cab chassis and buses the spec types, only over a pickup or no body', () => {
    expect(heavyBody('Ute', ['2019 Kenworth T610 Prime Mover'])).toBe('Cab Chassis');
    expect(heavyBody(undefined, ['Isuzu NPR 45-155 Cab Chassis'])).toBe('Cab Chassis');
    expect(heavyBody('Ute', ['Toyota Coaster Deluxe Bus'])).toBe('Bus');
    expect(heavyBody('Ute', ['2021 Toyota HiLux SR5'])).toBeUndefined();
    expect(heavyBody('People Mover', ['Toyota Hiace Commuter Bus'])).toBeUndefined();
  });
});

describe('a Meta feed with no trims, prime movers and a body word no lookup knows', () => {
  const tenant = resolveTenant(
    parseTenantConfig(
      { slug: 't', name: 'T', url: 'https://t.example.com.au', locations: [{ name: 'T' }], stock: { preset: 'meta-automotive' } },
      't',
      'tenant.json',
    ),
    '/tmp',
  );
  const row = (id: string, title: string, make: string, model: string, body: string) => ({
    vehicle_id: id,
    title,
    make,
    model,
    year: '2019',
    body_style: body,
    state_of_vehicle: 'USED',
    price: '149000 AUD',
  });
  const result = ingestRows(
    tenant,
    {
      file: 'feed.csv',
      format: 'csv',
      encoding: 'utf-8',
      rows: [
        row('K1', '2019 Kenworth T610 SAR Prime Mover', 'Kenworth', 'T610', 'TRUCK'),
        row('K2', '2019 Peterbilt 579 Prime Mover', 'Peterbilt', '579', 'TRUCK'),
        row('C1', '2019 Toyota Camry LE CVT FWD Sedan', 'Toyota', 'Camry', 'SEDAN'),
        row('X1', '2017 Isuzu FRR 107-210 Tilt Tray', 'Isuzu', 'FRR', 'TILT TRAY'),
      ].map((raw, i) => ({ position: i + 1, raw })),
    },
    Date.parse('2026-11-22') / 1000,
  );
  const car = (id: string) => result.vehicles.find((v) => v.id === id)!;
  it('shows the title variant where the trim would be, keeping the URL', () => {
    expect(car('C1').badge).toBe('LE CVT FWD Sedan');
    expect(car('C1').slug).toBe('2019-toyota-camry-c1');
  });
  it('types prime movers as Cab Chassis, never Ute', () => {
    expect(car('K1').body).toBe('Cab Chassis');
    expect(car('K2').body).toBe('Cab Chassis');
    expect(result.conversions.body_from_words).toBe(2);
  });
  it('counts a body word it does not know and passes it through', () => {
    expect(car('X1').body).toBe('TILT TRAY');
    expect(result.unknown_values).toEqual({ body: { 'TILT TRAY': 1 } });
  });
});
