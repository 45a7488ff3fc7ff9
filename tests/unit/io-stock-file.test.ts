import { mkdirSync, mkdtempSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ingestStock } from '../../src/io/stock-file.ts';
import { loadTenant } from '../../src/io/tenant-folder.ts';
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

describe('tenant inputs are read only from inside the tenant folder (issue 27)', () => {
  const row = 'id,make,model,car_type,year,price,stocknum\n1,Toyota,HiLux,used,2021,45990,S1\n';

  it('an export named outside the folder, or a stock.csv that is a symlink out of it, is refused by name; DEALER_EXPORTS_OUTSIDE=allow reads it', () => {
    const outside = mkdtempSync(join(tmpdir(), 'outside-'));
    writeFileSync(join(outside, 'secrets.csv'), row);
    const named = tenantWith({}, { stock: { file: join(outside, 'secrets.csv') } });
    expect(() => ingestStock(named, NOW)).toThrow(/secrets\.csv is outside the tenant folder .*it was not read/);
    const relative = tenantWith({}, { stock: { file: '../' + join(outside, 'secrets.csv').split('/').slice(-2).join('/') } });
    expect(() => ingestStock(relative, NOW)).toThrow(/is outside the tenant folder/);
    const linked = tenantWith({});
    symlinkSync(join(outside, 'secrets.csv'), join(linked.dir, 'stock.csv'));
    expect(() => ingestStock(linked, NOW)).toThrow(/stock\.csv is outside the tenant folder/);
    process.env['DEALER_EXPORTS_OUTSIDE'] = 'allow';
    try {
      expect(ingestStock(named, NOW).vehicles).toHaveLength(1);
    } finally {
      delete process.env['DEALER_EXPORTS_OUTSIDE'];
    }
    // An export inside the folder is read as before.
    expect(ingestStock(tenantWith({ 'stock.csv': row }), NOW).vehicles).toHaveLength(1);
  });

  it('a tenant.json that is a symlink out of the folder is not read', () => {
    const outside = mkdtempSync(join(tmpdir(), 'outside-'));
    writeFileSync(join(outside, 'tenant.json'), JSON.stringify({ slug: 't', name: 'T', url: 'https://t.com.au', locations: [{ name: 'A' }] }));
    const dir = join(mkdtempSync(join(tmpdir(), 'tenants-')), 't');
    mkdirSync(dir);
    symlinkSync(join(outside, 'tenant.json'), join(dir, 'tenant.json'));
    expect(() => loadTenant(dir)).toThrow(/tenant\.json is outside the tenant folder/);
  });
});
