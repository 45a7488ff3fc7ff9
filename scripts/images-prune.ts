/**
 * Removes image cache entries no build has used for a while (scripts/lib/images/prune.ts).
 *   npm run images:prune -- --days 30 [--dry-run] [--cache .cache/images]
 */
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { flagString, parseArgs } from './lib/args.ts';
import { pruneImageCache } from './lib/images/prune.ts';
import { imageCacheDir } from './lib/images/store.ts';

const { flags } = parseArgs(process.argv.slice(2));
const days = Number(flagString(flags, 'days') ?? 30);
const cache = resolve(flagString(flags, 'cache') ?? imageCacheDir(resolve(dirname(fileURLToPath(import.meta.url)), '..')));
const dryRun = flags.has('dry-run');
try {
  const r = await pruneImageCache(cache, { maxAgeDays: days, dryRun });
  console.log(
    `${dryRun ? 'Would remove' : 'Removed'} ${r.keys} photo(s) unused for ${days} days from ${cache}: ${r.files} files, ${(r.bytes / 1e6).toFixed(1)} MB; ${r.kept} kept.`,
  );
} catch (err) {
  console.error(`images:prune: ${(err as Error).message}`);
  process.exit(2);
}
