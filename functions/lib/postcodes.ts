import { AU_POSTCODES } from '../data/au-postcodes.ts';

export interface PostcodeInfo {
  postcode: string;
  latitude: number;
  longitude: number;
  /** Most localities first; several for postcodes that cross a border (0872: NT, WA, SA). */
  states: string[];
  place: string;
}

let table: Map<string, PostcodeInfo> | undefined;

function load(): Map<string, PostcodeInfo> {
  const map = new Map<string, PostcodeInfo>();
  for (const line of AU_POSTCODES.split('\n')) {
    const [postcode, lat, lng, states, place] = line.split('|');
    if (!postcode || !lat || !lng || !states) continue;
    map.set(postcode, { postcode, latitude: Number(lat), longitude: Number(lng), states: states.split(','), place: place ?? '' });
  }
  return map;
}

/** The bundled GeoNames postcode (4 digits, leading zero kept), or undefined when unknown. */
export function lookupPostcode(postcode: string): PostcodeInfo | undefined {
  table ??= load();
  return table.get(postcode);
}

export function postcodeCount(): number {
  table ??= load();
  return table.size;
}
