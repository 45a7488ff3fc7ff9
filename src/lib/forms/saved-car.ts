/** The small car record the Save / Favourite / Compare buttons carry (data-car) and the stores keep. */
import type { Vehicle } from '../model/vehicle.ts';
import type { VehicleView } from '../model/vehicle-view.ts';
import { formatKm } from '../rules/format.ts';

/** The spec's viewed-car record (id, stocknum, make, model, body, simple_body) a vehicle page stores locally. */
export function viewedCarOf(car: Vehicle) {
  const str = (v: unknown) => (v === null || v === undefined ? '' : String(v));
  return { id: car.id, stocknum: str(car.stocknum), make: car.make, model: str(car.model), body: str(car.body), simple_body: str(car.simple_body) };
}

/** The name and the price display are the car's view's (the vehicle page passes its own, which are the view's). */
export function savedCarOf(car: Vehicle, view: Pick<VehicleView, 'fullName' | 'price'>) {
  const { price, fullName: name } = view;
  const first = car.photos[0];
  const str = (v: unknown) => (v === null || v === undefined ? '' : String(v));
  return {
    id: car.id,
    name,
    slug: car.slug,
    make: car.make,
    model: str(car.model),
    primary_image_url: first?.ok ? (first.card?.small.url ?? first.thumb.url) : '',
    specs: {
      // The price display rule: a price only above 10 (the compare view leaves the cell empty otherwise).
      price: price.kind === 'price' ? price.text : '',
      year: str(car.year),
      km: typeof car.km === 'number' ? formatKm(car.km) : '',
      body: str(car.simple_body || car.body),
      fuel: str(car.simple_fuel || car.fuel),
      transmission: str(car.simple_transmission),
      drive: str(car.simple_drive || car.drive),
      colour: str(car.colour),
      seats: str(car.seats),
    },
  };
}
