import type { Photo, Vehicle } from '../model/vehicle.ts';
import type { PriceGauge } from '../price-gauge/index.ts';
import { listedVehicles, type SiteModel } from '../site/site-model.ts';

/**
 * What the build adds to a listed vehicle for its page (scripts/lib/outputs/vehicle-extras.ts derives
 * them; the build's pipeline puts them on a copy of the car in the model): processed spin frames and
 * interior view, the precomputed price gauge (also read by the functions' autogauge route) and the
 * similar cars' ids.
 */
export interface VdpBuildFields {
  spin_photos?: Photo[] | undefined;
  interior_photo?: Photo | undefined;
  /** null: computed and there is no gauge; absent: the gauge feature is off. */
  price_gauge?: PriceGauge | null | undefined;
  similar_ids?: string[] | undefined;
}

export type VdpVehicle = Vehicle & VdpBuildFields;

/** One page per listed vehicle (the vehicle page and its print page). */
export function vehiclePaths(model: SiteModel) {
  return listedVehicles(model).map((car) => ({ params: { slug: car.slug }, props: { car: car as VdpVehicle } }));
}
