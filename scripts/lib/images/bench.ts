/**
 * Measures the pipeline: N generated 1280x720 JPEGs (every 4th one a card photo), one cold run into an
 * empty cache, then a warm run over the same files.
 *
 *   node scripts/lib/images/bench.ts [count=200] [concurrency] [effort]
 *
 * Per-variant costs and bytes by effort and format, on the demos' photos and a photograph, and the
 * shard plans they lead to: `npm run bench:fleet` (scripts/bench-fleet.ts, measure.ts).
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { grainedPhotos } from './measure.ts';
import { type ImageJob, processImages } from './pipeline.ts';

const count = Number(process.argv[2] ?? 200);
const concurrency = process.argv[3] ? Number(process.argv[3]) : undefined;
const effort = process.argv[4] ? Number(process.argv[4]) : undefined;
const root = await fs.mkdtemp(path.join(os.tmpdir(), 'images-bench-'));
const tenantDir = path.join(root, 'tenant');
const cacheDir = path.join(root, 'cache');
await fs.mkdir(path.join(tenantDir, 'photos'), { recursive: true });

// Grained scenes like a phone photo's, so encoding costs what a photo costs (measure.ts).
const files = await grainedPhotos(path.join(tenantDir, 'photos'), count);
const jobs: ImageJob[] = files.map((f, i) => ({ source: path.relative(tenantDir, f), card: i % 4 === 0 }));

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
