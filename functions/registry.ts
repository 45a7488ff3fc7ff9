/**
 * The tenants the functions serve, loaded from the build's private model files
 * (<dist>/_build/<slug>/model.json) or constructed in memory (tests). A request's tenant is found by
 * its Origin or Host among each tenant's url and alternate_urls, plus origins a host adds (the local
 * server maps its own address to the tenant it serves).
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { dealerError } from '../src/lib/errors/errors-data.ts';
import type { Vehicle } from '../src/lib/model/vehicle.ts';
import { computePriceGauge, type PriceGauge } from '../src/lib/price-gauge/index.ts';
import { modelFileProblem, ServedModelFileSchema } from '../src/lib/schemas/site-model-file.ts';
import type { SiteModel } from '../src/lib/site/site-model.ts';
import { vehicleViews, type VehicleView } from '../src/lib/model/vehicle-view.ts';
import type { Tenant } from '../src/lib/tenant/load-tenant.ts';
import { ModelFileUnreadable, NoLeadDelivery } from './errors.ts';

/**
 * What the functions need of a model file; `now` and `views` are optional so older models (and models
 * made in memory by tests) still load: their views are then derived once, here, by the same function.
 */
export type ModelInput = Omit<SiteModel, 'now' | 'views'> & { now?: number | undefined; views?: SiteModel['views'] | undefined };

export interface Site {
  slug: string;
  tenant: Tenant;
  vehicles: readonly Vehicle[];
  builtAt: string;
  /** Unix seconds the build treated as now (listing windows, rego expiry); the build time for older models. */
  now: number;
  carById(id: string): Vehicle | undefined;
  carBySlug(slug: string): Vehicle | undefined;
  /** What the site says about the car (name, price, availability, reservability...): the build's view. */
  view(car: Vehicle): VehicleView;
  /** Precomputed by the build when present on the vehicle (price_gauge), else computed once from stock. */
  gauge(car: Vehicle): PriceGauge | null;
  /** Normalised origins (https://dealer.com.au) this tenant answers for. */
  origins: ReadonlySet<string>;
}

function originOf(url: string): string | undefined {
  try {
    const u = new URL(url);
    return u.protocol === 'http:' || u.protocol === 'https:' ? u.origin : undefined;
  } catch {
    return undefined;
  }
}

function makeSite(model: ModelInput, extraOrigins: readonly string[]): Site {
  const { tenant } = model;
  const byId = new Map<string, Vehicle>();
  const bySlug = new Map<string, Vehicle>();
  for (const v of model.vehicles) {
    byId.set(String(v.id), v);
    bySlug.set(v.slug, v);
  }
  const gauges = new Map<string, PriceGauge | null>();
  const views = model.views ?? vehicleViews(model.vehicles, { tenant, now: model.now ?? Math.floor(Date.parse(model.built_at) / 1000) });
  const origins = new Set<string>();
  for (const u of [tenant.url, ...(tenant.alternate_urls ?? []), ...extraOrigins]) {
    const o = originOf(u);
    if (o) origins.add(o);
  }
  return {
    slug: tenant.slug,
    tenant,
    vehicles: model.vehicles,
    builtAt: model.built_at,
    now: model.now ?? Math.floor(Date.parse(model.built_at) / 1000),
    carById: (id) => byId.get(id),
    carBySlug: (slug) => bySlug.get(slug),
    view(car) {
      const view = views[car.id];
      if (!view) throw new Error(`car ${car.id} has no view in ${tenant.slug}'s model`);
      return view;
    },
    gauge(car) {
      const pre = (car as { price_gauge?: unknown }).price_gauge;
      if (pre && typeof pre === 'object') return pre as PriceGauge;
      if (!gauges.has(car.id)) gauges.set(car.id, computePriceGauge(car, model.vehicles));
      return gauges.get(car.id) ?? null;
    },
    origins,
  };
}

export interface RegistryOptions {
  /** slug -> extra origins (e.g. http://127.0.0.1:4321 for the local server, a Netlify preview URL). */
  extraOrigins?: Record<string, readonly string[]> | undefined;
}

