/** guard: the publish guard (scripts/lib/publish-guard.ts) over the ingest's counts; a refused export holds the build. */
import type { IngestResult } from '../../../../src/lib/ingest/ingest.ts';
import { currencyHint, rejectedCurrencies } from '../../../../src/lib/ingest/units.ts';
import type { Tenant } from '../../../../src/lib/tenant/load-tenant.ts';
import { publishDecision } from '../../publish-guard.ts';
import { kept, type BuildContext } from '../context.ts';
import { hold } from '../hold.ts';
import { Stop, type Stage } from '../pipeline.ts';

export const guard: Stage<BuildContext, { tenant: Tenant; stock: Pick<IngestResult, 'rejected'>; listed: number }, object> = {
  name: 'guard',
  run(ctx, { tenant, stock, listed }) {
    const { report } = ctx;
    const { accepted } = ctx.options;
    const decision = publishDecision(report.records, kept(ctx), tenant.publish, accepted, tenant.slug);
    if (!decision.publish) {
      // Prices in another currency: the hint says what to change (accepting never converts them).
      const currencies = rejectedCurrencies(stock.rejected);
      hold(report, decision.reason, currencies.length > 0 ? currencyHint(currencies, listed, tenant.slug) : decision.hint, kept(ctx));
      return new Stop(1);
    }
    if (accepted) console.log('--accept: the publish guard is waived for this build');
    return {};
  },
};
