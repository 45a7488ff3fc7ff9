/** What the ingest makes of an export's columns (issue 30): unread columns that look like fields are named, photos past the cap counted, the preset detected with its evidence. */
import { describe, expect, it } from 'vitest';
import * as v from 'valibot';
import { columnUses, columnWarnings, detectPreset, looksLike } from '../../src/lib/ingest/columns.ts';
import { StockSourceSchema } from '../../src/lib/schemas/stock-source.ts';

const source = (s: Record<string, unknown>) => v.parse(StockSourceSchema, s);

describe('looksLike', () => {
  it('names the known field an unread column looks like', () => {
    expect(looksLike('vehicle_year')).toBe('year');
    expect(looksLike('Odometer')).toBe('km');
    expect(looksLike('link_template')).toBeUndefined();
    expect(looksLike('photos_count')).toBeUndefined();
    expect(looksLike('VehicleMake')).toBe('make');
    expect(looksLike('yaer')).toBe('year');
  });
});

describe('columnUses and columnWarnings', () => {
  it('warns about vehicle_year, saying year is empty on every record', () => {
    const uses = columnUses(['id', 'title', 'vehicle_year', 'price'], source({ preset: 'google-vehicle-listings' }));
    expect(uses.find((u) => u.column === 'vehicle_year')).toMatchObject({ fills: [], looks_like: 'year' });
    expect(uses.find((u) => u.column === 'price')!.fills).toEqual(['price', 'before_price']);
    const warnings = columnWarnings(uses, [{ id: '1' }, { id: '2' }], [{ vehicle_year: '2019' }, { vehicle_year: '2020' }]);
    expect(warnings).toEqual([
      'stock column `vehicle_year` is not read; it looks like `year`, which is empty on 2 of 2 records (map it: "stock": { "mapping": { "year": "vehicle_year" } })',
    ]);
  });

  it('counts the cars with photos past the preset last photo column, in one line', () => {
    const columns = ['vehicle_id', ...Array.from({ length: 30 }, (_, i) => `image[${i}].url`)];
    const uses = columnUses(columns, source({ preset: 'meta-automotive' }));
    const rows = [{ 'image[25].url': 'a' }, { 'image[0].url': 'b' }, { 'image[29].url': 'c' }];
    const warnings = columnWarnings(uses, [], rows);
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatch(/^photos: 2 cars had photos past the preset's last photo column \(image\[20\]\.url … image\[29\]\.url\)/);
  });
});

describe('detectPreset', () => {
  it('picks the preset reading the most columns, with the evidence', () => {
    expect(detectPreset(['vehicle_id', 'mileage.value', 'state_of_vehicle', 'make', 'image[0].url']).preset).toBe('meta-automotive');
    expect(detectPreset(['id', 'brand', 'vehicle_price_type', 'condition', 'image_link', 'mileage']).preset).toBe('google-vehicle-listings');
    expect(detectPreset(['Stock No', 'Rego', 'Odometer', 'Make', 'Variant']).preset).toBe('au-dms-csv');
    expect(detectPreset(['id', 'car_type', 'make', 'model', 'km', 'stocknum']).preset).toBeUndefined();
  });
});
