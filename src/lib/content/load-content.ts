/**
 * A tenant's content/ as the site reads it, after validation: the types. Reading and validating the
 * folder is src/io/content-folder.ts (file reading lives outside src/lib/: src/io/README.md).
 */
import type { Photo } from '../model/vehicle.ts';
import type {
  BlogCard,
  BrandLists,
  Feature,
  ModelFrontMatter,
  Offer,
  PageFrontMatter,
  Part,
  Popup,
  Promotion,
  Reviews,
  SearchPromo,
  Slide,
} from './schemas.ts';

export interface ContentPage extends PageFrontMatter {
  slug: string;
  /** Markdown body; images already rewritten to tenant-relative sources. */
  body: string;
}

export interface ModelContent extends ModelFrontMatter {
  slug: string;
  body: string;
}

/** What a tenant's content/ folder holds after validation. `undefined`: the file is absent. */
export interface LoadedContent {
  pages: ContentPage[];
  models: ModelContent[];
  slides?: Slide[] | undefined;
  offers?: Offer[] | undefined;
  parts?: Part[] | undefined;
  reviews?: Reviews | undefined;
  features?: Feature[] | undefined;
  blog?: BlogCard[] | undefined;
  brands?: BrandLists | undefined;
  popup?: Popup | undefined;
  /** content/search-promos.json: the cards between search results (the built-in three when absent). */
  search_promos?: SearchPromo[] | undefined;
  promotions?: Promotion[] | undefined;
  /** Processed images keyed by source (tenant-relative path or URL), filled in by the build. */
  photos: Record<string, Photo>;
  /** Site path of a logo published from the tenant folder (tenant.json logo.url as a local file). */
  logo_url?: string | undefined;
}
