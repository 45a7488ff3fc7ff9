import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseCsv } from '../../src/lib/ingest/csv.ts';
import { ingestStock } from '../../src/io/stock-file.ts';
import { mapRecord, parseMoney } from '../../src/lib/ingest/mapping.ts';
import { parseTenantConfig, resolveTenant } from '../../src/lib/tenant/load-tenant.ts';

const NOW = Date.parse('2026-11-22T00:00:00Z') / 1000;
const DAY = 86_400;

function tenantWith(files: Record<string, string>, extra: Record<string, unknown> = {}) {
  const dir = mkdtempSync(join(tmpdir(), 'stock-'));
  for (const [name, text] of Object.entries(files)) writeFileSync(join(dir, name), text);
  const config = parseTenantConfig(
    {
      slug: 'test',
      name: 'Test',
      url: 'https://test.com.au',
      locations: [
        { id: 7, name: 'Caringbah', address: { city: 'Caringbah', state: 'NSW' } },
        { name: 'Parramatta', address: { city: 'Parramatta' } },
      ],
      ...extra,
    },
    'test',
    'tenant.json',
  );
  return resolveTenant(config, dir);
}

describe('csv', () => {
  it('reads quoted commas, doubled quotes, newlines and a BOM', () => {
    const { rows, problems } = parseCsv('\ufeffid,comments\r\n1,"Big, ""clean"" car\r\nwith history"\r\n2,plain\r\n\r\n');
    expect(rows).toEqual([
      { line: 2, cells: { id: '1', comments: 'Big, "clean" car\r\nwith history' } },
      { line: 4, cells: { id: '2', comments: 'plain' } },
    ]);
    expect(problems).toEqual([]);
  });
});

describe('mapping', () => {
  it('applies values, money, numbers, city/state and image lists', () => {
    const source = {
      keep_unmapped: true,
      mapping: {
        id: 'StockNo',
        stocknum: 'StockNo',
        car_type: { from: 'UsedOrNew', values: { USED: 'used', NEW: 'new' }, separator: '|' },
        price: { from: 'Price', transform: 'money' as const, separator: '|' },
        km: { from: 'Odometer', transform: 'integer' as const, separator: '|' },
        city: { from: 'Location', transform: 'city' as const, separator: '|' },
        state: { from: 'Location', transform: 'state' as const, separator: '|' },
        images: { from: 'Photos', transform: 'images' as const, separator: '|' },
      },
    };
    const out = mapRecord(
      { StockNo: 'A1', UsedOrNew: 'used', Price: '$31,990', Odometer: '45,210 km', Location: 'Caringbah, NSW', Photos: 'a.jpg| b.jpg', make: 'Kia' },
      source,
    );
    expect(out).toMatchObject({ id: 'A1', stocknum: 'A1', car_type: 'used', price: 31990, km: 45210, city: 'Caringbah', state: 'NSW', make: 'Kia' });
    expect(out['images']).toEqual([{ image: { url: 'a.jpg' } }, { image: { url: 'b.jpg' } }]);
    expect(mapRecord({ Price: 'POA' }, { keep_unmapped: false, mapping: { price: { from: 'Price', transform: 'money', separator: '|' } } })).toEqual({
      price: null,
    });
  });

  it('reads money the way dealers write it', () => {
    expect(parseMoney('$31,990')).toBe(31990);
    expect(parseMoney('POA')).toBeNull();
    expect(parseMoney('')).toBeNull();
    expect(Number.isNaN(parseMoney('thirty'))).toBe(true);
  });
});

