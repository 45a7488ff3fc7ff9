/**
 * The model of the tenant being built, read once from the file the build script names (DEALER_MODEL,
 * written by scripts/build-tenant.ts). File reading lives here, not in src/lib/ (src/io/README.md).
 */
import { readFileSync } from 'node:fs';
import type { SiteModel } from '../lib/site/site-model.ts';

let cached: SiteModel | undefined;

export function siteModel(): SiteModel {
  if (cached) return cached;
  const file = process.env['DEALER_MODEL'];
  if (!file) throw new Error('DEALER_MODEL is not set: build sites with `npm run build`, which prepares the model.');
  cached = JSON.parse(readFileSync(file, 'utf8')) as SiteModel;
  return cached;
}
