/**
 * Removes photos nobody uses any more: from this machine's image cache (scripts/lib/images/prune.ts),
 * or, with --bucket, from the fleet's photo store in the bucket (scripts/lib/images/store-prune.ts).
 *   npm run images:prune -- --days 30 [--dry-run] [--cache .cache/images]
 *   npm run images:prune -- --days 30 --bucket <name> [--prefix sites/] [--endpoint <url>] [--region <r>] [--dry-run]
 */
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { intFlag, orUsageExit, parseCli } from './lib/cli.ts';
import { pruneImageCache } from './lib/images/prune.ts';
import { pruneStore } from './lib/images/store-prune.ts';
import { imageCacheDir } from './lib/images/store.ts';
import { describeError } from './lib/publish/bucket.ts';
import { settleRegion, TARGET_OPTIONS, TARGET_USAGE, targetFromFlags } from './lib/publish/target.ts';

const USAGE = `
Usage: npm run images:prune -- [--days 30] [--dry-run] [--cache .cache/images]
       npm run images:prune -- [--days 30] [--dry-run] --bucket <name> [--prefix <folder/>] [--endpoint <url>] [--region <r>]

Without --bucket: removes photos from this machine's image cache that no build has used for --days
days (with their originals and URL records). Published sites keep theirs (hard links).

With --bucket: removes photos from the fleet's photo store (<prefix>_photos/) that no release kept in
the bucket shows (live or a rollback target) and that are older than --days days. Nothing is deleted
when any tenant's manifests cannot be read.

${TARGET_USAGE}
`;
const flags = parseCli(USAGE, { days: { type: 'string' }, cache: { type: 'string' }, 'dry-run': { type: 'boolean' }, ...TARGET_OPTIONS });
const days = orUsageExit(() => intFlag('days', flags.days, 30, 1, 3650));
const dryRun = flags['dry-run'] === true;
const target = orUsageExit(() => targetFromFlags(flags));
try {
  if (target) {
    const note = await settleRegion(target);
    if (note) console.log(`note: ${note}`);
    const r = await pruneStore(target.client, { bucket: target.bucket, prefix: target.prefix, maxAgeDays: days, dryRun });
    console.log(
      `Photo store s3://${target.bucket}/${target.prefix}_photos/: ${r.referenced} photo(s) shown by the releases of ${r.tenants} tenant(s); ` +
        `${dryRun ? 'would remove' : 'removed'} ${r.removed} photo(s) no release shows and older than ${days} days, and ${r.urlRecords} URL record(s) ` +
        `(${r.objects} objects, ${(r.bytes / 1e6).toFixed(1)} MB); ${r.kept} kept.`,
    );
    target.client.destroy();
  } else {
    const cache = resolve(flags.cache ?? imageCacheDir(resolve(dirname(fileURLToPath(import.meta.url)), '..')));
    const r = await pruneImageCache(cache, { maxAgeDays: days, dryRun });
    console.log(
      `${dryRun ? 'Would remove' : 'Removed'} ${r.keys} photo(s) unused for ${days} days from ${cache}: ${r.files} files, ${(r.bytes / 1e6).toFixed(1)} MB; ${r.kept} kept.`,
    );
  }
} catch (err) {
  console.error(`images:prune: ${target ? describeError(err) : (err as Error).message}`);
  process.exit(target ? 1 : 2);
}
