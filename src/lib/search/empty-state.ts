import { catalogLink } from './catalog-url.ts';
import { allStockLink } from './url.ts';

/** The empty result's exact texts (spec section 8). */
export const EMPTY_TITLE = 'No Results Available';
export const EMPTY_TEXT = 'No results found for your search at this time. Please try adjusting the filters for more results.';
export const CLEAR_FILTERS = 'Clear Filters';
export const EMPTY_OFFERS_TEXT = 'There appears to be no offers currently available that meet the conditions of your search.';

/** Where Clear Filters goes: the default stock search, or the offers list for an offers search. */
export function clearFiltersTarget(kind: 'stock' | 'offers'): string {
  return kind === 'offers' ? catalogLink('offers') : allStockLink();
}