describe('ingestStock', () => {
  const good = { make: 'Toyota', model: 'HiLux', car_type: 'used', year: 2021, price: 45990, stocknum: 'S1' };

  it('keeps every good record, skips each bad one with its position, stocknum, field and reason', () => {
    const records = [
      { ...good, id: 1 },
      { ...good, id: '', stocknum: 'NOID' },
      { ...good, id: 3, make: '', stocknum: 'NOMAKE' },
      { ...good, id: 4, car_type: 'van', stocknum: 'VAN' },
      { ...good, id: 5, year: '20X1', stocknum: 'YEAR' },
      { ...good, id: 1, stocknum: 'DUP' },
      { ...good, id: 7, stocknum: 'OK2' },
    ];
    const result = ingestStock(tenantWith({ 'stock.json': JSON.stringify(records) }), NOW);
    expect(result.read).toBe(7);
    expect(result.vehicles.map((v) => v.id)).toEqual(['1', '7']);
    expect(result.rejected.map((r) => [r.position, r.stocknum, r.field])).toEqual([
      [2, 'NOID', 'id'],
      [3, 'NOMAKE', 'make'],
      [4, 'VAN', 'car_type'],
      [5, 'YEAR', 'year'],
      [6, 'DUP', 'id'],
    ]);
    expect(result.rejected[3]?.message).toBe('record 5 (stocknum YEAR): year: expected a 4-digit year, received "20X1"');
    expect(result.rejected[4]?.reason).toMatch(/duplicate id "1" \(first seen at record 1/);
  });

  it('applies the listing rule: available, or sold within the window, and not hidden', () => {
    const records = [
      { ...good, id: 'a', status: 'in_stock' },
      { ...good, id: 'b', status: 'coming_soon' },
      { ...good, id: 'c', status: 'sold', sold_date_timestamp: NOW - 2 * DAY },
      { ...good, id: 'd', status: 'sold', sold_date_timestamp: NOW - 3 * DAY },
      { ...good, id: 'e', status: 'sold', sold_date_timestamp: NOW - 3 * DAY - 1 },
      { ...good, id: 'f', status: 'in_stock', show_on_dealer_website: false },
      { ...good, id: 'g', status: 'sold' },
    ];
    const result = ingestStock(tenantWith({ 'stock.json': JSON.stringify(records) }), NOW);
    expect(Object.fromEntries(result.vehicles.map((v) => [v.id, v.listed]))).toEqual({ a: true, b: true, c: true, d: true, e: false, f: false, g: false });
  });

  it('uses a record slug as the URL, else derives a stable unique one', () => {
    const records = [
      { ...good, id: 10, slug: 'my-hilux' },
      { ...good, id: 11, badge: 'SR5' },
      { ...good, id: 12, badge: 'SR5' },
    ];
    const first = ingestStock(tenantWith({ 'stock.json': JSON.stringify(records) }), NOW).vehicles.map((v) => v.path);
    expect(first).toEqual(['/cars/my-hilux', '/cars/2021-toyota-hilux-sr5-11', '/cars/2021-toyota-hilux-sr5-12']);
    const again = ingestStock(tenantWith({ 'stock.json': JSON.stringify(records.slice(1)) }), NOW).vehicles.map((v) => v.path);
    expect(again).toEqual(first.slice(1));
  });

  it('reads stock.csv with the same column names and resolves locations', () => {
    const csv =
      'id,make,model,car_type,year,price,location_id,city,images\n1,Mazda,CX-5,new,2026,"41,990",7,,a.jpg|b.jpg\n2,Kia,Seltos,demo,2025,,,Parramatta,\n';
    const result = ingestStock(tenantWith({ 'stock.csv': csv }), NOW);
    expect(result.rejected).toEqual([]);
    expect(result.vehicles[0]).toMatchObject({ price: 41990, image_sources: ['a.jpg', 'b.jpg'], location: { id: '7', name: 'Caringbah' } });
    expect(result.vehicles[1]?.location?.name).toBe('Parramatta');
  });

  it('fails the tenant with a clear message when there is no export', () => {
    expect(() => ingestStock(tenantWith({}), NOW)).toThrow(/no stock export found \(looked for stock.json, stock.csv, stock.tsv, stock.xml\)/);
  });
});
