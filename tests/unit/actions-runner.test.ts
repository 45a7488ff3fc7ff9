/**
 * The local GitHub Actions runner (tests/helpers/actions-runner.ts) that other tests use to run our
 * workflow files: its expression language, and small inline workflows run for real (bash steps, the
 * emulated cache and artifact actions), each checking one behaviour GitHub documents.
 */
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  evaluateCondition,
  evaluateExpression,
  evaluateValue,
  interpolate,
  runWorkflow,
  type ExpressionScope,
  type ExprValue,
  type JobRun,
  type RunnerOptions,
  type WorkflowRun,
} from '../helpers/actions-runner.ts';

const tmp = mkdtempSync(join(tmpdir(), 'actions-runner-test-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

/** A workflow file, an empty workspace (plus `files`) and a state folder of its own. */
function setup(workflow: string, files: Record<string, string> = {}): { file: string; workspace: string; stateDir: string } {
  const dir = mkdtempSync(join(tmp, 'case-'));
  const workspace = join(dir, 'ws');
  mkdirSync(workspace);
  for (const [rel, body] of Object.entries(files)) {
    mkdirSync(dirname(join(workspace, rel)), { recursive: true });
    writeFileSync(join(workspace, rel), body);
  }
  writeFileSync(join(dir, 'workflow.yml'), workflow);
  return { file: join(dir, 'workflow.yml'), workspace, stateDir: join(dir, 'state') };
}

function run(w: { file: string; workspace: string; stateDir: string }, opts: Partial<RunnerOptions> = {}): Promise<WorkflowRun> {
  return runWorkflow(w.file, { workspace: w.workspace, stateDir: w.stateDir, ...opts });
}

const job = (r: WorkflowRun, name: string): JobRun => {
  const found = r.jobs.find((j) => j.name === name);
  if (!found) throw new Error(`no job named ${name} in ${r.jobs.map((j) => j.name).join(', ')}`);
  return found;
};
const step = (j: JobRun, name: string) => {
  const found = j.steps.find((s) => s.name === name || s.id === name);
  if (!found) throw new Error(`no step ${name} in ${j.steps.map((s) => s.name).join(', ')}`);
  return found;
};

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((rel) => statSync(join(dir, rel)).isFile())
    .sort();
}

describe('expressions', () => {
  const scope = (contexts: Record<string, ExprValue>, extra: Partial<ExpressionScope> = {}): ExpressionScope => ({
    contexts,
    emptyWhenMissing: ['vars', 'secrets'],
    ...extra,
  });
  const ev = (expr: string, contexts: Record<string, ExprValue> = {}) => evaluateExpression(expr, scope(contexts));

  it('applies the operators with their precedence', () => {
    const cases: [string, ExprValue][] = [
      ['1 < 2 && 2 <= 2 && 3 > 2 && 3 >= 3', true],
      ["!''", true],
      ['!0', true],
      ["!'x'", false],
      ['!(1 == 1)', false],
      ['1 == 2 || 3 > 2', true],
      ["1 == 1 && 2 == 3 || 'fallback'", 'fallback'],
      ['(1 == 1 || false) && 0', 0],
      ['-1.5 < 0', true],
      ['0x10 == 16', true],
      ['1e3 == 1000', true],
      ["'it''s'", "it's"],
      ['null', null],
      ['NaN == NaN', false],
    ];
    for (const [expr, want] of cases) expect(ev(expr), expr).toEqual(want);
  });

  it("returns an operand's value from && and ||, so they give defaults", () => {
    const shards = "inputs.shards || vars.NIGHTLY_SHARDS || '4'";
    expect(ev(shards, { inputs: { shards: '' }, vars: {} })).toBe('4');
    expect(ev(shards, { inputs: {}, vars: { NIGHTLY_SHARDS: '6' } })).toBe('6');
    expect(ev(shards, { inputs: { shards: '2' }, vars: { NIGHTLY_SHARDS: '6' } })).toBe('2');
    const force = "inputs.force && '--force' || ''";
    expect(ev(force, { inputs: { force: true } })).toBe('--force');
    expect(ev(force, { inputs: { force: false } })).toBe('');
    expect(ev(force, { inputs: {} })).toBe('');
    // A missing variable or secret is '', any other missing property null.
    expect(ev("vars.NOPE == '' && secrets.NOPE == ''", { vars: {}, secrets: {} })).toBe(true);
    expect(ev('github.nope', { github: {} })).toBe(null);
  });

  it('compares loosely, as GitHub does', () => {
    const cases: [string, boolean][] = [
      ["'1' == 1", true],
      ["'' == 0", true],
      ['null == 0', true],
      ['true == 1', true],
      ["'true' == true", false], // 'true' is no number
      ["'0x10' == 16", false], // a string must be a JSON number
      ["'ABC' == 'abc'", true],
      ["'abc' != 'ABD'", true],
      ["'a' < 'B'", true],
      ["'x' < 1", false],
      ["fromJSON('[1]') == fromJSON('[1]')", false], // arrays are equal only to themselves
      ["'2' > 10", false],
    ];
    for (const [expr, want] of cases) expect(ev(expr), expr).toBe(want);
  });

  it('reads contexts and applies the functions', () => {
    const contexts: Record<string, ExprValue> = {
      github: { run_id: '42' },
      steps: { restore: { outputs: { 'cache-hit': 'true' } } },
      needs: { plan: { result: 'success' }, build: { result: 'failure' } },
    };
    expect(ev('github.RUN_ID', contexts)).toBe('42');
    expect(ev('GitHub.run_id', contexts)).toBe('42');
    expect(ev("steps.restore.outputs.cache-hit == 'true'", contexts)).toBe(true);
    expect(ev("steps['restore'].outputs['cache-hit']", contexts)).toBe('true');
    expect(ev('needs.*.result', contexts)).toEqual(['success', 'failure']);
    expect(ev("contains(needs.*.result, 'FAILURE')", contexts)).toBe(true);
    expect(ev('fromJSON(\'{"shards":[1,2,3]}\').shards[1]', contexts)).toBe(2);
    expect(ev("fromJSON('[1,2,3]')", contexts)).toEqual([1, 2, 3]);
    expect(ev('toJSON(fromJSON(\'{"a":1}\'))')).toBe('{\n  "a": 1\n}');
    expect(ev("format('{0}-{1} {{literal}}', 'a', 1)")).toBe('a-1 {literal}');
    expect(ev("join(fromJSON('[1,2]'), '; ')")).toBe('1; 2');
    expect(ev("join('solo')")).toBe('solo');
    expect(ev("contains('Hello world', 'WORLD') && startsWith('Hello', 'he') && endsWith('Hello', 'LO')")).toBe(true);
    expect(ev("fromJson('true') && toJson(1)")).toBe('1');
  });

  it('rejects what GitHub rejects', () => {
    expect(() => ev('foo.bar')).toThrow(/Unrecognized named-value: 'foo'/);
    expect(() => ev('nope(1)')).toThrow(/Unrecognized function: 'nope'/);
    expect(() => ev("contains('a')")).toThrow(/Too few parameters/);
    expect(() => ev("fromJSON('')")).toThrow(/fromJson/);
    expect(() => ev('1 ==')).toThrow(/Unexpected token/);
    expect(() => ev("'open")).toThrow(/Unterminated string/);
    expect(() => ev('success()')).toThrow(/not allowed here/);
    expect(() => ev("hashFiles('x')")).toThrow(/not supported/);
  });

  it('substitutes ${{ }} in text, keeps the type of a whole expression, and reads if: conditions', () => {
    const s = scope({ matrix: { shard: 3 }, needs: { plan: { outputs: { shards: '[1,2]' } } } });
    expect(interpolate("shard ${{ matrix.shard }} of ${{ format('{{{0}}}', 2) }}${{ '}}' }}", s)).toBe('shard 3 of {2}}}');
    expect(evaluateValue('${{ fromJSON(needs.plan.outputs.shards) }}', s)).toEqual([1, 2]);
    expect(evaluateValue('shards: ${{ fromJSON(needs.plan.outputs.shards) }}', s)).toBe('shards: Array');
    expect(evaluateValue(true, s)).toBe(true);
    expect(() => interpolate('${{ 1 ', s)).toThrow(/not closed/);

    const status = (success: boolean) => ({ success, failure: !success, cancelled: false });
    const failed = scope({ steps: { b: { outcome: 'failure' } } }, { status: status(false) });
    // Without a status function a condition means success() && (...).
    expect(evaluateCondition("steps.b.outcome == 'failure'", failed)).toBe(false);
    expect(evaluateCondition("${{ failure() && steps.b.outcome == 'failure' }}", failed)).toBe(true);
    expect(evaluateCondition('always()', failed)).toBe(true);
    expect(evaluateCondition(undefined, failed)).toBe(false);
    expect(evaluateCondition('${{ false }}', scope({}, { status: status(true) }))).toBe(false);
    expect(evaluateCondition("github.event_name == 'schedule'", scope({ github: { event_name: 'schedule' } }, { status: status(true) }))).toBe(true);
  });
});

describe('jobs', () => {
  it('runs jobs in needs order, passes outputs, and runs a matrix made by fromJSON leg by leg', async () => {
    const w = setup(`
name: fleet
on:
  schedule:
    - cron: '0 0 * * *'
env:
  SHARDS: \${{ inputs.shards || vars.NIGHTLY_SHARDS || '4' }}
jobs:
  summary:
    needs: [plan, build]
    if: \${{ always() && needs.plan.result == 'success' }}
    runs-on: ubuntu-latest
    steps:
      - run: echo "build=\${{ needs.build.result }} last=\${{ needs.build.outputs.last }} plan=\${{ needs.plan.outputs.shards }}"
  build:
    name: Build shard \${{ matrix.shard }}
    needs: plan
    runs-on: ubuntu-latest
    strategy:
      fail-fast: false
      matrix:
        shard: \${{ fromJSON(needs.plan.outputs.shards) }}
    env:
      SHARD: \${{ matrix.shard }}
    outputs:
      last: \${{ steps.b.outputs.done }}
    steps:
      - id: b
        run: |
          echo "shard $SHARD of $SHARDS, leg \${{ strategy.job-index }} of \${{ strategy.job-total }}"
          echo "done=$SHARD" >> "$GITHUB_OUTPUT"
          [ "$SHARD" != 2 ]
  plan:
    runs-on: ubuntu-latest
    outputs:
      shards: \${{ steps.p.outputs.shards }}
    steps:
      - id: p
        run: echo "shards=[$(seq -s, 1 "$SHARDS")]" >> "$GITHUB_OUTPUT"
`);
    const r = await run(w, { vars: { NIGHTLY_SHARDS: '3' } });
    expect(r.jobs.map((j) => [j.name, j.result])).toEqual([
      ['plan', 'success'],
      ['Build shard 1', 'success'],
      ['Build shard 2', 'failure'],
      ['Build shard 3', 'success'],
      ['summary', 'success'],
    ]);
    expect(r.result).toBe('failure');
    expect(job(r, 'plan').outputs).toEqual({ shards: '[1,2,3]' });
    expect(job(r, 'Build shard 3').matrix).toEqual({ shard: 3 });
    expect(job(r, 'Build shard 1').steps[0]!.stdout).toBe('shard 1 of 3, leg 0 of 3\n');
    // Outputs of a failed step still count; a matrix job's outputs are its last leg's.
    expect(job(r, 'Build shard 2').outputs).toEqual({ last: '2' });
    expect(job(r, 'summary').steps[0]!.stdout).toBe('build=failure last=3 plan=[1,2,3]\n');
  });

  it('cancels the legs not yet started when one fails (fail-fast), and skips the jobs that needed it', async () => {
    const w = setup(`
on: schedule
jobs:
  build:
    strategy:
      matrix:
        shard: [1, 2, 3]
    steps:
      - run: exit 1
  after:
    needs: build
    steps:
      - run: echo never
  report:
    needs: after
    if: always()
    steps:
      - run: echo "after=\${{ needs.after.result }}"
`);
    const r = await run(w);
    expect(r.jobs.map((j) => [j.name, j.result])).toEqual([
      ['build (1)', 'failure'],
      ['build (2)', 'cancelled'],
      ['build (3)', 'cancelled'],
      ['after', 'skipped'],
      ['report', 'success'],
    ]);
    expect(job(r, 'build (2)').annotations).toEqual([{ level: 'error', message: 'The job was canceled because "build (1)" failed.' }]);
    expect(job(r, 'report').steps[0]!.stdout).toBe('after=skipped\n');
    expect(r.result).toBe('failure');
  });

  it('expands a matrix with exclude and include as GitHub does', async () => {
    const w = setup(`
on: schedule
jobs:
  m:
    strategy:
      matrix:
        os: [a, b]
        v: [1, 2]
        exclude:
          - os: b
            v: 2
        include:
          - os: a
            extra: x
          - os: c
            v: 9
    steps:
      - run: echo "\${{ matrix.os }}-\${{ matrix.v }}-\${{ matrix.extra }}"
  solo:
    strategy:
      matrix:
        include:
          - n: one
          - n: two
    steps:
      - run: echo "\${{ matrix.n }}"
`);
    const r = await run(w);
    expect(r.jobs.map((j) => [j.name, j.steps[0]!.stdout])).toEqual([
      ['m (a, 1, x)', 'a-1-x\n'],
      ['m (a, 2, x)', 'a-2-x\n'],
      ['m (b, 1)', 'b-1-\n'],
      ['m (c, 9)', 'c-9-\n'],
      ['solo (one)', 'one\n'],
      ['solo (two)', 'two\n'],
    ]);
  });

  it('skips a job whose if is false and the jobs after it, even past one that ran with always()', async () => {
    const w = setup(`
on: schedule
jobs:
  gate:
    if: \${{ vars.ENABLED == 'yes' }}
    steps:
      - run: echo gate
  middle:
    needs: gate
    if: always()
    steps:
      - run: echo middle
  last:
    needs: middle
    steps:
      - run: echo last
`);
    const r = await run(w);
    expect(r.jobs.map((j) => [j.id, j.result])).toEqual([
      ['gate', 'skipped'],
      ['middle', 'success'],
      ['last', 'skipped'],
    ]);
    expect(r.result).toBe('success');
    const enabled = await run(w, { vars: { ENABLED: 'yes' } });
    expect(enabled.jobs.map((j) => j.result)).toEqual(['success', 'success', 'success']);
    const only = await run(w, { vars: { ENABLED: 'yes' }, only: ['gate'] });
    expect(only.jobs.map((j) => j.result)).toEqual(['success', 'skipped', 'skipped']);
  });

  it('takes workflow_dispatch inputs with their defaults and types, and refuses inputs on a schedule', async () => {
    const w = setup(`
on:
  schedule:
    - cron: '0 0 * * *'
  workflow_dispatch:
    inputs:
      shards:
        type: string
      force:
        type: boolean
        default: false
jobs:
  j:
    steps:
      - env:
          FORCE: \${{ inputs.force && '--force' || '' }}
        run: echo "shards=[\${{ inputs.shards }}] force=[$FORCE] event=$GITHUB_EVENT_NAME"
`);
    const out = async (opts: Partial<RunnerOptions>) => (await run(w, opts)).jobs[0]!.steps[0]!.stdout;
    expect(await out({})).toBe('shards=[] force=[] event=schedule\n');
    expect(await out({ event: 'workflow_dispatch' })).toBe('shards=[] force=[] event=workflow_dispatch\n');
    expect(await out({ event: 'workflow_dispatch', inputs: { shards: '2', force: true } })).toBe('shards=[2] force=[--force] event=workflow_dispatch\n');
    expect(await out({ event: 'workflow_dispatch', inputs: { force: 'false' } })).toBe('shards=[] force=[] event=workflow_dispatch\n');
    await expect(run(w, { inputs: { force: true } })).rejects.toThrow(/has none/);
    await expect(run(w, { event: 'workflow_dispatch', inputs: { nope: '1' } })).rejects.toThrow(/Unexpected input 'nope'/);
  });

  it('refuses what it does not emulate before running anything', async () => {
    const rejects = (yaml: string, pattern: RegExp) => expect(run(setup(yaml))).rejects.toThrow(pattern);
    await rejects('on: schedule\njobs:\n  j:\n    steps:\n      - uses: someone/action@v1\n', /'uses: someone\/action@v1' is not emulated/);
    await rejects('on: schedule\njobs:\n  j:\n    services: {}\n    steps:\n      - run: "true"\n', /'services' is not emulated/);
    await rejects('on: schedule\njobs:\n  j:\n    steps:\n      - run: "true"\n        timeout: 3\n', /'timeout' is not emulated/);
    await rejects('on: schedule\njobs:\n  j:\n    needs: k\n    steps:\n      - run: "true"\n', /needs 'k'/);
    await rejects('on: push\njobs:\n  j:\n    steps:\n      - run: "true"\n', /does not run on 'schedule'/);
  });
});

describe('steps', () => {
  it('runs a step by its if, with continue-on-error, always(), failure() and !cancelled()', async () => {
    const w = setup(`
on: schedule
jobs:
  j:
    steps:
      - id: soft
        continue-on-error: true
        run: exit 3
      - id: after-soft
        run: echo "soft=\${{ steps.soft.outcome }}/\${{ steps.soft.conclusion }} status=\${{ job.status }}"
      - id: hard
        run: exit 4
      - id: by-default
        run: echo never
      - id: on-failure
        if: failure()
        run: echo failure-ran
      - id: always
        if: always()
        run: echo "always-ran by-default=\${{ steps.by-default.outcome }}"
      - id: not-cancelled
        if: \${{ !cancelled() && steps.hard.outcome == 'failure' }}
        run: echo not-cancelled-ran
      - id: on-success
        if: success()
        run: echo never
`);
    const r = await run(w);
    const j = r.jobs[0]!;
    expect(j.steps.map((s) => [s.id, s.outcome, s.conclusion, s.exitCode])).toEqual([
      ['soft', 'failure', 'success', 3],
      ['after-soft', 'success', 'success', 0],
      ['hard', 'failure', 'failure', 4],
      ['by-default', 'skipped', 'skipped', null],
      ['on-failure', 'success', 'success', 0],
      ['always', 'success', 'success', 0],
      ['not-cancelled', 'success', 'success', 0],
      ['on-success', 'skipped', 'skipped', null],
    ]);
    expect(step(j, 'after-soft').stdout).toBe('soft=failure/success status=success\n');
    expect(step(j, 'always').stdout).toBe('always-ran by-default=skipped\n');
    expect(j.result).toBe('failure');
    expect(j.annotations.map((a) => a.message)).toEqual(['Process completed with exit code 3.', 'Process completed with exit code 4.']);
  });

  it('stops a default-shell step at its first failing command; shell: bash also fails a failing pipe', async () => {
    const w = setup(`
on: schedule
jobs:
  j:
    steps:
      - id: e
        continue-on-error: true
        run: |
          echo one
          false
          echo two
      - id: pipe-default
        run: false | true; echo piped
      - id: pipe-bash
        shell: bash
        continue-on-error: true
        run: false | true; echo piped
      - id: sh
        shell: sh
        run: echo "sh ran"
`);
    const j = (await run(w)).jobs[0]!;
    expect([step(j, 'e').stdout, step(j, 'e').exitCode]).toEqual(['one\n', 1]);
    expect([step(j, 'pipe-default').stdout, step(j, 'pipe-default').outcome]).toEqual(['piped\n', 'success']);
    expect([step(j, 'pipe-bash').stdout, step(j, 'pipe-bash').outcome]).toEqual(['', 'failure']);
    expect(step(j, 'sh').stdout).toBe('sh ran\n');
    expect(j.result).toBe('success');
  });

  it('gives steps the runner environment, and reads GITHUB_OUTPUT (multi-line), GITHUB_ENV and GITHUB_PATH', async () => {
    const w = setup(
      `
on: schedule
env:
  LEVEL: workflow
  W: w
jobs:
  j:
    env:
      LEVEL: job
    steps:
      - id: out
        env:
          LEVEL: step
        run: |
          echo "level=$LEVEL w=$W ci=$CI actions=$GITHUB_ACTIONS pwd=$(pwd) ws=$GITHUB_WORKSPACE os=$RUNNER_OS run=$GITHUB_RUN_ID/$GITHUB_RUN_ATTEMPT repo=$GITHUB_REPOSITORY node_env=[\${NODE_ENV:-}]"
          [ -d "$RUNNER_TEMP" ]
          echo "single=a=b" >> "$GITHUB_OUTPUT"
          { echo "multi<<EOF_1"; echo "line 1"; echo ""; echo "line 3"; echo "EOF_1"; } >> "$GITHUB_OUTPUT"
          echo "FROM_ENV=set by a step" >> "$GITHUB_ENV"
          mkdir -p "$RUNNER_TEMP/bin"
          printf '#!/bin/sh\\necho tool-ran\\n' > "$RUNNER_TEMP/bin/mytool"
          chmod +x "$RUNNER_TEMP/bin/mytool"
          echo "$RUNNER_TEMP/bin" >> "$GITHUB_PATH"
      - id: use
        env:
          MULTI: \${{ steps.out.outputs.multi }}
        run: |
          echo "level=$LEVEL from=$FROM_ENV ctx=\${{ env.FROM_ENV }} single=\${{ steps.out.outputs.single }}"
          printf '%s|\\n' "$MULTI"
          mytool
          echo "hash=\${{ hashFiles('*.txt') }} none=[\${{ hashFiles('*.nothing') }}] extra=$EXTRA"
      - id: bad
        run: echo "no-equals-sign" >> "$GITHUB_OUTPUT"
`,
      { 'a.txt': 'a' },
    );
    const j = (await run(w, { runId: '77', runAttempt: '2', env: { EXTRA: 'from-options' } })).jobs[0]!;
    expect(step(j, 'out').stdout).toBe(
      `level=step w=w ci=true actions=true pwd=${w.workspace} ws=${w.workspace} os=Linux run=77/2 repo=owner/repo node_env=[]\n`,
    );
    expect(step(j, 'out').outputs).toEqual({ single: 'a=b', multi: 'line 1\n\nline 3' });
    expect(step(j, 'use').stdout).toMatch(
      /^level=job from=set by a step ctx=set by a step single=a=b\nline 1\n\nline 3\|\ntool-ran\nhash=[0-9a-f]{64} none=\[\] extra=from-options\n$/,
    );
    // A malformed file command fails the step that wrote it.
    expect(step(j, 'bad').outcome).toBe('failure');
    expect(j.annotations.map((a) => a.message)).toEqual(["Invalid format 'no-equals-sign'"]);
  });

  it('collects every step summary and reads workflow commands into annotations', async () => {
    const w = setup(`
on: schedule
jobs:
  j:
    steps:
      - name: First
        run: |
          echo "## First" >> "$GITHUB_STEP_SUMMARY"
          echo "::error::Shard 1 failed%0Asee the summary"
          echo "  ::warning file=dist/x.json,line=3,title=Odd%2C really::Check it"
          echo "::notice::FYI"
          echo "::debug::not an annotation"
          echo "::stop-commands::pause-token"
          echo "::error::ignored while commands are stopped"
          echo "::pause-token::"
          echo "::error::from stderr" >&2
      - name: Second
        run: echo "second" >> "$GITHUB_STEP_SUMMARY"
`);
    const j = (await run(w)).jobs[0]!;
    expect(j.stepSummary).toBe('## First\nsecond\n');
    expect(j.annotations).toEqual([
      { level: 'error', message: 'Shard 1 failed\nsee the summary', step: 'First' },
      { level: 'warning', message: 'Check it', title: 'Odd, really', file: 'dist/x.json', line: 3, step: 'First' },
      { level: 'notice', message: 'FYI', step: 'First' },
      { level: 'error', message: 'from stderr', step: 'First' },
    ]);
    expect(j.result).toBe('success');
  });

  it('fails a step whose process a test kills, ends what it started, and runs only the steps that allow it', async () => {
    const w = setup(`
on: schedule
jobs:
  j:
    steps:
      - name: Long
        run: |
          sleep 30 &
          echo "$!" > sleep.pid
          echo started
          wait
          echo never
      - name: Cleanup
        if: always()
        run: echo "cleanup-ran sleep=$(awk '{ print $3 }' "/proc/$(cat sleep.pid)/stat" 2>/dev/null || echo gone)"
      - name: Next
        run: echo never
`);
    const started = Date.now();
    const seen: string[] = [];
    const r = await run(w, {
      onStepStart: ({ job: id, step: s, child }) => {
        seen.push(`${id}/${s.index}/${s.name}`);
        if (s.name === 'Long') child.stdout?.once('data', () => child.kill('SIGKILL'));
      },
    });
    const j = r.jobs[0]!;
    expect(seen).toEqual(['j/0/Long', 'j/1/Cleanup']);
    expect(step(j, 'Long')).toMatchObject({ outcome: 'failure', exitCode: null, signal: 'SIGKILL', stdout: 'started\n' });
    // The background sleep went with the step's shell, before the next step (a zombie is dead: some
    // containers' PID 1 never reaps).
    expect(step(j, 'Cleanup').stdout).toMatch(/^cleanup-ran sleep=(gone|Z)\n$/);
    expect(step(j, 'Next').skipped).toBe(true);
    expect(j.result).toBe('failure');
    expect(j.annotations.map((a) => a.message)).toEqual(['Process completed with exit code 137.']);
    expect(Date.now() - started).toBeLessThan(10_000);
  });

  it('kills a step after its timeout-minutes, and cancels a job after its own', async () => {
    const w = setup(`
on: schedule
jobs:
  step-limit:
    steps:
      - name: Slow
        timeout-minutes: 0.005
        run: sleep 20
  job-limit:
    timeout-minutes: 0.005
    steps:
      - name: Slow
        run: sleep 20
      - name: Report
        if: always()
        run: echo report-ran
      - name: Next
        run: echo never
`);
    const started = Date.now();
    const r = await run(w);
    const s = job(r, 'step-limit');
    expect([s.result, step(s, 'Slow').outcome]).toEqual(['failure', 'failure']);
    expect(s.annotations.map((a) => a.message)).toEqual(["The action 'Slow' has timed out after 0.005 minutes."]);
    const j = job(r, 'job-limit');
    expect(j.steps.map((x) => x.outcome)).toEqual(['cancelled', 'success', 'skipped']);
    expect(j.result).toBe('cancelled');
    expect(j.annotations[0]!.message).toMatch(/exceeded the maximum execution time of 0.005 minutes/);
    expect(r.result).toBe('failure');
    expect(Date.now() - started).toBeLessThan(10_000);
  });

  it('emulates checkout and setup-node, which still refuse what the real actions refuse', async () => {
    const w = setup(
      `
on: schedule
jobs:
  j:
    steps:
      - uses: actions/checkout@v5
      - uses: actions/setup-node@v5
        with:
          node-version-file: .node-version
          cache: npm
          typo-input: 1
      - id: missing
        continue-on-error: true
        uses: actions/setup-node@v5
        with:
          node-version-file: .nvmrc
`,
      { '.node-version': '24\n', 'package-lock.json': '{}' },
    );
    const j = (await run(w)).jobs[0]!;
    expect(j.steps.map((s) => s.outcome)).toEqual(['success', 'success', 'failure']);
    expect(j.annotations.map((a) => [a.level, a.message.split(',')[0]])).toEqual([
      ['warning', "Unexpected input(s) 'typo-input'"],
      ['error', `The specified node version file at: ${join(w.workspace, '.nvmrc')} does not exist`],
    ]);
  });
});

describe('caches', () => {
  const cacheWorkflow = `
on: schedule
jobs:
  night:
    steps:
      - id: restore
        uses: actions/cache/restore@v4
        with:
          path: |
            .cache/images
            dist
          key: images-\${{ github.run_id }}
          restore-keys: |
            images-
      - name: Use and refill
        run: |
          echo "hit=\${{ steps.restore.outputs.cache-hit }} matched=\${{ steps.restore.outputs.cache-matched-key }} night=$(cat .cache/images/night 2>/dev/null || echo none) mode=$(stat -c '%a %h' dist/a 2>/dev/null || echo none) stale=$(ls dist/stale 2>/dev/null || echo gone)"
          mkdir -p .cache/images dist
          echo "\${{ github.run_id }}-\${{ github.run_attempt }}" > .cache/images/night
          rm -f dist/a dist/b && printf x > dist/a && chmod 750 dist/a && ln dist/a dist/b
      - uses: actions/cache/save@v4
        with:
          path: |
            .cache/images
            dist
          key: images-\${{ github.run_id }}
`;

  it('restores the newest entry a restore key prefixes across runs, exact keys first, and never overwrites a key', async () => {
    const w = setup(cacheWorkflow);
    const night = async (runId: string, runAttempt = '1') => {
      const r = await run(w, { runId, runAttempt });
      const j = r.jobs[0]!;
      return { out: step(j, 'Use and refill').stdout.trim(), warnings: j.annotations.filter((a) => a.level === 'warning').map((a) => a.message) };
    };
    expect(await night('9')).toEqual({ out: 'hit= matched= night=none mode=none stale=gone', warnings: [] });
    mkdirSync(join(w.workspace, 'dist'), { recursive: true });
    writeFileSync(join(w.workspace, 'dist', 'stale'), 'left over');
    // Restored paths replace what the workspace had; modes and hard links come back.
    expect(await night('1')).toEqual({ out: 'hit=false matched=images-9 night=9-1 mode=750 2 stale=gone', warnings: [] });
    // images-1 was saved after images-9: newest by creation, not by name.
    expect(await night('10')).toEqual({ out: 'hit=false matched=images-1 night=1-1 mode=750 2 stale=gone', warnings: [] });
    // A re-run of night 1 hits its key exactly (not the newer images-10 the key prefixes), and its save
    // does not replace the entry.
    expect(await night('1', '2')).toEqual({
      out: 'hit=true matched=images-1 night=1-1 mode=750 2 stale=gone',
      warnings: ['Failed to save: Unable to reserve cache with key images-1, another job may be creating this cache.'],
    });
    expect((await night('1', '3')).out).toContain('night=1-1 ');
  });

  it("hides a leg's save from its sibling legs in the same run, as parallel legs would not see it", async () => {
    const w = setup(`
on: schedule
jobs:
  build:
    strategy:
      matrix:
        shard: [1, 2]
    steps:
      - id: restore
        uses: actions/cache/restore@v4
        with:
          path: out
          key: k-\${{ matrix.shard }}-\${{ github.run_id }}
          restore-keys: |
            k-\${{ matrix.shard }}-
            k-
      - run: |
          echo "matched=\${{ steps.restore.outputs.cache-matched-key }}"
          rm -rf out && mkdir out && echo "\${{ matrix.shard }}" > out/shard
      - uses: actions/cache/save@v4
        with:
          path: out
          key: k-\${{ matrix.shard }}-\${{ github.run_id }}
`);
    const matched = async (runId: string) => (await run(w, { runId })).jobs.map((j) => j.steps[1]!.stdout.trim());
    expect(await matched('1')).toEqual(['matched=', 'matched=']);
    expect(await matched('2')).toEqual(['matched=k-1-1', 'matched=k-2-1']);
  });
});

describe('artifacts', () => {
  it('stores files as upload-artifact v4 lays them out, and downloads by name or pattern', async () => {
    const w = setup(`
on: schedule
jobs:
  up:
    strategy:
      matrix:
        shard: [1, 2]
    steps:
      - run: |
          rm -rf dist && mkdir -p dist/_build/a dist/_build/b dist/_build/.git dist/other
          echo r > dist/_build/a/report.json
          if [ "\${{ matrix.shard }}" = 1 ]; then echo r > dist/_build/b/report.json; echo s > dist/_build/summary.json; fi
          echo hidden > dist/_build/.env
          echo hidden > dist/_build/.git/x
          echo o > dist/other/x.txt
      - uses: actions/upload-artifact@v4
        with:
          name: shard-\${{ matrix.shard }}
          path: |
            dist/_build/summary.json
            dist/_build/*/report.json
          if-no-files-found: error
      - if: matrix.shard == 1
        uses: actions/upload-artifact@v4
        with:
          name: two-roots
          path: |
            dist/_build/a/report.json
            dist/other/
      - if: matrix.shard == 1
        uses: actions/upload-artifact@v4
        with:
          name: one-file
          path: dist/_build/a/report.json
      - if: matrix.shard == 1
        uses: actions/upload-artifact@v4
        with:
          name: no-hidden
          path: dist/_build/
      - if: matrix.shard == 1
        uses: actions/upload-artifact@v4
        with:
          name: with-hidden
          path: dist/_build/
          include-hidden-files: true
      - if: matrix.shard == 1
        uses: actions/upload-artifact@v4
        with:
          name: no-files
          path: dist/nothing-*.json
      - id: again
        if: matrix.shard == 2
        continue-on-error: true
        uses: actions/upload-artifact@v4
        with:
          name: shard-1
          path: dist/_build/
  down:
    needs: up
    steps:
      - uses: actions/download-artifact@v4
        with:
          pattern: shard-*
          path: shards
      - uses: actions/download-artifact@v4
        with:
          pattern: shard-*
          path: merged
          merge-multiple: true
      - uses: actions/download-artifact@v4
        with:
          name: two-roots
          path: two-roots
      - uses: actions/download-artifact@v4
        with:
          path: all
`);
    const r = await run(w);
    const ws = w.workspace;
    // One search path (dist/_build/summary.json lies under the glob's dist/_build): paths relative to it,
    // even when the files found share a deeper folder (shard 2 has a/report.json only).
    expect(filesUnder(join(ws, 'shards'))).toEqual(['shard-1/a/report.json', 'shard-1/b/report.json', 'shard-1/summary.json', 'shard-2/a/report.json']);
    expect(filesUnder(join(ws, 'merged'))).toEqual(['a/report.json', 'b/report.json', 'summary.json']);
    // Two search paths: relative to their least common ancestor; a name downloads into path itself.
    expect(filesUnder(join(ws, 'two-roots'))).toEqual(['_build/a/report.json', 'other/x.txt']);
    // Without name or pattern, every artifact of the run, each in a folder named after it; hidden files only when asked.
    expect(readdirSync(join(ws, 'all')).sort()).toEqual(['no-hidden', 'one-file', 'shard-1', 'shard-2', 'two-roots', 'with-hidden']);
    expect(filesUnder(join(ws, 'all', 'one-file'))).toEqual(['report.json']);
    expect(filesUnder(join(ws, 'all', 'no-hidden'))).toEqual(['a/report.json', 'b/report.json', 'summary.json']);
    expect(filesUnder(join(ws, 'all', 'with-hidden'))).toEqual(['.env', '.git/x', 'a/report.json', 'b/report.json', 'summary.json']);
    expect(statSync(join(ws, 'all', 'one-file', 'report.json')).mode & 0o777).toBe(0o644);

    const up1 = job(r, 'up (1)');
    expect(up1.annotations).toEqual([
      {
        level: 'warning',
        message: expect.stringMatching(/^No files were found with the provided path: dist\/nothing-\*\.json/),
        step: 'Run actions/upload-artifact@v4',
      },
    ]);
    const again = step(job(r, 'up (2)'), 'again');
    expect([again.outcome, again.conclusion]).toEqual(['failure', 'success']);
    expect(job(r, 'up (2)').annotations[0]!.message).toMatch(/\(409\) Conflict: an artifact with this name already exists/);

    // Artifacts belong to their run.
    const other = setup(`
on: schedule
jobs:
  down:
    steps:
      - uses: actions/download-artifact@v4
        with:
          name: shard-1
`);
    const r2 = await runWorkflow(other.file, { workspace: other.workspace, stateDir: w.stateDir });
    expect(r2.jobs[0]!.annotations.map((a) => a.message)).toEqual(["Unable to download artifact(s): Artifact 'shard-1' not found"]);
    expect(existsSync(join(w.stateDir, 'artifacts', r.runId))).toBe(true);
  });
});
