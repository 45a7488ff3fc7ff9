import type { CardCar, CardPhotoSource } from '../model/card-facts.ts';
import { photoUrl, type PhotoTemplate, type SearchDoc } from './documents.ts';

/** A search hit as a card's car (both backends return SearchDoc-shaped hits). */
export function cardCarFromDoc(doc: SearchDoc, template: PhotoTemplate | undefined): CardCar {
  const photos: CardPhotoSource[] =
    doc.photo && template
      ? [
          {
            ok: true,
            colour: doc.photo_colour ?? '#e9ecef',
            card: {
              small: { ...template.small, url: photoUrl(template.small.url, doc.photo) },
              large: { ...template.large, url: photoUrl(template.large.url, doc.photo) },
            },
          },
        ]
      : [];
  return {
    id: doc.id,
    path: `/cars/${doc.slug}`,
    make: doc.make,
    car_type: doc.car_type,
    status: doc.status,
    year: doc.year,
    model: doc.model,
    badge: doc.badge,
    series: doc.series,
    price: doc.price,
    preorder: doc.preorder,
    price_type: doc.price_type,
    km: doc.km,
    sold: doc.sold,
    reserved: doc.reserved,
    certified: doc.certified,
    tag: doc.tag,
    created_at: doc.created_at,
    just_arrived: doc.just_arrived === true,
    stocknum: doc.stocknum,
    fuel: doc.fuel_text ?? doc.fuel,
    simple_fuel: doc.fuel,
    simple_transmission: doc.transmission,
    simple_body: doc.body,
    body: doc.body_text,
    location: doc.location_name ? { name: doc.location_name } : undefined,
    photos,
  };
}
