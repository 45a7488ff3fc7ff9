/**
 * Demo tenant generator.
 *
 *   node scripts/demo/generate.ts [--out tenants] [--now 2026-11-22] [--only slug,slug] [--seed demo] [--no-photos]
 *
 * Writes <out>/<slug>/{tenant.json, stock.json, demo-manifest.json, photos/*.jpg} for the three demo
 * tenants. Output depends only on --now (default: today 00:00 UTC) and --seed, so re-running on the
 * same day gives byte-identical files. Every tenant.json and stock record is validated with the
 * project's schemas before anything is written; an invalid one stops the run.
 */
import { existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import * as v from 'valibot';
import { isListed as isListedByRule, recentSoldDays, recentSoldSettings, type DealershipOf } from '../../src/lib/rules/listing.ts';
import { CarRecordSchema } from '../../src/lib/schemas/car.ts';
import { SPEC_ADDRESS_FIELDS, SPEC_CAR_FIELDS, SPEC_LOCATION_FIELDS } from '../../src/lib/schemas/spec-fields.ts';
import { formatIssues } from '../../src/lib/schemas/issues.ts';
import { parseTenantConfig, resolveTenant } from '../../src/lib/tenant/load-tenant.ts';
import type { PhotoSpec } from './art.ts';
import { corruptJpegBytes, writePhotos } from './photos.ts';
import { generateStock, photoPath, type EdgeCaseRef, type StockProfile, type StockRecord, type PhotoRequest } from './stock.ts';
import { demoTenants } from './tenants.ts';
import { demoContent, writeDemoContent } from './content.ts';
import { isMain } from '../lib/cli.ts';

export { generateStock, photoPath };
export type { StockProfile, StockRecord };

export const DEFAULT_SEED = 'dealer-demo-v1';

export interface GenerateOptions {
  /** Folder that receives one sub-folder per tenant; nothing is written without it. */
  out?: string | undefined;
  /** Reference date (Date or YYYY-MM-DD); default today 00:00 UTC. */
  now?: Date | string | undefined;
  only?: string[] | undefined;
  seed?: string | undefined;
  /** Render photos (default true when writing). */
  photos?: boolean | undefined;
  log?: ((line: string) => void) | undefined;
}

export interface TenantSummary {
  total: number;
  listed: number;
  car_type: Record<string, number>;
  status: Record<string, number>;
  item_type: Record<string, number>;
  photos: number;
}

export interface GeneratedTenant {
  slug: string;
  dir?: string;
  config: Record<string, unknown>;
  stock: StockRecord[];
  /** Relative photo path -> what it shows. */
  photos: Map<string, PhotoSpec>;
  corruptPhotos: string[];
  missingPhotos: string[];
  edges: Record<string, EdgeCaseRef>;
  summary: TenantSummary;
}

/** YYYY-MM-DD (or a Date) to a UTC midnight Date; undefined means today. */
export function parseNow(now?: Date | string): Date {
  if (now instanceof Date) return now;
  const d = now ? new Date(`${now}T00:00:00Z`) : new Date();
  if (Number.isNaN(d.getTime())) throw new Error(`--now must be a date like 2026-11-22, got "${now}"`);
  return new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate()));
}

/** The spec's listing rule (src/lib/rules/listing.ts, not a copy of it) on a record as the build reads it. */
export function isListed(r: Record<string, unknown>, nowUnix: number, recentSoldDays: number): boolean {
  return isListedByRule(v.parse(CarRecordSchema, r), nowUnix, recentSoldDays);
}

/**
 * A record as a dealer system exports it: every field the spec names is present, and a field with no
 * value is null (a few text fields "" instead, as some systems write). The build must read it exactly
 * as it reads the record without those fields; our own exports used to omit them, so nothing noticed
 * when real ones did not.
 */
export function exportShape(r: Record<string, unknown>, index: number): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const f of SPEC_CAR_FIELDS) out[f] = r[f] ?? (index % 4 === 1 && typeof f === 'string' && TEXT_BLANKS.has(f) ? '' : null);
  for (const [k, val] of Object.entries(r)) if (!(k in out)) out[k] = val;
  return out;
}
/** Locations as a dealer system's location export carries them: every Location field, null where empty. */
export function configExportShape(config: Record<string, unknown>): Record<string, unknown> {
  const locations = (config['locations'] as Record<string, unknown>[] | undefined) ?? [];
  return {
    ...config,
    locations: locations.map((loc, i) => {
      const out: Record<string, unknown> = {};
      for (const f of SPEC_LOCATION_FIELDS) out[f] = loc[f] ?? null;
      const address = (loc['address'] as Record<string, unknown> | undefined) ?? {};
      out['address'] = Object.fromEntries(SPEC_ADDRESS_FIELDS.map((f) => [f, f === 'id' ? (address['id'] ?? 9000 + i) : (address[f] ?? null)]));
      for (const [k, val] of Object.entries(loc)) if (!(k in out)) out[k] = val;
      return out;
    }),
  };
}

