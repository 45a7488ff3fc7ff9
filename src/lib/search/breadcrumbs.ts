import { bodyTypeLabel } from '../rules/body-type.ts';
import { makeOf, modelOf } from './documents.ts';
import { carTypeRouteOf, DEFAULT_ROUTE, type Refinements } from './pretty-routes.ts';
import { emptyState, searchUrl, type UrlContext } from './url.ts';

export interface Crumb {
  label: string;
  href?: string;
}

const one = (r: Refinements, k: keyof Refinements) => (r[k]?.length === 1 ? r[k]?.[0] : undefined);

/** The car-type words in a title: "Used", "New and Demo"; none for all types. */
function typeWords(r: Refinements): string | undefined {
  const route = carTypeRouteOf(r.car_type);
  if (!route || route === DEFAULT_ROUTE) return undefined;
  return route.title.replace(/ Cars$/, '');
}

/**
 * The search page's title from its refinements: a car-type page keeps its route title ("Used Cars");
 * otherwise "Used Toyota Hilux Ute for Sale", or "<dealership> Stock" for a dealership alone.
 */
export function searchTitle(r: Refinements): string {
  const make = one(r, 'make');
  const mm = one(r, 'make_model');
  const model = mm && (!make || makeOf(mm) === make) ? modelOf(mm) : undefined;
  const body = one(r, 'body');
  const dealership = one(r, 'dealership_name');
  if (!make && !model && !body) {
    if (dealership) return `${dealership} Stock`;
    return (carTypeRouteOf(r.car_type) ?? DEFAULT_ROUTE).title;
  }
  const words = [typeWords(r), make ?? (mm ? makeOf(mm) : undefined), model, body ? bodyTypeLabel(body) : undefined].filter(Boolean);
  return `${words.join(' ')} for Sale`;
}

/**
 * Home > car type > make > model (only if a known model) > body > current page title. Each crumb links
 * to the search narrowed that far; a crumb for the page itself is left out (the title ends the trail).
 */
export function searchBreadcrumbs(r: Refinements, ctx: UrlContext & { isKnownModel: (makeModel: string) => boolean }): Crumb[] {
  const crumbs: Crumb[] = [{ label: 'Home', href: '/' }];
  const step: Refinements = {};
  const href = () => searchUrl({ ...emptyState(), refinements: step }, ctx);
  const typeRoute = carTypeRouteOf(r.car_type) ?? DEFAULT_ROUTE;
  if (r.car_type?.length) step.car_type = [...r.car_type];
  crumbs.push({ label: typeRoute.title, href: href() });
  const make = one(r, 'make');
  if (make) {
    step.make = [make];
    crumbs.push({ label: make, href: href() });
    const mm = one(r, 'make_model');
    if (mm && makeOf(mm) === make && ctx.isKnownModel(mm)) {
      step.make_model = [mm];
      crumbs.push({ label: modelOf(mm), href: href() });
    }
  }
  const body = one(r, 'body');
  if (body) {
    step.body = [body];
    crumbs.push({ label: bodyTypeLabel(body) ?? body, href: href() });
  }
  const here = searchUrl({ ...emptyState(), refinements: r }, ctx);
  const title = searchTitle(r);
  const trail = crumbs.filter((c, i) => i === 0 || (c.href !== here && c.label !== title));
  return [...trail, { label: title }];
}
