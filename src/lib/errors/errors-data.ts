/**
 * The error catalogue: every error a dealer or an operator can meet is data with a name, a title,
 * a message built from its arguments and a hint saying what to do. Modelled on Astro's errors-data.
 */
export interface ErrorData<A extends unknown[] = never[]> {
  name: string;
  title: string;
  message: (...args: A) => string;
  hint?: string;
}

export const TenantConfigMissing = {
  name: 'TenantConfigMissing',
  title: 'Tenant has no tenant.json',
  message: (tenant: string, file: string) => `Tenant "${tenant}": ${file} does not exist.`,
  hint: 'Every tenant folder needs a tenant.json with at least slug, name, url and locations.',
} satisfies ErrorData<[string, string]>;

export const TenantConfigUnreadable = {
  name: 'TenantConfigUnreadable',
  title: 'Tenant config is not valid JSON',
  message: (tenant: string, file: string, reason: string) => `Tenant "${tenant}": ${file} is not valid JSON: ${reason}`,
  hint: 'Check for trailing commas and unquoted keys.',
} satisfies ErrorData<[string, string, string]>;

export const TenantConfigInvalid = {
  name: 'TenantConfigInvalid',
  title: 'Tenant config is invalid',
  message: (tenant: string, file: string, problems: string[]) => `Tenant "${tenant}": ${file} is invalid:\n${problems.map((p) => `  - ${p}`).join('\n')}`,
  hint: 'Every field and its default is documented in docs/tenant-config.md.',
} satisfies ErrorData<[string, string, string[]]>;

