import type { FacetItem } from './facet-order.ts';
import { makeOf } from './documents.ts';

/** The make facet's limits (spec section 9). */
export const MAKES_COLLAPSED = 7;
export const MAKES_DIVIDER_AFTER = 20;
export const MODELS_LIMIT = 30;

export const SHOW_ALL_MAKES = 'Show all makes';
export const HIDE_EXTRA_MAKES = 'Hide extra makes';
export const SELECT_MODELS = 'Select models';
export const HIDE_MODELS = 'Hide';

export interface MakeFacetView<T> {
  /**
   * The one make list as shown, each make once: the tenant's popular makes that have stock (in the
   * configured order), then every other make (in the facet's order); 7 entries until Show all makes
   * (refined makes always shown).
   */
  all: T[];
  /** How many of the first entries of the full list are popular makes. */
  popularCount: number;
  /** Index in `all` after which a divider is drawn (after the 20th entry), if the list is that long. */
  dividerAfter: number | undefined;
  /** The toggle under the list, or undefined when there is nothing to expand. */
  toggle: typeof SHOW_ALL_MAKES | typeof HIDE_EXTRA_MAKES | undefined;
}

/** The one collapsible make list, popular makes first (collapsed to 7, divider after 20). */
export function makeFacetView<T extends FacetItem>(items: readonly T[], popularMakes: readonly string[], showAll: boolean): MakeFacetView<T> {
  const byValue = new Map(items.map((i) => [i.value.toLowerCase(), i]));
  const popular = [...new Set(popularMakes.map((m) => byValue.get(m.toLowerCase())).filter((i): i is T => i !== undefined))];
  let all = [...popular, ...items.filter((i) => !popular.includes(i))];
  const expandable = all.length > MAKES_COLLAPSED;
  if (!showAll && expandable) {
    const head = all.slice(0, MAKES_COLLAPSED);
    const refinedHidden = all.slice(MAKES_COLLAPSED).filter((i) => i.isRefined);
    all = [...head, ...refinedHidden];
  }
  return {
    all,
    popularCount: popular.length,
    dividerAfter: all.length > MAKES_DIVIDER_AFTER ? MAKES_DIVIDER_AFTER - 1 : undefined,
    toggle: expandable ? (showAll ? HIDE_EXTRA_MAKES : SHOW_ALL_MAKES) : undefined,
  };
}

/** The models of one make from the make_model facet ("Toyota > Hilux"), at most 30. */
export function modelsOfMake<T extends FacetItem>(make: string, makeModelItems: readonly T[]): T[] {
  return makeModelItems.filter((i) => makeOf(i.value).toLowerCase() === make.toLowerCase()).slice(0, MODELS_LIMIT);
}

export function modelToggleLabel(open: boolean): typeof SELECT_MODELS | typeof HIDE_MODELS {
  return open ? HIDE_MODELS : SELECT_MODELS;
}
