/**
 * Whether a vehicle is a passenger vehicle in the sense of Google's vehicle ads and vehicle listings:
 * "only non-commercial, passenger vehicles such as cars and pickup trucks (utes in AU) are supported";
 * RVs, boats, buses, trains (and motorcycles and trucks, which are not cars) are not
 * (https://support.google.com/merchants/answer/11192663, "Before you begin").
 *
 * Decided from what the export says, most specific first: the spec's `item_type` (car, motorcycle,
 * truck, caravan ...) when given; otherwise the body. A ute, including a cab-chassis ute whose
 * item_type is car (a LandCruiser 70), is a passenger vehicle; a light truck (Isuzu NPR) is not.
 */
export interface PassengerFacts {
  item_type?: string | undefined;
  simple_body?: string | undefined;
  body?: string | undefined;
}

/** item_type values that are passenger vehicles; any other given item_type is not. */
const PASSENGER_ITEM_TYPES: ReadonlySet<string> = new Set(['car', 'cars', 'passenger', 'passenger vehicle', 'vehicle', 'ute', 'suv', '4x4']);

/** Bodies (simple_body facet values or exported body text) that are never passenger vehicles. */
const NOT_PASSENGER_BODY =
  /\b(motor ?cycles?|motorbikes?|scooters?|naked|cruiser bike|bus(es)?|coach|light ?truck|trucks? ?(tractor|prime mover)|prime ?mover|tipper|motor ?homes?|camper ?van|caravans?|campers?|trailers?|boats?|jet ?ski|atv|quad ?bike|tractors?)\b/i;

const norm = (s: string) =>
  s
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .trim()
    .toLowerCase();

export function isPassengerVehicle(car: PassengerFacts): boolean {
  const type = car.item_type ? norm(car.item_type) : undefined;
  if (type) return PASSENGER_ITEM_TYPES.has(type);
  for (const body of [car.simple_body, car.body]) {
    if (body && NOT_PASSENGER_BODY.test(norm(body))) return false;
  }
  return true;
}
