/**
 * The nightly fleet workflow and the outbox workflow: valid against GitHub's workflow schema
 * (@action-validator/core bundles SchemaStore's github-workflow schema in WebAssembly, so this runs
 * offline), and shaped as docs/nightly.md promises: plan -> one build per shard -> one summary, the
 * image cache restored and saved, one night at a time, a time limit on every job, secrets only in env.
 */
import { validateWorkflow } from '@action-validator/core';
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';

const root = join(import.meta.dirname, '..', '..');
const source = (name: string) => readFileSync(join(root, '.github', 'workflows', name), 'utf8');
const load = (name: string) => parse(source(name)) as any;

type Step = { name?: string; uses?: string; run?: string; if?: string; env?: Record<string, string>; with?: Record<string, any>; id?: string };

const stepIndex = (steps: Step[], match: (s: Step) => boolean | undefined) => {
  const i = steps.findIndex((s) => match(s));
  expect(i, 'step not found').toBeGreaterThanOrEqual(0);
  return i;
};

/** Every string in a parsed document with its path of keys. */
function strings(node: unknown, path: string[] = []): { path: string[]; value: string }[] {
  if (typeof node === 'string') return [{ path, value: node }];
  if (Array.isArray(node)) return node.flatMap((v, i) => strings(v, [...path, String(i)]));
  if (node && typeof node === 'object') return Object.entries(node).flatMap(([k, v]) => strings(v, [...path, k]));
  return [];
}

describe.each(['nightly.yml', 'outbox.yml'])('%s', (file) => {
  it('validates against the GitHub Actions workflow schema', () => {
    const result = validateWorkflow(source(file));
    expect(result.errors).toEqual([]);
  });

  it('has a time limit on every job', () => {
    for (const [name, job] of Object.entries<any>(load(file).jobs)) {
      expect(typeof job['timeout-minutes'], `${name} timeout-minutes`).toBe('number');
      expect(job['timeout-minutes']).toBeGreaterThan(0);
    }
  });

  it('runs on a schedule and by hand, one run at a time, with read-only repository access', () => {
    const wf = load(file);
    expect(wf.on.schedule[0].cron).toMatch(/^\S+ \S+ \S+ \S+ \S+$/);
    expect(wf.on).toHaveProperty('workflow_dispatch');
    expect(wf.concurrency.group).toMatch(/\S/);
    expect(wf.concurrency['cancel-in-progress']).toBe(false);
    expect(wf.permissions).toEqual({ contents: 'read' });
  });

  it('uses secrets only as env values, never in a command, and never prints them', () => {
    const wf = load(file);
    const uses = strings(wf).filter((s) => s.value.includes('secrets.'));
    expect(uses.length).toBeGreaterThan(0);
    const steps = Object.values<any>(wf.jobs).flatMap((j) => j.steps as Step[]);
    for (const u of uses) {
      expect(u.value).toMatch(/^\$\{\{ secrets\.[A-Z0-9_]+ \}\}$/);
      // An env value, or the token input of actions/checkout (which keeps it out of every command).
      const checkoutToken =
        u.path.at(-2) === 'with' && u.path.at(-1) === 'token' && steps.some((s) => s.with?.['token'] === u.value && s.uses?.startsWith('actions/checkout@'));
      if (!checkoutToken) expect(u.path.at(-2), `${u.path.join('.')} = ${u.value}`).toBe('env');
    }
    const secretVars = uses.filter((u) => u.path.at(-2) === 'env').map((u) => u.path.at(-1)!);
    const runs = strings(wf).filter((s) => s.path.at(-1) === 'run');
    for (const { value } of runs) {
      expect(value).not.toMatch(/set -x|set -o xtrace/);
      for (const name of secretVars) expect(value).not.toMatch(new RegExp(`\\b(echo|printf|cat)\\b[^\\n]*\\$\\{?${name}\\b`));
    }
  });

  it('installs Node from .node-version and the locked dependencies the way .ci/run does', () => {
    for (const job of Object.values<any>(load(file).jobs)) {
      const steps: Step[] = job.steps;
      const node = steps.find((s) => s.uses?.startsWith('actions/setup-node@'));
      if (!node) continue;
      expect(node.with?.['node-version-file']).toBe('.node-version');
      const install = steps.find((s) => s.run?.startsWith('npm '));
      expect(install?.run).toMatch(/^npm install --no-audit --no-fund --no-save\b/);
    }
    for (const { value } of strings(load(file)).filter((s) => s.path.at(-1) === 'run')) expect(value).not.toMatch(/\bnpm ci\b/);
  });
});

