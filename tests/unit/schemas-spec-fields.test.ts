/**
 * "Absent is absent": a record or config carrying every field the spec names, in the shapes real
 * dealer systems send (null, "", "N/A", "-", "TBA", "POA" for money, numbers as text), is never
 * refused for an optional field. Required fields stay required.
 */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { ingestStock } from '../../src/io/stock-file.ts';
import { isAbsent, withoutAbsent } from '../../src/lib/schemas/absent.ts';
import { CarRecordSchema } from '../../src/lib/schemas/car.ts';
import { LocationSchema } from '../../src/lib/schemas/location.ts';
import { SPEC_ADDRESS_FIELDS, SPEC_CAR_FIELDS, SPEC_CAR_OPTIONAL_SCALARS, SPEC_LOCATION_FIELDS } from '../../src/lib/schemas/spec-fields.ts';
import { parseTenantConfig, readTenantConfig, resolveTenant } from '../../src/lib/tenant/load-tenant.ts';

const FULL = (JSON.parse(readFileSync('tests/fixtures/exports/spec-car-full.json', 'utf8')) as { record: Record<string, unknown> }).record;
const NOW = Date.parse('2026-11-22T00:00:00Z') / 1000;

/** The spec's Location entity with every field, as a dealer system's location export carries it. */
const FULL_LOCATION = {
  id: 3,
  name: 'Coastal Toyota Caringbah',
  slug: 'coastal-toyota-caringbah',
  primary: 'true',
  visible: 1,
  location_type: 'Sales',
  location_subtype: 'New and pre-owned sales, buying',
  manufacturers: ['Toyota', { name: 'Lexus' }],
  dealership_id: 12,
  dealership_slug: 'coastal-toyota',
  dealer_license_number: 'MD12345',
  motor_vehicle_repairer: 'MVRL54321',
  address: {
    id: 991,
    street: '1 Kingsway',
    city: 'Caringbah',
    state: 'NSW',
    postcode: 2229,
    lat: '-34.0412',
    long: '151.1224',
    place_url: 'https://maps.google.com/?cid=1234567890',
    place_id: 'ChIJN1t_tDeuEmsRUsoyG83frY4',
    map_key: 'coastal-caringbah',
  },
  contact_detail: {
    phone: '02 9555 0100',
    landline_phone: null,
    opening_hours: [
      { weekday: '1', status: 'open', open: '8:30', close: '17:30', formated_hours: '8:30am - 5:30pm' },
      { weekday: 0, status: 'CLOSED', open: null, close: null, formated_hours: '' },
    ],
  },
  image: { image: { url: 'https://cdn.example.com.au/loc/3.jpg', thumb: { url: 'https://cdn.example.com.au/loc/3-t.jpg' } } },
  average_rating: '4.6',
  review_count: '128',
  reviews: { count: 128, average_rating: 4.6 },
  distribution_locations: [4, '5'],
};

function ingestRecords(records: unknown[]) {
  const dir = mkdtempSync(join(tmpdir(), 'spec-'));
  writeFileSync(join(dir, 'stock.json'), JSON.stringify(records));
  const tenant = resolveTenant(parseTenantConfig({ slug: 't', name: 'T', url: 'https://t.com.au', locations: [FULL_LOCATION] }, 't', 'tenant.json'), dir);
  return ingestStock(tenant, NOW);
}

describe('the spec fields lists', () => {
  it('carry the fields the issue names, so the fixtures below cover them', () => {
    for (const f of ['has_nvic', 'payment_processors', 'finance_lenders', 'thumbnails', 'bodyconfiguration', 'offer_price', 'subscription_price'])
      expect(SPEC_CAR_FIELDS).toContain(f);
    for (const f of ['id', 'place_url', 'place_id', 'map_key']) expect(SPEC_ADDRESS_FIELDS).toContain(f);
    expect(Object.keys(FULL).sort()).toEqual([...SPEC_CAR_FIELDS].sort());
    expect(Object.keys(FULL_LOCATION).sort()).toEqual([...SPEC_LOCATION_FIELDS, 'contact_detail'].filter((x, i, a) => a.indexOf(x) === i).sort());
    expect(Object.keys(FULL_LOCATION.address).sort()).toEqual([...SPEC_ADDRESS_FIELDS].sort());
  });
});

