/**
 * A simulated fleet and its nights, for `npm run bench:fleet` and the shard tests: seeded dealers
 * (cars drawn log-uniformly, so most are small and a few large, as real dealer groups are), and what
 * each kind of night asks of each dealer (the `TenantLoad` that shards.ts costs). Pure.
 */
import { mulberry32 } from '../../demo/prng.ts';
import { siteFiles, SITE_SHAPE, type TenantLoad } from './shards.ts';

/** Photos a real dealer lists per car (the demos carry about one). */
export const PHOTOS_PER_CAR = 20;
/** An ordinary night: the share of cars whose record changed (new, sold, repriced): bench:build's 3%. */
export const CHANGED_SHARE = 0.03;
/**
 * Cars rendered per changed car on an incremental night: bench:build's 3% night rendered 184 cars for
 * 150 changed (docs/performance.md, run C): the changed cars and those whose page reads them.
 */
export const RENDERED_PER_CHANGED = 184 / 150;
/**
 * The share of a site's page files one ordinary night changes: bench:build's 3% night published 7,885
 * of 30,120 files, about 0.26 of the pages once the new cars' photos are set aside.
 */
export const PAGES_CHANGED_SHARE = 0.26;
/**
 * Releases kept per tenant (scripts/lib/publish/layout.ts): a night writes the oldest slot, so every file
 * changed in the last three nights is written (uploaded or copied). Taken as independent nights:
 * 1 - (1 - 0.26)^3 = 0.59 of the pages.
 */
export const RELEASES_KEPT = 3;
export const PAGES_WRITTEN_SHARE = 1 - (1 - PAGES_CHANGED_SHARE) ** RELEASES_KEPT;

export interface Dealer {
  slug: string;
  cars: number;
}

/** The demos' seeded generator (scripts/demo/prng.ts): the same sequence on every machine. */
export const rng = mulberry32;

/** `count` dealers of minCars..maxCars cars, log-uniform (median about 270 for 50-1,500), seeded. */
export function syntheticFleet(count: number, seed = 25, minCars = 50, maxCars = 1500): Dealer[] {
  const next = rng(seed);
  const lo = Math.log(minCars);
  const hi = Math.log(maxCars);
  return Array.from({ length: count }, (_, i) => ({
    slug: `dealer-${String(i + 1).padStart(3, '0')}`,
    cars: Math.round(Math.exp(lo + (hi - lo) * next())),
  }));
}

export type NightKind = 'first' | 'ordinary' | 'release' | 'evicted';

export const NIGHTS: { kind: NightKind; title: string; what: string }[] = [
  { kind: 'first', title: 'first night', what: 'every photo new, nothing in the photo store; every page rendered and uploaded' },
  { kind: 'ordinary', title: 'ordinary night', what: '3% of cars changed, their photos new; incremental render; the changed files written' },
  {
    kind: 'release',
    title: 'platform-release night',
    what: 'every page re-rendered and uploaded; photos from the photo store (a fresh runner), none encoded',
  },
  {
    kind: 'evicted',
    title: 'cache-evicted night',
    what: 'an ordinary night on a runner whose cache (photos and dist/) was evicted: photos fetched, every page rendered',
  },
];

/** What one night asks of a dealer with `photosPerCar` photos a car. */
export function nightLoad(kind: NightKind, d: Dealer, photosPerCar = PHOTOS_PER_CAR): TenantLoad & { slug: string } {
  const photos = d.cars * photosPerCar;
  const pageFiles = siteFiles(d.cars, 0);
  const changed = Math.max(1, Math.round(d.cars * CHANGED_SHARE));
  const newPhotos = changed * photosPerCar;
  const newVariants = newPhotos * SITE_SHAPE.variantsPerPhoto + changed * SITE_SHAPE.cardVariantsPerCar;
  const ordinaryFiles = Math.round(pageFiles * PAGES_WRITTEN_SHARE) + newVariants;
  switch (kind) {
    case 'first':
      return { slug: d.slug, cars: d.cars, photos, photosNew: photos };
    case 'ordinary':
      return {
        slug: d.slug,
        cars: d.cars,
        photos,
        photosNew: newPhotos,
        carsRendered: Math.min(d.cars, Math.ceil(changed * RENDERED_PER_CHANGED)),
        filesWritten: ordinaryFiles,
      };
    case 'release':
      // A platform release changes every page (its stylesheet and script names); the photos' files are
      // the same bytes at the same paths, already in the slot being written.
      return { slug: d.slug, cars: d.cars, photos, photosNew: 0, photosFetched: photos, filesWritten: pageFiles };
    case 'evicted':
      // dist/ is saved with the image cache (nightly.yml): without the last build the render is full
      // (scripts/lib/incremental.ts: "no previous build to reuse"); the publish still compares with the bucket.
      return { slug: d.slug, cars: d.cars, photos, photosNew: newPhotos, photosFetched: photos - newPhotos, filesWritten: ordinaryFiles };
  }
}