const TEXT_BLANKS = new Set([
  'series',
  'badge',
  'colour',
  'interior_colour',
  'regplate',
  'nvic',
  'tag',
  'external_video_url',
  'carsales_title',
  'private_suburb',
]);

function count(values: unknown[]): Record<string, number> {
  const out: Record<string, number> = {};
  for (const x of values) out[String(x)] = (out[String(x)] ?? 0) + 1;
  return Object.fromEntries(Object.entries(out).sort(([a], [b]) => (a < b ? -1 : 1)));
}

/** Throws with every problem listed if the tenant or any record is invalid or inconsistent. */
export function validateTenant(slug: string, config: Record<string, unknown>, stock: StockRecord[], photoFiles: Set<string>, missing: string[]): void {
  parseTenantConfig(config, slug, `${slug}/tenant.json`);
  const problems: string[] = [];
  const ids = new Set<string>();
  const slugs = new Set<string>();
  const stocknums = new Set<string>();
  const vins = new Set<string>();
  for (const r of stock) {
    const res = v.safeParse(CarRecordSchema, r);
    if (!res.success) {
      problems.push(...formatIssues(res.issues, r).map((l) => `car ${r.id}: ${l}`));
      continue;
    }
    const dup = (set: Set<string>, value: unknown, what: string) => {
      if (value === undefined) return;
      if (set.has(String(value))) problems.push(`car ${r.id}: duplicate ${what} ${String(value)}`);
      set.add(String(value));
    };
    dup(ids, r.id, 'id');
    dup(slugs, r.slug, 'slug');
    dup(stocknums, r.stocknum, 'stocknum');
    dup(vins, r.vin, 'vin');
    // A VIN, when there is one, is well formed (the no_vin edge case has none).
    if (r.vin != null && (typeof r.vin !== 'string' || !/^[A-HJ-NPR-Z0-9]{17}$/.test(r.vin))) problems.push(`car ${r.id}: bad VIN ${String(r.vin)}`);
    if (r.status === 'sold' && (r.sold !== true || typeof r.sold_date_timestamp !== 'number')) problems.push(`car ${r.id}: sold without a sold date`);
    if (r.status !== 'sold' && r.sold === true) problems.push(`car ${r.id}: sold flag on a ${r.status} car`);
    for (const img of r.images) {
      const url = img.image.url;
      if (!photoFiles.has(url) && !missing.includes(url)) problems.push(`car ${r.id}: photo ${url} is not generated`);
    }
  }
  if (problems.length > 0) throw new Error(`Demo tenant ${slug} is invalid:\n  ${problems.slice(0, 40).join('\n  ')}`);
}

function summarise(slug: string, config: Record<string, unknown>, stock: StockRecord[], photos: number, now: Date): TenantSummary {
  // Each car's own dealership's recent-sold window, as the build reads it.
  const windows = recentSoldSettings(resolveTenant(parseTenantConfig(config, slug, 'tenant.json'), slug));
  const nowUnix = Math.floor(now.getTime() / 1000);
  return {
    total: stock.length,
    listed: stock.filter((r) => isListed(r, nowUnix, recentSoldDays(r as DealershipOf, windows))).length,
    car_type: count(stock.map((r) => r.car_type)),
    status: count(stock.map((r) => r.status)),
    item_type: count(stock.map((r) => r.item_type)),
    photos,
  };
}

function toSpec(req: PhotoRequest, profile: StockProfile): PhotoSpec {
  return { ...req, watermark: profile.watermark, accent: profile.accent, plate: profile.plate };
}