describe('Car: absent is absent', () => {
  it('accepts a record carrying every field the spec names, numbers written as text read as numbers', () => {
    const r = v.safeParse(CarRecordSchema, FULL);
    expect(r.success, r.success ? '' : JSON.stringify(r.issues.map((i) => `${v.getDotPath(i)}: ${i.message}`))).toBe(true);
    if (!r.success) return;
    expect(r.output).toMatchObject({
      id: '48213',
      year: 2021,
      seats: 5,
      km: 71280,
      gearnum: 10,
      price: 34990,
      before_price: 36990,
      views: 412,
      certified: true,
      has_nvic: true,
      sold: false,
    });
    expect(r.output.engine_size).toBe('2.0');
    expect(r.output.images).toEqual(['https://cdn.example.com.au/p/48213/1.jpg', 'https://cdn.example.com.au/p/48213/2.jpg']);
    expect(r.output.standardEquipment).toEqual(['Reversing camera', 'Apple CarPlay']);
    expect(r.output.location).toMatchObject({ id: '3', name: 'Coastal Toyota Caringbah' });
    // Fields the schema does not type are kept for the features that read them.
    expect((r.output as Record<string, unknown>)['finance_lenders']).toBeTruthy();
  });

  for (const absent of [null, '', '  ', 'N/A', 'n/a', '-', 'TBA']) {
    it(`accepts every optional field written as ${JSON.stringify(absent)} and treats it as not given`, () => {
      const record = { ...FULL };
      for (const f of SPEC_CAR_FIELDS) if (!['id', 'make', 'car_type'].includes(f)) record[f] = absent;
      const r = v.safeParse(CarRecordSchema, record);
      expect(r.success, r.success ? '' : JSON.stringify(r.issues.map((i) => `${v.getDotPath(i)}: ${i.message}`))).toBe(true);
      if (!r.success) return;
      for (const f of SPEC_CAR_OPTIONAL_SCALARS) expect((r.output as Record<string, unknown>)[f], f).toBeUndefined();
      expect(r.output.status).toBe('in_stock');
      expect(r.output.images).toEqual([]);
    });
  }

  it('reads POA, Call and "Price on application" as no price where the field is money, and only there', () => {
    const r = v.parse(CarRecordSchema, { ...FULL, price: 'POA', before_price: 'Call', offer_price: 'Price on application', series: 'POA' });
    expect(r.price).toBeUndefined();
    expect(r.before_price).toBeUndefined();
    expect(r.offer_price).toBeUndefined();
    expect(r.series).toBe('POA');
  });

  it('still requires id, make and car_type, and still refuses a bad value in a known field', () => {
    for (const f of ['id', 'make', 'car_type']) {
      const r = v.safeParse(CarRecordSchema, { ...FULL, [f]: null });
      expect(r.success, f).toBe(false);
    }
    expect(v.safeParse(CarRecordSchema, { ...FULL, year: '21st century' }).success).toBe(false);
    expect(v.safeParse(CarRecordSchema, { ...FULL, car_type: 'spaceship' }).success).toBe(false);
  });

  it('ingests an export of 1,205 spec-shaped records with nulls everywhere: every good record kept, the bad ones named', () => {
    const records = Array.from({ length: 1205 }, (_, i) => {
      const r: Record<string, unknown> = { ...FULL, id: 50000 + i, stocknum: `U${50000 + i}`, slug: null, path: null };
      // Real exports: whatever has no value is null, every row.
      for (const f of ['series', 'seats', 'doors', 'engine_size', 'fuel', 'colour', 'body', 'trans', 'tag', 'offer_price', 'video_url'])
        r[f] = i % 3 === 0 ? null : i % 3 === 1 ? '' : 'N/A';
      return r;
    });
    records[100] = { ...records[100], year: '20211' };
    records[200] = { ...records[200], make: null };
    const result = ingestRecords(records);
    expect(result.read).toBe(1205);
    expect(result.vehicles).toHaveLength(1203);
    expect(result.rejected.map((r) => [r.position, r.stocknum, r.field])).toEqual([
      [101, 'U50100', 'year'],
      [201, 'U50200', 'make'],
    ]);
    const first = result.vehicles[0]!;
    expect([first.series, first.seats, first.fuel, first.colour]).toEqual([undefined, undefined, undefined, undefined]);
    expect(first.location?.id).toBe('3');
  });
});

