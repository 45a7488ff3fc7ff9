/**
 * Incremental render: a warm build renders only the car pages whose inputs changed and copies the
 * others from the previous build (scripts/build-tenant.ts). Every other page (home, search, model,
 * brand, location, content pages: a few hundred, the ones that list cars) is always rendered.
 *
 * A car's pages (/cars/<slug>, its buy-online or checkout page, /print/<slug>) read:
 *  - what every page reads: the platform's code, the tenant's settings and content, the header and
 *    footer menus (worked out from the whole stock), and the day's site-wide facts
 *    (src/lib/site/dated.ts: the footer's year, holiday hours, offers);
 *  - the car itself: its record, every per-car entry of the model (its view...), whether its price
 *    gauge shows (its figures come from its model's file, /cars/_market/*.json), its day-dependent facts,
 *    and its breadcrumbs (their links depend on the search routes the whole stock makes);
 *  - whether it has similar cars (their cards are in its price band's /cars/_similar/*.json, always
 *    written, which its page loads: a night's new arrivals reshuffle thousands of similar-car lists, not the pages).
 * The first is the `shared` hash: when it differs from the previous build's, every page is rendered.
 * The rest is one hash per car (by slug). tests/build/incremental-render.test.ts proves the output of
 * an incremental build after a 3% change byte-identical to a full build of the same inputs.
 */
import { createHash } from 'node:crypto';
import { copyFileSync, existsSync, linkSync, mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { Vehicle } from '../../src/lib/model/vehicle.ts';
import { footerNav, headerNav } from '../../src/lib/content/navigation.ts';
import { carDatedFact, datedFacts } from '../../src/lib/site/dated.ts';
import { listedVehicles, vehiclesById, viewOf, type SiteModel } from '../../src/lib/site/site-model.ts';
import { dealerSearchLink, vehicleCrumbs } from '../../src/lib/vdp/page-model.ts';
import type { VdpVehicle } from '../../src/lib/vdp/vehicle.ts';
import { shouldShowPriceGauge } from '../../src/lib/price-gauge/index.ts';
import { hasCarDictionary } from '../../src/lib/site/dictionary.ts';
import { platformVersion } from './fingerprint.ts';
import { readJson } from './images/store.ts';

/** Bumped when what a car page reads changes in a way the hashes below do not see. */
const SCHEME = 'incremental-render 2';

export interface PageInputs {
  scheme: string;
  /** What every page reads. */
  shared: string;
  /** Its parts' hashes, to say which changed. */
  parts: Record<string, string>;
  /** Each listed car's own inputs, by slug. */
  cars: Record<string, string>;
}

export interface RenderPlan {
  /** Car slugs to render; null: every page (a full build). */
  render: string[] | null;
  /** Car slugs whose pages are copied from the previous build. */
  keep: string[];
  /** Why the build is full, when it is. */
  reason?: string | undefined;
}

const sha = (s: string) => createHash('sha1').update(s).digest('hex');

/** Model keys holding one entry per car id (`views`, and whatever the build adds the same way). */
function perCarMaps(model: SiteModel): [string, Record<string, unknown>][] {
  const ids = vehiclesById(model);
  const out: [string, Record<string, unknown>][] = [];
  for (const [key, value] of Object.entries(model)) {
    if (key === 'vehicles' || key === 'tenant' || !value || typeof value !== 'object' || Array.isArray(value)) continue;
    const keys = Object.keys(value);
    if (keys.length > 0 && keys.every((k) => ids.has(k))) out.push([key, value as Record<string, unknown>]);
  }
  return out;
}

/** The ids of the cars a car's page shows as similar cars: on its record, or in a per-car entry of the model. */
function similarIdsOf(car: VdpVehicle, maps: [string, Record<string, unknown>][]): string[] {
  if (car.similar_ids) return car.similar_ids;
  for (const [, m] of maps) {
    const ids = (m[car.id] as { similar_ids?: unknown } | null | undefined)?.similar_ids;
    if (Array.isArray(ids)) return ids as string[];
  }
  return [];
}

/** The hashes of this build's page inputs (the model after every output's `prepare`). */
export function pageInputs(root: string, model: SiteModel): PageInputs {
  const maps = perCarMaps(model);
  const mapKeys = new Set(maps.map(([k]) => k));
  // Every model key that is not the stock, a per-car map or the clock is shared; the search config's
  // index URL (its file name is the index's hash) is on the search pages only, which always render.
  const rest: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(model)) {
    // The derived part (src/lib/site/derived.ts) is the stock again (its index, routes, counts): what a
    // car page reads of it, its breadcrumbs and dealer link, is hashed with the car below.
    if (key === 'vehicles' || key === 'derived' || key === 'now' || key === 'built_at' || mapKeys.has(key)) continue;
    rest[key] = key === 'search' && value && typeof value === 'object' ? { ...value, indexUrl: undefined } : value;
  }
  const parts: Record<string, string> = Object.fromEntries(
    Object.entries({
      scheme: SCHEME,
      platform: platformVersion(root),
      ...rest,
      header: headerNav(model),
      // Every page links the car pages' compression dictionary when the site has one.
      dictionary: hasCarDictionary(model),
      footer: footerNav(model),
      // The day's site-wide facts (no cars): the day itself changes no page unless one of these does.
      day: datedFacts(model, [], model.now),
    }).map(([k, v]) => [k, sha(JSON.stringify(v) ?? 'undefined')]),
  );
  const shared = sha(JSON.stringify(parts));
  // What the build adds for a car's page, as the page reads it: whether it has similar cars (which ones
  // is in its similar.json), and whether its price gauge shows (the figures are in its autogauge file,
  // and they move with every price change of the same model).
  const asPageReadsIt = (entry: unknown) => {
    if (!entry || typeof entry !== 'object') return entry ?? null;
    const { similar_ids: similar, price_gauge: gauge, ...rest } = entry as VdpVehicle;
    return { ...rest, similar: similar === undefined ? undefined : similar.length > 0, gauge: gauge == null ? gauge : shouldShowPriceGauge(gauge) };
  };
  const perCar = (car: Vehicle) => [maps.map(([, m]) => asPageReadsIt(m[car.id])), carDatedFact(model.tenant, car, model.now)];
  const cars: Record<string, string> = {};
  for (const car of listedVehicles(model) as VdpVehicle[]) {
    // The page shows the section (and its link) when there are similar cars; which ones is in the file.
    const similar = similarIdsOf(car, maps).length > 0;
    // Its breadcrumbs and its "see more from this dealer" link read the whole stock's search routes:
    // the car's own links are what its page shows.
    const dealerLink = dealerSearchLink(viewOf(model, car).dealership, model.tenant.dealerships, model);
    cars[car.slug] = sha(JSON.stringify([asPageReadsIt(car), perCar(car), vehicleCrumbs(car, model), dealerLink, similar]));
  }
  return { scheme: SCHEME, shared, parts, cars };
}

