/**
 * Builds ONE tenant: config -> stock ingest -> publish guard -> images -> model -> Astro pages into a
 * staging folder -> outputs -> compliance -> swapped in over <out>/<slug>, as the named stages of
 * scripts/lib/build/stages/ (docs/architecture.md, "The build's stages"). Run by scripts/build.ts as a
 * child process per tenant (Astro's build() is not safe to call repeatedly in one process).
 * Usage: node scripts/build-tenant.ts --tenant <dir> --out <dir> [--accept]
 * A build the guard refuses (scripts/lib/publish-guard.ts) is `held`: the published site, its
 * model.json and published.json are left exactly as they were, and the exit code is 1.
 */
import { rmSync, writeFileSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { DealerError } from '../src/lib/errors/errors-data.ts';
import { UsageError, parseCli, runCli } from './lib/cli.ts';
import { emptyReport } from './lib/report.ts';
import { kept, makeBuildContext } from './lib/build/context.ts';
import { PHOTOS_ONLY, TENANT_BUILD } from './lib/build/stages/index.ts';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');

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
  const name = basename(tenantDir);
  const report = emptyReport(name);
  const t0 = performance.now();
  // What is published now (by the folder's name until the config says the slug): the local build the
  // incremental render starts from, and the site shoppers see (the bucket's when given), which the guard protects.
  const ctx = makeBuildContext(
    root,
    { tenantDir, outRoot, accepted: flags.accept === true, fingerprint: flags.fingerprint, fullRender: flags['full-render'] === true, live, photoShare },
    name,
    report,
  );
  const { reportDir } = ctx;
  // Stopped (a time limit, or the run's SIGTERM/SIGINT): drop the unfinished build, keep the published
  // site. The swap itself is synchronous, so a signal never lands in the middle of it.
  const stop = (signal: NodeJS.Signals) => {
    if (ctx.staging) rmSync(ctx.staging.root, { recursive: true, force: true });
    report.error = { name: 'BuildStopped', message: `stopped by ${signal} before it finished; the published site is kept` };
    report.fault = 'platform';
    report.timings_ms.total = Math.round(performance.now() - t0);
    writeFileSync(join(reportDir, 'report.json'), JSON.stringify(report, null, 2));
    process.exit(143);
  };
  process.once('SIGTERM', stop);
  process.once('SIGINT', stop);
  try {
    const run = await (flags['photos-only'] ? PHOTOS_ONLY : TENANT_BUILD).run(ctx);
    // A stage that held the build (or the photos-only run, done) says the exit code; the report is written below, as for every build.
    if (run.stopped) return run.exitCode;
  } catch (err) {
    const e = err as Error;
    report.error = { name: e.name, message: e.message, hint: e instanceof DealerError ? e.hint : undefined };
    report.fault = e instanceof DealerError ? 'dealer' : 'platform';
    if (kept(ctx)) report.error.hint = `${report.error.hint ? `${report.error.hint} ` : ''}The published site is kept as it was.`;
    console.error(e instanceof DealerError ? `${e.message}\n  hint: ${e.hint ?? ''}` : (e.stack ?? e.message));
  } finally {
    if (ctx.staging) rmSync(ctx.staging.root, { recursive: true, force: true });
    report.timings_ms.total = Math.round(performance.now() - t0);
    writeFileSync(join(reportDir, 'report.json'), JSON.stringify(report, null, 2));
    // The report of the site now in <out>/<slug>: what an unchanged night shows, whatever later nights held.
    if (report.status === 'ok') writeFileSync(join(reportDir, 'live-report.json'), JSON.stringify(report, null, 2));
  }
  return report.status === 'ok' ? 0 : 1;
}

await runCli(main);