describe('Location and tenant config: absent is absent', () => {
  it('accepts the spec Location entity with every field (address.id, place_url, place_id, map_key, reviews...)', () => {
    const r = v.safeParse(LocationSchema, withoutAbsent(FULL_LOCATION));
    expect(r.success, r.success ? '' : JSON.stringify(r.issues.map((i) => `${v.getDotPath(i)}: ${i.message}`))).toBe(true);
    if (!r.success) return;
    expect(r.output).toMatchObject({
      id: '3',
      primary: true,
      visible: true,
      location_type: 'sales',
      manufacturers: ['Toyota', 'Lexus'],
      average_rating: 4.6,
      review_count: 128,
    });
    expect(r.output.address).toMatchObject({ id: '991', postcode: '2229', lat: -34.0412, long: 151.1224, map_key: 'coastal-caringbah' });
    expect(r.output.image).toEqual({ url: 'https://cdn.example.com.au/loc/3.jpg', thumb_url: 'https://cdn.example.com.au/loc/3-t.jpg' });
    expect(r.output.contact_detail.opening_hours).toEqual([
      { weekday: 1, status: 'Open', open: '8:30', close: '17:30', formated_hours: '8:30am - 5:30pm' },
      { weekday: 0, status: 'Closed' },
    ]);
  });

  it('reads a postcode stored as a number with its leading zero restored (800 is 0800)', () => {
    const { config } = readTenantConfig(
      { slug: 't', name: 'T', url: 'https://t.com.au', locations: [{ name: 'Darwin', address: { postcode: 800 } }] },
      't',
      'f',
    );
    expect(config.locations[0]!.address.postcode).toBe('0800');
  });

  it('builds a tenant whose every optional field is null or blank, with no warning', () => {
    const nulls: Record<string, unknown> = { ...FULL_LOCATION };
    for (const f of SPEC_LOCATION_FIELDS) if (f !== 'name') nulls[f] = null;
    const { config, warnings } = readTenantConfig(
      {
        slug: 't',
        name: 'T',
        url: 'https://t.com.au',
        logo: null,
        tagline: '',
        theme: null,
        manufacturer: 'N/A',
        dealerships: null,
        contact: { new_phone: null, used_phone: '', email: null },
        leads: { email: null, webhook_url: '' },
        locations: [nulls, { ...FULL_LOCATION, address: Object.fromEntries(SPEC_ADDRESS_FIELDS.map((f) => [f, null])) }],
      },
      't',
      'tenant.json',
    );
    expect(warnings).toEqual([]);
    const tenant = resolveTenant(config, '/t');
    expect(tenant.locations).toHaveLength(2);
    expect(tenant.locations[0]).toMatchObject({ name: 'Coastal Toyota Caringbah', primary: false, visible: true, location_type: '' });
    expect(tenant.locations[1]!.primary).toBe(true);
    expect(tenant.locations[1]!.address).toEqual({});
    expect(tenant.theme.primary).toMatch(/^#/);
  });

  it('isAbsent knows the placeholders and nothing else', () => {
    for (const x of [null, undefined, '', ' ', 'N/A', 'na', '-', '—', 'TBA', 'tbc', 'null']) expect(isAbsent(x), String(x)).toBe(true);
    for (const x of [0, false, 'No', 'Nissan', 'A', '0']) expect(isAbsent(x), String(x)).toBe(false);
    expect(isAbsent('POA')).toBe(false);
    expect(isAbsent('POA', true)).toBe(true);
  });
});
