/**
 * compliance: the rules over the model and the staged pages (scripts/lib/compliance.ts,
 * docs/compliance.md), before anything is swapped in; an error holds the build unless --accept.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { countFindings, findingLine, holdReason, type Finding } from '../../../../src/lib/compliance/findings.ts';
import { dayOf } from '../../../../src/lib/site/dated.ts';
import type { Tenant } from '../../../../src/lib/tenant/load-tenant.ts';
import { runCompliance, type CarChecks } from '../../compliance.ts';
import { readJson } from '../../images/store.ts';
import { kept, type BuildContext } from '../context.ts';
import { cpuMs } from '../cpu.ts';
import { hold } from '../hold.ts';
import { Stop, type Stage } from '../pipeline.ts';
import type { Modelled } from './model.ts';

/** Each finding as a line and its hint; past the first few of one rule, a count. */
function printFindings(findings: readonly Finding[]): void {
  const shown = new Map<string, number>();
  for (const f of findings) {
    const n = (shown.get(f.rule) ?? 0) + 1;
    shown.set(f.rule, n);
    if (n <= 5) console.log(findingLine(f));
  }
  for (const [rule, n] of shown) if (n > 5) console.log(`compliance [${rule}]: and ${n - 5} more like it (report.json)`);
}

export const compliance: Stage<BuildContext, { tenant: Tenant } & Modelled, object> = {
  name: 'compliance',
  timing: 'compliance',
  run(ctx, { tenant, model, staging, plan }) {
    const { report } = ctx;
    // The cars whose pages were copied unchanged keep the previous build's checks (same inputs, same bytes).
    const reuse = new Map<string, CarChecks>();
    if (plan.keep.length) {
      const previousChecks = (readJson(join(ctx.reportDir, 'compliance-cars.json')) as Record<string, CarChecks> | undefined) ?? {};
      const keptCars = new Set(plan.keep);
      for (const car of model.vehicles) {
        const checks = previousChecks[car.path];
        if (checks && keptCars.has(car.slug)) reuse.set(car.path, checks);
      }
    }
    const complianceCpu = process.cpuUsage();
    const run = runCompliance(model, staging.site, dayOf(model.now), reuse);
    report.cpu_ms = { render: report.cpu_ms?.render ?? 0, compliance: cpuMs(complianceCpu) };
    writeFileSync(join(staging.build, 'compliance-cars.json'), JSON.stringify(run.cars));
    report.compliance_cached = run.reused;
    report.compliance = { ...countFindings(run.findings), pages_checked: run.pages_checked, findings: run.findings };
    printFindings(run.findings);
    console.log(
      `compliance ${run.pages_checked} pages checked: ${report.compliance.error} error(s), ${report.compliance.warning} warning(s)${run.reused ? ` (${run.reused} cars' pages copied from the published build keep its checks)` : ''}`,
    );
    const held = holdReason(run.findings);
    if (held && !ctx.options.accepted) {
      hold(
        report,
        held,
        `Fix what each compliance error names (report.json "compliance"; the rules and their sources: docs/compliance.md), then build again; or publish anyway with --accept ${tenant.slug}.`,
        kept(ctx),
      );
      return new Stop(1);
    }
    if (held) console.log('--accept: compliance errors do not hold this build');
    return {};
  },
};
