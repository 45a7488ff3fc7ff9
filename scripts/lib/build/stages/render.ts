/**
 * render: Astro renders the pages into the staging folder from the model and the render plan the model
 * stage wrote; the car pages the plan keeps are copied from the published build.
 */
import { createHash } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Tenant } from '../../../../src/lib/tenant/load-tenant.ts';
import { restoreKept } from '../../incremental.ts';
import type { BuildContext } from '../context.ts';
import { cpuMs } from '../cpu.ts';
import type { Stage } from '../pipeline.ts';
import type { Modelled } from './model.ts';

export const render: Stage<BuildContext, { tenant: Tenant } & Modelled, object> = {
  name: 'render',
  timing: 'render',
  async run(ctx, { tenant, staging, modelFile, planFile, plan, inputs, previousSite }) {
    const { report, root } = ctx;
    const { outRoot } = ctx.options;
    const siteOut = staging.site;
    const renderCpu = process.cpuUsage();
    const [{ build }, { dealerModel }] = await Promise.all([import('astro'), import('../../../../src/io/astro-model.ts')]);
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
      // The pages read the model and the plan from the integration (src/io/astro-model.ts), added to astro.config.mjs's.
      integrations: [dealerModel({ modelFile, renderPlanFile: planFile })],
    });
    const copied = plan.keep.length ? restoreKept(previousSite, siteOut, plan.keep) : 0;
    report.render = {
      mode: plan.render ? 'incremental' : 'full',
      reason: plan.reason,
      cars_rendered: plan.render?.length ?? Object.keys(inputs.cars).length,
      cars_kept: plan.keep.length,
      files_copied: copied,
    };
    report.cpu_ms = { render: cpuMs(renderCpu), compliance: 0 };
    return {};
  },
};
