/**
 * The run summary across shards: merges the shards' <out>/_build/summary.json files into one
 * summary.json and index.html, prints a summary as markdown for a CI run page, and says what the run
 * means for the job (--verdict). See USAGE.
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { UsageError, parseCliWithPositionals, runCli } from './lib/cli.ts';
import { bucketHistory, trend } from './lib/fleet/history.ts';
import { liveStates } from './lib/fleet/night.ts';
import { describeError } from './lib/publish/bucket.ts';
import { bucketTenants } from './lib/publish/releases.ts';
import { settleRegion, TARGET_OPTIONS, targetFromFlags } from './lib/publish/target.ts';
import { mergeSummaries, runUrlFromEnv, summaryMarkdown, verdict, writeSummary, type RunSummary } from './lib/summary.ts';

const USAGE = `
Usage:
  node scripts/summary.ts --merge <summary.json or folder>... --out <dir> [--plan <plan.json>] [--tenants <dir> --bucket <name> ...]
      merges shard summaries (a folder means <folder>/summary.json or <folder>/_build/summary.json)
      into <dir>/summary.json and <dir>/index.html. With --plan (the JSON of build.ts --plan), a planned
      tenant no shard reported on is a failed row. With --tenants and a bucket, a site in the bucket
      whose tenant folder is gone is a note for ops. Exits 0 once written, whatever the tenants did.
  node scripts/summary.ts --markdown <summary.json>
      prints the summary as markdown (the workflow appends it to the run page)
  node scripts/summary.ts --verdict <summary.json>
      prints a GitHub annotation per problem (::warning:: for a dealer held or failed by its own export
      or settings, ::error:: for the platform's) and exits 1 when the platform failed, else 0
  -h, --help    show this help

  Bucket options (for the orphan check): --bucket --prefix --endpoint --region, empty means not set.
`;

function readSummary(path: string): RunSummary {
  let file = path;
  if (existsSync(path) && statSync(path).isDirectory()) {
    file = [join(path, 'summary.json'), join(path, '_build', 'summary.json')].find((f) => existsSync(f)) ?? join(path, 'summary.json');
  }
  if (!existsSync(file)) throw new UsageError(`no summary at ${file}`);
  const s = JSON.parse(readFileSync(file, 'utf8')) as RunSummary;
  // Summaries written before problems and notes existed.
  return { ...s, problems: s.problems ?? [], notes: s.notes ?? [] };
}

/** A GitHub workflow command's message: one line, its % and line breaks escaped as GitHub asks. */
const annotation = (s: string): string => s.replace(/%/g, '%25').replace(/\r/g, '%0D').replace(/\n/g, '%0A');

async function main(): Promise<number> {
  const { values, positionals } = parseCliWithPositionals(USAGE, {
    merge: { type: 'boolean' },
    out: { type: 'string' },
    plan: { type: 'string' },
    tenants: { type: 'string' },
    markdown: { type: 'string' },
    verdict: { type: 'string' },
    ...TARGET_OPTIONS,
  });
  if (values.markdown) {
    process.stdout.write(summaryMarkdown(readSummary(values.markdown)));
    return 0;
  }
  if (values.verdict) {
    const v = verdict(readSummary(values.verdict));
    for (const line of v.dealers) console.log(`::warning::${annotation(line)}`);
    for (const line of v.platform) console.log(`::error::${annotation(line)}`);
    console.log(
      v.platform.length
        ? `The platform failed: ${v.platform.length} problem(s) above. The job fails.`
        : `The platform ran; ${v.dealers.length} warning(s) about dealers, their alerts sent. The job passes.`,
    );
    return v.platform.length ? 1 : 0;
  }
  if (values.merge) {
    if (!values.out) throw new UsageError('--merge needs --out <dir>');
    // No shard report at all (every shard job stopped early) still makes a page, from the plan.
    if (positionals.length === 0 && !values.plan) throw new UsageError('--merge needs at least one summary.json or folder, or --plan');
    let plan: { tenants: Record<string, number> } | undefined;
    if (values.plan) {
      try {
        plan = JSON.parse(readFileSync(values.plan, 'utf8')) as { tenants: Record<string, number> };
      } catch (err) {
        throw new UsageError(`--plan ${values.plan}: ${(err as Error).message}`);
      }
    }
    const notes: string[] = [];
    const target = targetFromFlags(values);
    if (target) {
      try {
        await settleRegion(target);
      } catch {
        // The listing below says what is wrong.
      }
    }
    if (target && values.tenants) {
      // A dealer whose folder was removed keeps its site until someone removes it on purpose: say so every night.
      try {
        for (const slug of await bucketTenants(target.client, { bucket: target.bucket, prefix: target.prefix })) {
          if (!existsSync(join(resolve(values.tenants), slug)))
            notes.push(
              `${slug} has a site in the bucket but no folder in tenants/: it is no longer built. If it is retired, remove its site (Actions > sites > remove ${slug}, or npm run sites -- remove --tenant ${slug} --yes); else restore its folder.`,
            );
        }
      } catch (err) {
        notes.push(`the bucket could not be listed for sites without a tenant folder: ${describeError(err)}`);
      }
    }
    const runUrl = runUrlFromEnv();
    // A shard whose build step was stopped (killed, out of time) uploads its old reports but no summary:
    // a problem of the run, and its planned tenants become "no report" rows.
    const parts: RunSummary[] = [];
    const problems: string[] = [];
    for (const path of positionals) {
      try {
        parts.push(readSummary(path));
      } catch (err) {
        if (!(err instanceof UsageError)) throw err;
        problems.push(`${path}: ${err.message}: that shard's build step stopped before writing its summary (see its log)`);
      }
    }
    let merged = mergeSummaries(parts, { plan, notes, problems, run_url: runUrl });
    if (target) {
      // A tenant no shard reported on: what the bucket serves for it (it was not changed by this run).
      const missing = merged.tenants.filter((r) => r.status === 'failed' && r.read === 0 && r.pages === 0 && !r.live_since).map((r) => r.tenant);
      if (missing.length) {
        const { live } = await liveStates(target, missing);
        const history = bucketHistory(target.client, target.bucket, target.prefix);
        const rows = await Promise.all(
          merged.tenants.map(async (r) => {
            const l = missing.includes(r.tenant) ? live.get(r.tenant) : undefined;
            if (!l) return r;
            const h = await history.read(r.tenant).catch(() => undefined);
            return {
              ...r,
              listed: l.listed ?? 0,
              live_since: l.published_at,
              trend: trend(h),
            };
          }),
        );
        merged = { ...merged, tenants: rows, totals: { ...merged.totals, listed: rows.reduce((n, r) => n + r.listed, 0) } };
      }
      target.client.destroy();
    }
    writeSummary(resolve(values.out), merged);
    const t = merged.totals;
    console.log(
      `Merged ${positionals.length} summaries: ${t.tenants} tenants, ${t.built} built, ${t.unchanged} unchanged, ${t.held} held, ${t.failed} failed -> ${join(resolve(values.out), 'index.html')}`,
    );
    return 0;
  }
  if (positionals.length) throw new UsageError(`unexpected argument "${positionals[0]}"\n${USAGE}`);
  console.log(USAGE.trim());
  return 2;
}

await runCli(main);
