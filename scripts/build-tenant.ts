/**
 * Builds ONE tenant: config -> stock ingest -> publish guard -> images -> model -> Astro pages into a
 * staging folder -> swapped in over <out>/<slug>. Run by scripts/build.ts as a child process per tenant
 * (Astro's build() is not safe to call repeatedly in one process).
 * Usage: node scripts/build-tenant.ts --tenant <dir> --out <dir> [--accept]
 * A build the guard refuses (scripts/lib/publish-guard.ts) is `held`: the published site, its
 * model.json and published.json are left exactly as they were, and the exit code is 1.
 */
import { existsSync, mkdirSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { basename, dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type IngestResult } from '../src/lib/ingest/ingest.ts';
import { ingestStock } from '../src/io/stock-file.ts';
import { groupRejections } from '../src/lib/ingest/rejections.ts';
import { currencyHint, rejectedCurrencies } from '../src/lib/ingest/units.ts';
import type { Photo, Vehicle } from '../src/lib/model/vehicle.ts';
import { makeSiteModel, type SiteModel } from '../src/lib/site/site-model.ts';
import { dayOf, validUntil } from '../src/lib/site/dated.ts';
import { type Tenant } from '../src/lib/tenant/load-tenant.ts';
import { loadTenantWithWarnings } from '../src/io/tenant-folder.ts';
import { DealerError } from '../src/lib/errors/errors-data.ts';
import { UsageError, parseCli, runCli } from './lib/cli.ts';
import { emptyReport, type BuildReport } from './lib/report.ts';
import { processImages, publishImages } from './lib/images/pipeline.ts';
import { imageCacheDir, readJson } from './lib/images/store.ts';
import { PhotoStore, photoStoreFromEnv } from './lib/images/photo-store.ts';
import { makeLedger, PHOTO_LEDGER_FILE } from './lib/fleet/photo-ledger.ts';
import { BULK_WEBP_EFFORT } from './lib/images/encode.ts';
import { earlierDay, nextPhotoCheckDay, revalidateDaysFor } from './lib/images/photo-checks.ts';
import { createS3Client } from './lib/publish/bucket.ts';
import { OUTPUTS, prepareModel, type OutputContext } from './lib/outputs/index.ts';
import { publishDecision, readPublishedState, stagingFolders, swapIn, type PublishedState } from './lib/publish-guard.ts';
import { createHash } from 'node:crypto';
import { photoFailureLines } from './lib/photo-failures.ts';
import { runCompliance, type CarChecks } from './lib/compliance.ts';
import { pageInputs, planRender, readPageInputs, restoreKept, type RenderPlan } from './lib/incremental.ts';
import { countFindings, findingLine, holdReason, type Finding } from '../src/lib/compliance/findings.ts';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');

function walk(dir: string, visit: (file: string, size: number) => void): void {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const p = join(dir, entry.name);
    if (entry.isDirectory()) walk(p, visit);
    else visit(p, statSync(p).size);
  }
}

/** --photo-share i/n: this job's share of a tenant's photos, by a hash of each photo's reference. */
function inShare(source: string, share: { index: number; count: number } | undefined): boolean {
  if (!share) return true;
  return createHash('sha256').update(source).digest().readUInt32BE(0) % share.count === share.index - 1;
}

async function renderImages(tenant: Tenant, vehicles: Vehicle[], report: BuildReport, share?: { index: number; count: number }, effort?: number) {
  const listed = vehicles.filter((v) => v.listed);
  const jobs = new Map<string, boolean>();
  for (const v of listed) v.image_sources.forEach((src, i) => inShare(src, share) && jobs.set(src, (jobs.get(src) ?? false) || i === 0));
  const cacheDir = imageCacheDir(root);
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
  return { photos, cacheDir };
}

