/**
 * model: the site model the pages, model.json, the outputs and compliance read, derived once (the
 * ingest's cars and their views, then each output's part), written to model.json in the staging
 * folders; and the render plan (which car pages changed since the published build).
 */
import { writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import type { IngestResult } from '../../../../src/lib/ingest/ingest.ts';
import { makeSiteModel, type SiteModel } from '../../../../src/lib/site/site-model.ts';
import { validUntil } from '../../../../src/lib/site/dated.ts';
import type { Tenant } from '../../../../src/lib/tenant/load-tenant.ts';
import { earlierDay } from '../../images/photo-checks.ts';
import { pageInputs, planRender, readPageInputs, type PageInputs, type RenderPlan } from '../../incremental.ts';
import { prepareModel } from '../../outputs/index.ts';
import { stagingFolders } from '../../publish-guard.ts';
import type { BuildContext, Staging } from '../context.ts';
import { outputContext } from '../output-context.ts';
import type { Stage } from '../pipeline.ts';

export interface Modelled {
  /** The model, frozen: never changed in place. */
  model: SiteModel;
  /** The staging folders the site and the build files are written into before the swap. */
  staging: Staging;
  /** <staging>/model.json and <staging>/render-plan.json: what the render hands to Astro. */
  modelFile: string;
  planFile: string;
  plan: RenderPlan;
  inputs: PageInputs;
  /** The published site, <out>/<slug>: where the incremental render copies unchanged pages from. */
  previousSite: string;
}

export const model: Stage<BuildContext, { tenant: Tenant; stock: IngestResult }, Modelled> = {
  name: 'model',
  timing: 'prepare',
  async run(ctx, { tenant, stock }) {
    const { report, root } = ctx;
    const { outRoot } = ctx.options;
    const previous = ctx.previous;
    // Unlisted vehicles stay out of the model the pages read: no page can leak them.
    // makeSiteModel derives each car's view, once per build: every output (pages, search, feeds,
    // compliance, the functions through model.json) reads it.
    const ingested: SiteModel = makeSiteModel({
      tenant,
      vehicles: stock.vehicles.filter((v) => v.listed),
      now: Math.floor(Date.parse(report.built_for ?? '') / 1000),
      built_at: report.built_for ?? new Date().toISOString(),
    });
    const staging = stagingFolders(outRoot, tenant.slug);
    ctx.staging = staging;
    // The model is assembled once, from the ingest's model and what each output derives; frozen, never changed in place.
    const model = await prepareModel(outputContext(ctx, staging, ingested));
    // How long these pages stay true with the same inputs: the nightly run skips the tenant until then.
    report.valid_until = validUntil(model, stock.vehicles, model.now);
    // Photos at web addresses are checked with their servers on the tenant's weekly check day: the build
    // stays current only until then, so an unchanged tenant is rebuilt that night (photo-checks.ts).
    if (report.images.checks) report.valid_until = earlierDay(report.valid_until, report.images.checks.next_check);
    const modelFile = join(staging.build, 'model.json');
    // The published model names the tenant folder relative to the platform, never a build machine's path.
    writeFileSync(modelFile, JSON.stringify({ ...model, tenant: { ...model.tenant, dir: relative(root, model.tenant.dir) || '.' } }));

    // Incremental render: only the car pages whose inputs changed since the published build; the
    // others are copied from it after Astro has run (scripts/lib/incremental.ts).
    const inputs = pageInputs(root, model);
    writeFileSync(join(staging.build, 'page-inputs.json'), JSON.stringify(inputs));
    const previousSite = join(outRoot, tenant.slug);
    const plan: RenderPlan = ctx.options.fullRender
      ? { render: null, keep: [], reason: '--full-render' }
      : planRender(previous ? readPageInputs(join(ctx.reportDir, 'page-inputs.json')) : undefined, inputs, previous ? previousSite : undefined);
    const planFile = join(staging.build, 'render-plan.json');
    writeFileSync(planFile, JSON.stringify({ render: plan.render }));
    console.log(
      plan.render
        ? `render: incremental, ${plan.render.length} car(s) changed, ${plan.keep.length} unchanged (copied from the published build)`
        : `render: full (${plan.reason ?? ''})`,
    );
    return { model, staging, modelFile, planFile, plan, inputs, previousSite };
  },
};
