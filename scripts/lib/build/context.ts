/**
 * The context every stage of a tenant build reads (scripts/lib/build/pipeline.ts): the options the
 * command line gave, the report being filled in, the folders, and what is published now. Resolved
 * once by scripts/build-tenant.ts before the first stage runs.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { BuildReport } from '../report.ts';
import { imageCacheDir } from '../images/store.ts';
import { readPublishedState, type PublishedState, type stagingFolders } from '../publish-guard.ts';

export interface BuildOptions {
  /** The tenant folder, absolute. */
  tenantDir: string;
  /** The output root: sites in <outRoot>/<slug>, build files in <outRoot>/_build/<slug>. */
  outRoot: string;
  /** --accept: publish even where the guard or compliance would hold the build. */
  accepted: boolean;
  /** --fingerprint: recorded in published.json so an unchanged tenant is skipped next time. */
  fingerprint?: string | undefined;
  /** --full-render: render every page, not only the changed cars'. */
  fullRender: boolean;
  /** --live: the site live in the bucket, which the guard compares with instead of the local build. */
  live?: { listed: number; published_at: string } | undefined;
  /** --photo-share i/n (with --photos-only): this job's share of the photos. */
  photoShare?: { index: number; count: number } | undefined;
}

export type Staging = ReturnType<typeof stagingFolders>;

export interface BuildContext {
  /** The platform checkout (Astro's root, the paths model.json names relative to). */
  readonly root: string;
  readonly options: BuildOptions;
  /** The tenant folder's name: the report's folder before the config says the slug. */
  readonly name: string;
  readonly report: BuildReport;
  /** <outRoot>/_build/<name>: report.json, model.json, published.json... */
  readonly reportDir: string;
  /** The image cache every build shares (DEALER_IMAGE_CACHE, else <root>/.cache/images), resolved once here. */
  readonly imageCache: string;
  /**
   * What is published now (the local build): where the incremental render starts from. Read by the
   * folder's name first, again by loadConfig once the slug is known.
   */
  previous: PublishedState | undefined;
  /** The staging folders once the model stage made them; undefined again once publish swapped them in. */
  staging: Staging | undefined;
}

export function makeBuildContext(root: string, options: BuildOptions, name: string, report: BuildReport, env: NodeJS.ProcessEnv = process.env): BuildContext {
  const reportDir = join(options.outRoot, '_build', name);
  mkdirSync(reportDir, { recursive: true });
  return {
    root,
    options,
    name,
    report,
    reportDir,
    imageCache: imageCacheDir(root, env),
    previous: readPublishedState(options.outRoot, name, reportDir),
    staging: undefined,
  };
}

/** The site shoppers see now, which the guard protects: the bucket's when --live gave it, else the local build. */
export function kept(ctx: BuildContext): PublishedState | undefined {
  const { live } = ctx.options;
  return live ? { slug: ctx.name, read: live.listed, ...live } : ctx.previous;
}
