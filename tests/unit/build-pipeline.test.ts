import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeBuildContext, type BuildOptions } from '../../scripts/lib/build/context.ts';
import { Pipeline, Stop, type Stage, type Timed } from '../../scripts/lib/build/pipeline.ts';
import { guard } from '../../scripts/lib/build/stages/guard.ts';
import { PHOTOS_ONLY, TENANT_BUILD } from '../../scripts/lib/build/stages/index.ts';
import { emptyReport } from '../../scripts/lib/report.ts';
import { testTenant } from './helpers/vehicle.ts';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

function timed(): Timed & { report: ReturnType<typeof emptyReport> } {
  return { report: emptyReport('t') };
}

describe('the build pipeline runner', () => {
  it('runs the stages in order, each given what the stages before it returned', async () => {
    const seen: string[] = [];
    const first: Stage<Timed, object, { a: number }> = { name: 'first', run: () => (seen.push('first'), { a: 1 }) };
    const second: Stage<Timed, { a: number }, { b: string }> = { name: 'second', run: (_, { a }) => (seen.push(`second a=${a}`), { b: 'x' }) };
    const third: Stage<Timed, { a: number; b: string }, { c: boolean }> = {
      name: 'third',
      run: async (_, { a, b }) => (await sleep(1), seen.push(`third a=${a} b=${b}`), { c: true }),
    };
    const started: string[] = [];
    const result = await Pipeline.start<Timed>()
      .then(first)
      .then(second)
      .then(third)
      .run(timed(), (n) => started.push(n));
    expect(started).toEqual(['first', 'second', 'third']);
    expect(seen).toEqual(['first', 'second a=1', 'third a=1 b=x']);
    expect(result).toEqual({ stopped: false, artifacts: { a: 1, b: 'x', c: true } });
  });

  it("records each stage's wall time under its timing key, adding up the stages that share one", async () => {
    const ctx = timed();
    const wait = (name: string, ms: number, timing?: 'config' | 'images' | 'compliance'): Stage<Timed, object, object> => ({
      name,
      timing,
      run: async () => (await sleep(ms), {}),
    });
    await Pipeline.start<Timed>()
      .then(wait('loadConfig', 30, 'config'))
      .then(wait('guard', 30))
      .then(wait('outputs', 30, 'compliance'))
      .then(wait('compliance', 30, 'compliance'))
      .run(ctx);
    const t = ctx.report.timings_ms;
    expect(t.config).toBeGreaterThanOrEqual(25);
    expect(t.compliance).toBeGreaterThanOrEqual(55);
    // The untimed stage went nowhere, and the keys no stage named stay as the report starts them.
    expect({ ...t, config: 0, compliance: 0 }).toEqual(emptyReport('t').timings_ms);
    expect(Object.keys(t)).toEqual(Object.keys(emptyReport('t').timings_ms));
  });

  it('stops at a failing stage with its error unchanged: the stages after it do not run, and it is not timed', async () => {
    const ctx = timed();
    const after = vi.fn(() => ({}));
    const failure = new TypeError('the export is unreadable');
    const run = Pipeline.start<Timed>()
      .then({ name: 'ingest', timing: 'ingest', run: async () => (await sleep(20), Promise.reject(failure)) })
      .then({ name: 'images', timing: 'images', run: after })
      .run(ctx);
    await expect(run).rejects.toBe(failure);
    await expect(run).rejects.toThrow('the export is unreadable');
    expect(after).not.toHaveBeenCalled();
    expect(ctx.report.timings_ms.ingest).toBe(0);
  });

  it('ends at a stage that returns Stop, with its exit code and name; the stopping stage is timed', async () => {
    const ctx = timed();
    const after = vi.fn(() => ({}));
    const result = await Pipeline.start<Timed>()
      .then({ name: 'compliance', timing: 'compliance', run: async () => (await sleep(20), new Stop(1)) })
      .then({ name: 'publish', timing: 'publish', run: after })
      .run(ctx);
    expect(result).toEqual({ stopped: true, stage: 'compliance', exitCode: 1 });
    expect(after).not.toHaveBeenCalled();
    expect(ctx.report.timings_ms.compliance).toBeGreaterThanOrEqual(15);
    expect(ctx.report.timings_ms.publish).toBe(0);
  });

  it('takes a stage only after the stages that return what it reads (a type error otherwise)', () => {
    const needsA: Stage<Timed, { a: number }, object> = { name: 'needsA', run: () => ({}) };
    const givesA: Stage<Timed, object, { a: number }> = { name: 'givesA', run: () => ({ a: 1 }) };
    // @ts-expect-error: nothing before needsA returns `a` (tsc over the tests fails if this ever compiles)
    expect(Pipeline.start<Timed>().then(needsA).names).toEqual(['needsA']);
    expect(Pipeline.start<Timed>().then(givesA).then(needsA).names).toEqual(['givesA', 'needsA']);
  });

  it("a tenant build's stages are the named ones, in order", () => {
    expect(TENANT_BUILD.names).toEqual(['loadConfig', 'ingest', 'guard', 'images', 'model', 'render', 'outputs', 'compliance', 'publish']);
    expect(PHOTOS_ONLY.names).toEqual(['loadConfig', 'ingest', 'images', 'photosDone']);
  });
});

describe('the guard stage alone', () => {
  const dirs: string[] = [];
  afterEach(() => {
    for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
    vi.restoreAllMocks();
  });

  function context(options: Partial<BuildOptions> = {}) {
    const outRoot = mkdtempSync(join(tmpdir(), 'guard-stage-'));
    dirs.push(outRoot);
    const report = emptyReport('acme');
    const ctx = makeBuildContext('/nowhere', { tenantDir: '/nowhere/acme', outRoot, accepted: false, fullRender: false, ...options }, 'acme', report, {});
    return { ctx, report };
  }
  const tenant = testTenant();
  const stock = { rejected: [] };

  it('passes a build that lists what the live site lists', async () => {
    const { ctx, report } = context({ live: { listed: 40, published_at: '2026-11-26T00:00:00Z' } });
    report.records = { read: 40, valid: 40, rejected: 0, listed: 40, unlisted: 0 };
    expect(await guard.run(ctx, { tenant, stock, listed: 40 })).toEqual({});
    expect(report.status).toBe('failed'); // untouched: only publish makes a build ok
    expect(report.held).toBeUndefined();
  });

  it('holds a build that lists under half the live site, keeping it, with exit code 1', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { ctx, report } = context({ live: { listed: 40, published_at: '2026-11-26T00:00:00Z' } });
    report.records = { read: 10, valid: 10, rejected: 0, listed: 10, unlisted: 0 };
    const out = await guard.run(ctx, { tenant, stock, listed: 10 });
    expect(out).toBeInstanceOf(Stop);
    expect((out as Stop).exitCode).toBe(1);
    expect(report.status).toBe('held');
    expect(report.fault).toBe('dealer');
    expect(report.held?.reason).toMatch(/lists 10 cars where the published site lists 40/);
    expect(report.held?.kept).toEqual({ listed: 40, published_at: '2026-11-26T00:00:00Z' });
  });

  it('--accept waives it, and says so', async () => {
    const log = vi.spyOn(console, 'log').mockImplementation(() => undefined);
    const { ctx, report } = context({ accepted: true, live: { listed: 40, published_at: '2026-11-26T00:00:00Z' } });
    report.records = { read: 10, valid: 10, rejected: 0, listed: 10, unlisted: 0 };
    expect(await guard.run(ctx, { tenant, stock, listed: 10 })).toEqual({});
    expect(log).toHaveBeenCalledWith('--accept: the publish guard is waived for this build');
  });
});
