import { MANUFACTURERS, manufacturerFor } from './manufacturers.ts';
import { slugify } from '../utils/slugify.ts';

/** A location name's trailing department word, dropped from its contact page slug. */
const TRAILING_DEPARTMENT = /[\s,–-]+(?:sales|service|parts)\s*$/i;

/**
 * The make a cut-off word stands for: the one make whose slug starts with the word (at least 3
 * letters, or 4 when guessing from the whole bundled list). Ambiguous or unknown words stay as they are.
 */
function restoreWord(word: string, makeSlugs: readonly string[], minLength: number): string | undefined {
  if (word.length < minLength) return undefined;
  const hits = makeSlugs.filter((m) => m !== word && m.startsWith(word));
  return hits.length === 1 ? hits[0] : undefined;
}

/**
 * The slug of a location's contact page (/contact-us/{slug}): the location name with a trailing
 * Sales, Service or Parts removed, and a truncated make name restored ("Brighton Mercedes Sales" ->
 * "brighton-mercedes-benz", "Coastal Volkswag Parts" -> "coastal-volkswagen"). With the location's
 * makes known, any word may be restored to one of them; without, only the last word, from the
 * bundled manufacturer list.
 */
export function contactSlug(locationName: string, makes: readonly string[] = []): string {
  const base = locationName.trim().replace(TRAILING_DEPARTMENT, '');
  const words = slugify(base || locationName)
    .split('-')
    .filter(Boolean);
  const known = makes.length > 0;
  const makeSlugs = known ? makes.map((m) => manufacturerFor(m).slug) : MANUFACTURERS.map((m) => m.slug);
  const joined = `-${words.join('-')}-`;
  const out = words.map((word, i) => {
    if (!known && i !== words.length - 1) return word;
    const full = restoreWord(word, makeSlugs, known ? 3 : 4);
    // Already spelled out in full ("mercedes-benz"): nothing to restore.
    if (!full || joined.includes(`-${full}-`)) return word;
    return full;
  });
  return out.join('-');
}