export const TenantConfigUnknownField = {
  name: 'TenantConfigUnknownField',
  title: 'Tenant config has a field the platform does not know',
  message: (file: string, path: string, suggestion?: string) =>
    `${file}: unknown field \`${path}\`${suggestion ? ` \u2014 did you mean \`${suggestion}\`?` : ''} (ignored; the tenant still builds)`,
  hint: 'Fix the spelling, or remove the field. Every known field is documented in docs/tenant-config.md.',
} satisfies ErrorData<[string, string, string | undefined]>;

export const StockFileMissing = {
  name: 'StockFileMissing',
  title: 'Stock export not found',
  message: (tenant: string, tried: string[]) => `Tenant "${tenant}": no stock export found (looked for ${tried.join(', ')}).`,
  hint: 'Put stock.json, stock.csv, stock.tsv or stock.xml in the tenant folder, or set stock.file in tenant.json.',
} satisfies ErrorData<[string, string[]]>;

export const StockFileUnreadable = {
  name: 'StockFileUnreadable',
  title: 'Stock export cannot be read',
  message: (tenant: string, file: string, reason: string) => `Tenant "${tenant}": ${file} cannot be read: ${reason}`,
  hint: 'A JSON export must be an array of records (or an object holding one); CSV and TSV need a header row; XML must be well-formed with one element per vehicle.',
} satisfies ErrorData<[string, string, string]>;

export const StockRowInvalid = {
  name: 'StockRowInvalid',
  title: 'Stock record skipped',
  message: (position: number, stocknum: string | undefined, field: string, reason: string, line?: number) =>
    `record ${position}${line !== undefined ? ` (line ${line})` : ''}${stocknum ? ` (stocknum ${stocknum})` : ''}: ${field}: ${reason}`,
  hint: 'The record was skipped; every other record still builds.',
} satisfies ErrorData<[number, string | undefined, string, string, (number | undefined)?]>;

export const PhotoUnavailable = {
  name: 'PhotoUnavailable',
  title: 'Photo could not be used',
  message: (source: string, reason: string) => `photo ${source}: ${reason}`,
  hint: 'The car shows a placeholder until the photo can be fetched and decoded.',
} satisfies ErrorData<[string, string]>;

export const TenantInputOutside = {
  name: 'TenantInputOutside',
  title: 'Tenant file outside its folder',
  message: (tenant: string, file: string) => `Tenant "${tenant}": ${file} is outside the tenant folder (a path or symlink leading out of it); it was not read`,
  hint: 'tenant.json and the stock export are read only from inside tenants/<slug>/ (the nightly fetches exports there): a config could otherwise make the build read any file of the build machine into its report. For local development with an export kept elsewhere, set DEALER_EXPORTS_OUTSIDE=allow.',
} satisfies ErrorData<[string, string]>;

export const TenantFileRefused = {
  name: 'TenantFileRefused',
  title: 'Tenant file refused',
  message: (tenant: string, file: string, reason: string) => `Tenant "${tenant}": ${file}: ${reason}`,
  hint: 'Files from the tenant folder are published only as images: PNG, JPEG, WebP, GIF or AVIF (re-encoded) or SVG (sanitised), inside the tenant folder (not through a symlink leading out of it). The file was left out; the site still builds.',
} satisfies ErrorData<[string, string, string]>;

export const ContentInvalid = {
  name: 'ContentInvalid',
  title: 'Tenant content is invalid',
  message: (tenant: string, file: string, problems: string[]) => `Tenant "${tenant}": ${file} is invalid:\n${problems.map((p) => `  - ${p}`).join('\n')}`,
  hint: 'Content files are documented in docs/content.md. The bad entry (or file) is left out; everything else is built.',
} satisfies ErrorData<[string, string, string[]]>;

export const ContentUnreadable = {
  name: 'ContentUnreadable',
  title: 'Tenant content file cannot be read',
  message: (tenant: string, file: string, reason: string) => `Tenant "${tenant}": ${file} cannot be read: ${reason}`,
  hint: 'JSON content files must be valid JSON; markdown front matter must be valid YAML between two --- lines. The file is left out.',
} satisfies ErrorData<[string, string, string]>;

export const SearchKeyIsAdminKey = {
  name: 'SearchKeyIsAdminKey',
  title: 'The search key in tenant.json is the Meilisearch admin key',
  message: (tenant: string) => `Tenant "${tenant}": search.search_key is the Meilisearch admin key; it would be published in the site.`,
  hint: 'Remove search.search_key (the build then creates a search-only key for the index) or put a search-only key there. Keep the admin key in MEILI_ADMIN_KEY only.',
} satisfies ErrorData<[string]>;

export const SearchKeyTooPowerful = {
  name: 'SearchKeyTooPowerful',
  title: 'The search key in tenant.json can do more than search this index',
  message: (tenant: string, actions: string[], indexes: string[]) =>
    `Tenant "${tenant}": search.search_key allows actions [${actions.join(', ')}] on indexes [${indexes.join(', ')}]; the site may only ship a key limited to searching its own index.`,
  hint: 'Create a key with actions ["search"] and only this tenant\'s index, or remove search.search_key and let the build create one.',
} satisfies ErrorData<[string, string[], string[]]>;

export const SearchBackendUnavailable = {
  name: 'SearchBackendUnavailable',
  title: 'Meilisearch not used for this build',
  message: (tenant: string, reason: string) => `Tenant "${tenant}": ${reason}; this build ships the embedded search index instead, so search still works.`,
  hint: 'Start Meilisearch (or fix search.host) and set MEILI_ADMIN_KEY, then rebuild or run `npm run index -- --tenant <slug>`.',
} satisfies ErrorData<[string, string]>;

/** An error that carries its catalogue entry, so callers can report name, title and hint. */
export class DealerError extends Error {
  readonly code: string;
  readonly title: string;
  readonly hint: string | undefined;
  constructor(data: { name: string; title: string; hint?: string }, message: string) {
    super(message);
    this.name = data.name;
    this.code = data.name;
    this.title = data.title;
    this.hint = data.hint;
  }
}

/** Builds a DealerError from a catalogue entry and its arguments. */
export function dealerError<A extends unknown[]>(data: ErrorData<A>, ...args: A): DealerError {
  return new DealerError(data, data.message(...args));
}