describe('nightly.yml', () => {
  const wf = load('nightly.yml');
  const { plan, photos, build, summary } = wf.jobs;
  const buildSteps: Step[] = build.steps;

  it('plans the shards with the build script and hands them to the build matrix', () => {
    const planStep = (plan.steps as Step[]).find((s) => s.id === 'plan')!;
    expect(planStep.run).toContain('node scripts/build.ts --tenants tenants --shards "$SHARDS" --only "$ONLY" --max-shards "$MAX_SHARDS"');
    expect(planStep.run).toContain('--bucket "$SITE_BUCKET" --prefix "$SITE_PREFIX" --endpoint "$S3_ENDPOINT" --region "$AWS_REGION" --plan');
    expect(plan.outputs.shards).toBe('${{ steps.plan.outputs.shards }}');
    expect(plan.outputs.photo_jobs).toBe('${{ steps.plan.outputs.photo_jobs }}');
    expect(planStep.run).toContain('shards=');
    // The plan weighs every tenant's export: they are fetched before it.
    const steps = plan.steps as Step[];
    expect(steps.findIndex((s) => s.run?.includes('scripts/fetch-exports.sh tenants'))).toBeLessThan(steps.indexOf(planStep));
    expect(wf.env.SHARDS).toBe("${{ inputs.shards || vars.NIGHTLY_SHARDS || 'auto' }}");
    // Photo jobs only when the plan asks for them; the builds run after them whatever they did.
    expect(photos.if).toContain("needs.plan.outputs.photo_jobs != '[]'");
    expect(photos.strategy.matrix.job).toBe('${{ fromJSON(needs.plan.outputs.photo_jobs) }}');
    expect((photos.steps as Step[]).some((s) => s.run?.includes('node scripts/photos.ts --job "$JOB/$JOBS"'))).toBe(true);
    expect(build.needs).toEqual(['plan', 'photos']);
    expect(build.if).toBe("${{ !cancelled() && needs.plan.result == 'success' }}");
    expect(build.strategy.matrix.shard).toBe('${{ fromJSON(needs.plan.outputs.shards) }}');
    expect(build.strategy['fail-fast']).toBe(false);
  });

  it('builds and publishes each shard to the bucket the variables name, a dealer held or failed by its own export not failing the step', () => {
    const buildStep = buildSteps[stepIndex(buildSteps, (s) => s.id === 'build')]!;
    // The shard's tenants are the plan's, not a hash's.
    expect(buildStep.run).toContain(
      'node scripts/build.ts --tenants tenants --out dist --plan-file "$RUNNER_TEMP/plan.json" --shard "$SHARD/$count" --only "$ONLY" --accept "$ACCEPT"',
    );
    expect(buildStep.run).toContain('--bucket "$SITE_BUCKET" --prefix "$SITE_PREFIX" --endpoint "$S3_ENDPOINT" --region "$AWS_REGION"');
    expect(buildStep.run).toContain('--prune-images-days 30');
    // Exit 3 (dealers held or failed) passes; any other failure fails the step, and with it the shard.
    expect(buildStep.run).toMatch(/if \[ "\$status" -eq 3 \]; then .*exit 0; fi\n\s*exit "\$status"/);
    expect(buildStep['continue-on-error' as keyof Step]).toBeUndefined();
    expect(buildStep.env).toMatchObject({
      SITE_BUCKET: '${{ vars.SITE_BUCKET }}',
      S3_ENDPOINT: '${{ vars.S3_ENDPOINT }}',
      AWS_REGION: '${{ vars.AWS_REGION }}',
      AWS_ACCESS_KEY_ID: '${{ secrets.AWS_ACCESS_KEY_ID }}',
      AWS_SECRET_ACCESS_KEY: '${{ secrets.AWS_SECRET_ACCESS_KEY }}',
      ONLY: '${{ inputs.only }}',
      ACCEPT: '${{ inputs.accept }}',
    });
    expect(buildSteps.some((s) => s.run?.includes('scripts/publish.ts'))).toBe(false);

    const upload = buildSteps.find((s) => s.uses?.startsWith('actions/upload-artifact@'))!;
    expect(upload.if).toBe('always()');
    expect(upload.with?.['path']).toContain('dist/_build/summary.json');
  });

  it('takes only and accept from the Actions UI, and every input or variable reaches a command through env, never as shell text', () => {
    expect(Object.keys(wf.on.workflow_dispatch.inputs).sort()).toEqual(['accept', 'force', 'only', 'shards']);
    for (const { path, value } of strings(wf).filter((x) => x.path.at(-1) === 'run')) expect(value, path.join('.')).not.toContain('${{');
  });

  it('every job builds from the same tenants: the operations repository when TENANTS_REPOSITORY is set, checked out into tenants/', () => {
    for (const [name, job] of Object.entries<any>(wf.jobs)) {
      const steps = job.steps as Step[];
      const tenants = steps.find((s) => s.name === 'Check out the tenants');
      expect(tenants, name).toBeDefined();
      expect(tenants!.if).toBe("${{ vars.TENANTS_REPOSITORY != '' }}");
      expect(tenants!.with).toEqual({
        'persist-credentials': false,
        repository: '${{ vars.TENANTS_REPOSITORY }}',
        token: '${{ secrets.TENANTS_TOKEN }}',
        path: 'tenants',
      });
      expect(steps.indexOf(tenants!)).toBe(1);
    }
  });

  it('fails the plan when it plans no tenant', () => {
    const planStep = (plan.steps as Step[]).find((s) => s.id === 'plan')!;
    // Written to a file first: a failing build.ts in a pipe or $(...) would not stop `bash -e`.
    expect(planStep.run).toMatch(/--plan >"\$RUNNER_TEMP\/plan.json"\n/);
    expect(planStep.run).toContain(`jq -e '.tenants | length > 0'`);
  });

  it('restores the image cache before the build and saves it after, whatever the build did', () => {
    const restoreAt = stepIndex(buildSteps, (s) => s.uses?.startsWith('actions/cache/restore@'));
    const fetchAt = stepIndex(buildSteps, (s) => s.run?.includes('bash scripts/fetch-exports.sh tenants'));
    const buildAt = stepIndex(buildSteps, (s) => s.id === 'build');
    const saveAt = stepIndex(buildSteps, (s) => s.uses?.startsWith('actions/cache/save@'));
    expect(restoreAt).toBeLessThan(buildAt);
    expect(fetchAt).toBeLessThan(buildAt);
    expect(saveAt).toBeGreaterThan(buildAt);

    const restore = buildSteps[restoreAt]!.with!;
    const save = buildSteps[saveAt]!;
    expect(save.if).toBe('always()');
    expect(save.with!['path']).toBe(restore['path']);
    expect(restore['path']).toContain('.cache/images');
    expect(save.with!['key']).toBe(restore['key']);
    // A new entry every run (cache entries are immutable), found again by prefix the next night.
    expect(restore['key']).toContain('${{ github.run_id }}');
    const prefixes = String(restore['restore-keys']).trim().split('\n');
    expect(prefixes.at(-1)).toBe('images-');
    for (const p of prefixes) expect(restore['key'].startsWith(p)).toBe(true);
  });

  it('merges every shard report into one summary, writes the run page and queues the alerts whatever happened, and fails only on the verdict', () => {
    expect(summary.needs).toEqual(expect.arrayContaining(['build']));
    expect(summary.if).toContain('always()');
    const steps: Step[] = summary.steps;
    const download = steps.find((s) => s.uses?.startsWith('actions/download-artifact@'))!;
    expect(download.with?.['pattern']).toBe('shard-*');
    const merge = steps.find((s) => s.run?.includes('scripts/summary.ts --merge'))!;
    expect(merge.run).toContain('node scripts/summary.ts --merge "${dirs[@]}" --plan "$RUNNER_TEMP/plan.json" --out summary');
    const page = steps.find((s) => s.run?.includes('--markdown'))!;
    expect(page.if).toBe('always()');
    expect(page.run).toContain('node scripts/summary.ts --markdown summary/summary.json >>"$GITHUB_STEP_SUMMARY"');
    const alerts = steps.find((s) => s.run?.includes('scripts/alerts.ts'))!;
    expect(alerts.env?.['DATABASE_URL']).toBe('${{ secrets.DATABASE_URL }}');
    const upload = steps.find((s) => s.uses?.startsWith('actions/upload-artifact@'))!;
    expect(upload.with?.['path']).toBe('summary/');
    const verdict = steps.at(-1)!;
    expect(verdict.if).toBe('always()');
    expect(verdict.run).toBe('node scripts/summary.ts --verdict summary/summary.json');
  });
});

