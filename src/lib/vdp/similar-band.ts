/**
 * The similar cars, delivered by price band: one file per car type and $1,000 of price
 * (/cars/_similar/<used|new>-<thousands>.json) holding the lists of the cars in that band and the
 * cards those lists show. A car's page reads its band's file and shows its own list.
 *
 * Why by band and not a file per car: a car's similar cars are the top-ranked cars within its price
 * window, which a night's new arrivals enter, so every car near an arrival's price had a new list and
 * its file was uploaded again (issue 25: 2,975 of a 3%-changed night's 7,847 files). Bands hold the
 * same lists in a few hundred files at most, and the cars of one band share most of their cards.
 */

/** Where the band files are, beside the car pages (an underscore: no car slug can start with one). */
export const SIMILAR_DIR = '/cars/_similar';
/** The width of a band, in dollars. */
export const SIMILAR_BAND_WIDTH = 1000;

/** A band file: each car's similar cars' ids in display order, and their cards' HTML by id. */
export interface SimilarBandFile {
  lists: Record<string, string[]>;
  cards: Record<string, string>;
}

/** A car's band: its type (used, or new and demo, as the similar-cars query groups them) and its price's thousands. */
export function similarBandKey(car: { car_type: string; price?: number | null | undefined }): string {
  const type = car.car_type === 'used' ? 'used' : 'new';
  const price = car.price ?? 0;
  return `${type}-${price > 0 ? Math.floor(price / SIMILAR_BAND_WIDTH) : 'unpriced'}`;
}

export function similarBandPath(car: { car_type: string; price?: number | null | undefined }): string {
  return `${SIMILAR_DIR}/${similarBandKey(car)}.json`;
}

/**
 * Every band file of a site: the lists of the cars that have similar cars, and the cards they show
 * (a card missing from `cards` is left out of its lists rather than shown empty).
 */
export function similarBandFiles(
  cars: readonly { id: string; car_type: string; price?: number | null | undefined; similar_ids?: readonly string[] | undefined }[],
  cards: Readonly<Record<string, string>>,
): { files: Map<string, SimilarBandFile>; missing: Set<string> } {
  const files = new Map<string, SimilarBandFile>();
  const missing = new Set<string>();
  for (const car of cars) {
    const ids = car.similar_ids ?? [];
    if (ids.length === 0) continue;
    const path = similarBandPath(car);
    let file = files.get(path);
    if (!file) files.set(path, (file = { lists: {}, cards: {} }));
    const shown: string[] = [];
    for (const id of ids) {
      const card = cards[id];
      if (card === undefined) {
        missing.add(id);
        continue;
      }
      shown.push(id);
      file.cards[id] = card;
    }
    file.lists[car.id] = shown;
  }
  return { files, missing };
}

/** A car's similar cars as carousel items, from its band's file; undefined when the file has no list for it. */
export function similarCarouselHtml(carId: string, file: unknown): string | undefined {
  const band = file as Partial<SimilarBandFile> | null;
  const ids = band?.lists?.[carId];
  if (!Array.isArray(ids) || !band?.cards) return undefined;
  const cards = band.cards;
  return ids
    .filter((id) => typeof cards[id] === 'string')
    .map((id) => `<div class="vdp-carousel-item">${cards[id] as string}</div>`)
    .join('');
}
