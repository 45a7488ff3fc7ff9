/**
 * Reads and validates tenants/<slug>/content/. Every problem becomes a readable line naming the file
 * and field (the config's format); a bad entry is left out and everything else is kept. A missing
 * file means "use the default"; a present but empty list means "none". File reading lives here, not
 * in src/lib/ (src/io/README.md); the types are src/lib/content/load-content.ts.
 */
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { realPathInside } from './tenant-path.ts';
import { dirname, join, posix, relative, sep } from 'node:path';
import * as v from 'valibot';
import { ContentInvalid, ContentUnreadable, dealerError } from '../lib/errors/errors-data.ts';
import { formatIssues } from '../lib/schemas/issues.ts';
import { markdownImages, parseMarkdownFile } from '../lib/content/markdown.ts';
import {
  BlogCardSchema,
  BrandsSchema,
  FeatureSchema,
  ModelFrontMatterSchema,
  OfferSchema,
  PageFrontMatterSchema,
  PartSchema,
  PopupSchema,
  PromotionSchema,
  ReviewsSchema,
  SearchPromoSchema,
  SlideSchema,
} from '../lib/content/schemas.ts';
import type { LoadedContent } from '../lib/content/load-content.ts';

export interface ContentLoadResult {
  content: LoadedContent;
  /** One readable message per bad file (ContentInvalid / ContentUnreadable). */
  problems: string[];
  /** Every image source the content refers to (tenant-relative paths and URLs). */
  images: string[];
}

const JSON_FILES = [
  'slides.json',
  'offers.json',
  'reviews.json',
  'features.json',
  'blog.json',
  'brands.json',
  'popup.json',
  'promotions.json',
  'parts.json',
  'search-promos.json',
] as const;
const FOLDERS = ['pages', 'models', 'images'] as const;
const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

function emptyContent(): LoadedContent {
  return { pages: [], models: [], photos: {} };
}

/**
 * An image reference as the pipeline reads it: URLs unchanged; other paths are relative to the file
 * they are written in, turned into a path relative to the tenant folder (always with /).
 */