describe('sites.yml', () => {
  const wf = load('sites.yml');
  it('validates, has a time limit, runs only by hand, never beside a night, and passes its inputs through env', () => {
    expect(validateWorkflow(source('sites.yml')).errors).toEqual([]);
    expect(Object.keys(wf.on)).toEqual(['workflow_dispatch']);
    expect(wf.on.workflow_dispatch.inputs.action.options).toEqual(['releases', 'rollback', 'list', 'remove']);
    expect(wf.concurrency).toEqual({ group: load('nightly.yml').concurrency.group, 'cancel-in-progress': false });
    expect(wf.permissions).toEqual({ contents: 'read' });
    for (const job of Object.values<any>(wf.jobs)) expect(job['timeout-minutes']).toBeGreaterThan(0);
    for (const u of strings(wf).filter((x) => x.value.includes('secrets.'))) expect(u.path.at(-1) === 'token' || u.path.at(-2) === 'env').toBe(true);
    for (const { value } of strings(wf).filter((x) => x.path.at(-1) === 'run')) expect(value).not.toContain('${{');
    const run = (wf.jobs.sites.steps as Step[]).at(-1)!;
    expect(run.run).toContain('rollback) node scripts/sites.ts rollback --tenant "$TENANT" --to "$TO" ;;');
    expect(run.run).toContain('remove) node scripts/sites.ts remove --tenant "$TENANT" --tenants tenants --yes ;;');
  });
});