/** What to render, given the previous build's inputs (undefined: none or unreadable) and its site. */
export function planRender(previous: PageInputs | undefined, next: PageInputs, previousSite: string | undefined): RenderPlan {
  const full = (reason: string): RenderPlan => ({ render: null, keep: [], reason });
  if (!previous || !previousSite || !existsSync(join(previousSite, 'index.html'))) return full('no previous build to reuse');
  if (previous.scheme !== next.scheme) return full('the incremental scheme changed');
  if (previous.shared !== next.shared) {
    const changed = Object.keys({ ...previous.parts, ...next.parts }).filter((k) => previous.parts?.[k] !== next.parts[k]);
    return full(`what every page reads changed: ${changed.join(', ') || 'unknown'}`);
  }
  const render: string[] = [];
  const keep: string[] = [];
  for (const [slug, hash] of Object.entries(next.cars)) (previous.cars[slug] === hash ? keep : render).push(slug);
  return { render, keep };
}

/** A car's pages as Astro writes them (the ones that exist for the car). */
function carPageFiles(slug: string): string[] {
  return [`cars/${slug}/index.html`, `cars/${slug}/buy-online/index.html`, `cars/${slug}/checkout/index.html`, `print/${slug}/index.html`];
}

/**
 * Puts the kept cars' pages from the previous site into the new one; returns the files. Hard links
 * where the filesystem allows (as the build's images are): the 12,500 pages a night keeps on the bench
 * tenant are 500 MB a copy would write again. Safe because nothing writes into a page file after it
 * is written: the build only adds files beside them, and a published site is replaced whole.
 */
export function restoreKept(previousSite: string, siteOut: string, keep: readonly string[]): number {
  let files = 0;
  for (const slug of keep)
    for (const rel of carPageFiles(slug)) {
      const from = join(previousSite, rel);
      if (!existsSync(from)) continue;
      const to = join(siteOut, rel);
      mkdirSync(dirname(to), { recursive: true });
      linkOrCopy(from, to);
      files++;
    }
  return files;
}

/** A published file put into the new site unchanged: a hard link where the filesystem allows, else a copy. */
export function linkOrCopy(from: string, to: string): void {
  try {
    linkSync(from, to);
  } catch {
    copyFileSync(from, to);
  }
}

export function readPageInputs(file: string): PageInputs | undefined {
  const p = readJson(file) as PageInputs | undefined;
  return p && typeof p.shared === 'string' && p.cars && typeof p.cars === 'object' ? p : undefined;
}
