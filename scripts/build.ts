/**
 * Builds every tenant under a folder into <out>/<slug>/, one child process per tenant, bounded by
 * the cores. A failing tenant is reported and the others still build; exit code 1 only if one failed.
 *
 *   node scripts/build.ts [--tenants tenants] [--out dist] [--only a,b] [--shard i/n] [--jobs N] [--accept a,b] [--prune-images-days N]
 *
 * A tenant whose new build the publish guard refuses is `held` (its published site kept, exit code 1);
 * --accept names tenants to publish anyway (scripts/lib/publish-guard.ts).
 * --prune-images-days N: once every tenant built, removes image cache entries no build has used for
 * N days (scripts/lib/images/prune.ts). Off by default; the nightly run should pass it (e.g. 30).
 */
import { spawn } from 'node:child_process';
import { existsSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { flagString, parseArgs } from './lib/args.ts';
import type { BuildReport } from './lib/report.ts';
import { pruneImageCache } from './lib/images/prune.ts';
import { imageCacheDir } from './lib/images/store.ts';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');

/** Tenant folders: every subfolder not starting with "." or "_", sorted, filtered and sharded. */
export function selectTenants(dir: string, only?: string[], shard?: { index: number; count: number }): string[] {
  let names = readdirSync(dir, { withFileTypes: true })
    .filter((e) => e.isDirectory() && !/^[._]/.test(e.name))
    .map((e) => e.name)
    .sort();
  if (only?.length) {
    const unknown = only.filter((o) => !names.includes(o));
    if (unknown.length) throw new Error(`--only names tenants that do not exist in ${dir}: ${unknown.join(', ')}`);
    names = names.filter((n) => only.includes(n));
  }
  if (shard) names = names.filter((_, i) => i % shard.count === shard.index - 1);
  return names;
}

function parseShard(value: string | undefined): { index: number; count: number } | undefined {
  if (!value) return undefined;
  const m = /^(\d+)\/(\d+)$/.exec(value);
  const index = Number(m?.[1]);
  const count = Number(m?.[2]);
  if (!m || index < 1 || count < 1 || index > count) throw new Error(`--shard expects i/n with 1 <= i <= n, got "${value}"`);
  return { index, count };
}

function buildOne(tenantDir: string, out: string, name: string, imageConcurrency: number, accept: boolean): Promise<BuildReport> {
  // A child that dies without writing its report must not be read as the last run's report.
  rmSync(join(out, '_build', name, 'report.json'), { force: true });
  return new Promise((resolveReport) => {
    const child = spawn(
      process.execPath,
      ['--disable-warning=ExperimentalWarning', join(root, 'scripts/build-tenant.ts'), '--tenant', tenantDir, '--out', out, ...(accept ? ['--accept'] : [])],
      {
        stdio: ['ignore', 'pipe', 'pipe'],
        env: { ...process.env, DEALER_IMAGE_CONCURRENCY: String(imageConcurrency) },
      },
    );
    const prefix = (stream: NodeJS.ReadableStream, write: (s: string) => void) => {
      let buf = '';
      stream.setEncoding('utf8');
      stream.on('data', (chunk: string) => {
        buf += chunk;
        const lines = buf.split('\n');
        buf = lines.pop() ?? '';
        for (const line of lines) if (line.trim()) write(`[${name}] ${line}\n`);
      });
      stream.on('end', () => buf.trim() && write(`[${name}] ${buf}\n`));
    };
    prefix(child.stdout, (s) => process.stdout.write(s));
    prefix(child.stderr, (s) => process.stderr.write(s));
    child.on('close', (code) => {
      const file = join(out, '_build', name, 'report.json');
      let report: BuildReport | undefined;
      try {
        report = JSON.parse(readFileSync(file, 'utf8')) as BuildReport;
      } catch {
        report = undefined;
      }
      if (!report || (code !== 0 && report.status === 'ok')) {
        resolveReport({
          ...(report ?? ({} as BuildReport)),
          tenant: name,
          status: 'failed',
          error: { name: 'BuildCrashed', message: `the build process exited with code ${code} without a report` },
        } as BuildReport);
      } else resolveReport(report);
    });
  });
}

async function main(): Promise<number> {
  const { flags } = parseArgs(process.argv.slice(2));
  const tenantsDir = resolve(flagString(flags, 'tenants') ?? join(root, 'tenants'));
  const out = resolve(flagString(flags, 'out') ?? join(root, 'dist'));
  const only = flagString(flags, 'only')
    ?.split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  const jobs = Math.max(1, Number(flagString(flags, 'jobs') ?? Math.min(2, availableParallelism())));
  // --accept a,b: publish these tenants even where the publish guard would hold them (a genuine clear-out).
  const accept = new Set(
    (flagString(flags, 'accept') ?? '')
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean),
  );
  if (!existsSync(tenantsDir)) {
    console.error(`No tenants folder at ${tenantsDir}. Generate the demo tenants with: npm run demo:generate`);
    return 1;
  }
  const names = selectTenants(tenantsDir, only, parseShard(flagString(flags, 'shard')));
  if (names.length === 0) {
    console.error(`No tenants to build in ${tenantsDir}. Generate the demo tenants with: npm run demo:generate`);
    return 1;
  }
  console.log(`Building ${names.length} tenant(s) from ${tenantsDir} into ${out} (${jobs} at a time)`);
  const started = performance.now();
  const reports: BuildReport[] = [];
  const queue = [...names];
  await Promise.all(
    Array.from({ length: Math.min(jobs, names.length) }, async () => {
      for (let name = queue.shift(); name !== undefined; name = queue.shift()) {
        // Tenants built side by side share the cores: sharp gets its share, not one worker per core each.
        const report = await buildOne(join(tenantsDir, name), out, name, Math.max(1, Math.floor(availableParallelism() / jobs)), accept.has(name));
        reports.push(report);
        const r = report;
        console.log(
          r.status === 'ok'
            ? `[${name}] done: ${r.pages.html} pages, ${r.records.listed} cars listed, ${r.records.rejected} records rejected, images ${r.images.processed} new / ${r.images.cached} cached / ${r.images.failed} failed, ${(r.timings_ms.total / 1000).toFixed(1)} s`
            : r.status === 'held'
              ? `[${name}] HELD: ${r.held?.reason ?? r.error?.message ?? ''}; the published site is kept`
              : `[${name}] FAILED: ${r.error?.message.split('\n')[0] ?? 'unknown error'}`,
        );
      }
    }),
  );
  const failed = reports.filter((r) => r.status === 'failed');
  const held = reports.filter((r) => r.status === 'held');
  console.log(`\nSummary (${((performance.now() - started) / 1000).toFixed(1)} s):`);
  for (const r of reports.sort((a, b) => a.tenant.localeCompare(b.tenant)))
    console.log(
      `  ${r.status === 'ok' ? 'ok    ' : r.status === 'held' ? 'HELD  ' : 'FAILED'} ${r.tenant}${
        r.status === 'ok'
          ? `  ${r.pages.html} pages, ${r.records.listed} listed, ${r.records.rejected} rejected, ${r.images.failed} photos unavailable${r.warnings?.length ? `, ${r.warnings.length} config warning(s)` : ''}`
          : r.status === 'held'
            ? `  ${r.held?.reason ?? ''} (published site kept: ${r.held?.kept.listed ?? '?'} cars)`
            : `  ${r.error?.name ?? ''}: ${r.error?.message.split('\n')[0] ?? ''}`
      }`,
    );
  console.log(
    `  ${reports.length - failed.length - held.length} built, ${held.length} held, ${failed.length} failed. Reports: ${join(out, '_build', '<slug>', 'report.json')}`,
  );
  const pruneDays = flagString(flags, 'prune-images-days');
  if (pruneDays !== undefined) {
    // Only after a night where every tenant built: a failed tenant may not have marked its photos as used.
    if (failed.length || held.length) console.log('Image cache not pruned: a tenant failed to build or was held.');
    else {
      const cache = imageCacheDir(root);
      const pruned = await pruneImageCache(cache, { maxAgeDays: Number(pruneDays) });
      console.log(
        `Image cache ${cache}: removed ${pruned.keys} photo(s) unused for ${pruneDays} days (${pruned.files} files, ${(pruned.bytes / 1e6).toFixed(1)} MB); ${pruned.kept} kept.`,
      );
    }
  }
  return failed.length || held.length ? 1 : 0;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) process.exitCode = await main();
