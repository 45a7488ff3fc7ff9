/**
 * The nightly fleet's build command: stable hash shards, a plan and a dry run, strict options, only
 * what changed rebuilt (the demo tenants built by `npm test` are skipped as unchanged on a second run),
 * byte-identical output for the same inputs, and a run summary (summary.json and index.html) every run.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { RunSummary } from '../../scripts/lib/summary.ts';
import { NO_MEDIA, SPEC_CAR } from './spec-tenant.ts';
import { hashTree } from './tree-hash.ts';

const BUILD_NOW = process.env['BUILD_NOW'] ?? new Date().toISOString().slice(0, 10);

function build(args: string[], env: Record<string, string> = {}) {
  const started = performance.now();
  const r = spawnSync(process.execPath, ['scripts/build.ts', ...args], { encoding: 'utf8', env: { ...process.env, BUILD_NOW, ...env } });
  return { status: r.status, output: `${r.stdout}${r.stderr}`, ms: performance.now() - started };
}

/**
 * A small spec-shaped tenant under `tenants`: `count` copies of the spec's full car record (no photos to
 * fetch), changed by `patch`, and one location.
 */
function specTenant(
  tenants: string,
  slug: string,
  name: string,
  count: number,
  idBase: number,
  patch: Record<string, unknown> = {},
): Record<string, unknown>[] {
  mkdirSync(join(tenants, slug), { recursive: true });
  const stock = Array.from({ length: count }, (_, i) => ({ ...SPEC_CAR, id: idBase + i, ...NO_MEDIA, ...patch }));
  writeFileSync(join(tenants, slug, 'stock.json'), JSON.stringify(stock));
  writeFileSync(
    join(tenants, slug, 'tenant.json'),
    JSON.stringify({
      slug,
      name,
      url: `https://${slug.split('-')[0]}.example.com.au`,
      locations: [{ name: `${name} Caringbah`, address: { city: 'Caringbah' } }],
    }),
  );
  return stock;
}

describe('options', () => {
  it('a bad value or an unknown flag is an error naming it, exit 2; --help prints usage and builds nothing', () => {
    const jobs = build(['--jobs', 'two']);
    expect(jobs.status).toBe(2);
    expect(jobs.output).toMatch(/--jobs expects a whole number from 1 to 64, got "two"/);
    const typo = build(['--shards', '2/4']);
    expect(typo.status).toBe(2);
    expect(typo.output).toMatch(/--shards goes with --plan/);
    const unknown = build(['--tenant', 'x']);
    expect(unknown.status).toBe(2);
    expect(unknown.output).toMatch(/Unknown option '--tenant'/);
    const out = resolve('.cache/fleet/help-out');
    rmSync(out, { recursive: true, force: true });
    const help = build(['--help', '--out', out]);
    expect(help.status).toBe(0);
    expect(help.output).toMatch(/^Usage: node scripts\/build.ts/);
    expect(existsSync(out)).toBe(false);
  });
});

describe('stable shards', () => {
  it('adding a tenant moves no other tenant to another shard (--plan and --dry-run agree)', () => {
    const dir = resolve('.cache/fleet/shard-tenants');
    rmSync(dir, { recursive: true, force: true });
    const add = (slug: string) => {
      mkdirSync(join(dir, slug), { recursive: true });
      writeFileSync(join(dir, slug, 'tenant.json'), JSON.stringify({ slug, name: slug, url: `https://${slug}.example.com.au`, locations: [{ name: slug }] }));
    };
    for (let i = 0; i < 30; i++) add(`dealer-${i}`);
    const plan = () => (JSON.parse(build(['--tenants', dir, '--shards', '4', '--plan']).output) as { tenants: Record<string, number> }).tenants;
    const before = plan();
    expect(new Set(Object.values(before)).size).toBe(4);
    add('dealer-new');
    const after = plan();
    for (const [slug, shard] of Object.entries(before)) expect(after[slug], slug).toBe(shard);
    // The dry run of each shard lists exactly the plan's tenants for it, and builds nothing.
    for (const shard of [1, 2, 3, 4]) {
      const dry = build(['--tenants', dir, '--out', resolve('.cache/fleet/shard-out'), '--shard', `${shard}/4`, '--dry-run']);
      expect(dry.status).toBe(0);
      const listed = dry.output
        .split('\n')
        .filter((l) => l.includes('\tshard '))
        .map((l) => l.split('\t')[0]);
      expect(listed.sort()).toEqual(
        Object.entries(after)
          .filter(([, s]) => s === shard)
          .map(([slug]) => slug)
          .sort(),
      );
      expect(dry.output).toMatch(/would build/);
    }
    expect(existsSync(resolve('.cache/fleet/shard-out'))).toBe(false);
  });
});