describe('outbox.yml', () => {
  it('drains the outbox of every tenant every 5 minutes with the staff tool', () => {
    const wf = load('outbox.yml');
    expect(wf.on.schedule[0].cron).toBe('*/5 * * * *');
    const steps: Step[] = wf.jobs.deliver.steps;
    expect(steps.at(-1)!.run).toBe('npm run outbox -- deliver');
    // The subcommand really exists (a rename of the staff tool must update the workflow too).
    expect(readFileSync(join(root, 'scripts', 'outbox.ts'), 'utf8')).toMatch(/['"]deliver['"]/);
    expect(wf.jobs.deliver.env.POSTMARK_SERVER_TOKEN).toBe('${{ secrets.POSTMARK_SERVER_TOKEN }}');
  });
});

describe('scripts/fetch-exports.sh', () => {
  const script = join(root, 'scripts', 'fetch-exports.sh');
  const run = (args: string[], env: Record<string, string> = {}) => {
    const e: Record<string, string | undefined> = { ...process.env, ...env };
    if (!('EXPORTS_SOURCE' in env)) delete e['EXPORTS_SOURCE'];
    return spawnSync('bash', [script, ...args], { encoding: 'utf8', env: e });
  };

  it('fetches nothing by default, and says so', () => {
    const dir = mkdtempSync(join(tmpdir(), 'fetch-exports-'));
    try {
      const r = run([dir]);
      expect(r.status).toBe(0);
      expect(r.stdout).toContain('EXPORTS_SOURCE is not set, nothing fetched');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('refuses a source it does not know, or one without {slug}', () => {
    const dir = mkdtempSync(join(tmpdir(), 'fetch-exports-'));
    try {
      expect(run([dir], { EXPORTS_SOURCE: 'ftp://host/{slug}/stock.csv' }).status).toBe(2);
      expect(run([dir], { EXPORTS_SOURCE: 'https://host/stock.csv' }).status).toBe(2);
      expect(run([]).status).toBe(2);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('keeps a tenant’s export when its download fails, and goes on with the others', () => {
    const dir = mkdtempSync(join(tmpdir(), 'fetch-exports-'));
    try {
      mkdirSync(join(dir, 'a'));
      mkdirSync(join(dir, 'b'));
      const r = run([dir], { EXPORTS_SOURCE: 'https://127.0.0.1:9/{slug}/stock.csv' });
      expect(r.status).toBe(0);
      expect(r.stdout).toContain('::warning::fetch-exports: a:');
      expect(r.stdout).toContain('::warning::fetch-exports: b:');
      expect(r.stdout).toContain('0 fetched, 2 failed');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
