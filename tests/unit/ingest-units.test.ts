/**
 * Units and currency of a real export (issue 30): miles are read as km wherever the feed says so (Meta's
 * `mileage.unit`, Google's "mi" suffix, a mapping's `unit`), and a price in another currency (in the
 * cell or a currency column) is rejected naming it, never shown as dollars.
 */
import { copyFileSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ingestStock } from '../../src/io/stock-file.ts';
import { ingestRows } from '../../src/lib/ingest/ingest.ts';
import { mapRecordNoted } from '../../src/lib/ingest/mapping.ts';
import { currencyHint, foreignPrice, priceCurrency, readDistance, rejectedCurrencies } from '../../src/lib/ingest/units.ts';
import { groupRejections } from '../../src/lib/ingest/rejections.ts';
import { parseTenantConfig, resolveTenant } from '../../src/lib/tenant/load-tenant.ts';
import { StockSourceSchema } from '../../src/lib/schemas/stock-source.ts';
import * as v from 'valibot';

const NOW = Date.parse('2026-11-22T00:00:00Z') / 1000;

function ingestFixture(fixture: string, stock: Record<string, unknown>) {
  const dir = mkdtempSync(join(tmpdir(), 'units-'));
  copyFileSync(join('tests/fixtures/exports', fixture), join(dir, fixture));
  const config = parseTenantConfig(
    { slug: 'imports', name: 'Imports', url: 'https://imports.example.com.au', locations: [{ name: 'Imports Caringbah' }], stock: { file: fixture, ...stock } },
    'imports',
    'tenant.json',
  );
  return ingestStock(resolveTenant(config, dir), NOW);
}

describe('readDistance', () => {
  it('reads miles by suffix or unit and rounds to the km', () => {
    expect(readDistance('52,669 mi')).toEqual({ value: 84763, from: 'mi' });
    expect(readDistance('52669 miles')).toEqual({ value: 84763, from: 'mi' });
    expect(readDistance(52669, 'mi')).toEqual({ value: 84763, from: 'mi' });
    expect(readDistance('71280 km', 'mi')).toEqual({ value: 71280, from: 'km' });
    expect(readDistance('71,280')).toEqual({ value: 71280 });
    expect(readDistance('about 5000 furlongs')).toEqual({ value: 'about 5000 furlongs' });
  });
});

describe('priceCurrency and foreignPrice', () => {
  it('names the currency a price cell gives', () => {
    expect(priceCurrency('20495.00 USD')).toBe('USD');
    expect(priceCurrency('49900 CAD')).toBe('CAD');
    expect(priceCurrency('€20,000')).toBe('EUR');
    expect(priceCurrency('31990 AUD')).toBe('AUD');
    expect(priceCurrency('$31,990')).toBe('AUD');
    expect(priceCurrency('31990')).toBeUndefined();
    expect(priceCurrency('POA')).toBeUndefined();
    expect(priceCurrency('Call for price')).toBeUndefined();
  });

  it('finds a foreign price in a cell or through a currency column', () => {
    expect(foreignPrice({ price: '20495.00 USD' })).toMatchObject({ field: 'price', currency: 'USD' });
    expect(foreignPrice({ price: 144900, currency: 'NOK' })).toMatchObject({ field: 'price', currency: 'NOK' });
    expect(foreignPrice({ price: 144900, currency: 'AUD' })).toBeUndefined();
    expect(foreignPrice({ price: 31990 })).toBeUndefined();
  });

  it('hints what to change, and --accept only where it would publish something', () => {
    expect(currencyHint([{ currency: 'USD', count: 3 }], 0, 'x')).not.toContain('--accept');
    expect(currencyHint([{ currency: 'USD', count: 3 }], 0, 'x')).toContain('USD');
    expect(currencyHint([{ currency: 'USD', count: 3 }], 5, 'x')).toContain('--accept x');
  });
});

describe('a mapping with a unit', () => {
  const source = (mapping: Record<string, unknown>) => v.parse(StockSourceSchema, { mapping });
  it('converts a fixed unit and a unit column, and says how it knew', () => {
    const fixed = mapRecordNoted({ Odo: '1,000' }, source({ km: { from: 'Odo', transform: 'integer', unit: 'mi' } }));
    expect(fixed.record['km']).toBe(1609);
    expect(fixed.notes.miles).toContain('unit "mi"');
    const column = mapRecordNoted({ Odo: '1000', OdoUnit: 'Miles' }, source({ km: { from: 'Odo', transform: 'integer', unit: 'OdoUnit' } }));
    expect(column.record['km']).toBe(1609);
    expect(column.record).not.toHaveProperty('OdoUnit');
    const km = mapRecordNoted({ Odo: '1000', OdoUnit: 'KM' }, source({ km: { from: 'Odo', transform: 'integer', unit: 'OdoUnit' } }));
    expect(km.record['km']).toBe(1000);
    expect(km.notes.miles).toBeUndefined();
  });
});

describe('a Meta feed in miles (mileage.unit MI)', () => {
  const result = ingestFixture('meta-automotive-miles.xml', { preset: 'meta-automotive' });
  it('publishes every car in km, and says so once', () => {
    expect(result.rejected).toEqual([]);
    expect(result.vehicles.map((c) => [c.id, c.km])).toEqual([
      ['U5001', 84763],
      ['U5002', 29354],
      ['U5003', 15894],
    ]);
    expect(result.conversions).toMatchObject({ km_from_miles: 3, km_from_miles_by: 'mileage.unit "MI"' });
  });
});

describe('a Google feed priced in USD', () => {
  const result = ingestFixture('google-vehicle-listings-usd.xml', { preset: 'google-vehicle-listings' });
  it('rejects every row with a reason naming USD, never "expected a price as a number"', () => {
    expect(result.vehicles).toEqual([]);
    expect(result.rejected).toHaveLength(3);
    const groups = groupRejections(result.rejected);
    expect(groups).toHaveLength(1);
    expect(groups[0]!.summary).toContain('a price in USD, not Australian dollars');
    expect(groups[0]!.summary).not.toContain('expected a price as a number');
    expect(rejectedCurrencies(result.rejected)).toEqual([{ currency: 'USD', count: 3 }]);
  });
});

describe('a feed with a separate currency column', () => {
  it('rejects NOK prices by name instead of showing them as dollars', () => {
    const tenant = resolveTenant(
      parseTenantConfig(
        { slug: 'n', name: 'N', url: 'https://n.example.com.au', locations: [{ name: 'N' }], stock: { preset: 'meta-automotive' } },
        'n',
        'tenant.json',
      ),
      '/tmp',
    );
    const raw = { vehicle_id: 'N1', make: 'Volvo', model: 'XC60', year: '2020', state_of_vehicle: 'USED', price: '144900', currency: 'NOK' };
    const result = ingestRows(tenant, { file: 'feed.csv', format: 'csv', encoding: 'utf-8', rows: [{ position: 1, raw }] }, NOW);
    expect(result.vehicles).toEqual([]);
    expect(result.rejected[0]!.message).toContain('price: a price in NOK, not Australian dollars');
  });
});
