/** publish: the staged site and build files swapped in over <out>/<slug> (scripts/lib/publish-guard.ts swapIn). */
import type { IngestResult } from '../../../../src/lib/ingest/ingest.ts';
import { dayOf } from '../../../../src/lib/site/dated.ts';
import type { Tenant } from '../../../../src/lib/tenant/load-tenant.ts';
import { swapIn } from '../../publish-guard.ts';
import type { BuildContext } from '../context.ts';
import type { Stage } from '../pipeline.ts';
import type { Modelled } from './model.ts';

export const publish: Stage<BuildContext, { tenant: Tenant; stock: IngestResult; listed: number } & Modelled, object> = {
  name: 'publish',
  timing: 'publish',
  run(ctx, { tenant, stock, listed, model, staging }) {
    const { report } = ctx;
    swapIn(staging, ctx.options.outRoot, tenant.slug, ctx.reportDir, {
      slug: tenant.slug,
      listed,
      read: stock.read,
      published_at: new Date().toISOString(),
      fingerprint: ctx.options.fingerprint,
      built_day: dayOf(model.now),
      valid_until: report.valid_until,
    });
    // Swapped in: nothing left for a stop or a failure to remove.
    ctx.staging = undefined;
    report.status = 'ok';
    return {};
  },
};
