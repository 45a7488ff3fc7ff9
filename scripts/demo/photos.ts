/** Renders photo requests to JPEG files with sharp, a few at a time so both cores stay busy. */
import { mkdirSync, writeFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { dirname, join } from 'node:path';
import sharp from 'sharp';
import { renderSvg, type PhotoSpec } from './art.ts';
import { createRng } from './prng.ts';

export const JPEG_QUALITY = 82;

export async function renderJpeg(spec: PhotoSpec, size?: { width: number; height: number }): Promise<Buffer> {
  let img = sharp(Buffer.from(renderSvg(spec)));
  if (size) img = img.resize(size.width, size.height);
  return img.jpeg({ quality: JPEG_QUALITY }).toBuffer();
}

/** Runs tasks with at most `limit` in flight; resolves when all are done (rejects on the first error). */
export async function pool<T>(items: readonly T[], limit: number, task: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const workers = Array.from({ length: Math.max(1, Math.min(limit, items.length)) }, async () => {
    while (next < items.length) {
      const item = items[next++]!;
      await task(item);
    }
  });
  await Promise.all(workers);
}

export function defaultConcurrency(): number {
  return Math.max(2, availableParallelism() + 1);
}

/** Writes every photo under dir (paths relative to it). */
export async function writePhotos(
  dir: string,
  photos: readonly (readonly [string, PhotoSpec])[],
  options: { concurrency?: number; size?: { width: number; height: number } } = {},
): Promise<void> {
  const dirs = new Set(photos.map(([p]) => dirname(join(dir, p))));
  for (const d of dirs) mkdirSync(d, { recursive: true });
  await pool(photos, options.concurrency ?? defaultConcurrency(), async ([path, spec]) => {
    writeFileSync(join(dir, path), await renderJpeg(spec, options.size));
  });
}

/**
 * Bytes that start like a JPEG but are not one: a decoder must fail on them, so the build's
 * broken-photo placeholder path is exercised.
 */
export function corruptJpegBytes(seed: string): Buffer {
  const rng = createRng(seed);
  const body = Buffer.alloc(2048);
  for (let i = 0; i < body.length; i++) body[i] = rng.int(0, 255);
  return Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10]), Buffer.from('JFIF\0garbage:not-a-real-image\n'), body]);
}
