import type { LoadedContent } from '../../../src/lib/content/load-content.ts';
import type { SearchBackendConfig } from '../../../src/lib/search/client.ts';
import { deriveSite, type SearchDocuments } from '../../../src/lib/search/site-derived.ts';
import type { SiteModel } from '../../../src/lib/site/site-model.ts';
import type { VdpBuildFields } from '../../../src/lib/vdp/vehicle.ts';
import { vehicleExtras } from './vehicle-extras.ts';
import { contentOutput } from './content.ts';
import { searchIndexOutput } from './search-index.ts';
import { headersOutput } from './headers.ts';
import { feedsOutput } from './feeds.ts';
import { dictionaryOutput } from './dictionary.ts';
import { themeOutput } from './theme.ts';
import type { BuildReport } from '../report.ts';

/**
 * Extra build outputs: each derives its part of the site model before the pages render (content,
 * search backend, vehicle-page fields) and writes its files after (search index, feeds, gauges...).
 * Each feature adds one module here; an output that throws fails the tenant with its message.
 */
export interface OutputContext {
  model: SiteModel;
  /** The tenant's public site folder, <out>/<slug>/. */
  siteOut: string;
  /** The tenant's private build folder, <out>/_build/<slug>/ (not published). */
  buildDir: string;
  /** The image cache every build shares, the one the photo step fills (scripts/lib/build/context.ts resolves it once). */
  imageCache: string;
  log: (line: string) => void;
  /** The tenant's build report, for outputs that record what they wrote (absent outside a tenant build). */
  report?: BuildReport | undefined;
  /** The site published before this build (for the outputs' write step; absent on a first build). */
  previousSite?: string | undefined;
  /**
   * The stock's search documents, made once by the model step with the model's derived part (given to
   * `prepare` by prepareModel; not in the model: model.json holds them packed, as the index).
   */
  documents?: SearchDocuments | undefined;
}

/** What an output derives before the pages render: its own part of the model, never a change to the model it read. */
export interface ModelPart {
  content?: LoadedContent | undefined;
  search?: SearchBackendConfig | undefined;
  /** By car id, what the build adds for a car's vehicle page (spin and interior photos, price gauge, similar cars). */
  vehiclePages?: ReadonlyMap<string, VdpBuildFields> | undefined;
}

export interface BuildOutput {
  name: string;
  /** Runs before the pages render: reads the model so far (frozen) and returns the part it derives. */
  prepare?: (ctx: OutputContext) => Promise<ModelPart | void> | ModelPart | void;
  /**
   * Runs after the pages are rendered; writes files into siteOut or buildDir. What it writes is read
   * from the model prepareModel returned (its own part, the derived part), never from module state
   * kept since `prepare`: a second build in the same process must not publish the first one's files.
   */
  write?: (ctx: OutputContext) => Promise<void> | void;
}

// headers last: it hashes the inline scripts of every page written before it. content before search:
// the offers search indexes the content's offers.
// The dictionary after every page is final (it compresses them); headers last (it hashes the pages' inline scripts).
export const OUTPUTS: BuildOutput[] = [contentOutput, vehicleExtras, searchIndexOutput, feedsOutput, themeOutput, dictionaryOutput, headersOutput];

/** Freezes a value and everything it holds (the model handed to the outputs: none of them may change it). */
function deepFreeze<T>(value: T): T {
  if (value === null || typeof value !== 'object' || Object.isFrozen(value)) return value;
  Object.freeze(value);
  for (const inner of Object.values(value)) deepFreeze(inner);
  return value;
}

/**
 * The model with an output's part added: a new model, the given one unchanged. A car with vehicle-page
 * fields becomes a new object (the car, then its fields), so model.json and the pages read them where
 * they always did, on the car.
 */
export function withPart(model: SiteModel, part: ModelPart): SiteModel {
  const { vehiclePages, ...rest } = part;
  const next: SiteModel = { ...model, ...rest };
  if (vehiclePages) next.vehicles = model.vehicles.map((car) => (vehiclePages.has(car.id) ? { ...car, ...vehiclePages.get(car.id) } : car));
  return next;
}

/**
 * The site model the pages, model.json and the writes read, assembled once: the ingest's model (cars
 * and their views) with its derived part (src/lib/site/derived.ts: the search documents, index and
 * routes, the counts, derived here once for the whole build), then each output's part in order, every
 * step frozen so that an output changing the model in place fails the build (a TypeError) instead of
 * changing what another output already read. The derived part reads only the stock and its views,
 * which no output changes (the vehicle-page fields it adds are not in the search documents).
 */
export async function prepareModel(ctx: OutputContext, outputs: readonly BuildOutput[] = OUTPUTS): Promise<SiteModel> {
  const { derived, documents } = deriveSite(ctx.model);
  let model: SiteModel = deepFreeze({ ...ctx.model, derived });
  for (const output of outputs) {
    const part = await output.prepare?.({ ...ctx, model, documents });
    if (part) model = deepFreeze(withPart(model, part));
  }
  return model;
}