/** Holds the build: the published site stays as it is; the report says why and what to do. */
function hold(report: BuildReport, why: string, hint: string, previous: PublishedState | undefined): void {
  const reason = why.replace(/\.\s*$/, '');
  report.status = previous ? 'held' : 'failed';
  report.fault = 'dealer';
  report.held = previous ? { reason, hint, kept: { listed: previous.listed, published_at: previous.published_at } } : undefined;
  report.error ??= { name: previous ? 'PublishHeld' : 'NothingPublished', message: reason, hint };
  console.error(
    previous
      ? `HELD: ${reason}. The published site (${previous.listed} cars) is kept as it was.\n  hint: ${hint}`
      : `FAILED: ${reason}. Nothing was published.\n  hint: ${hint}`,
  );
}

/** Each finding as a line and its hint; past the first few of one rule, a count. */
function printFindings(findings: readonly Finding[]): void {
  const shown = new Map<string, number>();
  for (const f of findings) {
    const n = (shown.get(f.rule) ?? 0) + 1;
    shown.set(f.rule, n);
    if (n <= 5) console.log(findingLine(f));
  }
  for (const [rule, n] of shown) if (n > 5) console.log(`compliance [${rule}]: and ${n - 5} more like it (report.json)`);
}

/** --live: the site live in the bucket, as scripts/build.ts hands it over. */
function parseLive(text: string): { listed: number; published_at: string } {
  try {
    const v = JSON.parse(text) as { listed?: unknown; published_at?: unknown };
    if (typeof v.listed === 'number' && v.listed >= 0 && typeof v.published_at === 'string') return { listed: v.listed, published_at: v.published_at };
  } catch {
    // reported below
  }
  throw new UsageError(`--live expects {"listed":<cars>,"published_at":"<time>"}, got ${text.slice(0, 80)}`);
}

const USAGE = `
Usage: node scripts/build-tenant.ts --tenant <dir> [--out dist] [--accept] [--fingerprint <hash>] [--full-render] [--live <json>]
       node scripts/build-tenant.ts --tenant <dir> --out <dir> --photos-only [--photo-share i/n]

Builds one tenant (scripts/build.ts runs this once per tenant). --accept publishes even where the
publish guard would hold the build; --fingerprint is recorded in published.json so an unchanged
tenant is skipped next time. A warm build renders only the car pages whose inputs changed and copies
the rest from the published build; --full-render renders every page. --live gives the site live in
the bucket ({"listed":87,"published_at":"..."}): the publish guard compares with it, not with the
local build (a fresh machine has none; after a rollback the live site is an older one).
--photos-only processes the tenant's photos into the image cache and the fleet's photo store
(DEALER_PHOTO_STORE, set by scripts/photos.ts) and builds nothing else; --photo-share i/n takes only
share i of n of them (a first night's photo work spread over several jobs, docs/nightly.md).
`;

function parseShare(value: string | undefined): { index: number; count: number } | undefined {
  if (value === undefined) return undefined;
  const m = /^(\d+)\/(\d+)$/.exec(value);
  const index = Number(m?.[1]);
  const count = Number(m?.[2]);
  if (!m || index < 1 || count < 1 || index > count) throw new UsageError(`--photo-share expects i/n with 1 <= i <= n, got "${value}"`);
  return { index, count };
}

