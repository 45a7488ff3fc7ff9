/**
 * Measuring what a photo costs to encode, for the encode settings (bench.ts) and the fleet's cost model
 * (scripts/bench-fleet.ts). Two kinds of figure:
 *
 * - `measureVariants`: every variant of each photo made in turn, as encode.ts makes them (decode once,
 *   shrunk on load; then each variant resized and encoded), one at a time with one libvips thread, each
 *   step timed in CPU time (process.cpuUsage: every thread of the process, so a busy machine barely
 *   moves it) and its output bytes counted. This is the cost per variant and per role, by effort and format.
 * - `measurePipeline`: the real pipeline (pipeline.ts processImages) over the photos into an empty
 *   cache, at a given concurrency: wall and CPU time per photo, what a night actually pays.
 */
import { cpSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import sharp, { type Sharp } from 'sharp';
import { planVariants, type Role, WEBP_EFFORT } from './encode.ts';
import { type ImageJob, processImages } from './pipeline.ts';

export type Format = 'webp' | 'avif' | 'jpeg';

export interface RoleFigures {
  /** Variants of this role made. */
  count: number;
  /** CPU milliseconds of their resize and encode. */
  cpuMs: number;
  bytes: number;
}

/** What a variant is, for the figures: each full-width size apart (w640, w1280), then the crops. */
export type VariantLabel = `w${number}` | Exclude<Role, 'size'>;

export interface VariantFigures {
  photos: number;
  format: Format;
  effort: number;
  quality: number;
  /** CPU milliseconds of decoding the sources (shrunk on load, EXIF-rotated), all photos together. */
  decodeCpuMs: number;
  /** By variant, in the order first made. */
  variants: Map<VariantLabel, RoleFigures>;
}

/** CPU milliseconds (user + system, all threads) spent by `fn`. */
async function cpuOf<T>(fn: () => Promise<T>): Promise<{ value: T; cpuMs: number }> {
  const c0 = process.cpuUsage();
  const value = await fn();
  const c = process.cpuUsage(c0);
  return { value, cpuMs: (c.user + c.system) / 1000 };
}

function encoder(img: Sharp, format: Format, quality: number, effort: number): Sharp {
  if (format === 'avif') return img.avif({ quality, effort });
  if (format === 'jpeg') return img.jpeg({ quality, mozjpeg: true });
  return img.webp({ quality, effort });
}

/**
 * Encodes every variant a photo needs (as a car's first photo when `card`) from each file, one step at a
 * time on one libvips thread. `roles` limits which variants are made (e.g. only 'size' for a format test).
 */
export async function measureVariants(
  files: readonly string[],
  opts: { format?: Format; effort?: number; quality?: number; width?: number; card?: boolean; roles?: readonly Role[] } = {},
): Promise<VariantFigures> {
  const format = opts.format ?? 'webp';
  const effort = opts.effort ?? WEBP_EFFORT;
  const quality = opts.quality ?? 75;
  const width = opts.width ?? 640;
  const variants = new Map<VariantLabel, RoleFigures>();
  const saved = sharp.concurrency();
  const savedCache = sharp.cache();
  sharp.concurrency(1);
  sharp.cache(false);
  let decodeCpuMs = 0;
  try {
    for (const file of files) {
      const info = await sharp(file).metadata();
      const srcW = info.autoOrient.width;
      const srcH = info.autoOrient.height;
      const plan = planVariants(srcW, { width, quality, card: opts.card ?? true }).filter((v) => !opts.roles || opts.roles.includes(v.role));
      let scale = 48 / Math.max(srcW, srcH);
      for (const v of plan) scale = Math.max(scale, v.height === undefined ? v.width / srcW : Math.max(v.width / srcW, v.height / srcH));
      scale = Math.min(1, scale);
      const decoded = await cpuOf(async () => {
        let p = sharp(file).rotate();
        if (scale < 1) p = p.resize(Math.max(1, Math.round(srcW * scale)), Math.max(1, Math.round(srcH * scale)), { fit: 'fill' });
        return p.raw().toBuffer({ resolveWithObject: true });
      });
      decodeCpuMs += decoded.cpuMs;
      const { data, info: di } = decoded.value;
      const raw = { raw: { width: di.width, height: di.height, channels: di.channels } };
      for (const v of plan) {
        const out = await cpuOf(async () => {
          const img = sharp(data, raw);
          const resized =
            v.height === undefined
              ? v.width === di.width
                ? img
                : img.resize({ width: v.width })
              : img.resize(v.width, v.height, { fit: 'cover', position: 'centre' });
          return encoder(resized, format, quality, effort).toBuffer();
        });
        const label: VariantLabel = v.role === 'size' ? `w${v.width}` : v.role;
        const r = variants.get(label) ?? { count: 0, cpuMs: 0, bytes: 0 };
        variants.set(label, r);
        r.count++;
        r.cpuMs += out.cpuMs;
        r.bytes += out.value.byteLength;
      }
    }
  } finally {
    sharp.concurrency(saved);
    sharp.cache({ memory: savedCache.memory.max, files: savedCache.files.max, items: savedCache.items.max });
  }
  return { photos: files.length, format, effort, quality, decodeCpuMs, variants };
}

export interface PipelineFigures {
  photos: number;
  cards: number;
  concurrency: number;
  threadsPerImage: number;
  effort: number;
  wallMs: number;
  cpuMs: number;
  variants: number;
  failed: number;
}

/**
 * The real pipeline over `files` (copied into a scratch tenant) into an empty cache: every `cardEvery`-th
 * photo is a car's first (with the two card crops), as a dealer's 20 photos a car have one in 20.
 */
export async function measurePipeline(
  files: readonly string[],
  opts: { concurrency?: number; effort?: number; cardEvery?: number } = {},
): Promise<PipelineFigures> {
  const root = mkdtempSync(join(tmpdir(), 'encode-measure-'));
  try {
    const tenantDir = join(root, 'tenant');
    mkdirSync(join(tenantDir, 'photos'), { recursive: true });
    const cardEvery = opts.cardEvery ?? 20;
    const jobs: ImageJob[] = files.map((f, i) => {
      const rel = `photos/${i}-${basename(f)}`;
      cpSync(f, join(tenantDir, rel));
      return { source: rel, card: i % cardEvery === 0 };
    });
    const concurrency = opts.concurrency ?? availableParallelism();
    const effort = opts.effort ?? WEBP_EFFORT;
    const c0 = process.cpuUsage();
    const t0 = performance.now();
    const res = await processImages(jobs, { tenantDir, cacheDir: join(root, 'cache'), width: 640, quality: 75, concurrency, effort });
    const wallMs = performance.now() - t0;
    const c = process.cpuUsage(c0);
    return {
      photos: files.length,
      cards: jobs.filter((j) => j.card).length,
      concurrency,
      threadsPerImage: Math.max(1, Math.floor(availableParallelism() / concurrency)),
      effort,
      wallMs,
      cpuMs: (c.user + c.system) / 1000,
      variants: res.stats.variantsWritten,
      failed: res.stats.failed,
    };
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
}

/** Photos under tenants/<slug>/photos/ that decode, sorted, `count` of them spread evenly over the list. */
export async function realPhotos(tenantsDir: string, count: number): Promise<string[]> {
  const { readdirSync, existsSync } = await import('node:fs');
  const all: string[] = [];
  if (!existsSync(tenantsDir)) return [];
  for (const t of readdirSync(tenantsDir, { withFileTypes: true })) {
    if (!t.isDirectory() || /^[._]/.test(t.name)) continue;
    const dir = join(tenantsDir, t.name, 'photos');
    if (!existsSync(dir)) continue;
    for (const f of readdirSync(dir)) if (/\.jpe?g$/i.test(f)) all.push(join(dir, f));
  }
  all.sort();
  const good: string[] = [];
  const step = Math.max(1, Math.floor(all.length / count));
  for (let i = 0; i < all.length && good.length < count; i += step) {
    const f = all[i]!;
    try {
      await sharp(f, { failOn: 'error' }).stats(); // decodes the whole file: the demos' deliberately broken photos are left out
      good.push(f);
    } catch {
      // a broken photo (the demos carry a few on purpose)
    }
  }
  return good;
}

/**
 * Camera-like photos: the demos' photos are rendered vector art (smooth, about 44 KB at 1280x720), a
 * camera's carry sensor grain that costs the encoder more and makes larger files. These are the bench's
 * grained scenes (bench.ts) at 1280x720, written as JPEG q85 into `dir`.
 */
export async function grainedPhotos(dir: string, count: number, width = 1280, height = 720): Promise<string[]> {
  mkdirSync(dir, { recursive: true });
  const noise = await sharp({
    create: { width, height, channels: 3, background: '#808080', noise: { type: 'gaussian', mean: 128, sigma: 24 } },
  })
    .blur(0.7)
    .png()
    .toBuffer();
  const out: string[] = [];
  for (let i = 0; i < count; i++) {
    const hue = (i * 47) % 360;
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><defs><linearGradient id="g" x2="1" y2="1"><stop offset="0" stop-color="hsl(${hue},60%,72%)"/><stop offset="1" stop-color="hsl(${(hue + 140) % 360},45%,28%)"/></linearGradient></defs><rect width="${width}" height="${height}" fill="url(#g)"/><rect x="${200 + (i % 300)}" y="${height * 0.42}" width="${width * 0.55}" height="${height * 0.3}" rx="60" fill="hsl(${(hue + 200) % 360},70%,40%)"/><circle cx="${380 + (i % 300)}" cy="${height * 0.72}" r="${height * 0.1}" fill="#222"/><circle cx="${780 + (i % 300)}" cy="${height * 0.72}" r="${height * 0.1}" fill="#222"/><text x="40" y="90" font-size="64" fill="#fff">Stock ${i}</text></svg>`;
    const file = join(dir, `grained-${i}.jpg`);
    await sharp(Buffer.from(svg))
      .composite([{ input: noise, blend: 'soft-light' }])
      .jpeg({ quality: 85 })
      .toFile(file);
    out.push(file);
  }
  return out;
}

/**
 * One photo encoded `n` times in a row (decode, 1280 WebP) with `threads` libvips threads: whether a
 * single encode can use more than one core (cores busy = CPU time / wall time).
 */
export async function measureThreads(file: string, threads: number, n = 6, effort = WEBP_EFFORT): Promise<{ wallMs: number; cpuMs: number }> {
  const saved = sharp.concurrency();
  const savedCache = sharp.cache();
  sharp.concurrency(threads);
  sharp.cache(false);
  try {
    const c0 = process.cpuUsage();
    const t0 = performance.now();
    for (let i = 0; i < n; i++) await sharp(file).webp({ quality: 75, effort }).toBuffer();
    const c = process.cpuUsage(c0);
    return { wallMs: (performance.now() - t0) / n, cpuMs: (c.user + c.system) / 1000 / n };
  } finally {
    sharp.concurrency(saved);
    sharp.cache({ memory: savedCache.memory.max, files: savedCache.files.max, items: savedCache.items.max });
  }
}
