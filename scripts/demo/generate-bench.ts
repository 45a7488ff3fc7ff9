/**
 * Benchmark tenant generator.
 *
 *   node scripts/demo/generate-bench.ts --out <tenant-dir> [--count 5000] [--change-percent 3]
 *                                       [--slug bench-motors] [--now YYYY-MM-DD] [--seed s]
 *
 * Writes one tenant folder with N vehicles. Each vehicle has 1-3 photos drawn from a pool of
 * ~N/10 distinct generated photos (photos/pool-NNNN.jpg; each pool file has distinct bytes).
 * With --change-percent P the same tenant is rewritten with P% of its vehicles replaced by new
 * ones, each bringing exactly one new, distinct photo (photos/new-<id>.jpg): a warm rebuild then has
 * exactly those photos to process. Pool photos already on disk are not re-rendered (their bytes are
 * deterministic), so a change run is quick. bench-manifest.json lists what changed.
 */
import { existsSync, mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { basename, join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { ART_KINDS, PAINT, type PhotoSpec, type Scene, type View } from './art.ts';
import { DEFAULT_SEED, isListed, parseNow, validateTenant } from './generate.ts';
import { writePhotos } from './photos.ts';
import { createRng } from './prng.ts';
import { generateStock, slugify, type StockRecord } from './stock.ts';
import { demoTenants } from './tenants.ts';
import { isMain } from '../lib/cli.ts';

export interface BenchOptions {
  out: string;
  count: number;
  changePercent?: number | undefined;
  slug?: string | undefined;
  now?: Date | string | undefined;
  seed?: string | undefined;
  log?: ((line: string) => void) | undefined;
}

export interface BenchResult {
  dir: string;
  slug: string;
  stock: StockRecord[];
  poolSize: number;
  changedIds: number[];
  newIds: number[];
  newPhotos: string[];
  renderedPhotos: number;
}

const WATERMARK = 'Bench Motors';

/** Every distinct (art, colour, view, scene) picture, in a stable shuffled order. */
function photoCombos(seed: string): Omit<PhotoSpec, 'watermark' | 'accent' | 'plate'>[] {
  const scenes: Record<View, Scene[]> = {
    side: ['showroom', 'coast', 'city', 'studio', 'dusk'],
    front: ['coast', 'showroom', 'city', 'studio', 'dusk'],
    rear: ['dusk', 'showroom', 'city', 'studio', 'coast'],
    interior: ['cabin', 'dusk'],
  };
  const combos: Omit<PhotoSpec, 'watermark' | 'accent' | 'plate'>[] = [];
  for (const art of ART_KINDS)
    for (const colour of Object.keys(PAINT))
      for (const view of ['side', 'front', 'rear', 'interior'] as View[]) for (const scene of scenes[view]) combos.push({ art, colour, view, scene });
  return createRng(`${seed}|combos`).shuffle(combos);
}

export async function generateBenchTenant(opts: BenchOptions): Promise<BenchResult> {
  const now = parseNow(opts.now);
  const seed = opts.seed ?? DEFAULT_SEED;
  const log = opts.log ?? (() => {});
  const dir = resolve(opts.out);
  const fromDir = slugify(basename(dir));
  const slug = opts.slug ?? (/^[a-z0-9]+(?:-[a-z0-9]+)*$/.test(fromDir) ? fromDir : 'bench-motors');
  const count = opts.count;
  if (!Number.isInteger(count) || count < 1) throw new Error(`--count must be a positive integer, got ${count}`);
  const pct = opts.changePercent ?? 0;
  if (!(pct >= 0 && pct <= 100)) throw new Error(`--change-percent must be between 0 and 100, got ${pct}`);

  // A dealer-group config (six locations) under the bench slug.
  const group = demoTenants(now)[1]!;
  const config = {
    ...group.config,
    slug,
    name: WATERMARK,
    url: `https://${slug}.example.com`,
    alternate_urls: [],
    tagline: 'A synthetic tenant for build benchmarks.',
    // The price gauge from the tenant's own stock (its model files, the default), not the AutoGrab
    // plugin the demo group has, whose answers come from the functions: the bench measures what a
    // night writes for it.
    plugins: { ...(group.config['plugins'] as Record<string, unknown>), autogauge: false },
  };
  const profile = { ...group.profile, slug, dealerName: WATERMARK, idStart: 700001, stockPrefix: 'BM', watermark: WATERMARK, plate: 'BENCH' };

  // Base stock with photos from the pool.
  const poolSize = Math.max(20, Math.round(count / 10));
  const combos = photoCombos(seed);
  const pool: [string, PhotoSpec][] = [];
  for (let i = 0; i < poolSize; i++) {
    const c = combos[i % combos.length]!;
    const n = String(i + 1).padStart(4, '0');
    // The number in the watermark makes every pool file's bytes distinct.
    pool.push([`photos/pool-${n}.jpg`, { ...c, watermark: `${WATERMARK} #${n}`, accent: profile.accent, plate: 'BENCH' }]);
  }
  const base = generateStock(profile, count, seed, now).records;
  const pick = createRng(`${seed}|bench-photos`);
  for (const r of base) {
    const k = pick.int(1, 3);
    const chosen = new Set<number>();
    while (chosen.size < Math.min(k, poolSize)) chosen.add(pick.int(0, poolSize - 1));
    r.images = [...chosen].map((i) => ({ image: { url: pool[i]![0] } }));
  }

  // Replace P% of the vehicles by new ones, each with one new photo.
  const nChanged = Math.round((count * pct) / 100);
  const changeRng = createRng(`${seed}|bench-change`);
  const changedIdx = new Set(changeRng.shuffle(base.map((_, i) => i)).slice(0, nChanged));
  const fresh = nChanged > 0 ? generateStock({ ...profile, idStart: 900001, stockPrefix: 'BMX' }, nChanged, `${seed}|new`, now).records : [];
  const newPhotos: [string, PhotoSpec][] = [];
  const artRng = createRng(`${seed}|bench-new-art`);
  for (const r of fresh) {
    const path = `photos/new-${r.id}.jpg`;
    newPhotos.push([
      path,
      {
        art: artRng.pick(ART_KINDS),
        colour: artRng.pick(Object.keys(PAINT)),
        view: 'side',
        scene: artRng.pick(['showroom', 'coast', 'city', 'studio', 'dusk'] as Scene[]),
        watermark: `${WATERMARK} new ${r.id}`,
        accent: profile.accent,
        plate: 'NEW',
      },
    ]);
    r.images = [{ image: { url: path } }];
  }
  let f = 0;
  const stock = base.map((r, i) => (changedIdx.has(i) ? fresh[f++]! : r)).sort((a, b) => a.id - b.id);

  const files = new Set([...pool.map(([p]) => p), ...newPhotos.map(([p]) => p)]);
  validateTenant(slug, config, stock, files, []);

  // Write: JSON always, pool photos only when missing, new photos always; stale new photos go.
  mkdirSync(join(dir, 'photos'), { recursive: true });
  writeFileSync(join(dir, 'tenant.json'), `${JSON.stringify(config, null, 2)}\n`);
  writeFileSync(join(dir, 'stock.json'), `${JSON.stringify(stock, null, 2)}\n`);
  for (const name of readdirSync(join(dir, 'photos'))) {
    const rel = `photos/${name}`;
    if (!files.has(rel)) rmSync(join(dir, rel));
  }
  const toRender = [...pool.filter(([p]) => !existsSync(join(dir, p))), ...newPhotos];
  const started = performance.now();
  await writePhotos(dir, toRender);
  const nowUnix = Math.floor(now.getTime() / 1000);
  const result: BenchResult = {
    dir,
    slug,
    stock,
    poolSize,
    changedIds: [...changedIdx].map((i) => base[i]!.id).sort((a, b) => a - b),
    newIds: fresh.map((r) => r.id),
    newPhotos: newPhotos.map(([p]) => p),
    renderedPhotos: toRender.length,
  };
  writeFileSync(
    join(dir, 'bench-manifest.json'),
    `${JSON.stringify(
      {
        now: now.toISOString(),
        seed,
        count,
        listed: stock.filter((r) => isListed(r, nowUnix, 3)).length,
        pool_size: poolSize,
        change_percent: pct,
        replaced_ids: result.changedIds,
        new_ids: result.newIds,
        new_photos: result.newPhotos,
      },
      null,
      2,
    )}\n`,
  );
  log(
    `${slug}: ${stock.length} vehicles, ${poolSize} pool photos, ${nChanged} replaced (${newPhotos.length} new photos); ` +
      `rendered ${toRender.length} photos in ${((performance.now() - started) / 1000).toFixed(1)} s -> ${dir}`,
  );
  return result;
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      out: { type: 'string' },
      count: { type: 'string', default: '5000' },
      'change-percent': { type: 'string', default: '0' },
      slug: { type: 'string' },
      now: { type: 'string' },
      seed: { type: 'string', default: DEFAULT_SEED },
      help: { type: 'boolean', short: 'h', default: false },
    },
  });
  if (values.help || !values.out) {
    console.log('Usage: node scripts/demo/generate-bench.ts --out <tenant-dir> [--count 5000] [--change-percent 3] [--slug s] [--now YYYY-MM-DD] [--seed s]');
    if (!values.help) process.exit(2);
    return;
  }
  await generateBenchTenant({
    out: values.out,
    count: Number(values.count),
    changePercent: Number(values['change-percent']),
    slug: values.slug,
    now: values.now,
    seed: values.seed,
    log: (l) => console.log(l),
  });
}

if (isMain(import.meta.url)) {
  main().catch((err: unknown) => {
    console.error(err instanceof Error ? (err.stack ?? err.message) : err);
    process.exit(1);
  });
}
