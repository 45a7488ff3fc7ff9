import type { CarRecord, CarStatus, CarType } from '../schemas/car.ts';
import type { VdpExtras } from '../schemas/vdp-extras.ts';

/** One size of a processed photo, as a site-relative URL. */
export interface PhotoVariant {
  url: string;
  width: number;
  height: number;
}

/**
 * A photo after the image pipeline. `ok: false` means it could not be fetched or decoded: pages show
 * the placeholder instead and never request the original.
 */
export type Photo =
  | {
      ok: true;
      source: string;
      /** Full-width variants for the vehicle page, ascending width (640 default, 1280). */
      sizes: PhotoVariant[];
      /** Card crops (528x385 and 800x407), present for the first photo only. */
      card?: { small: PhotoVariant; large: PhotoVariant };
      thumb: PhotoVariant;
      /** Dominant colour, shown while the image loads. */
      colour: string;
    }
  | { ok: false; source: string; reason: string };

/** The car's location as the pages need it. */
export interface VehicleLocation {
  id: string;
  name: string;
  slug: string;
  phone?: string | undefined;
  city?: string | undefined;
  state?: string | undefined;
  primary: boolean;
}

/**
 * The one normalised model every output reads: a validated stock record plus what the build derives.
 * Field names stay the spec's.
 */
export type Vehicle = Omit<CarRecord, 'images' | 'spin_images' | 'location' | 'custom_rank'> & {
  slug: string;
  /** /cars/{slug} */
  path: string;
  car_type: CarType;
  status: CarStatus;
  /** Listed on the site today by the spec's rule (status, recent-sold window, show_on_dealer_website). */
  listed: boolean;
  /** In the just-arrived window on the build's day (isJustArrived): the New Arrival tag. */
  just_arrived: boolean;
  /** Default sort key, descending ("most relevant"). */
  custom_rank: number;
  /** Source references as exported (URL or path relative to the tenant folder). */
  image_sources: string[];
  spin_sources: string[];
  photos: Photo[];
  location?: VehicleLocation | undefined;
  /**
   * The vehicle page's extras (lender offers, variant specifications, market data, media, hotspots,
   * the quote and the payment processor), read once at ingest (takeVdpExtras): a malformed one is left
   * out and reported there. Every output and the functions read these; the raw exported values are not
   * kept on the vehicle.
   */
  extras: VdpExtras;
};
