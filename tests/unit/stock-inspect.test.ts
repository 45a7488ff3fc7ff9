/**
 * npm run stock:inspect (issue 30) on each fixture export: its verdict, the preset it detects with the
 * evidence, and what it says about units, currency, unread columns and photos past the cap. The
 * inspection reads the export with the build's own ingest (src/lib/ingest).
 */
import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { inspect } from '../../scripts/stock-inspect.ts';

const NOW = Date.parse('2026-11-22T00:00:00Z') / 1000;
const run = (file: string, extra: Record<string, unknown> = {}) => inspect({ file: `tests/fixtures/exports/${file}`, now: NOW, ...extra });

describe('stock:inspect verdicts per fixture', () => {
  it.each([
    ['google-vehicle-listings.tsv', 'google-vehicle-listings', true],
    ['meta-automotive.csv', 'meta-automotive', true],
    ['meta-automotive.xml', 'meta-automotive', true],
    ['meta-automotive-miles.xml', 'meta-automotive', true],
    // Written with bad rows on purpose (a stray quote, an unquoted comma): 2 of 7 rejected is past the guard's 20%.
    ['au-dms.csv', 'au-dms-csv', false],
    ['google-vehicle-listings-usd.xml', 'google-vehicle-listings', false],
  ])('%s: detects %s, usable %s', (file, preset, usable) => {
    const r = run(file);
    expect(r.preset).toBe(preset);
    expect(r.detected).toBe(true);
    expect(r.usable).toBe(usable);
    expect(r.lines.join('\n')).toMatch(new RegExp(`^preset: ${preset} \\(detected: it reads \\d+ of the \\d+ columns`, 'm'));
  });

  it('says the miles it converted and the photos past the cap, and shows the cars in km', () => {
    const text = run('meta-automotive-miles.xml').lines.join('\n');
    expect(text).toContain('units: km read in miles on 3 records (mileage.unit "MI"), converted to km');
    expect(text).toContain('2019 Ford Mustang GT: $69,990 | 84,763 km | 2019 | Coupe | 3 photos');
    expect(text).toMatch(/photos: 1 car had photos past the preset's last photo column \(image\[20\]\.url … image\[23\]\.url\)/);
  });

  it('names USD, the unread vehicle_year, and suggests the mapping without --accept', () => {
    const r = run('google-vehicle-listings-usd.xml', { mapping: true });
    const text = r.lines.join('\n');
    expect(text).toContain('currency: USD on 3 records: rejected, the site shows AUD only');
    expect(text).toMatch(/vehicle_year +not read \(did you mean year\?\)/);
    expect(text).toContain('hint: Prices in USD (3 records) are never shown as dollars');
    expect(text).not.toContain('--accept');
    expect(r.suggestion).toEqual({
      stock: {
        file: 'google-vehicle-listings-usd.xml',
        preset: 'google-vehicle-listings',
        mapping: { year: 'vehicle_year', location_id: 'vehicle_fulfillment[0].store_code' },
      },
    });
  });

  it('lists the values a DMS export passes through unmapped, with counts', () => {
    const text = run('au-dms.csv').lines.join('\n');
    expect(text).toContain('trans: "Constant Variable" 1, "DSG" 1');
  });

  it('reads an export of Car field names without a preset', () => {
    const r = run('other-statuses.json');
    expect(r.preset).toBeUndefined();
    expect(r.lines.join('\n')).toContain('preset: none (the columns are Car field names');
  });

  it("reads with a tenant folder's stock settings and locations", () => {
    const dir = mkdtempSync(join(tmpdir(), 'inspect-'));
    copyFileSync('tests/fixtures/exports/meta-automotive.xml', join(dir, 'feed.xml'));
    writeFileSync(
      join(dir, 'tenant.json'),
      JSON.stringify({
        slug: 'coastal',
        name: 'Coastal',
        url: 'https://coastal.example.com.au',
        locations: [{ id: 'CT01', name: 'Coastal Toyota Caringbah' }],
        stock: { file: 'feed.xml', preset: 'meta-automotive' },
      }),
    );
    const r = inspect({ file: join(dir, 'feed.xml'), tenant: dir, now: NOW, mapping: true });
    expect(r.detected).toBe(false);
    expect(r.lines).toContain('preset: meta-automotive (tenant.json stock.preset)');
    expect(r.suggestion).toEqual({ stock: { file: 'feed.xml', preset: 'meta-automotive' } });
  });

  it('exits 0 for a usable export and 3 for one the build would hold', () => {
    const ok = spawnSync(process.execPath, ['scripts/stock-inspect.ts', 'tests/fixtures/exports/meta-automotive.xml'], { encoding: 'utf8' });
    expect(ok.status).toBe(0);
    expect(ok.stdout).toContain('verdict: usable: 3 cars would be listed');
    const held = spawnSync(
      process.execPath,
      ['scripts/stock-inspect.ts', 'tests/fixtures/exports/google-vehicle-listings-usd.xml', '--preset', 'google-vehicle-listings'],
      {
        encoding: 'utf8',
      },
    );
    expect(held.status).toBe(3);
    expect(held.stdout).toContain('preset: google-vehicle-listings (given with --preset)');
  });
});
