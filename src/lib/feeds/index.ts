/**
 * The marketplace feeds of one site, from the model: which cars go in (feedExclusion), one row per
 * car, the file text, and what was left out and why. Pure: scripts/lib/outputs/feeds.ts writes the
 * files and the report; robots.txt and sitemap.xml list them when the tenant opts in (listedFeedPaths).
 */
import { viewOf, type SiteModel } from '../site/site-model.ts';
import type { Tenant } from '../tenant/load-tenant.ts';
import { feedExclusion, type FeedExclusion, type FeedName } from '../rules/feed-listing.ts';
import { missingForAds, rowProblems, type FeedColumn } from './columns.ts';
import { toDelimited } from './delimited.ts';
import { feedCar, type FeedCar } from './feed-car.ts';
import { GOOGLE_COLUMNS, GOOGLE_FEED_PATH, googleCondition, googleRow } from './google.ts';
import { META_FEED_PATH, META_MAX_IMAGES, metaColumns, metaRow } from './meta.ts';

export const FEED_PATHS: Readonly<Record<FeedName, string>> = { google: GOOGLE_FEED_PATH, meta: META_FEED_PATH };

/** What the build report says about one feed. */
export interface FeedReport {
  feed: FeedName;
  /** Site path of the file, e.g. /feeds/google-vehicle-listings.tsv. */
  path: string;
  vehicles: number;
  left_out: Partial<Record<FeedExclusion, number>>;
  /** Rows with a required value missing or a value in the wrong format: "id: header: problem". */
  problems: string[];
  /** What a marketplace program will refuse although the file is valid, e.g. rows without vehicle_price_type (Google vehicle ads in Australia). */
  warnings: string[];
}

export interface FeedFile extends FeedReport {
  text: string;
  ids: string[];
}

/** The feeds the tenant has switched on (both by default). */
export function enabledFeeds(tenant: Pick<Tenant, 'feeds'>): FeedName[] {
  return (['google', 'meta'] as const).filter((f) => tenant.feeds[f]);
}

/** Feed paths robots.txt and sitemap.xml name: none unless the tenant opts in with feeds.list_in_robots. */
export function listedFeedPaths(tenant: Pick<Tenant, 'feeds'>): string[] {
  return tenant.feeds.list_in_robots ? enabledFeeds(tenant).map((f) => FEED_PATHS[f]) : [];
}

function select(model: SiteModel, feed: FeedName): { cars: FeedCar[]; leftOut: Partial<Record<FeedExclusion, number>> } {
  const leftOut: Partial<Record<FeedExclusion, number>> = {};
  const cars: FeedCar[] = [];
  for (const car of model.vehicles) {
    if (!car.listed) continue;
    const view = viewOf(model, car);
    const why = feedExclusion(car, view, feed);
    if (why) leftOut[why] = (leftOut[why] ?? 0) + 1;
    else cars.push(feedCar(car, view, model.tenant));
  }
  return { cars, leftOut };
}

function file(
  feed: FeedName,
  columns: readonly FeedColumn<FeedCar>[],
  cars: FeedCar[],
  rows: Record<string, string | undefined>[],
  leftOut: FeedReport['left_out'],
  sep: ',' | '\t',
): FeedFile {
  const problems = rows.flatMap((row, i) => rowProblems(columns, row, googleCondition(cars[i]!.car.car_type)).map((p) => `${cars[i]!.car.id}: ${p}`));
  const warnings = Object.entries(missingForAds(columns, rows)).map(
    ([header, n]) =>
      `${n} of ${rows.length} rows without ${header}, which Google vehicle ads in Australia require (set the export's price_type to drive away or EGC)`,
  );
  return {
    feed,
    path: FEED_PATHS[feed],
    vehicles: rows.length,
    left_out: leftOut,
    problems,
    warnings,
    ids: cars.map((c) => c.car.id),
    text: toDelimited(
      columns.map((c) => c.header),
      rows.map((r) => columns.map((c) => r[c.header])),
      sep,
    ),
  };
}

/** A modern VIN: 17 characters, digits and capitals but I, O and Q (ISO 3779). */
const VIN = /^[A-HJ-NPR-Z0-9]{17}$/;

export function googleFeed(model: SiteModel): FeedFile {
  const { cars, leftOut } = select(model, 'google');
  const feed = file('google', GOOGLE_COLUMNS, cars, cars.map(googleRow), leftOut, '\t');
  // Google checks VINs against the NHTSA standard (cars before 1981 exempt); the row is written, the dealer told.
  const odd = cars.filter((c) => !VIN.test(c.car.vin?.trim().toUpperCase() ?? '') && (c.car.year ?? 0) >= 1981).length;
  if (odd > 0) feed.warnings.push(`${odd} of ${cars.length} rows with a VIN that is not 17 characters of the VIN alphabet, which Google may refuse`);
  return feed;
}

export function metaFeed(model: SiteModel): FeedFile {
  const { cars, leftOut } = select(model, 'meta');
  const columns = metaColumns(Math.min(META_MAX_IMAGES, Math.max(0, ...cars.map((c) => c.photos.length))), model.tenant.name);
  return file(
    'meta',
    columns,
    cars,
    cars.map((c) => metaRow(columns, c)),
    leftOut,
    ',',
  );
}

const REASON_WORDS: Record<FeedExclusion, (n: number) => string> = {
  sold: (n) => `${n} sold`,
  no_price: (n) => `${n} without a price`,
  no_vin: (n) => `${n} without a VIN`,
  not_passenger: (n) => `${n} not ${n === 1 ? 'a passenger vehicle' : 'passenger vehicles'}`,
  no_photo: (n) => `${n} without a photo`,
};

/** The console line: "feeds: google 118 vehicles (12 left out: 9 without a VIN, 3 not passenger vehicles)". */
export function feedSummaryLine(r: FeedReport): string {
  const reasons = (Object.keys(REASON_WORDS) as FeedExclusion[]).filter((k) => (r.left_out[k] ?? 0) > 0);
  const total = reasons.reduce((n, k) => n + (r.left_out[k] ?? 0), 0);
  const out = total > 0 ? ` (${total} left out: ${reasons.map((k) => REASON_WORDS[k](r.left_out[k] ?? 0)).join(', ')})` : '';
  const problems = r.problems.length > 0 ? `; ${r.problems.length} value problem${r.problems.length === 1 ? '' : 's'}, first: ${r.problems[0] ?? ''}` : '';
  const warnings = r.warnings.map((w) => `; WARNING ${w}`).join('');
  return `feeds: ${r.feed} ${r.vehicles} ${r.vehicles === 1 ? 'vehicle' : 'vehicles'}${out} -> ${r.path}${problems}${warnings}`;
}
