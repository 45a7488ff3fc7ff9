/**
 * Measures the pipeline: N generated 1280x720 JPEGs (every 4th one a card photo), one cold run into an
 * empty cache, then a warm run over the same files.
 *
 *   node scripts/lib/images/bench.ts [count=200] [concurrency] [effort]
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { type ImageJob, processImages } from './pipeline.ts';

const count = Number(process.argv[2] ?? 200);
const concurrency = process.argv[3] ? Number(process.argv[3]) : undefined;
const effort = process.argv[4] ? Number(process.argv[4]) : undefined;
const root = await fs.mkdtemp(path.join(os.tmpdir(), 'images-bench-'));
const tenantDir = path.join(root, 'tenant');
const cacheDir = path.join(root, 'cache');
await fs.mkdir(path.join(tenantDir, 'photos'), { recursive: true });

const noise = await sharp({
  create: { width: 1280, height: 720, channels: 3, background: '#808080', noise: { type: 'gaussian', mean: 128, sigma: 24 } },
})
  .blur(0.7) // grain like a phone photo's, so encoding costs what a real photo costs
  .png()
  .toBuffer();
const jobs: ImageJob[] = [];
for (let i = 0; i < count; i++) {
  const hue = (i * 47) % 360;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1280" height="720"><defs><linearGradient id="g" x2="1" y2="1"><stop offset="0" stop-color="hsl(${hue},60%,72%)"/><stop offset="1" stop-color="hsl(${(hue + 140) % 360},45%,28%)"/></linearGradient></defs><rect width="1280" height="720" fill="url(#g)"/><rect x="${200 + (i % 300)}" y="300" width="700" height="220" rx="60" fill="hsl(${(hue + 200) % 360},70%,40%)"/><circle cx="${380 + (i % 300)}" cy="520" r="70" fill="#222"/><circle cx="${780 + (i % 300)}" cy="520" r="70" fill="#222"/><text x="40" y="90" font-size="64" fill="#fff">Stock ${i}</text></svg>`;
  const file = `photos/car-${i}.jpg`;
  await sharp(Buffer.from(svg))
    .composite([{ input: noise, blend: 'soft-light' }])
    .jpeg({ quality: 85 })
    .toFile(path.join(tenantDir, file));
  jobs.push({ source: file, card: i % 4 === 0 });
}

const opts = {
  tenantDir,
  cacheDir,
  width: 640,
  quality: 75,
  ...(concurrency ? { concurrency } : {}),
  ...(effort !== undefined ? { effort } : {}),
};
const cold = await processImages(jobs, opts);
const variants = [...cold.photos.values()].reduce((n, p) => n + (p.ok ? p.sizes.length + 1 + (p.card ? 2 : 0) : 0), 0);
const warm = await processImages(jobs, opts);
const rate = (n: number, ms: number) => ((n * 1000) / Math.max(ms, 1)).toFixed(0);
console.log(`cores ${os.availableParallelism()}, ${count} sources, ${variants} variants`);
console.log(
  `cold: ${cold.stats.ms} ms, processed ${cold.stats.processed}, wrote ${cold.stats.variantsWritten} -> ${rate(cold.stats.variantsWritten, cold.stats.ms)} variants/s`,
);
console.log(`warm: ${warm.stats.ms} ms, processed ${warm.stats.processed}, cached ${warm.stats.cached} -> ${rate(variants, warm.stats.ms)} variants/s`);
if (!process.env.KEEP) await fs.rm(root, { recursive: true, force: true });
