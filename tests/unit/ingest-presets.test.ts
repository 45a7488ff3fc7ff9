/**
 * The named mapping presets, each on a fixture in the shape the real feed has
 * (tests/fixtures/exports: Google's TSV, Meta's CSV with a BOM and CRLF and its XML, an Australian DMS
 * CSV in Windows-1252 with HTML, POA, N/A, a blank line, a stray quote and an unquoted comma).
 */
import { copyFileSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ingestStock } from '../../src/io/stock-file.ts';
import { groupRejections } from '../../src/lib/ingest/rejections.ts';
import type { Vehicle } from '../../src/lib/model/vehicle.ts';
import { parseTenantConfig, resolveTenant } from '../../src/lib/tenant/load-tenant.ts';

const NOW = Date.parse('2026-11-22T00:00:00Z') / 1000;

function ingestFixture(fixture: string, stock: Record<string, unknown>) {
  const dir = mkdtempSync(join(tmpdir(), 'preset-'));
  copyFileSync(join('tests/fixtures/exports', fixture), join(dir, fixture));
  const config = parseTenantConfig(
    {
      slug: 'coastal',
      name: 'Coastal Toyota',
      url: 'https://coastal.example.com.au',
      locations: [
        { id: 'CT01', name: 'Coastal Toyota Caringbah', address: { city: 'Caringbah', state: 'NSW' } },
        { id: 'CT02', name: 'Coastal Miranda', address: { city: 'Miranda', state: 'NSW' } },
      ],
      stock: { file: fixture, ...stock },
    },
    'coastal',
    'tenant.json',
  );
  return ingestStock(resolveTenant(config, dir), NOW);
}

const byId = (vehicles: Vehicle[]) => Object.fromEntries(vehicles.map((v) => [v.id, v]));

describe('preset google-vehicle-listings (TSV, vehicle ads headers)', () => {
  const result = ingestFixture('google-vehicle-listings.tsv', { preset: 'google-vehicle-listings' });
  const cars = byId(result.vehicles);

  it('reads every good row and names the bad one', () => {
    expect(result.format).toBe('tsv');
    expect(result.read).toBe(5);
    expect(Object.keys(cars)).toEqual(['G1001', 'G1002', 'G1003', 'G1005']);
    expect(result.rejected.map((r) => [r.line, r.stocknum, r.field])).toEqual([[5, 'G1004', 'year']]);
  });

  it('maps condition, certified_pre-owned, price and sale price, price type, mileage, images and the HTML description', () => {
    expect(cars['G1001']).toMatchObject({
      car_type: 'used',
      certified: true,
      make: 'Toyota',
      model: 'RAV4',
      badge: 'GX',
      year: 2021,
      km: 71280,
      price: 34990,
      price_type: 'egc',
      body: 'SUV',
      fuel: 'Petrol',
      trans: 'Automatic',
      vin: 'JTMW43FV10D012345',
      location: { id: 'CT01' },
      dealercomments: 'One owner, full service history.\nFinance available & trade-ins welcome.',
      created_at: Date.parse('2026-10-02T00:00:00Z') / 1000,
    });
    expect(cars['G1001']!.image_sources).toEqual([
      'https://cdn.example.com.au/g/1001-1.jpg',
      'https://cdn.example.com.au/g/1001-2.jpg',
      'https://cdn.example.com.au/g/1001-3.jpg',
    ]);
    expect(cars['G1002']).toMatchObject({
      car_type: 'new',
      certified: false,
      price: 59990,
      before_price: 62990,
      offer_price: 59990,
      price_type: 'drive_away',
      km: 0,
      body: 'Ute',
    });
    expect(cars['G1003']).toMatchObject({ km: 88120, location: { id: 'CT02' } });
    expect(cars['G1005']!.price).toBeUndefined();
  });
});

describe('preset meta-automotive', () => {
  it('CSV with a BOM, CRLF, a quoted newline and a stray quote: the rows after the stray quote survive', () => {
    const result = ingestFixture('meta-automotive.csv', { preset: 'meta-automotive' });
    const cars = byId(result.vehicles);
    expect(result.encoding).toBe('utf-8 (BOM)');
    expect(Object.keys(cars)).toEqual(['M2001', 'M2002', 'M2003', 'M2004', 'M2006']);
    expect(result.rejected.map((r) => [r.line, r.field])).toEqual([[7, '(row)']]);
    expect(result.rejected[0]!.message).toMatch(/record 5 \(line 7\): \(row\): a quoted cell that is not closed properly/);
    expect(cars['M2001']).toMatchObject({
      car_type: 'used',
      certified: true,
      km: 71280,
      price: 34990,
      dealercomments: 'One owner.\nFull service history.',
      city: 'Caringbah',
      state: 'NSW',
      regplate: 'CKN42L',
      drive: 'FWD',
    });
    expect(cars['M2001']!.image_sources).toEqual(['https://cdn.example.com.au/m/2001-1.jpg', 'https://cdn.example.com.au/m/2001-2.jpg']);
    expect(cars['M2002']).toMatchObject({
      car_type: 'new',
      certified: false,
      price: 59990,
      before_price: 62990,
      body: 'Ute',
      drive: '4WD',
      dealercomments: 'Brand new, "hard to find" colour',
    });
    // NOT_AVAILABLE is sold: valid, but not listed (no sold date inside the window).
    expect(cars['M2003']).toMatchObject({ status: 'sold', listed: false });
    expect(cars['M2004']!.dealercomments).toBeUndefined();
  });

  it('XML (<listings><listing>, nested mileage, repeated image, address components) reads the same cars', () => {
    const csv = byId(ingestFixture('meta-automotive.csv', { preset: 'meta-automotive' }).vehicles);
    const xml = ingestFixture('meta-automotive.xml', { preset: 'meta-automotive' });
    expect(xml.format).toBe('xml');
    expect(xml.rejected).toEqual([]);
    expect(xml.vehicles.map((v) => v.id)).toEqual(['M2001', 'M2002', 'M2003', 'M2004']);
    for (const v of xml.vehicles) {
      const c = csv[v.id]!;
      const pick = (x: Vehicle) => [
        x.make,
        x.model,
        x.year,
        x.km,
        x.price,
        x.before_price,
        x.car_type,
        x.certified,
        x.status,
        x.body,
        x.city,
        x.state,
        x.image_sources,
      ];
      expect(pick(v), v.id).toEqual(pick(c));
    }
  });
});

