/**
 * images: the listed cars' photos through the shared image pipeline (cache, fleet photo store,
 * encode), each car's photos set from them. And the --photos-only run's two stages.
 */
import { createHash } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Photo, Vehicle } from '../../../../src/lib/model/vehicle.ts';
import type { Tenant } from '../../../../src/lib/tenant/load-tenant.ts';
import { makeLedger, PHOTO_LEDGER_FILE } from '../../fleet/photo-ledger.ts';
import { BULK_WEBP_EFFORT } from '../../images/encode.ts';
import { PhotoStore, photoStoreFromEnv } from '../../images/photo-store.ts';
import { nextPhotoCheckDay, revalidateDaysFor } from '../../images/photo-checks.ts';
import { processImages } from '../../images/pipeline.ts';
import { photoFailureLines } from '../../photo-failures.ts';
import { createS3Client } from '../../publish/bucket.ts';
import type { BuildReport } from '../../report.ts';
import type { BuildContext } from '../context.ts';
import { Stop, type Stage } from '../pipeline.ts';
import type { Ingested } from './ingest.ts';

/** --photo-share i/n: this job's share of a tenant's photos, by a hash of each photo's reference. */
function inShare(source: string, share: { index: number; count: number } | undefined): boolean {
  if (!share) return true;
  return createHash('sha256').update(source).digest().readUInt32BE(0) % share.count === share.index - 1;
}

async function renderImages(
  tenant: Tenant,
  vehicles: Vehicle[],
  report: BuildReport,
  cacheDir: string,
  share?: { index: number; count: number },
  effort?: number,
): Promise<Map<string, Photo>> {
  const listed = vehicles.filter((v) => v.listed);
  const jobs = new Map<string, boolean>();
  for (const v of listed) v.image_sources.forEach((src, i) => inShare(src, share) && jobs.set(src, (jobs.get(src) ?? false) || i === 0));
  // The fleet's photo store, set by scripts/build.ts when it publishes to a bucket (never by a tenant file).
  const where = photoStoreFromEnv();
  const client = where ? createS3Client({ endpoint: where.endpoint, region: where.region }) : undefined;
  const store = where && client ? new PhotoStore(client, where.bucket, where.prefix) : undefined;
  let lastShown = 0;
  // The build's day is the photos' clock: on the tenant's weekly check day every photo at a web address
  // not checked that day is asked for again (scripts/lib/images/photo-checks.ts).
  const day = (report.built_for ?? new Date().toISOString()).slice(0, 10);
  const buildClock = Date.parse(report.built_for ?? '') || Date.now();
  const { photos, stats, failures } = await processImages(
    [...jobs].map(([source, card]) => ({ source, card })),
    {
      tenantDir: tenant.dir,
      cacheDir,
      width: tenant.images.width,
      quality: tenant.images.quality,
      store,
      now: () => buildClock,
      ...(effort === undefined ? {} : { effort }),
      revalidateDays: revalidateDaysFor(tenant.slug, day),
      ...(process.env['DEALER_IMAGE_CONCURRENCY'] ? { concurrency: Number(process.env['DEALER_IMAGE_CONCURRENCY']) } : {}),
      onProgress: (done, total) => {
        if (done === total || Date.now() - lastShown > 2000) {
          lastShown = Date.now();
          console.log(`images ${done}/${total}`);
        }
      },
    },
  );
  client?.destroy();
  if (store && store.stats.errors > 0) {
    console.error(
      `warning: the photo store had ${store.stats.errors} failed request(s); those photos were made here instead. First: ${store.stats.firstError ?? '?'}`,
    );
  }
  for (const v of listed) {
    v.photos = v.image_sources.map((src): Photo => photos.get(src) ?? { ok: false, source: src, reason: 'not processed' });
  }
  const carsBySource = new Map<string, string[]>();
  for (const v of listed) for (const src of v.image_sources) carsBySource.set(src, [...(carsBySource.get(src) ?? []), v.stocknum ?? v.id]);
  report.images = {
    sources: stats.sources,
    processed: stats.processed,
    cached: stats.cached,
    from_store: stats.fromStore,
    ...(stats.remote > 0 ? { checks: { revalidated: stats.revalidated, replaced: stats.replaced, next_check: nextPhotoCheckDay(tenant.slug, day) } } : {}),
    failed: stats.failed,
    downloaded: stats.downloaded,
    variants_written: stats.variantsWritten,
    published_files: 0,
    failures: failures.map((f) => ({ ...f, cars: carsBySource.get(f.source) ?? [] })),
    ...(store
      ? {
          store: {
            fetched_files: store.stats.fetchedFiles,
            fetched_bytes: store.stats.fetchedBytes,
            stored: store.stats.stored,
            backfilled: store.stats.backfilled,
            stored_files: store.stats.storedFiles,
            errors: store.stats.errors,
            ...(store.stats.firstError ? { first_error: store.stats.firstError } : {}),
          },
        }
      : {}),
  };
  return photos;
}

export const images: Stage<BuildContext, { tenant: Tenant } & Ingested, { photos: Map<string, Photo> }> = {
  name: 'images',
  timing: 'images',
  async run(ctx, { tenant, stock }) {
    const { report } = ctx;
    const photos = await renderImages(tenant, stock.vehicles, report, ctx.imageCache);
    // What the next night's plan compares tonight's export with (uploaded with the release: fleet/photo-ledger.ts).
    writeFileSync(join(ctx.reportDir, PHOTO_LEDGER_FILE), JSON.stringify(makeLedger([...photos].filter(([, p]) => p.ok).map(([source]) => source))));
    // A line per host with its counts, not a line per photo: a host that is down is one fault to fix.
    for (const line of photoFailureLines(report.images.failures)) console.log(line);
    const checks = report.images.checks;
    if (checks && checks.revalidated > 0) {
      console.log(`photos checked with their servers: ${checks.revalidated}, ${checks.replaced} replaced at the same address; next check ${checks.next_check}`);
    }
    return { photos };
  },
};

/**
 * --photos-only: photo work ahead of the build (scripts/photos.ts), into the cache and the store, no
 * pages, nothing published. A first night's bulk at libwebp effort 2: about half the CPU for 5-6% more
 * bytes (docs/performance.md).
 */
export const photosOnly: Stage<BuildContext, { tenant: Tenant } & Ingested, object> = {
  name: 'images',
  timing: 'images',
  async run(ctx, { tenant, stock }) {
    await renderImages(tenant, stock.vehicles, ctx.report, ctx.imageCache, ctx.options.photoShare, BULK_WEBP_EFFORT);
    return {};
  },
};

/** After photosOnly (and its timing): the run's line, and the end of it; the report is written as for every build. */
export const photosDone: Stage<BuildContext, object, object> = {
  name: 'photosDone',
  run(ctx) {
    const { report } = ctx;
    const share = ctx.options.photoShare;
    report.status = 'ok';
    const i = report.images;
    console.log(
      `photos${share ? ` (share ${share.index}/${share.count})` : ''}: ${i.sources} in all, ${i.processed} encoded, ${i.from_store ?? 0} from the photo store, ${i.cached} cached, ${i.failed} unavailable, ${(report.timings_ms.images / 1000).toFixed(1)} s`,
    );
    return new Stop(0);
  },
};
