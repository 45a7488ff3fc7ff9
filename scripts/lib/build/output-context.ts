/** What the outputs (scripts/lib/outputs/) are handed, made in one place for their prepare (model stage) and their write (outputs stage). */
import type { SiteModel } from '../../../src/lib/site/site-model.ts';
import type { OutputContext } from '../outputs/index.ts';
import type { BuildContext, Staging } from './context.ts';

export function outputContext(ctx: BuildContext, staging: Staging, model: SiteModel, previousSite?: string): OutputContext {
  return {
    siteOut: staging.site,
    buildDir: staging.build,
    imageCache: ctx.imageCache,
    log: (line: string) => console.log(line),
    report: ctx.report,
    model,
    ...(previousSite === undefined ? {} : { previousSite }),
  };
}
