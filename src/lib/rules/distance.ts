/** The spec's earth radius for distances. */
export const EARTH_RADIUS_KM = 6371;

/** Great-circle distance in kilometres between two points (haversine). */
export function distanceKm(a: { lat: number; long: number }, b: { lat: number; long: number }): number {
  const rad = (d: number) => (d * Math.PI) / 180;
  const dLat = rad(b.lat - a.lat);
  const dLong = rad(b.long - a.long);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(rad(a.lat)) * Math.cos(rad(b.lat)) * Math.sin(dLong / 2) ** 2;
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(h)));
}
