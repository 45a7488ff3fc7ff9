/**
 * Onboarding a real export loses nothing silently (issue 30), end to end with scripts/build.ts: a Meta
 * feed in miles is published in km and says so once; a Google feed priced in USD is held with a message
 * naming USD and a hint that does not offer --accept; a 4,000-photo outage is a handful of console lines
 * while report.json keeps every URL.
 */
import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { BuildReport } from '../../scripts/lib/report.ts';

const work = resolve('.cache', 'onboarding-test');
const tenants = join(work, 'tenants');
const dist = join(work, 'dist');
let output = '';
let status: number | null = null;

function tenant(slug: string, stock: Record<string, unknown>, file?: string): void {
  const dir = join(tenants, slug);
  mkdirSync(dir, { recursive: true });
  writeFileSync(
    join(dir, 'tenant.json'),
    JSON.stringify({ slug, name: slug, url: `https://${slug}.example.com.au`, locations: [{ name: `${slug} Caringbah` }], stock }),
  );
  if (file) copyFileSync(join('tests/fixtures/exports', file), join(dir, file));
}

const report = (slug: string) => JSON.parse(readFileSync(join(dist, '_build', slug, 'report.json'), 'utf8')) as BuildReport;
const lines = (slug: string) => output.split('\n').filter((l) => l.startsWith(`[${slug}]`));

beforeAll(() => {
  rmSync(work, { recursive: true, force: true });
  tenant('miles-feed', { file: 'meta-automotive-miles.xml', preset: 'meta-automotive' }, 'meta-automotive-miles.xml');
  tenant('usd-feed', { file: 'google-vehicle-listings-usd.xml', preset: 'google-vehicle-listings' }, 'google-vehicle-listings-usd.xml');
  // 100 cars of 40 photos each, all on a host that does not answer.
  tenant('photo-outage', {});
  const cars = Array.from({ length: 100 }, (_, i) => ({
    id: `P${i}`,
    stocknum: `P${i}`,
    car_type: 'used',
    make: 'Toyota',
    model: 'Corolla',
    year: 2021,
    price: 25990,
    km: 40000,
    status: 'in_stock',
    images: Array.from({ length: 40 }, (_, j) => `https://photos.outage.invalid/${i}/${j}.jpg`),
  }));
  writeFileSync(join(tenants, 'photo-outage', 'stock.json'), JSON.stringify(cars));
  const r = spawnSync(process.execPath, ['scripts/build.ts', '--tenants', tenants, '--out', dist], {
    encoding: 'utf8',
    env: { ...process.env, BUILD_NOW: '2026-11-22' },
  });
  output = `${r.stdout}${r.stderr}`;
  status = r.status;
}, 600_000);

describe('onboarding real exports', () => {
  it('exits 3: a dealer export was held, nothing failed on the platform', () => {
    expect(status).toBe(3);
  });

  it('publishes a feed in miles in km, and says so once', () => {
    const model = JSON.parse(readFileSync(join(dist, '_build', 'miles-feed', 'model.json'), 'utf8')) as { vehicles: { id: string; km: number }[] };
    expect(model.vehicles.map((v) => [v.id, v.km])).toEqual([
      ['U5001', 84763],
      ['U5002', 29354],
      ['U5003', 15894],
    ]);
    const page = readFileSync(join(dist, 'miles-feed', 'cars', '2019-ford-mustang-gt-u5001', 'index.html'), 'utf8');
    expect(page).toContain('84,763');
    expect(page).not.toContain('52,669 km');
    expect(lines('miles-feed').filter((l) => l.includes('read in miles'))).toEqual([
      '[miles-feed] km: 3 records\' mileage read in miles (mileage.unit "MI") and converted to km (1 mi = 1.609344 km); the site never shows miles',
    ]);
    expect(report('miles-feed').conversions).toEqual({ km_from_miles: 3, km_from_miles_by: 'mileage.unit "MI"', badge_from_title: 1, body_from_words: 0 });
  });

  it('holds a feed priced in USD with a message naming USD and what to change, without --accept', () => {
    const r = report('usd-feed');
    expect(r.status).toBe('failed');
    expect(r.rejected_groups[0]!.summary).toContain('price: a price in USD, not Australian dollars');
    expect(r.error?.hint).toContain('Prices in USD (3 records) are never shown as dollars');
    expect(r.error?.hint).not.toContain('--accept');
    expect(r.warnings).toContain(
      'stock column `vehicle_year` is not read; it looks like `year`, which is empty on 3 of 3 records (map it: "stock": { "mapping": { "year": "vehicle_year" } })',
    );
  });

  it('summarises a 4,000-photo outage in a handful of lines, every URL in report.json', () => {
    const photoLines = lines('photo-outage')
      .map((l) => l.slice('[photo-outage] '.length))
      .filter((l) => /photo/i.test(l) && !/^images \d/.test(l));
    expect(photoLines.length).toBeLessThanOrEqual(4);
    expect(photoLines.join('\n')).toContain('photos unavailable from photos.outage.invalid: 4,000 photos of 100 cars');
    expect(report('photo-outage').images.failures).toHaveLength(4000);
  });
});
