/**
 * Tenant content (content/ files, location images, a local logo): validated before the pages
 * render, images turned into responsive WebP variants through the shared image pipeline, and
 * published with the site. Bad content is reported and left out; it never fails the tenant.
 */
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { basename, dirname, extname, join } from 'node:path';
import { loadContent } from '../../../src/io/content-folder.ts';
import { PhotoUnavailable, TenantFileRefused, dealerError } from '../../../src/lib/errors/errors-data.ts';
import type { Photo } from '../../../src/lib/model/vehicle.ts';
import { classifySource, processImages, publishImages } from '../images/pipeline.ts';
import { tenantImageAsset } from '../tenant-files.ts';
import type { BuildOutput, OutputContext } from './index.ts';

/**
 * Content images are shown full-bleed on phones (slides, banners), so besides the tenant's widths
 * (640/1280 by default) they get 400/800 variants: a phone at 2x picks 800 instead of 1280.
 */
const PHONE_WIDTH = 400;

function mergeSizes(a: Photo | undefined, b: Photo | undefined): Photo | undefined {
  if (!a?.ok || !b?.ok) return a?.ok ? a : b;
  const sizes = [...a.sizes, ...b.sizes].filter((s, i, all) => all.findIndex((x) => x.width === s.width) === i).sort((x, y) => x.width - y.width);
  const card = b.card ?? a.card;
  return { ...b, sizes, ...(card ? { card } : {}) };
}

type Tenant = OutputContext['model']['tenant'];

/**
 * A logo inside the tenant folder is data, never code (issue 27): a raster logo is re-encoded as PNG,
 * an SVG one sanitised (it stays sharp at any size), anything else refused naming the file. Undefined
 * for no logo or one at a web address (the pages link it where it is). Pure of the tenant folder, so
 * `write` makes the same bytes `prepare` published the path of, without state kept between the two.
 */
async function localLogo(tenant: Tenant): Promise<{ ok: true; bytes: Buffer; to: string } | { ok: false; message: string } | undefined> {
  const logo = tenant.logo?.url;
  if (!logo || /^https?:\/\//.test(logo)) return undefined;
  const where = classifySource(logo, tenant.dir);
  const asset = where.kind === 'file' && existsSync(where.abs) ? await tenantImageAsset(where.abs, tenant.dir) : undefined;
  if (asset && !asset.ok)
    return { ok: false, message: `${dealerError(TenantFileRefused, tenant.slug, logo, asset.reason).message} (the header shows the name instead)` };
  if (asset?.ok && where.kind === 'file') {
    const stem =
      basename(where.abs, extname(where.abs))
        .replace(/[^A-Za-z0-9._-]+/g, '-')
        .replace(/^[.-]+/, '') || 'logo';
    return { ok: true, bytes: asset.bytes, to: `/brand/${stem}${asset.ext}` };
  }
  return {
    ok: false,
    message: `${dealerError(PhotoUnavailable, logo, where.kind === 'bad' ? where.reason : 'file not found').message} (the header shows the name instead)`,
  };
}

export const contentOutput: BuildOutput = {
  name: 'content',
  async prepare(ctx: OutputContext) {
    const { tenant } = ctx.model;
    const { content, problems, images } = loadContent(tenant.dir, tenant.slug);
    for (const p of problems) ctx.log(p);

    const cards = new Set<string>([...(content.offers ?? []), ...(content.blog ?? []), ...content.models].flatMap((x) => (x.image ? [x.image] : [])));
    const sources = new Set(images);
    for (const loc of tenant.locations) if (loc.image?.url) sources.add(loc.image.url);
    const jobs = [...sources].map((source) => ({ source, card: cards.has(source) }));
    const failures: { source: string; reason: string }[] = [];
    if (jobs.length > 0) {
      const base = { tenantDir: tenant.dir, cacheDir: ctx.imageCache, quality: tenant.images.quality };
      const phone = await processImages(jobs, { ...base, width: PHONE_WIDTH });
      const full = await processImages(jobs, { ...base, width: tenant.images.width });
      for (const { source } of jobs) {
        const photo = mergeSizes(phone.photos.get(source), full.photos.get(source));
        if (photo) content.photos[source] = photo;
      }
      failures.push(...full.failures);
      for (const f of full.failures) ctx.log(`${dealerError(PhotoUnavailable, f.source, f.reason).message} (content image left out)`);
    }

    const logo = await localLogo(tenant);
    if (logo?.ok) content.logo_url = logo.to;
    else if (logo) ctx.log(logo.message);

    writeFileSync(join(ctx.buildDir, 'content-report.json'), `${JSON.stringify({ problems, image_failures: failures }, null, 2)}\n`);
    return { content };
  },
  // What prepare put in the model (the content's photos, its logo's path) is what is published.
  async write(ctx: OutputContext) {
    const content = ctx.model.content;
    await publishImages(Object.values(content?.photos ?? {}), ctx.imageCache, ctx.siteOut);
    if (!content?.logo_url) return;
    const logo = await localLogo(ctx.model.tenant);
    if (!logo?.ok || logo.to !== content.logo_url) throw new Error(`the logo ${content.logo_url} changed in the tenant folder during the build`);
    const to = join(ctx.siteOut, logo.to);
    mkdirSync(dirname(to), { recursive: true });
    writeFileSync(to, logo.bytes);
  },
};
