/**
 * The spec's map zoom (10) wherever a location map is shown. The OpenStreetMap embed takes a bounding
 * box, not a zoom, so the box is the area a zoom-10 Web Mercator map covers in the frame's size.
 */

/** The spec's maps zoom. */
export const MAP_ZOOM = 10;

/** Pixels of one Web Mercator tile. */
const TILE = 256;

export interface MapBox {
  west: number;
  south: number;
  east: number;
  north: number;
}

/**
 * The box a map centred on (lat, long) shows at `zoom` in a frame of width x height CSS pixels:
 * 360 / 2^zoom degrees of longitude per 256 px, and the same distance in Mercator y for latitude.
 */
export function mapBox(lat: number, long: number, zoom = MAP_ZOOM, width = 640, height = 360): MapBox {
  const worldPx = TILE * 2 ** zoom;
  const halfLon = (width / 2 / worldPx) * 360;
  const y = mercatorY(lat) * worldPx;
  const latAt = (py: number) => inverseMercatorY(py / worldPx);
  return { west: long - halfLon, east: long + halfLon, north: latAt(y - height / 2), south: latAt(y + height / 2) };
}

/** Web Mercator y in 0..1 (0 at the north edge). */
function mercatorY(lat: number): number {
  const s = Math.sin((lat * Math.PI) / 180);
  return 0.5 - Math.log((1 + s) / (1 - s)) / (4 * Math.PI);
}

function inverseMercatorY(y: number): number {
  return (Math.atan(Math.sinh(Math.PI * (1 - 2 * y))) * 180) / Math.PI;
}

const fixed = (n: number) => n.toFixed(5);

/** The OpenStreetMap embed of a location at zoom 10 in a frame of that size, with its marker. */
export function mapEmbedSrc(lat: number, long: number, zoom = MAP_ZOOM, width = 640, height = 360): string {
  const b = mapBox(lat, long, zoom, width, height);
  return `https://www.openstreetmap.org/export/embed.html?bbox=${fixed(b.west)},${fixed(b.south)},${fixed(b.east)},${fixed(b.north)}&layer=mapnik&marker=${fixed(lat)},${fixed(long)}`;
}

/** The same map full size on openstreetmap.org (its URL takes the zoom directly). */
export function largerMapHref(lat: number, long: number, zoom = MAP_ZOOM): string {
  return `https://www.openstreetmap.org/?mlat=${fixed(lat)}&mlon=${fixed(long)}#map=${zoom}/${fixed(lat)}/${fixed(long)}`;
}
