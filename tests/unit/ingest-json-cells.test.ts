/**
 * Meta's CSV may hold `image`, `address` and `mileage` as JSON in one cell (its automotive reference):
 * such cells become the flat columns the meta-automotive preset reads (image[0].url, address.city,
 * mileage.unit), so the car keeps its photos and place; a cell that is not JSON is said with its line
 * and column, and the car is still read. Fixture: tests/fixtures/exports/meta-automotive-json-cells.csv
 * (written by us in Meta's documented shape).
 */
import { describe, expect, it } from 'vitest';
import { inspect } from '../../scripts/stock-inspect.ts';
import { expandJsonCells } from '../../src/lib/ingest/json-cells.ts';
import { ingestRows, stockRows } from '../../src/lib/ingest/ingest.ts';
import { parseTenantConfig, resolveTenant } from '../../src/lib/tenant/load-tenant.ts';

const NOW = Date.parse('2026-11-22T00:00:00Z') / 1000;
const tenant = resolveTenant(
  parseTenantConfig(
    {
      slug: 't',
      name: 'T',
      url: 'https://t.example.com.au',
      locations: [{ name: 'T' }],
      stock: { file: 'feed.csv', preset: 'meta-automotive' },
    },
    't',
    'tenant.json',
  ),
  '/tmp',
);
const ingestText = (text: string) => ingestRows(tenant, { file: 'feed.csv', ...stockRows(tenant, 'feed.csv', Buffer.from(text, 'utf8')) }, NOW);

describe('expandJsonCells', () => {
  it('expands image, address and mileage into the flat names, leaving other cells as they are', () => {
    const { row, problems } = expandJsonCells({
      vehicle_id: 'A1',
      description: '[SOLD] not JSON, not a JSON column',
      image: '[{"url":"https://cdn.example.com.au/a.jpg","tag":["Exterior"]},{"url":"https://cdn.example.com.au/b.jpg"}]',
      address: '{"city":"Caringbah","region":"NSW"}',
      mileage: '{"value":71280,"unit":"KM"}',
    });
    expect(problems).toEqual([]);
    expect(row).toEqual({
      vehicle_id: 'A1',
      description: '[SOLD] not JSON, not a JSON column',
      'image[0].url': 'https://cdn.example.com.au/a.jpg',
      'image[0].tag': ['Exterior'],
      'image[1].url': 'https://cdn.example.com.au/b.jpg',
      'address.city': 'Caringbah',
      'address.region': 'NSW',
      'mileage.value': '71280',
      'mileage.unit': 'KM',
    });
  });

  it('keeps a flat column the row already has', () => {
    expect(expandJsonCells({ 'address.city': 'Miranda', address: '{"city":"Caringbah"}' }).row).toEqual({ 'address.city': 'Miranda' });
  });

  it('reports a cell that is not JSON and leaves it out', () => {
    const { row, problems } = expandJsonCells({ vehicle_id: 'A1', image: '[{"url": "https://cdn.example.com.au/a.jpg"' });
    expect(row).toEqual({ vehicle_id: 'A1' });
    expect(problems).toHaveLength(1);
    expect(problems[0]!.column).toBe('image');
    expect(problems[0]!.reason).toMatch(/^not valid JSON \(/);
  });
});

describe('a Meta CSV with JSON cells', () => {
  it('lists every car with its photos, city, state and mileage', () => {
    const r = inspect({ file: 'tests/fixtures/exports/meta-automotive-json-cells.csv', now: NOW });
    expect(r.preset).toBe('meta-automotive');
    expect(r.usable).toBe(true);
    expect(r.result.rejected).toEqual([]);
    const car = (id: string) => r.result.vehicles.find((v) => v.id === id)!;
    expect(car('J3001').image_sources).toEqual([1, 2, 3].map((i) => `https://cdn.example.com.au/j/3001-${i}.jpg`));
    expect(car('J3001').city).toBe('Caringbah');
    expect(car('J3001').state).toBe('NSW');
    expect(car('J3002').image_sources).toHaveLength(20);
    expect(car('J3003').km).toBe(15034); // mileage as one JSON cell
    const text = r.lines.join('\n');
    expect(text).toMatch(/^ {2}image\[0\]\.url +-> primary_image_url, images/m);
    expect(text).toMatch(/^ {2}address\.city +-> city/m);
    expect(text).not.toMatch(/^ {2}image +not read/m);
    expect(text).not.toMatch(/^ {2}address +not read/m);
    expect(text).toContain("photos: 1 car had photos past the preset's last photo column (image[20].url … image[23].url)");
  });

  it('says a malformed JSON cell with its line and column, and still reads the car', () => {
    const text = [
      'vehicle_id,title,make,model,year,price,state_of_vehicle,image,address',
      'B1,2020 Mazda CX-5,Mazda,CX-5,2020,32990 AUD,USED,"[{""url"":""https://cdn.example.com.au/b1.jpg""}]","{""city"":""Caringbah"",""region"":""NSW""}"',
      'B2,2019 Ford Ranger,Ford,Ranger,2019,44990 AUD,USED,"[{""url"":""https://cdn.example.com.au/b2.jpg""}","{""city"":""Miranda""}"',
      'B3,2021 Kia Rio,Kia,Rio,2021,19990 AUD,USED,"[{""url"":""https://cdn.example.com.au/b3.jpg""}]","{city: Miranda}"',
    ].join('\n');
    const result = ingestText(text);
    expect(result.rejected).toEqual([]);
    expect(result.vehicles.map((v) => v.id)).toEqual(['B1', 'B2', 'B3']);
    expect(result.vehicles[0]!.image_sources).toEqual(['https://cdn.example.com.au/b1.jpg']);
    expect(result.vehicles[1]!.image_sources).toEqual([]);
    expect(result.vehicles[1]!.city).toBe('Miranda');
    expect(result.vehicles[2]!.city).toBeUndefined();
    const image = result.warnings.find((w) => w.startsWith('stock column `image`'));
    expect(image).toMatch(/^stock column `image`: 1 record with not valid JSON, so that cell is not read \(line 3 \(/);
    const address = result.warnings.find((w) => w.startsWith('stock column `address`'));
    expect(address).toMatch(/^stock column `address`: 1 record with not valid JSON, so that cell is not read \(line 4 \(/);
  });
});
