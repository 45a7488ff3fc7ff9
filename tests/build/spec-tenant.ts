/**
 * The shared setup of the build tests that build a small tenant shaped like a real export (compliance,
 * publish guard, fleet): the spec's full car record with nothing to fetch, one test tenant's folders,
 * and scripts/build.ts run on it alone.
 */
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { BuildReport } from '../../scripts/lib/report.ts';

type Row = Record<string, unknown>;

/** The spec's full Car record: every field the spec names (tests/fixtures/exports/spec-car-full.json). */
export const SPEC_CAR = (JSON.parse(readFileSync('tests/fixtures/exports/spec-car-full.json', 'utf8')) as { record: Row }).record;

/** The fields a build would fetch or derive, empty: no slug or path, no photo, spin, video or history file. */
export const NO_MEDIA: Row = {
  slug: null,
  path: null,
  images: null,
  primary_image_url: null,
  thumbnails: null,
  spin_images: null,
  spin_interior_image: null,
  walkaround_videos: null,
  videos: null,
  file: null,
};

/** `count` spec records with nothing to fetch, ids from `firstId`, stock numbers `prefix` + id, each then changed by `patch`. */
export function specRecords(count: number, firstId: number, prefix: string, patch: (r: Row, i: number) => void = () => {}): Row[] {
  return Array.from({ length: count }, (_, i) => {
    const r: Row = { ...SPEC_CAR, id: firstId + i, stocknum: `${prefix}${firstId + i}`, ...NO_MEDIA };
    patch(r, i);
    return r;
  });
}

export interface TestTenant {
  slug: string;
  /** .cache/<name>: everything the test writes. */
  work: string;
  tenants: string;
  dist: string;
  /** The tenant's folder (tenant.json, stock.json). */
  dir: string;
  /** Its published site. */
  site: string;
  /** Its private build folder (report.json, model.json, published.json). */
  buildDir: string;
}

/** The folders of one test tenant built under .cache/<name>. */
export function testTenant(name: string, slug: string): TestTenant {
  const work = resolve('.cache', name);
  const tenants = join(work, 'tenants');
  const dist = join(work, 'dist');
  return { slug, work, tenants, dist, dir: join(tenants, slug), site: join(dist, slug), buildDir: join(dist, '_build', slug) };
}

/** scripts/build.ts on the test tenant alone, on the day 2026-11-22: its exit code, output and report. */
export function buildTenant(t: TestTenant, ...extra: string[]): { status: number | null; output: string; report: BuildReport } {
  const r = spawnSync(process.execPath, ['scripts/build.ts', '--tenants', t.tenants, '--out', t.dist, '--only', t.slug, ...extra], {
    encoding: 'utf8',
    env: { ...process.env, BUILD_NOW: '2026-11-22' },
  });
  const report = JSON.parse(readFileSync(join(t.buildDir, 'report.json'), 'utf8')) as BuildReport;
  return { status: r.status, output: `${r.stdout}${r.stderr}`, report };
}
