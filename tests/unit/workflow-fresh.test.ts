/**
 * The fresh lane's workflow (.github/workflows/fresh.yml, docs/nightly.md "Minutes-fresh stock"): valid
 * against GitHub's workflow schema (@action-validator/core, offline), every 15 minutes and by hand, one
 * run at a time without a queue and outside the nightly's group, the nightly's setup (tenants checkout,
 * Node, install), secrets only in env, and the build step that builds only what changed.
 * tests/build/fresh-lane.test.ts runs its steps.
 */
import { validateWorkflow } from '@action-validator/core';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';

const root = join(import.meta.dirname, '..', '..');
const source = (name: string) => readFileSync(join(root, '.github', 'workflows', name), 'utf8');
const load = (name: string) => parse(source(name)) as any;

type Step = { name?: string; uses?: string; run?: string; if?: string; env?: Record<string, string>; with?: Record<string, any>; id?: string };

/** Every string in a parsed document with its path of keys. */
function strings(node: unknown, path: string[] = []): { path: string[]; value: string }[] {
  if (typeof node === 'string') return [{ path, value: node }];
  if (Array.isArray(node)) return node.flatMap((v, i) => strings(v, [...path, String(i)]));
  if (node && typeof node === 'object') return Object.entries(node).flatMap(([k, v]) => strings(v, [...path, k]));
  return [];
}

describe('fresh.yml', () => {
  const wf = load('fresh.yml');
  const nightly = load('nightly.yml');
  const job = wf.jobs.fresh;
  const steps: Step[] = job.steps;

  it('validates against the GitHub Actions workflow schema', () => {
    expect(validateWorkflow(source('fresh.yml')).errors).toEqual([]);
  });

  it('runs every 15 minutes and by hand, with read-only repository access and a time limit', () => {
    expect(wf.on.schedule).toEqual([{ cron: '*/15 * * * *' }]);
    expect(Object.keys(wf.on.workflow_dispatch.inputs)).toEqual(['only']);
    expect(wf.permissions).toEqual({ contents: 'read' });
    expect(Object.keys(wf.jobs)).toEqual(['fresh']);
    expect(job['timeout-minutes']).toBeGreaterThan(0);
    expect(job['timeout-minutes']).toBeLessThanOrEqual(30);
  });

  it('one run at a time, never cancelled, never queued behind itself, and not in the group of the nightly and the rollbacks', () => {
    expect(wf.concurrency).toEqual({ group: 'fresh-lane', 'cancel-in-progress': false });
    // A fresh run pending in the nightly's group would replace (cancel) a night or a rollback pending there.
    expect(wf.concurrency.group).not.toBe(nightly.concurrency.group);
    expect(load('sites.yml').concurrency.group).toBe(nightly.concurrency.group);
    expect(job.concurrency).toBeUndefined();
  });

  it('starts no runner without a bucket, or when switched off', () => {
    expect(job.if).toBe("${{ vars.SITE_BUCKET != '' && vars.FRESH_LANE != 'off' }}");
  });

  it('sets up as the nightly does: the tenants, Node from .node-version, the locked dependencies without dev ones', () => {
    const nightlyBuild: Step[] = nightly.jobs.build.steps;
    expect(steps[0]).toEqual(nightlyBuild[0]);
    expect(steps[1]).toEqual(nightlyBuild.find((s) => s.name === 'Check out the tenants'));
    expect(steps[2]).toEqual(nightlyBuild.find((s) => s.uses?.startsWith('actions/setup-node@')));
    expect(steps[3]!.run).toBe('npm install --no-audit --no-fund --no-save --omit=dev --ignore-scripts');
    // No image cache and no dist/: the live state comes from the bucket.
    expect(steps.some((s) => s.uses?.startsWith('actions/cache'))).toBe(false);
  });

  it('fetches the exports with scripts/fetch-exports.sh, with the nightly step’s settings, several at a time', () => {
    const fetch = steps.find((s) => s.run?.includes('scripts/fetch-exports.sh'))!;
    const nightlyFetch = (nightly.jobs.build.steps as Step[]).find((s) => s.run?.includes('scripts/fetch-exports.sh'))!;
    expect(fetch.env).toEqual(nightlyFetch.env);
    expect(fetch.run).toContain('xargs -n 10 -P 8 bash scripts/fetch-exports.sh tenants');
  });

  it('builds and publishes only what changed, to the bucket the variables name; a dealer held passes, the platform failing fails', () => {
    const build = steps.find((s) => s.id === 'build')!;
    expect(build.run).toContain('node scripts/build.ts --fresh --tenants tenants --out dist --only "$ONLY" --max-minutes 10');
    expect(build.run).toContain('--bucket "$SITE_BUCKET" --prefix "$SITE_PREFIX" --endpoint "$S3_ENDPOINT" --region "$AWS_REGION"');
    expect(build.run).not.toMatch(/--force|--accept|--prune-images-days/);
    expect(build.run).toMatch(/if \[ "\$status" -eq 3 \]; then[\s\S]*exit 0\n\s*fi\n\s*exit "\$status"/);
    const nightlyBuild = (nightly.jobs.build.steps as Step[]).find((s) => s.id === 'build')!;
    for (const k of ['SITE_BUCKET', 'SITE_PREFIX', 'S3_ENDPOINT', 'AWS_REGION', 'AWS_ACCESS_KEY_ID', 'AWS_SECRET_ACCESS_KEY'])
      expect(build.env?.[k], k).toBe(nightlyBuild.env?.[k]);
    // The lane must finish well inside the job's limit: 10 minutes of starts, a build's 10-minute limit.
    expect(job['timeout-minutes']).toBeGreaterThanOrEqual(10 + 10 + 5);
  });

  it('uses secrets only as env values (or the checkout token), and every input or variable reaches a command through env', () => {
    const uses = strings(wf).filter((s) => s.value.includes('secrets.'));
    expect(uses.length).toBeGreaterThan(0);
    for (const u of uses) {
      expect(u.value).toMatch(/^\$\{\{ secrets\.[A-Z0-9_]+ \}\}$/);
      expect(u.path.at(-2) === 'env' || (u.path.at(-2) === 'with' && u.path.at(-1) === 'token'), u.path.join('.')).toBe(true);
    }
    const secretVars = uses.filter((u) => u.path.at(-2) === 'env').map((u) => u.path.at(-1)!);
    for (const { path, value } of strings(wf).filter((x) => x.path.at(-1) === 'run')) {
      expect(value, path.join('.')).not.toContain('${{');
      expect(value).not.toMatch(/set -x|set -o xtrace/);
      for (const name of secretVars) expect(value).not.toMatch(new RegExp(`\\b(echo|printf|cat)\\b[^\\n]*\\$\\{?${name}\\b`));
    }
  });

  it('uploads the reports only when the run built something', () => {
    const upload = steps.find((s) => s.uses?.startsWith('actions/upload-artifact@'))!;
    expect(upload.if).toBe("${{ always() && steps.build.outputs.changed != '0' }}");
    expect(upload.with?.['path']).toContain('dist/_build/summary.json');
    expect(upload.with?.['retention-days']).toBeLessThanOrEqual(7);
  });
});
