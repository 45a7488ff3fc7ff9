/**
 * The real-world fixture: a minimal tenant.json with a field mapping and a messy 1,000-row CSV
 * export (bad rows, unreachable and corrupt photos), built by `npm test` before this runs.
 */
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { BuildReport } from '../../scripts/lib/report.ts';
import type { SiteModel } from '../../src/lib/site/site-model.ts';

const dist = '.cache/e2e/dist';
const slug = 'realworld-motors';
const expected = JSON.parse(readFileSync(join('.cache/e2e/tenants', slug, 'expected.json'), 'utf8')) as {
  rows: number;
  valid_rows: number;
  bad_rows: { row: number; id: string | null; reason: string }[];
  listed_ids: string[];
  not_listed_ids: string[];
  poa_ids: string[];
  photos: { unreachable_ids: string[]; corrupt_ids: string[] };
};
const report = JSON.parse(readFileSync(join(dist, '_build', slug, 'report.json'), 'utf8')) as BuildReport;
const model = JSON.parse(readFileSync(join(dist, '_build', slug, 'model.json'), 'utf8')) as SiteModel;
const site = join(dist, slug);

describe('a real-world export with bad rows and unreachable photos', () => {
  it('builds successfully and reports what it read', () => {
    expect(report.status).toBe('ok');
    expect(report.records.read).toBe(expected.rows);
    expect(report.records.valid).toBe(expected.valid_rows);
    expect(report.records.rejected).toBe(expected.bad_rows.length);
  });

  it('names each bad record in the report by position, stocknum, field and reason', () => {
    const byPosition = new Map(report.rejected.map((r) => [r.position, r]));
    for (const bad of expected.bad_rows) {
      const r = byPosition.get(bad.row);
      expect(r, `row ${bad.row} (${bad.reason}) is in the report`).toBeDefined();
      if (bad.id) expect(r?.stocknum).toBe(bad.id);
      const field = {
        missing_id: 'id',
        missing_make: 'make',
        unknown_car_type: 'car_type',
        bad_year: 'year',
        duplicate_id: 'id',
        stray_quote: '(row)',
        extra_cells: '(row)',
      }[bad.reason];
      expect(r?.field).toBe(field);
      expect(r?.message).toMatch(new RegExp(`^record ${bad.row} \\(line \\d+\\)`));
    }
  });

  it('reads the Windows-1252 export without garbling it, and says in a line per kind what it rejected', () => {
    expect(report.stock_encoding).toBe('windows-1252');
    const typographic = model.vehicles.filter((v) => v.dealercomments?.includes('\u2013 \u2018as new\u2019, caf\u00e9'));
    expect(typographic.length).toBeGreaterThan(0);
    const kinds = new Set(expected.bad_rows.map((b) => b.reason));
    // One group per field and reason, not one line per row; every rejected row is in exactly one group.
    expect(report.rejected_groups.length).toBeLessThanOrEqual(kinds.size + 3);
    expect(report.rejected_groups.reduce((n, g) => n + g.count, 0)).toBe(expected.bad_rows.length);
    expect(report.rejected_groups.map((g) => g.summary).join('\n')).toMatch(/records?: \(row\): a quoted cell that is not closed properly/);
  });

  it('writes a page for every good listed record and none for unlisted or bad ones', () => {
    const byId = new Map(model.vehicles.map((v) => [v.id, v]));
    const vehicleSlugs = new Set(model.vehicles.map((v) => v.slug));
    // Other pages live under /cars/ too (/cars/trade-in); count only folders named like a vehicle slug,
    // and check separately that no vehicle page exists for a car that is not in the model.
    const folders = readdirSync(join(site, 'cars')).filter((d) => existsSync(join(site, 'cars', d, 'index.html')));
    const pages = new Set(folders.filter((d) => vehicleSlugs.has(d)));
    // Derived slugs end with the record id, so a page for an unlisted or bad record would show up here.
    const unlisted = [...expected.not_listed_ids, ...expected.bad_rows.map((b) => b.id)].filter(
      (id): id is string => !!id && !expected.listed_ids.includes(id),
    );
    const strays = folders.filter((d) => !vehicleSlugs.has(d) && unlisted.some((id) => d.endsWith(`-${id.toLowerCase()}`)));
    expect(strays, 'pages for cars that are not listed').toEqual([]);
    for (const id of expected.listed_ids) {
      const car = byId.get(id);
      expect(car, `listed car ${id} is in the model`).toBeDefined();
      expect(pages.has(car?.slug ?? ''), `listed car ${id} has /cars/${car?.slug}`).toBe(true);
    }
    expect(pages.size).toBe(expected.listed_ids.length);
    for (const id of [...expected.not_listed_ids, ...expected.bad_rows.map((b) => b.id)]) {
      if (id && !expected.listed_ids.includes(id)) expect(byId.has(id), `unlisted or bad ${id} has no page`).toBe(false);
    }
  });

  it('shows no price, never $0, for POA cars', () => {
    const car = model.vehicles.find((v) => v.id === expected.poa_ids[0]);
    expect(car).toBeDefined();
    const html = readFileSync(join(site, 'cars', car?.slug ?? '', 'index.html'), 'utf8');
    expect(html).toContain('Enquire for price.');
    expect(html).not.toMatch(/>\$0</);
  });

  it('lists unreachable and corrupt photos in the report and renders placeholders, never the broken URL', () => {
    const failedCars = new Set(report.images.failures.flatMap((f) => f.cars));
    const listed = new Set(expected.listed_ids);
    for (const id of [...expected.photos.unreachable_ids, ...expected.photos.corrupt_ids].filter((i) => listed.has(i))) {
      expect(failedCars.has(id), `photo failure of ${id} is reported`).toBe(true);
      const car = model.vehicles.find((v) => v.id === id);
      const html = readFileSync(join(site, 'cars', car?.slug ?? '', 'index.html'), 'utf8');
      expect(html).toContain('/img/placeholder-car.svg');
      for (const f of report.images.failures.filter((x) => x.cars.includes(id))) expect(html).not.toContain(f.source);
    }
  });
});

describe('every built site', () => {
  for (const dir of ['dist', dist]) {
    const slugs = readdirSync(dir).filter((d) => !d.startsWith('_') && existsSync(join(dir, d, 'index.html')));
    for (const s of slugs) {
      it(`${s}: has home, search, locations and 404 pages, and no build secrets`, () => {
        for (const page of ['index.html', 'search/new-used-and-demo-cars/index.html', 'locations/index.html', '404.html'])
          expect(existsSync(join(dir, s, page)), page).toBe(true);
        expect(existsSync(join(dir, s, 'img', 'placeholder-car.svg'))).toBe(true);
        expect(existsSync(join(dir, s, '_build'))).toBe(false);
      });
    }
  }
});
