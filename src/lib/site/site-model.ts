import type { LoadedContent } from '../content/load-content.ts';
import type { Vehicle } from '../model/vehicle.ts';
import { vehicleViews, type VehicleView } from '../model/vehicle-view.ts';
import type { Tenant } from '../tenant/load-tenant.ts';
import type { SearchBackendConfig } from '../search/client.ts';
import { compareDefaultOrder } from '../search/documents.ts';
import type { SiteDerived } from './derived.ts';

/** What the build hands to the pages (and to the functions): one tenant and its stock. */
export interface SiteModel {
  tenant: Tenant;
  /** Every valid record, listed or not; pages use `listed`. */
  vehicles: Vehicle[];
  /**
   * Each car's view by id (src/lib/model/vehicle-view.ts vehicleView): worked out once when the build
   * makes the model, and what every output reads about a car (price, tag, availability, reserve...).
   */
  views: Record<string, VehicleView>;
  /** Unix seconds the build treats as "now" (listing windows, just-arrived tags). */
  now: number;
  built_at: string;
  /** The tenant's content/ files, validated, with processed images (what scripts/lib/outputs/content.ts derives). */
  content?: LoadedContent | undefined;
  /** Which search backend the pages use (what scripts/lib/outputs/search-index.ts derives). */
  search?: SearchBackendConfig | undefined;
  /**
   * What the whole stock makes for the search and the pages (src/lib/site/derived.ts), derived once in
   * the build's model step; a model without it (one a test makes) derives it on first read (siteDerived).
   */
  derived?: SiteDerived | undefined;
}

/** The model of one build: its parts plus each car's view, derived here once (the build and the tests make models with it). */
export function makeSiteModel(parts: Omit<SiteModel, 'views'>): SiteModel {
  return { ...parts, views: vehicleViews(parts.vehicles, parts) };
}

/** The view of a car of this model (the build made one for every car it put in the model). */
export function viewOf(model: Pick<SiteModel, 'views'>, car: { id: string }): VehicleView {
  const view = model.views[car.id];
  if (!view) throw new Error(`car ${car.id} has no view in the model: the build makes the model (scripts/build-tenant.ts)`);
  return view;
}

const byIdCache = new WeakMap<SiteModel, Map<string, Vehicle>>();

/** The model's cars by id, built once per model (a page looking up its similar cars must not index the whole stock again). */
export function vehiclesById(model: SiteModel): ReadonlyMap<string, Vehicle> {
  let byId = byIdCache.get(model);
  if (!byId) {
    byId = new Map(model.vehicles.map((v) => [v.id, v]));
    byIdCache.set(model, byId);
  }
  return byId;
}

/** Listed vehicles in the default order (custom rank: available first, then newest arrivals). */
export function listedVehicles(model: SiteModel): Vehicle[] {
  return model.vehicles.filter((v) => v.listed);
}

/** These cars in the default order (custom rank descending, then id): every list of cars uses it. */
export function inDefaultOrder<V extends Vehicle>(cars: readonly V[]): V[] {
  return [...cars].sort(compareDefaultOrder);
}

/** Of these cars, the ones the site offers as in stock (their view's `available`), in the default order. */
export function availableVehicles<V extends Vehicle>(model: Pick<SiteModel, 'views'>, cars: readonly V[]): V[] {
  return inDefaultOrder(cars.filter((car) => viewOf(model, car).available));
}