async function main(): Promise<number> {
  const flags = parseCli(USAGE, {
    tenant: { type: 'string' },
    out: { type: 'string' },
    accept: { type: 'boolean' },
    fingerprint: { type: 'string' },
    'full-render': { type: 'boolean' },
    live: { type: 'string' },
    'photos-only': { type: 'boolean' },
    'photo-share': { type: 'string' },
  });
  if (!flags.tenant) throw new UsageError('--tenant <dir> is required');
  const photoShare = parseShare(flags['photo-share']);
  if (photoShare && !flags['photos-only']) throw new UsageError('--photo-share goes with --photos-only');
  const live = flags.live === undefined ? undefined : parseLive(flags.live);
  const tenantDir = resolve(flags.tenant);
  const outRoot = resolve(flags.out ?? join(root, 'dist'));
  const accepted = flags.accept === true;
  const name = basename(tenantDir);
  const report = emptyReport(name);
  const reportDir = join(outRoot, '_build', name);
  mkdirSync(reportDir, { recursive: true });
  const t0 = performance.now();
  let mark = t0;
  const lap = () => {
    const now = performance.now();
    const ms = Math.round(now - mark);
    mark = now;
    return ms;
  };
  // What is published now (by the folder's name until the config says the slug): the local build the
  // incremental render starts from, and the site shoppers see (the bucket's when given), which the guard protects.
  let previous = readPublishedState(outRoot, name, reportDir);
  const kept = (): PublishedState | undefined => (live ? { slug: name, read: live.listed, ...live } : previous);
  let staging: ReturnType<typeof stagingFolders> | undefined;
  // Stopped (a time limit, or the run's SIGTERM/SIGINT): drop the unfinished build, keep the published
  // site. The swap itself is synchronous, so a signal never lands in the middle of it.
  const stop = (signal: NodeJS.Signals) => {
    if (staging) rmSync(staging.root, { recursive: true, force: true });
    report.error = { name: 'BuildStopped', message: `stopped by ${signal} before it finished; the published site is kept` };
    report.fault = 'platform';
    report.timings_ms.total = Math.round(performance.now() - t0);
    writeFileSync(join(reportDir, 'report.json'), JSON.stringify(report, null, 2));
    process.exit(143);
  };
  process.once('SIGTERM', stop);
  process.once('SIGINT', stop);
  try {
    let tenant: Tenant;
    let stock: IngestResult;
    try {
      const loaded = loadTenantWithWarnings(tenantDir);
      tenant = loaded.tenant;
      report.tenant = tenant.slug;
      previous = readPublishedState(outRoot, tenant.slug, reportDir);
      report.warnings.push(...loaded.warnings);
      for (const w of loaded.warnings) console.log(`warning: ${w}`);
      report.timings_ms.config = lap();

      const now = process.env['BUILD_NOW'] ? Math.floor(Date.parse(process.env['BUILD_NOW']) / 1000) : Math.floor(Date.now() / 1000);
      stock = ingestStock(tenant, now);
      report.built_for = new Date(now * 1000).toISOString();
    } catch (err) {
      // A broken config or an unreadable export: nothing to build, and the published site stays.
      if (!(err instanceof DealerError)) throw err;
      report.error = { name: err.name, message: err.message, hint: err.hint };
      // One line for the summary: "…tenant.json is invalid: theme.primary: expected …; url: …".
      // Paths as the ops person knows them (tenants/<slug>/tenant.json), not the build machine's checkout.
      const reason = err.message
        .replace(/:\n\s+- /, ': ')
        .replace(/\n\s+- /g, '; ')
        .replaceAll(tenantDir, relative(process.cwd(), tenantDir) || '.');
      hold(report, reason, err.hint ?? 'Fix the tenant folder and build again.', kept());
      return 1;
    }
    report.stock_file = relative(tenant.dir, stock.file);
    report.stock_format = stock.format;
    report.stock_encoding = stock.encoding;
    const listed = stock.vehicles.filter((v) => v.listed).length;
    report.records = {
      read: stock.read,
      valid: stock.vehicles.length,
      rejected: stock.rejected.length,
      listed,
      unlisted: stock.vehicles.length - listed,
    };
    report.rejected = stock.rejected;
    report.rejected_groups = groupRejections(stock.rejected);
    // One line per kind of problem, not per row: 1,200 identical rejections are one thing to fix.
    for (const g of report.rejected_groups) console.log(`rejected ${g.summary}`);
    console.log(
      `stock ${stock.read} read (${stock.format === 'json' ? 'json' : `${stock.format}, ${stock.encoding}`}), ${stock.vehicles.length} valid, ${stock.rejected.length} rejected, ${listed} listed`,
    );
    report.conversions = stock.conversions;
    report.unknown_values = stock.unknown_values;
    // Said once per tenant, never per car: the site shows km, so miles were converted.
    if (stock.conversions.km_from_miles > 0)
      console.log(
        `km: ${stock.conversions.km_from_miles} record${stock.conversions.km_from_miles === 1 ? '' : 's'}' mileage read in miles (${stock.conversions.km_from_miles_by}) and converted to km (1 mi = 1.609344 km); the site never shows miles`,
      );
    const c = stock.conversions;
    if (c.badge_from_title > 0)
      console.log(
        `badge: ${c.badge_from_title} car${c.badge_from_title === 1 ? '' : 's'} without a trim or badge: the variant shown is read from the feed's title`,
      );
    if (c.body_from_words > 0)
      console.log(
        `body: ${c.body_from_words} heavy vehicle${c.body_from_words === 1 ? '' : 's'} (prime movers, cab chassis, buses) given the spec's truck or bus type from their title`,
      );
    // Whatever the ingest could not read, it says: columns that look like fields but are read by
    // nothing, photos past the cap, values no lookup knew (counted in report.json).
    for (const w of stock.warnings) {
      report.warnings.push(w);
      console.log(`warning: ${w}`);
    }
    for (const [field, values] of Object.entries(stock.unknown_values)) {
      const list = Object.entries(values).sort((a, b) => b[1] - a[1]);
      const shown = list.slice(0, 5).map(([value, n]) => `"${value}" ${n}`);
      console.log(
        `${field}: ${list.length} value${list.length === 1 ? '' : 's'} no lookup knows, shown as exported: ${shown.join(', ')}${list.length > 5 ? ` and ${list.length - 5} more (report.json unknown_values)` : ''}`,
      );
    }
    report.timings_ms.ingest = lap();

    if (flags['photos-only']) {
      // Photo work ahead of the build (scripts/photos.ts): into the cache and the store, no pages, nothing published.
      // A first night's bulk at libwebp effort 2: about half the CPU for 5-6% more bytes (docs/performance.md).
      await renderImages(tenant, stock.vehicles, report, photoShare, BULK_WEBP_EFFORT);
      report.timings_ms.images = lap();
      report.status = 'ok';
      const i = report.images;
      console.log(
        `photos${photoShare ? ` (share ${photoShare.index}/${photoShare.count})` : ''}: ${i.sources} in all, ${i.processed} encoded, ${i.from_store ?? 0} from the photo store, ${i.cached} cached, ${i.failed} unavailable, ${(report.timings_ms.images / 1000).toFixed(1)} s`,
      );
      return 0; // the report is written below, as for every build
    }

    const decision = publishDecision(report.records, kept(), tenant.publish, accepted, tenant.slug);
    if (!decision.publish) {
      // Prices in another currency: the hint says what to change (accepting never converts them).
      const currencies = rejectedCurrencies(stock.rejected);
      hold(report, decision.reason, currencies.length > 0 ? currencyHint(currencies, listed, tenant.slug) : decision.hint, kept());
      return 1;
    }
    if (accepted) console.log('--accept: the publish guard is waived for this build');

    const { photos, cacheDir } = await renderImages(tenant, stock.vehicles, report);
    // What the next night's plan compares tonight's export with (uploaded with the release: fleet/photo-ledger.ts).
    writeFileSync(join(reportDir, PHOTO_LEDGER_FILE), JSON.stringify(makeLedger([...photos].filter(([, p]) => p.ok).map(([source]) => source))));
    // A line per host with its counts, not a line per photo: a host that is down is one fault to fix.
    for (const line of photoFailureLines(report.images.failures)) console.log(line);
    const checks = report.images.checks;
    if (checks && checks.revalidated > 0) {
      console.log(`photos checked with their servers: ${checks.revalidated}, ${checks.replaced} replaced at the same address; next check ${checks.next_check}`);
    }
    report.timings_ms.images = lap();

    // Unlisted vehicles stay out of the model the pages read: no page can leak them.
    // makeSiteModel derives each car's view, once per build: every output (pages, search, feeds,
    // compliance, the functions through model.json) reads it.
    const ingested: SiteModel = makeSiteModel({
      tenant,
      vehicles: stock.vehicles.filter((v) => v.listed),
      now: Math.floor(Date.parse(report.built_for ?? '') / 1000),
      built_at: report.built_for ?? new Date().toISOString(),
    });
    staging = stagingFolders(outRoot, tenant.slug);
    const siteOut = staging.site;
    const outputs = { siteOut, buildDir: staging.build, log: (line: string) => console.log(line), report };
    // The model is assembled once, from the ingest's model and what each output derives; frozen, never changed in place.
    const model = await prepareModel({ ...outputs, model: ingested });
    const ctx: OutputContext = { ...outputs, model };
    // How long these pages stay true with the same inputs: the nightly run skips the tenant until then.
    report.valid_until = validUntil(model, stock.vehicles, model.now);
    // Photos at web addresses are checked with their servers on the tenant's weekly check day: the build
    // stays current only until then, so an unchanged tenant is rebuilt that night (photo-checks.ts).
    if (report.images.checks) report.valid_until = earlierDay(report.valid_until, report.images.checks.next_check);
    const modelFile = join(staging.build, 'model.json');
    // The published model names the tenant folder relative to the platform, never a build machine's path.
    writeFileSync(modelFile, JSON.stringify({ ...model, tenant: { ...model.tenant, dir: relative(root, model.tenant.dir) || '.' } }));

    process.env['DEALER_MODEL'] = modelFile;
    // Incremental render: only the car pages whose inputs changed since the published build; the
    // others are copied from it after Astro has run (scripts/lib/incremental.ts).
    const inputs = pageInputs(root, model);
    writeFileSync(join(staging.build, 'page-inputs.json'), JSON.stringify(inputs));
    const previousSite = join(outRoot, tenant.slug);
    const plan: RenderPlan = flags['full-render']
      ? { render: null, keep: [], reason: '--full-render' }
      : planRender(previous ? readPageInputs(join(reportDir, 'page-inputs.json')) : undefined, inputs, previous ? previousSite : undefined);
    const planFile = join(staging.build, 'render-plan.json');
    writeFileSync(planFile, JSON.stringify({ render: plan.render }));
    process.env['DEALER_RENDER_PLAN'] = planFile;
    console.log(
      plan.render
        ? `render: incremental, ${plan.render.length} car(s) changed, ${plan.keep.length} unchanged (copied from the published build)`
        : `render: full (${plan.reason ?? ''})`,
    );
    report.timings_ms.prepare = lap();
    const renderCpu = process.cpuUsage();
    const { build } = await import('astro');
    // Per output folder and tenant, so builds into different folders can run side by side.
    const astroCache = join(root, '.cache/astro', createHash('sha1').update(outRoot).digest('hex').slice(0, 8), tenant.slug);
    // Astro bundles the prerender code into <cwd>/.astro/.prerender when outDir is outside the working
    // directory: two tenants built at once into an --out outside the checkout overwrote each other's
    // bundle ("Cannot find module .../.astro/.prerender/chunks/..."). Working from this tenant's own
    // cache folder keeps the bundle apart per tenant and inside the checkout, where its imports resolve.
    mkdirSync(astroCache, { recursive: true });
    process.chdir(astroCache);
    await build({
      root,
      outDir: siteOut,
      site: tenant.url,
      cacheDir: astroCache,
      logLevel: process.env['ASTRO_LOG'] === 'info' ? 'info' : 'warn',
    });
    const copied = plan.keep.length ? restoreKept(previousSite, siteOut, plan.keep) : 0;
    report.render = {
      mode: plan.render ? 'incremental' : 'full',
      reason: plan.reason,
      cars_rendered: plan.render?.length ?? Object.keys(inputs.cars).length,
      cars_kept: plan.keep.length,
      files_copied: copied,
    };
    report.timings_ms.render = lap();
    const cpuMs = (since: NodeJS.CpuUsage) => {
      const u = process.cpuUsage(since);
      return Math.round((u.user + u.system) / 1000);
    };
    report.cpu_ms = { render: cpuMs(renderCpu), compliance: 0 };
    const writeCtx: OutputContext = { ...ctx, previousSite: previous && existsSync(previousSite) ? previousSite : undefined };
    for (const output of OUTPUTS) await output.write?.(writeCtx);

    const published = await publishImages(photos.values(), cacheDir, siteOut);
    report.images.published_files = published.files;

    let html = 0;
    let vehiclePages = 0;
    let bytes = 0;
    walk(siteOut, (file, size) => {
      bytes += size;
      if (file.endsWith('.html')) {
        html++;
        if (relative(siteOut, file).startsWith(`cars${'/'}`)) vehiclePages++;
      }
    });
    report.pages = { html, vehicle_pages: vehiclePages };
    report.output_bytes = bytes;

    // Compliance: the rules over the model and the staged pages, before anything is swapped in.
    // The cars whose pages were copied unchanged keep the previous build's checks (same inputs, same bytes).
    const reuse = new Map<string, CarChecks>();
    if (plan.keep.length) {
      const previousChecks = (readJson(join(reportDir, 'compliance-cars.json')) as Record<string, CarChecks> | undefined) ?? {};
      const kept = new Set(plan.keep);
      for (const car of model.vehicles) {
        const checks = previousChecks[car.path];
        if (checks && kept.has(car.slug)) reuse.set(car.path, checks);
      }
    }
    const complianceCpu = process.cpuUsage();
    const compliance = runCompliance(model, siteOut, dayOf(model.now), reuse);
    report.cpu_ms.compliance = cpuMs(complianceCpu);
    writeFileSync(join(staging.build, 'compliance-cars.json'), JSON.stringify(compliance.cars));
    report.compliance_cached = compliance.reused;
    report.compliance = { ...countFindings(compliance.findings), pages_checked: compliance.pages_checked, findings: compliance.findings };
    printFindings(compliance.findings);
    console.log(
      `compliance ${compliance.pages_checked} pages checked: ${report.compliance.error} error(s), ${report.compliance.warning} warning(s)${compliance.reused ? ` (${compliance.reused} cars' pages copied from the published build keep its checks)` : ''}`,
    );
    report.timings_ms.compliance = lap();
    const held = holdReason(compliance.findings);
    if (held && !accepted) {
      hold(
        report,
        held,
        `Fix what each compliance error names (report.json "compliance"; the rules and their sources: docs/compliance.md), then build again; or publish anyway with --accept ${tenant.slug}.`,
        kept(),
      );
      return 1;
    }
    if (held) console.log('--accept: compliance errors do not hold this build');
    swapIn(staging, outRoot, tenant.slug, reportDir, {
      slug: tenant.slug,
      listed,
      read: stock.read,
      published_at: new Date().toISOString(),
      fingerprint: flags.fingerprint,
      built_day: dayOf(model.now),
      valid_until: report.valid_until,
    });
    staging = undefined;
    report.timings_ms.publish = lap();
    report.status = 'ok';
  } catch (err) {
    const e = err as Error;
    report.error = { name: e.name, message: e.message, hint: e instanceof DealerError ? e.hint : undefined };
    report.fault = e instanceof DealerError ? 'dealer' : 'platform';
    if (kept()) report.error.hint = `${report.error.hint ? `${report.error.hint} ` : ''}The published site is kept as it was.`;
    console.error(e instanceof DealerError ? `${e.message}\n  hint: ${e.hint ?? ''}` : (e.stack ?? e.message));
  } finally {
    if (staging) rmSync(staging.root, { recursive: true, force: true });
    report.timings_ms.total = Math.round(performance.now() - t0);
    writeFileSync(join(reportDir, 'report.json'), JSON.stringify(report, null, 2));
    // The report of the site now in <out>/<slug>: what an unchanged night shows, whatever later nights held.
    if (report.status === 'ok') writeFileSync(join(reportDir, 'live-report.json'), JSON.stringify(report, null, 2));
  }
  return report.status === 'ok' ? 0 : 1;
}

await runCli(main);
