import type { SearchDoc } from '../search/documents.ts';
import { unpackIndex } from '../search/engine/codec.ts';
import { SearchEngine } from '../search/engine/engine.ts';
import { embeddedHits } from '../search/plain-hits.ts';
import { similarCars } from '../search/similar.ts';
import { siteDerived } from '../search/site-derived.ts';
import type { SiteModel } from '../site/site-model.ts';

/**
 * The similar cars of every listed vehicle, as ids in display order (at most 6), picked at build time
 * by the search's similar-cars rule (similarCarsQuery / pickSimilarCars) on the embedded engine over
 * the listed vehicles (the search's conformance suite holds it equal to Meilisearch). The documents
 * are the model step's (OutputContext.documents), else the model's derived index unpacked.
 */
export async function similarCarIds(
  model: Pick<SiteModel, 'vehicles' | 'views' | 'tenant' | 'derived'>,
  docs: readonly SearchDoc[] = unpackIndex(siteDerived(model).search.index),
): Promise<Map<string, string[]>> {
  const backend = embeddedHits(new SearchEngine(docs), model.tenant.search.index_name);
  const out = new Map<string, string[]>();
  for (const car of model.vehicles)
    out.set(
      car.id,
      (await similarCars(car, backend)).map((d) => d.id),
    );
  return out;
}

/** The build intermediate holding every needed card by id (src/pages/cars/similar-cards.json.ts). */
export const SIMILAR_CARDS_FILE = 'cars/similar-cards.json';

/** Every car id some car shows as a similar car: the cards to render. */
export function similarCardIds(cars: readonly { similar_ids?: readonly string[] | undefined }[]): Set<string> {
  return new Set(cars.flatMap((c) => c.similar_ids ?? []));
}