export class Registry {
  readonly #bySlug = new Map<string, Site>();
  readonly #byOrigin = new Map<string, Site>();
  readonly #byHost = new Map<string, Site>();
  /** Configuration conflicts found while loading (reported by the hosts at start-up). */
  readonly problems: string[] = [];
  readonly #options: RegistryOptions;

  constructor(models: readonly ModelInput[], options: RegistryOptions = {}) {
    this.#options = options;
    this.#load(models);
  }

  /**
   * Serves these models from now on, in place (a long-running host picking up the night's builds).
   * A request already running keeps the site it looked up; the next one sees the new models.
   */
  replace(models: readonly ModelInput[]): void {
    this.#bySlug.clear();
    this.#byOrigin.clear();
    this.#byHost.clear();
    this.problems.length = 0;
    this.#load(models);
  }

  #load(models: readonly ModelInput[]): void {
    const options = this.#options;
    const claims = new Map<string, Site[]>();
    for (const model of models) {
      const site = makeSite(model, options.extraOrigins?.[model.tenant.slug] ?? []);
      if (this.#bySlug.has(site.slug)) {
        this.problems.push(`Tenant "${site.slug}" is loaded twice; the second copy is ignored.`);
        continue;
      }
      this.#bySlug.set(site.slug, site);
      for (const origin of site.origins) claims.set(origin, [...(claims.get(origin) ?? []), site]);
    }
    for (const [origin, sites] of claims) {
      const [site, ...others] = sites;
      if (!site) continue;
      if (others.length) {
        // Ambiguous: answering for either tenant could leak one's data to the other's visitors.
        this.problems.push(`Tenants ${sites.map((s) => `"${s.slug}"`).join(' and ')} all claim ${origin}; no tenant answers for it until one config is fixed.`);
        continue;
      }
      this.#byOrigin.set(origin, site);
      this.#byHost.set(new URL(origin).host, site);
    }
  }

  get(slug: string): Site | undefined {
    return this.#bySlug.get(slug);
  }

  list(): Site[] {
    return [...this.#bySlug.values()];
  }

  /** Exact origin match ("https://dealer.com.au"); "null" and malformed origins match nothing. */
  forOrigin(origin: string): Site | undefined {
    const o = originOf(origin);
    return o ? this.#byOrigin.get(o) : undefined;
  }

  /** Host header match ("dealer.com.au", "127.0.0.1:4321"), scheme-agnostic for TLS-terminating proxies. */
  forHost(host: string): Site | undefined {
    return this.#byHost.get(host.trim().toLowerCase());
  }
}

export interface LoadResult {
  models: ModelInput[];
  problems: string[];
}

/** A parsed model file's problem ("vehicles: required, but it is missing"), or undefined when it is a model the functions can serve. */
export function modelProblem(raw: unknown): string | undefined {
  // The pages' check of the same file (src/lib/schemas/site-model-file.ts), with `now` and `views`
  // optional: a model published before the build wrote them still serves, its views derived in makeSite.
  return modelFileProblem(raw, ServedModelFileSchema);
}

/** Reads <dir>/<slug>/model.json for every (or the listed) tenant; a bad file is reported and skipped. */
export function loadModels(buildDir: string, only?: readonly string[]): LoadResult {
  const models: ModelInput[] = [];
  const problems: string[] = [];
  const slugs = only ?? (existsSync(buildDir) ? readdirSync(buildDir).filter((d) => existsSync(join(buildDir, d, 'model.json'))) : []);
  for (const slug of slugs) {
    const file = join(buildDir, slug, 'model.json');
    try {
      const raw: unknown = JSON.parse(readFileSync(file, 'utf8'));
      const problem = modelProblem(raw);
      if (problem) throw new Error(problem);
      models.push(raw as ModelInput);
    } catch (err) {
      problems.push(dealerError(ModelFileUnreadable, file, (err as Error).message).message);
    }
  }
  return { models, problems };
}

/** Operator warnings about a loaded registry (tenants whose leads go nowhere but the database). */
export function registryWarnings(registry: Registry): string[] {
  return [
    ...registry.problems,
    ...registry
      .list()
      .filter((s) => !s.tenant.leads?.email && !s.tenant.contact?.email && !s.tenant.leads?.webhook_url)
      .map((s) => dealerError(NoLeadDelivery, s.slug).message),
  ];
}
