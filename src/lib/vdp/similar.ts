import { toSearchDocs } from '../search/documents.ts';
import { SearchEngine } from '../search/engine/engine.ts';
import { embeddedHits } from '../search/plain-hits.ts';
import { similarCars } from '../search/similar.ts';
import type { SiteModel } from '../site/site-model.ts';

/**
 * The similar cars of every listed vehicle, as ids in display order (at most 6), picked at build time
 * by the search's similar-cars rule (similarCarsQuery / pickSimilarCars) on the embedded engine over
 * the listed vehicles (the search's conformance suite holds it equal to Meilisearch).
 */
export async function similarCarIds(model: Pick<SiteModel, 'vehicles' | 'views' | 'tenant'>): Promise<Map<string, string[]>> {
  const { docs } = toSearchDocs(model.vehicles, model.views);
  const backend = embeddedHits(new SearchEngine(docs), model.tenant.search.index_name);
  const out = new Map<string, string[]>();
  for (const car of model.vehicles)
    out.set(
      car.id,
      (await similarCars(car, backend)).map((d) => d.id),
    );
  return out;
}

/** Where a car's similar cars are for its page: its ids and cards (written by scripts/lib/outputs/vehicle-extras.ts). */
export function similarCardsPath(slug: string): string {
  return `/cars/${slug}/similar.json`;
}

/** The build intermediate holding every needed card by id (src/pages/cars/similar-cards.json.ts). */
export const SIMILAR_CARDS_FILE = 'cars/similar-cards.json';

/** Every car id some car shows as a similar car: the cards to render. */
export function similarCardIds(cars: readonly { similar_ids?: readonly string[] | undefined }[]): Set<string> {
  return new Set(cars.flatMap((c) => c.similar_ids ?? []));
}

/** A car's similar.json: the ids in display order (the spec's "similar car ids by slug") and their cards' HTML. */
export function similarCardsFile(ids: readonly string[], cards: Readonly<Record<string, string>>): { ids: string[]; html: string } {
  const shown = ids.filter((id) => cards[id] !== undefined);
  return { ids: shown, html: shown.map((id) => `<div class="vdp-carousel-item">${cards[id]}</div>`).join('') };
}
