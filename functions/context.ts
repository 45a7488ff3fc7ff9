import type { Adapters } from './adapters/index.ts';
import type { Db } from './db/index.ts';
import type { Clock } from './lib/clock.ts';
import type { AppOptions } from './options.ts';
import type { Registry, Site } from './registry.ts';

/** What a host passes with each request (app.fetch(request, bindings)). */
export interface AppBindings {
  /** The client's IP as the host saw it (socket address, Netlify context.ip). */
  ip?: string | undefined;
  /** Keeps the function alive for work after the answer (Netlify context.waitUntil). */
  waitUntil?: ((promise: Promise<unknown>) => void) | undefined;
}

export interface AppVariables {
  site: Site;
  /** The parsed JSON body (POST routes). */
  body: unknown;
  /** The client IP, or "unknown". */
  ip: string;
}

export type AppEnv = { Bindings: AppBindings; Variables: AppVariables };

export type SiteFileReader = (siteSlug: string, path: string) => Promise<Uint8Array | undefined>;

export interface Deps {
  db: Db;
  registry: Registry;
  adapters: Adapters;
  clock: Clock;
  options: AppOptions;
  /**
   * Reads a file of a tenant's built site (a photo variant, by its site path) for the car PDF. The Node
   * host reads <dist>/<slug>/; without it the photo is fetched from the tenant's own url.
   */
  siteFile?: SiteFileReader | undefined;
  /** Called after a lead and its outbox rows are committed (the host starts delivery). */
  onLeadStored?: ((leadId: string, bindings: AppBindings) => void) | undefined;
}
