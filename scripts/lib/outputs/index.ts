import type { SiteModel } from '../../../src/lib/site/site-model.ts';
import { vehicleExtras } from './vehicle-extras.ts';
import { contentOutput } from './content.ts';
import { searchIndexOutput } from './search-index.ts';
import { headersOutput } from './headers.ts';
import { feedsOutput } from './feeds.ts';
import type { BuildReport } from '../report.ts';

/**
 * Extra build outputs written after the pages (search index, feeds, precomputed gauges...). Each
 * feature adds one module here; an output that throws fails the tenant with its message.
 */
export interface OutputContext {
  model: SiteModel;
  /** The tenant's public site folder, <out>/<slug>/. */
  siteOut: string;
  /** The tenant's private build folder, <out>/_build/<slug>/ (not published). */
  buildDir: string;
  log: (line: string) => void;
  /** The tenant's build report, for outputs that record what they wrote (absent outside a tenant build). */
  report?: BuildReport | undefined;
}

export interface BuildOutput {
  name: string;
  /** Runs before the pages render; may enrich the model the pages read. */
  prepare?: (ctx: OutputContext) => Promise<void> | void;
  /** Runs after the pages are rendered; writes files into siteOut or buildDir. */
  write?: (ctx: OutputContext) => Promise<void> | void;
}

// headers last: it hashes the inline scripts of every page written before it.
export const OUTPUTS: BuildOutput[] = [contentOutput, vehicleExtras, searchIndexOutput, feedsOutput, headersOutput];