describe('preset au-dms-csv (Windows-1252)', () => {
  const result = ingestFixture('au-dms.csv', { preset: 'au-dms-csv' });
  const cars = byId(result.vehicles);

  it('decodes Windows-1252 and keeps every readable row; the stray quote and the extra cell are named by line', () => {
    expect(result.encoding).toBe('windows-1252');
    expect(Object.keys(cars)).toEqual(['D3001', 'D3002', 'D3003', 'D3004', 'D3007']);
    expect(cars['D3003']!.badge).toBe('N-Line \u2013 \u2018as new\u2019');
    expect(cars['D3003']!.dealercomments).toBe('Caf\u00e9 racer style, Gen\u00e8ve blue');
    expect(result.rejected.map((r) => [r.line, r.stocknum, r.reason])).toEqual([
      [8, undefined, expect.stringMatching(/^a quoted cell that is not closed properly \(a stray quote\)/)],
      [9, undefined, '28 cells where the header has 27 (extra cells are not read: quote cells that contain commas)'],
    ]);
  });

  it('maps DMS columns: stock number, rego, VIN, build and compliance dates, price types, POA, N/A, photos, HTML, day-first dates', () => {
    expect(cars['D3001']).toMatchObject({
      stocknum: 'D3001',
      regplate: 'CKN42L',
      vin: 'JTMW43FV10D012345',
      build_date: '03/2021',
      compliance_date: '04/2021',
      car_type: 'used',
      series: 'MXAA52R',
      km: 71280,
      price: 34990,
      price_type: 'egc',
      engine_size: '2.0',
      seats: 5,
      doors: 5,
      location: { id: 'CT01' },
      created_at: Date.parse('2026-10-15T00:00:00Z') / 1000,
      dealercomments: 'One owner, full service history.\n- Reversing camera\n- Apple CarPlay',
    });
    expect(cars['D3001']!.image_sources).toEqual(['https://cdn.example.com.au/d/3001-1.jpg', 'https://cdn.example.com.au/d/3001-2.jpg']);
    expect(cars['D3002']).toMatchObject({ car_type: 'new', price_type: 'drive_away', drive: '4WD', dealercomments: 'Brand new.\r\nBook a test drive today.' });
    expect([cars['D3003']!.km, cars['D3003']!.price, cars['D3003']!.seats]).toEqual([undefined, undefined, undefined]);
    expect(cars['D3003']!.created_at).toBe(Date.parse('2026-09-02T00:00:00Z') / 1000);
    expect(cars['D3004']).toMatchObject({ car_type: 'demo', status: 'sold', price_type: 'drive_away', location: { id: 'CT02' } });
  });

  it('a tenant mapping entry replaces the preset entry for that field only', () => {
    const r = ingestFixture('au-dms.csv', { preset: 'au-dms-csv', mapping: { badge: 'Series' } });
    expect(byId(r.vehicles)['D3001']).toMatchObject({ badge: 'MXAA52R', series: 'MXAA52R', model: 'RAV4' });
  });
});

describe('groupRejections', () => {
  it('says what went wrong in one line per field and reason, with the first stock numbers', () => {
    const rejected = Array.from({ length: 1200 }, (_, i) => ({
      position: i + 1,
      stocknum: `A${i + 1}`,
      field: 'series',
      reason: 'expected text, received null',
      message: '',
    }));
    rejected.push({ position: 1201, stocknum: 'B1', field: 'year', reason: 'expected a 4-digit year, received "19"', message: '' });
    rejected.push({ position: 1202, stocknum: 'B2', field: 'year', reason: 'expected a 4-digit year, received "abc"', message: '' });
    rejected.push({ position: 1203, stocknum: 'C1', field: 'id', reason: 'duplicate id "C1" (first seen at record 7; the first is kept)', message: '' });
    rejected.push({ position: 1204, stocknum: 'C2', field: 'id', reason: 'duplicate id "C2" (first seen at record 9; the first is kept)', message: '' });
    expect(groupRejections(rejected).map((g) => g.summary)).toEqual([
      '1,200 records: series: expected text (received null); e.g. stocknum A1, stocknum A2, stocknum A3 and 1,197 more',
      '2 records: year: expected a 4-digit year (received "19", "abc"); e.g. stocknum B1, stocknum B2',
      '2 records: id: duplicate id (the first record with an id is kept) (received "C1", "C2"); e.g. stocknum C1, stocknum C2',
    ]);
  });
});