function imageSource(ref: string, fileDir: string, tenantDir: string): string {
  if (/^(?:https?:)?\/\//i.test(ref)) return ref;
  const rel = relative(tenantDir, join(fileDir, ref)).split(sep).join(posix.sep);
  return rel;
}

/** Loads content/ of a tenant folder. Never throws for bad content; returns the problems instead. */
export function loadContent(tenantDir: string, tenantName: string): ContentLoadResult {
  const dir = join(tenantDir, 'content');
  const content = emptyContent();
  const problems: string[] = [];
  const images = new Set<string>();
  if (!existsSync(dir)) return { content, problems, images: [] };

  const rel = (file: string) => relative(tenantDir, file).split(sep).join(posix.sep);
  const invalid = (file: string, lines: string[]) => problems.push(dealerError(ContentInvalid, tenantName, rel(file), lines).message);
  const unreadable = (file: string, reason: string) => problems.push(dealerError(ContentUnreadable, tenantName, rel(file), reason).message);
  const image = (ref: string | undefined, fileDir: string): string | undefined => {
    if (ref === undefined) return undefined;
    const src = imageSource(ref, fileDir, tenantDir);
    images.add(src);
    return src;
  };

  // A content file is read only from inside the tenant folder: never through a symlink out of it (issue 27).
  const readInside = (file: string): string => {
    const where = realPathInside(file, tenantDir);
    if (!where.ok) throw new Error(where.reason);
    return readFileSync(where.real, 'utf8');
  };

  const readJson = (file: string): unknown => {
    try {
      return JSON.parse(readInside(file));
    } catch (err) {
      unreadable(file, (err as Error).message);
      return undefined;
    }
  };

  /** Validates each entry of a list on its own, so one bad entry costs only itself. */
  function list<S extends v.GenericSchema>(file: string, schema: S): v.InferOutput<S>[] | undefined {
    const raw = readJson(file);
    if (raw === undefined) return undefined;
    if (!Array.isArray(raw)) {
      invalid(file, [
        `(root): expected a list ([...]), received ${raw !== null && typeof raw === 'object' ? 'an object' : JSON.stringify(raw)} (file left out)`,
      ]);
      return undefined;
    }
    const lines: string[] = [];
    const out: v.InferOutput<S>[] = [];
    raw.forEach((item, i) => {
      const r = v.safeParse(schema, item);
      if (r.success) out.push(r.output);
      else lines.push(...formatIssues(r.issues, item).map((l) => `${i}${l.startsWith('(root)') ? l.slice(6) : `.${l}`} (entry left out)`));
    });
    if (lines.length) invalid(file, lines);
    return out;
  }

  function one<S extends v.GenericSchema>(file: string, schema: S): v.InferOutput<S> | undefined {
    const raw = readJson(file);
    if (raw === undefined) return undefined;
    const r = v.safeParse(schema, raw);
    if (r.success) return r.output;
    invalid(file, [...formatIssues(r.issues, raw), '(file left out)']);
    return undefined;
  }

  function markdownFolder<S extends v.GenericSchema>(sub: string, schema: S, each: (slug: string, data: v.InferOutput<S>, body: string, file: string) => void) {
    const folder = join(dir, sub);
    if (!existsSync(folder)) return;
    for (const name of readdirSync(folder).sort()) {
      const file = join(folder, name);
      if (!name.endsWith('.md')) {
        invalid(file, ['(file): expected a .md file, this one is not read']);
        continue;
      }
      const slug = name.slice(0, -3);
      if (!SLUG.test(slug)) {
        invalid(file, [`(file name): expected a slug of lower-case letters, digits and hyphens, received "${slug}" (file left out)`]);
        continue;
      }
      const where = realPathInside(file, tenantDir);
      if (!where.ok) {
        unreadable(file, where.reason);
        continue;
      }
      let parsed;
      try {
        parsed = parseMarkdownFile(readFileSync(where.real, 'utf8'));
      } catch (err) {
        unreadable(file, `the front matter is not valid YAML: ${((err as Error).message.split('\n')[0] ?? '').trim()}`);
        continue;
      }
      const r = v.safeParse(schema, parsed.data);
      if (!r.success) {
        invalid(file, [...formatIssues(r.issues, parsed.data).map((l) => `front matter ${l}`), '(file left out)']);
        continue;
      }
      // Body images become tenant-relative sources, like every other content image.
      let body = parsed.body;
      for (const ref of new Set(markdownImages(body))) {
        const src = image(ref, dirname(file));
        if (src && src !== ref) body = body.split(`](${ref}`).join(`](${src}`);
      }
      each(slug, r.output, body, file);
    }
  }

  markdownFolder('pages', PageFrontMatterSchema, (slug, data, body, file) => {
    content.pages.push({ ...data, image: image(data.image, dirname(file)), slug, body });
  });
  markdownFolder('models', ModelFrontMatterSchema, (slug, data, body, file) => {
    content.models.push({ ...data, image: image(data.image, dirname(file)), slug, body });
  });

  const at = (name: string) => join(dir, name);
  if (existsSync(at('slides.json'))) content.slides = list(at('slides.json'), SlideSchema)?.map((s) => ({ ...s, image: image(s.image, dir) }));
  if (existsSync(at('offers.json'))) {
    const offers = list(at('offers.json'), OfferSchema);
    if (offers) {
      const seen = new Set<string>();
      const dupes = offers.filter((o) => seen.size === seen.add(o.id).size).map((o) => `id: "${o.id}" is used by more than one offer (later ones left out)`);
      if (dupes.length) invalid(at('offers.json'), dupes);
      const unique = offers.filter((o, i) => offers.findIndex((x) => x.id === o.id) === i);
      content.offers = unique.map((o) => ({ ...o, image: image(o.image, dir) }));
    }
  }
  if (existsSync(at('parts.json'))) {
    const parts = list(at('parts.json'), PartSchema);
    if (parts) {
      const dupes = parts
        .filter((p, i) => parts.findIndex((x) => x.id === p.id) !== i)
        .map((p) => `id: "${p.id}" is used by more than one part (later ones left out)`);
      if (dupes.length) invalid(at('parts.json'), dupes);
      content.parts = parts.filter((p, i) => parts.findIndex((x) => x.id === p.id) === i);
    }
  }
  if (existsSync(at('reviews.json'))) {
    const reviews = one(at('reviews.json'), ReviewsSchema);
    if (reviews) content.reviews = { ...reviews, reviews: reviews.reviews.map((r) => ({ ...r, image: image(r.image, dir) })) };
  }
  if (existsSync(at('features.json'))) content.features = list(at('features.json'), FeatureSchema)?.map((f) => ({ ...f, image: image(f.image, dir) }));
  if (existsSync(at('blog.json'))) content.blog = list(at('blog.json'), BlogCardSchema)?.map((b) => ({ ...b, image: image(b.image, dir) }));
  if (existsSync(at('brands.json'))) {
    const brands = one(at('brands.json'), BrandsSchema);
    if (brands) content.brands = { ...brands, ...(brands.group ? { group: brands.group.map((g) => ({ ...g, logo: image(g.logo, dir) })) } : {}) };
  }
  if (existsSync(at('search-promos.json'))) {
    const promos = list(at('search-promos.json'), SearchPromoSchema);
    if (promos) {
      // A card that would never show is a typo the dealer wants to hear about, not a silent no-op.
      const never = (p: (typeof promos)[number]) => p.start !== undefined && p.expires !== undefined && p.expires < p.start;
      const lines = promos.flatMap((p) =>
        never(p) ? [`"${p.title}": expires ${p.expires} is before start ${p.start ?? ''}, so it would never show (entry left out)`] : [],
      );
      if (lines.length) invalid(at('search-promos.json'), lines);
      content.search_promos = promos.filter((p) => !never(p));
    }
  }
  if (existsSync(at('popup.json'))) {
    const popup = one(at('popup.json'), PopupSchema);
    if (popup) content.popup = { ...popup, image: image(popup.image, dir) };
  }
  if (existsSync(at('promotions.json')))
    content.promotions = list(at('promotions.json'), PromotionSchema)?.map((p) => ({ ...p, image: image(p.image, dir) ?? p.image }));

  // A misspelt file name would otherwise be ignored without a word.
  for (const name of readdirSync(dir).sort()) {
    const known = (JSON_FILES as readonly string[]).includes(name) || ((FOLDERS as readonly string[]).includes(name) && statSync(at(name)).isDirectory());
    if (!known) invalid(at(name), [`(file): not a content file (known: ${[...JSON_FILES, ...FOLDERS.map((f) => `${f}/`)].join(', ')}), so it is not read`]);
  }
  return { content, problems, images: [...images] };
}
