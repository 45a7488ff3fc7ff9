/**
 * The incremental render (scripts/lib/incremental.ts): after 3% of a demo tenant's stock changes (two
 * price drops, a car sold, a new car, a car gone), a warm build renders only the changed cars' pages
 * and those that show them, copies the rest from the published build, and its site is byte-identical
 * to a full build of the same inputs.
 */
import { spawnSync } from 'node:child_process';
import { cpSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { BuildReport } from '../../scripts/lib/report.ts';
import { siteTree } from './tree-hash.ts';

const BUILD_NOW = process.env['BUILD_NOW'] ?? new Date().toISOString().slice(0, 10);
const SLUG = 'demo-coastal-toyota';
const base = resolve('.cache/incremental-render');
const tenants = join(base, 'tenants');
const warm = join(base, 'warm');
const full = join(base, 'full');

function build(out: string, extra: string[] = []): BuildReport {
  const r = spawnSync(process.execPath, ['scripts/build.ts', '--tenants', tenants, '--out', out, '--force', ...extra], {
    encoding: 'utf8',
    env: { ...process.env, BUILD_NOW },
  });
  expect(r.status, `${r.stdout}${r.stderr}`).toBe(0);
  return JSON.parse(readFileSync(join(out, '_build', SLUG, 'report.json'), 'utf8')) as BuildReport;
}

beforeAll(() => {
  rmSync(base, { recursive: true, force: true });
  cpSync(join('tenants', SLUG), join(tenants, SLUG), { recursive: true });
});

describe('the incremental render', () => {
  it('after a 3% change, renders only what changed and builds the same site as a full build', () => {
    const first = build(warm);
    expect(first.render?.mode).toBe('full');

    // The night's changes: 5 of the 150 records (3%).
    const file = join(tenants, SLUG, 'stock.json');
    const stock = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>[];
    const forSale = stock.filter((r) => r['status'] === 'in_stock' && typeof r['price'] === 'number' && (r['price'] as number) > 20_000);
    const [cheaper, cheaper2, sold, gone, template] = [forSale[3]!, forSale[20]!, forSale[40]!, forSale[60]!, forSale[80]!];
    cheaper['price'] = (cheaper['price'] as number) - 500;
    cheaper2['price'] = (cheaper2['price'] as number) - 1250;
    Object.assign(sold, { status: 'sold', sold: true, sold_date_timestamp: Math.floor(Date.parse(BUILD_NOW) / 1000) - 3600 });
    const next = stock.filter((r) => r !== gone);
    next.push({
      ...template,
      id: 499_999,
      stocknum: 'CTN99999',
      vin: 'JTMSA4UF4T9099999',
      slug: `${String(template['slug']).replace(/-[a-z0-9]+$/, '')}-ctn99999`,
      price: 45_990,
      created_at: `${BUILD_NOW}T00:00:00Z`,
    });
    writeFileSync(file, JSON.stringify(next));

    const incremental = build(warm);
    expect(incremental.render?.mode).toBe('incremental');
    const listed = incremental.records.listed;
    // The changed cars and the few whose price gauge decision changed; not the cars whose similar cars
    // changed (on 132 cars a new car and a price drop reorder many similar-car lists: those are in the
    // price bands' files, always written, and the identity below covers them too).
    expect(incremental.render?.cars_rendered).toBeGreaterThanOrEqual(4);
    expect(incremental.render?.cars_rendered, JSON.stringify(incremental.render)).toBeLessThanOrEqual(listed / 10);
    expect((incremental.render?.cars_rendered ?? 0) + (incremental.render?.cars_kept ?? 0)).toBe(listed);
    // The kept cars' pages keep their published .dcz (same page, same dictionary): at most the rendered
    // ones are compressed again (a car rendered again whose page came out the same keeps its .dcz too).
    const dcz = incremental.dictionary;
    expect(dcz?.kept).toBe(true);
    expect(dcz?.pages).toBe(listed);
    expect(dcz?.reused).toBeGreaterThanOrEqual(incremental.render?.cars_kept ?? Infinity);
    expect(dcz?.compressed).toBeLessThanOrEqual(incremental.render?.cars_rendered ?? 0);
    expect((dcz?.compressed ?? 0) + (dcz?.reused ?? 0)).toBe(listed);

    const fresh = build(full, ['--full-render']);
    expect(fresh.render?.mode).toBe('full');
    // Pages compared byte for byte; the .dcz files by what they decode to (the night kept the published
    // compression dictionary, the full build made its own).
    const a = siteTree(join(warm, SLUG));
    const b = siteTree(join(full, SLUG));
    expect(Object.values(a).filter((v) => v.startsWith('DOES NOT DECODE'))).toEqual([]);
    expect(Object.values(b).filter((v) => v.startsWith('DOES NOT DECODE'))).toEqual([]);
    expect(Object.keys(a).filter((k) => k.endsWith('.dcz')).length).toBeGreaterThan(100);
    const differ = Object.keys({ ...a, ...b }).filter((k) => a[k] !== b[k]);
    expect(differ).toEqual([]);
    expect(Object.keys(a).length).toBeGreaterThan(400);
  }, 240_000);
});
