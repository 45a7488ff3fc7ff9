/** Static paths of the reserve pages: the cars whose page shows a Reserve button pointing at this path. */
import type { Photo } from '../model/vehicle.ts';
import type { PriceDisplay } from '../rules/price-display.ts';
import { listedVehicles, viewOf, type SiteModel } from '../site/site-model.ts';

/** What a reserve page says about its car: all of it from the car's view (price, label, deposit), plus its first photo. */
export interface ReservableCar {
  id: string;
  name: string;
  /** The vehicle page. */
  path: string;
  /** The car's first photo (the card's); undefined: the placeholder. */
  photo: Photo | undefined;
  /** The price as the vehicle page shows it, and the label under it (Drive away...). */
  price: PriceDisplay;
  priceNote: string | undefined;
  label: string;
  deposit: number;
}

/** Reads each car's view (the vehicle page's Reserve button is the view's `actions.reserve`), not the whole page model. */
export function reservablePaths(model: SiteModel, kind: 'checkout' | 'buy-online') {
  const out: { params: { slug: string }; props: ReservableCar }[] = [];
  for (const car of listedVehicles(model)) {
    const view = viewOf(model, car);
    const reserve = view.actions.reserve;
    if (!reserve?.href.endsWith(`/${kind}`)) continue;
    out.push({
      params: { slug: car.slug },
      props: {
        id: car.id,
        name: view.fullName,
        path: view.links.path,
        photo: car.photos[0],
        price: view.price,
        priceNote: view.priceNote,
        label: reserve.label,
        deposit: reserve.deposit,
      },
    });
  }
  return out;
}
