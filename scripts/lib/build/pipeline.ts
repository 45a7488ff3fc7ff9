/**
 * A tenant build as a pipeline of named stages (docs/architecture.md, "The build's stages"): each stage
 * is a function of the build context and of the artifacts the stages before it returned, and returns
 * its own artifacts. The runner times each stage into the report's timings_ms, so the timings follow
 * from the structure instead of from laps scattered through one long procedure, and a stage can be
 * run and tested on its own with the artifacts it needs.
 */
import type { BuildReport } from '../report.ts';

/** The report.timings_ms keys a stage's wall time goes to ('total' is the whole build's, kept by the caller). */
export type TimingKey = Exclude<keyof BuildReport['timings_ms'], 'total'>;

/**
 * What a stage returns to end the build early with an exit code, the report already saying why: a
 * held build (the guard, compliance, a broken config) or a run whose work is done (--photos-only).
 * A stage that fails throws instead.
 */
export class Stop {
  readonly exitCode: number;
  constructor(exitCode: number) {
    this.exitCode = exitCode;
  }
}

export interface Stage<C, In, Out extends object> {
  readonly name: string;
  /**
   * Where the stage's wall time is recorded. Stages that share a key add up: the outputs' writes count
   * with compliance, as they did before the pipeline (the report's keys are read by the benches and the
   * run summary). Absent: not recorded apart (the guard, a few milliseconds).
   */
  readonly timing?: TimingKey | undefined;
  readonly run: (ctx: C, input: In) => Promise<Out | Stop> | Out | Stop;
}

/** The least a context needs for the runner: the report the timings go into. */
export interface Timed {
  readonly report: Pick<BuildReport, 'timings_ms'>;
}

export type PipelineResult<Acc> = { stopped: false; artifacts: Acc } | { stopped: true; stage: string; exitCode: number };

interface AnyStage<C> {
  readonly name: string;
  readonly timing?: TimingKey | undefined;
  readonly run: (ctx: C, input: object) => Promise<object | Stop> | object | Stop;
}

/**
 * Stages in order, typed by what they hand on: `then` takes a stage whose input is what the stages so
 * far returned (a stage may ask for less), and the artifacts accumulate.
 */
export class Pipeline<C extends Timed, Acc extends object> {
  private readonly stages: readonly AnyStage<C>[];

  private constructor(stages: readonly AnyStage<C>[]) {
    this.stages = stages;
  }

  static start<C extends Timed>(): Pipeline<C, object> {
    return new Pipeline<C, object>([]);
  }

  then<Out extends object>(stage: Stage<C, Acc, Out>): Pipeline<C, Acc & Out> {
    // The input handed to `run` is always the artifacts accumulated by the stages before it: the Acc this
    // stage was typed against.
    const erased: AnyStage<C> = { name: stage.name, timing: stage.timing, run: (ctx, input) => stage.run(ctx, input as Acc) };
    return new Pipeline<C, Acc & Out>([...this.stages, erased]);
  }

  get names(): string[] {
    return this.stages.map((s) => s.name);
  }

  /**
   * Runs the stages in order. A stage that returns (artifacts or a Stop) has its time added to its
   * timing key; one that throws is not timed and its error propagates unchanged, with the stages after
   * it not run. `onStage` is told each stage's name as it starts (for a test, or a trace).
   */
  async run(ctx: C, onStage?: (name: string) => void): Promise<PipelineResult<Acc>> {
    let artifacts: object = {};
    for (const stage of this.stages) {
      onStage?.(stage.name);
      const started = performance.now();
      const out = await stage.run(ctx, artifacts);
      if (stage.timing) ctx.report.timings_ms[stage.timing] = (ctx.report.timings_ms[stage.timing] ?? 0) + Math.round(performance.now() - started);
      if (out instanceof Stop) return { stopped: true, stage: stage.name, exitCode: out.exitCode };
      artifacts = { ...artifacts, ...out };
    }
    return { stopped: false, artifacts: artifacts as Acc };
  }
}