/** Builds (and, with `out`, writes) the demo tenants. */
export async function generateDemoTenants(opts: GenerateOptions = {}): Promise<GeneratedTenant[]> {
  const now = parseNow(opts.now);
  const seed = opts.seed ?? DEFAULT_SEED;
  const log = opts.log ?? (() => {});
  const all = demoTenants(now);
  const unknown = (opts.only ?? []).filter((s) => !all.some((t) => t.slug === s));
  if (unknown.length > 0) throw new Error(`Unknown demo tenant(s): ${unknown.join(', ')} (known: ${all.map((t) => t.slug).join(', ')})`);
  const chosen = opts.only && opts.only.length > 0 ? all.filter((t) => opts.only!.includes(t.slug)) : all;

  const results: GeneratedTenant[] = [];
  for (const t of chosen) {
    const started = performance.now();
    const stock = generateStock(t.profile, t.count, seed, now);
    const content = demoContent(t.slug, t.config, now);
    const config = content?.config ?? t.config;
    const records = [...stock.records].sort((a, b) => a.id - b.id);
    const photos = new Map<string, PhotoSpec>([...stock.photos].map(([p, req]) => [p, toSpec(req, t.profile)]));
    const files = new Set([...photos.keys(), ...stock.corruptPhotos]);
    validateTenant(t.slug, config, records, files, stock.missingPhotos);
    const summary = summarise(t.slug, config, records, files.size, now);
    const result: GeneratedTenant = {
      slug: t.slug,
      config,
      stock: records,
      photos,
      corruptPhotos: stock.corruptPhotos,
      missingPhotos: stock.missingPhotos,
      edges: stock.edges,
      summary,
    };
    if (opts.out) {
      const dir = resolve(opts.out, t.slug);
      result.dir = dir;
      rmSync(dir, { recursive: true, force: true });
      mkdirSync(join(dir, 'photos'), { recursive: true });
      // $schema: editors complete and check the fields against docs/tenant.schema.json (npm run tenant:schema).
      writeFileSync(join(dir, 'tenant.json'), `${JSON.stringify({ $schema: '../../docs/tenant.schema.json', ...configExportShape(config) }, null, 2)}\n`);
      if (content) await writeDemoContent(dir, t.slug, content, opts.photos !== false);
      writeFileSync(join(dir, 'stock.json'), `${JSON.stringify(records.map(exportShape), null, 2)}\n`);
      const manifest = {
        about: 'Written by scripts/demo/generate.ts; not read by the build. Edge-case cars by name.',
        now: now.toISOString(),
        seed,
        summary,
        edge_cases: stock.edges,
        missing_photos: stock.missingPhotos,
        corrupt_photos: stock.corruptPhotos,
      };
      writeFileSync(join(dir, 'demo-manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`);
      for (const p of stock.corruptPhotos) writeFileSync(join(dir, p), corruptJpegBytes(`${seed}|${t.slug}|${p}`));
      if (opts.photos !== false) await writePhotos(dir, [...photos]);
      for (const p of stock.missingPhotos) if (existsSync(join(dir, p))) throw new Error(`${p} must not exist`);
    }
    log(
      `${t.slug}: ${summary.total} vehicles (${summary.listed} listed), ${summary.photos} photo files` +
        ` in ${((performance.now() - started) / 1000).toFixed(1)} s`,
    );
    results.push(result);
  }
  return results;
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      out: { type: 'string', default: 'tenants' },
      now: { type: 'string' },
      only: { type: 'string' },
      seed: { type: 'string', default: DEFAULT_SEED },
      'no-photos': { type: 'boolean', default: false },
      help: { type: 'boolean', short: 'h', default: false },
    },
  });
  if (values.help) {
    console.log('Usage: node scripts/demo/generate.ts [--out tenants] [--now YYYY-MM-DD] [--only slug,slug] [--seed s] [--no-photos]');
    return;
  }
  const started = performance.now();
  const tenants = await generateDemoTenants({
    out: values.out,
    now: values.now,
    only: values.only
      ? values.only
          .split(',')
          .map((s) => s.trim())
          .filter(Boolean)
      : undefined,
    seed: values.seed,
    photos: !values['no-photos'],
    log: (l) => console.log(l),
  });
  for (const t of tenants) {
    console.log(
      `  ${t.slug} edge cases: ${Object.entries(t.edges)
        .map(([k, e]) => `${k}=${e.id}`)
        .join(' ')}`,
    );
  }
  console.log(`Done in ${((performance.now() - started) / 1000).toFixed(1)} s -> ${resolve(values.out!)}`);
}

if (isMain(import.meta.url)) {
  main().catch((err: unknown) => {
    console.error(err instanceof Error ? (err.stack ?? err.message) : err);
    process.exit(1);
  });
}
