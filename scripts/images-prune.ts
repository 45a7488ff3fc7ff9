/**
 * Removes image cache entries no build has used for a while (scripts/lib/images/prune.ts).
 *   npm run images:prune -- --days 30 [--dry-run] [--cache .cache/images]
 */
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { intFlag, orUsageExit, parseCli } from './lib/cli.ts';
import { pruneImageCache } from './lib/images/prune.ts';
import { imageCacheDir } from './lib/images/store.ts';

const USAGE = `
Usage: npm run images:prune -- [--days 30] [--dry-run] [--cache .cache/images]

Removes photos from the shared image cache that no build has used for --days days (with their
originals and URL records). Published sites keep theirs (hard links).
`;
const flags = parseCli(USAGE, { days: { type: 'string' }, cache: { type: 'string' }, 'dry-run': { type: 'boolean' } });
const days = orUsageExit(() => intFlag('days', flags.days, 30, 1, 3650));
const cache = resolve(flags.cache ?? imageCacheDir(resolve(dirname(fileURLToPath(import.meta.url)), '..')));
const dryRun = flags['dry-run'] === true;
try {
  const r = await pruneImageCache(cache, { maxAgeDays: days, dryRun });
  console.log(
    `${dryRun ? 'Would remove' : 'Removed'} ${r.keys} photo(s) unused for ${days} days from ${cache}: ${r.files} files, ${(r.bytes / 1e6).toFixed(1)} MB; ${r.kept} kept.`,
  );
} catch (err) {
  console.error(`images:prune: ${(err as Error).message}`);
  process.exit(2);
}
