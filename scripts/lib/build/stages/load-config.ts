/** loadConfig: the tenant folder's config, read and validated; what is published under its slug. */
import { relative } from 'node:path';
import { DealerError } from '../../../../src/lib/errors/errors-data.ts';
import type { Tenant } from '../../../../src/lib/tenant/load-tenant.ts';
import { loadTenantWithWarnings } from '../../../../src/io/tenant-folder.ts';
import { readPublishedState } from '../../publish-guard.ts';
import { kept, type BuildContext } from '../context.ts';
import { hold } from '../hold.ts';
import { Stop, type Stage } from '../pipeline.ts';

/**
 * A broken config or an unreadable export (a DealerError from loadConfig or ingest): nothing to build,
 * and the published site stays. Any other error is the platform's and propagates.
 */
export function holdOnDealerError(ctx: BuildContext, err: unknown): Stop {
  if (!(err instanceof DealerError)) throw err;
  const { report } = ctx;
  const { tenantDir } = ctx.options;
  report.error = { name: err.name, message: err.message, hint: err.hint };
  // One line for the summary: "…tenant.json is invalid: theme.primary: expected …; url: …".
  // Paths as the ops person knows them (tenants/<slug>/tenant.json), not the build machine's checkout.
  const reason = err.message
    .replace(/:\n\s+- /, ': ')
    .replace(/\n\s+- /g, '; ')
    .replaceAll(tenantDir, relative(process.cwd(), tenantDir) || '.');
  hold(report, reason, err.hint ?? 'Fix the tenant folder and build again.', kept(ctx));
  return new Stop(1);
}

export const loadConfig: Stage<BuildContext, object, { tenant: Tenant }> = {
  name: 'loadConfig',
  timing: 'config',
  run(ctx) {
    try {
      const { report } = ctx;
      const loaded = loadTenantWithWarnings(ctx.options.tenantDir);
      const { tenant } = loaded;
      report.tenant = tenant.slug;
      ctx.previous = readPublishedState(ctx.options.outRoot, tenant.slug, ctx.reportDir);
      report.warnings.push(...loaded.warnings);
      for (const w of loaded.warnings) console.log(`warning: ${w}`);
      return { tenant };
    } catch (err) {
      return holdOnDealerError(ctx, err);
    }
  },
};
