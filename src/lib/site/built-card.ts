import type { Vehicle } from '../model/vehicle.ts';
import { viewCardFacts } from '../model/vehicle-view.ts';
import { cardSettingsFor, type CardSettings } from '../model/card-facts.ts';
import { viewOf, type SiteModel } from './site-model.ts';

const settingsByModel = new WeakMap<SiteModel, CardSettings>();

/**
 * The props of a card the build renders (home, location, model pages, similar cars): the car's view's
 * facts, the tenant's card settings (worked out once per model), and no in-place Quick Enquiry form
 * (only the search pages load it; src/components/VehicleCard.tsx).
 */
export function builtCardProps(model: SiteModel, car: Vehicle, priority = false) {
  let settings = settingsByModel.get(model);
  if (!settings) {
    settings = cardSettingsFor(model.tenant);
    settingsByModel.set(model, settings);
  }
  return { car, settings, facts: viewCardFacts(viewOf(model, car)), priority, quickEnquiry: false };
}