describe('only what changed', () => {
  it('a second run over the built demo tenants skips all three as unchanged, in a small fraction of the time, touching nothing', () => {
    const before = hashTree('dist/demo-coastal-toyota');
    const report = JSON.parse(readFileSync('dist/_build/demo-coastal-toyota/report.json', 'utf8')) as { timings_ms: { total: number } };
    const again = build(['--tenants', 'tenants', '--out', 'dist']);
    expect(again.status, again.output).toBe(0);
    expect(again.output).toMatch(/0 built, 3 unchanged, 0 held, 0 failed/);
    // The whole second run (three tenants, node start included) against one tenant's first build.
    expect(again.ms).toBeLessThan(report.timings_ms.total / 5);
    expect(hashTree('dist/demo-coastal-toyota')).toEqual(before);
    const summary = JSON.parse(readFileSync('dist/_build/summary.json', 'utf8')) as RunSummary;
    expect(summary.tenants.map((t) => [t.tenant, t.status])).toEqual([
      ['demo-coastal-toyota', 'unchanged'],
      ['demo-redline-used-cars', 'unchanged'],
      ['demo-southern-motor-group', 'unchanged'],
    ]);
    expect(readFileSync('dist/_build/index.html', 'utf8')).toMatch(/3 unchanged/);
  });

  it('the same inputs build byte-identical files (no random ids, no build clock), and a changed export rebuilds', () => {
    const tenants = resolve('.cache/fleet/det-tenants');
    const out = resolve('.cache/fleet/det-dist');
    rmSync(tenants, { recursive: true, force: true });
    rmSync(out, { recursive: true, force: true });
    const stock = specTenant(tenants, 'det-motors', 'Det Motors', 12, 900);
    const first = build(['--tenants', tenants, '--out', out]);
    expect(first.status, first.output).toBe(0);
    const a = hashTree(join(out, 'det-motors'));
    // The model the functions read names no path of the build machine.
    const model = readFileSync(join(out, '_build', 'det-motors', 'model.json'), 'utf8');
    expect(model).not.toContain(process.cwd());
    expect((JSON.parse(model) as { tenant: { dir: string } }).tenant.dir).toBe('.cache/fleet/det-tenants/det-motors');
    const forced = build(['--tenants', tenants, '--out', out, '--force']);
    expect(forced.output).toMatch(/1 built, 0 unchanged/);
    expect(hashTree(join(out, 'det-motors'))).toEqual(a);
    writeFileSync(join(tenants, 'det-motors', 'stock.json'), JSON.stringify(stock.map((r, i) => (i === 0 ? { ...r, price: 12345 } : r))));
    expect(build(['--tenants', tenants, '--out', out, '--dry-run']).output).toMatch(/det-motors\tno shard\twould build/);
    const changed = build(['--tenants', tenants, '--out', out]);
    expect(changed.output).toMatch(/1 built, 0 unchanged/);
    const b = hashTree(join(out, 'det-motors'));
    const differing = Object.keys(b).filter((f) => b[f] !== a[f]);
    expect(differing.length).toBeGreaterThan(0);
    expect(differing.length).toBeLessThan(Object.keys(b).length / 2);
  }, 600_000);

  it('two tenants built at once into an output folder outside the checkout both build (Astro keeps each prerender bundle apart)', () => {
    const tenants = mkdtempSync(join(tmpdir(), 'fleet-pair-tenants-'));
    const out = mkdtempSync(join(tmpdir(), 'fleet-pair-dist-'));
    try {
      specTenant(tenants, 'pair-one', 'Pair One', 6, 700);
      specTenant(tenants, 'pair-two', 'Pair Two', 6, 800);
      const r = build(['--tenants', tenants, '--out', out, '--jobs', '2']);
      expect(r.output).toMatch(/2 built, 0 unchanged, 0 held, 0 failed/);
      expect(r.status, r.output).toBe(0);
      for (const slug of ['pair-one', 'pair-two']) expect(existsSync(join(out, slug, 'index.html'))).toBe(true);
    } finally {
      rmSync(tenants, { recursive: true, force: true });
      rmSync(out, { recursive: true, force: true });
    }
  }, 600_000);

  it('the next days: skipped while its pages stand (a build on a later day inside the window writes the same bytes), rebuilt on the day a New Arrival tag lapses', () => {
    const tenants = resolve('.cache/fleet/days-tenants');
    const out = resolve('.cache/fleet/days-dist');
    const later = resolve('.cache/fleet/days-dist-later');
    for (const d of [tenants, out, later]) rmSync(d, { recursive: true, force: true });
    const day = (n: number) => new Date(Date.parse(BUILD_NOW.slice(0, 10)) + n * 86_400_000).toISOString().slice(0, 10);
    // Arrived three days before the build day: a New Arrival (8-day window) through day +5, not on day +6.
    specTenant(tenants, 'days-motors', 'Days Motors', 6, 700, { rego_expiry: null, created_at: `${day(-3)}T00:00:00Z` });
    const first = build(['--tenants', tenants, '--out', out]);
    expect(first.status, first.output).toBe(0);
    const published = JSON.parse(readFileSync(join(out, '_build', 'days-motors', 'published.json'), 'utf8')) as { built_day: string; valid_until: string };
    expect(published).toMatchObject({ built_day: day(0), valid_until: day(6) });
    const a = hashTree(join(out, 'days-motors'));
    expect(readFileSync(join(out, 'days-motors', 'cars', 'index.html'), 'utf8')).toMatch(/New Arrival/);

    // Day +3: nothing to do.
    const dry = build(['--tenants', tenants, '--out', out, '--dry-run'], { BUILD_NOW: day(3) });
    expect(dry.output).toContain(`days-motors\tno shard\tunchanged: would skip (its pages stand until ${day(6)})`);
    const skip = build(['--tenants', tenants, '--out', out], { BUILD_NOW: day(3) });
    expect(skip.output).toMatch(/0 built, 1 unchanged/);
    const skipped = JSON.parse(readFileSync(join(out, '_build', 'summary.json'), 'utf8')) as RunSummary;
    expect(skipped.tenants[0]).toMatchObject({ status: 'unchanged', message: `pages stand until ${day(6)}` });
    // The proof that skipping is right: built anyway on day +5, every file is the same as day 0's.
    const day5 = build(['--tenants', tenants, '--out', later], { BUILD_NOW: day(5) });
    expect(day5.status, day5.output).toBe(0);
    const b = hashTree(join(later, 'days-motors'));
    expect(Object.keys(b).filter((f) => b[f] !== a[f])).toEqual([]);
    expect(Object.keys(b).length).toBe(Object.keys(a).length);

    // Day +6: the tags lapse, so the tenant builds, and its pages no longer say New Arrival.
    const day6 = build(['--tenants', tenants, '--out', out], { BUILD_NOW: day(6) });
    expect(day6.output).toMatch(/1 built, 0 unchanged/);
    expect(readFileSync(join(out, 'days-motors', 'cars', 'index.html'), 'utf8')).not.toMatch(/New Arrival/);
  }, 600_000);

  it('a demo tenant (reviews, offers, holiday hours, sales counter, search) built on two days inside its window writes the same bytes', () => {
    const day = (n: number) => new Date(Date.parse(BUILD_NOW.slice(0, 10)) + n * 86_400_000).toISOString().slice(0, 10);
    const outA = resolve('.cache/fleet/demo-day-a');
    const outB = resolve('.cache/fleet/demo-day-b');
    // The demo's New Arrival and recently-sold windows close within 8 days of its generation day; find a
    // day after which the next one is inside the window.
    let k = 8;
    let validUntil = '';
    for (let attempt = 0; attempt < 4; attempt++) {
      rmSync(outA, { recursive: true, force: true });
      const r = build(['--tenants', 'tenants', '--out', outA, '--only', 'demo-coastal-toyota'], { BUILD_NOW: day(k) });
      expect(r.status, r.output).toBe(0);
      validUntil = (JSON.parse(readFileSync(join(outA, '_build', 'demo-coastal-toyota', 'published.json'), 'utf8')) as { valid_until: string }).valid_until;
      if (validUntil > day(k + 1)) break;
      k = Math.round((Date.parse(validUntil) - Date.parse(BUILD_NOW.slice(0, 10))) / 86_400_000);
    }
    expect(validUntil > day(k + 1), `no two-day window found (valid_until ${validUntil})`).toBe(true);
    rmSync(outB, { recursive: true, force: true });
    const next = build(['--tenants', 'tenants', '--out', outB, '--only', 'demo-coastal-toyota'], { BUILD_NOW: day(k + 1) });
    expect(next.status, next.output).toBe(0);
    const a = hashTree(join(outA, 'demo-coastal-toyota'));
    const b = hashTree(join(outB, 'demo-coastal-toyota'));
    expect(Object.keys(b).filter((f) => b[f] !== a[f])).toEqual([]);
    expect(Object.keys(b).length).toBe(Object.keys(a).length);
  }, 600_000);
});
