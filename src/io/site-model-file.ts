/**
 * The model of the tenant being built, as the build's Astro integration hands it to the pages
 * (src/io/astro-model.ts: the file the build wrote, read and checked once, served as
 * `virtual:dealer/model`). Typed by src/io/virtual-dealer.d.ts; no environment, no file reading here.
 */
import model from 'virtual:dealer/model';
import type { SiteModel } from '../lib/site/site-model.ts';

export function siteModel(): SiteModel {
  return model;
}
