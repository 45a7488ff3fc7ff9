/**
 * Compression dictionary transport (RFC 9842) for the vehicle pages. Most of a vehicle page is the
 * same on every car (brotli of two car pages together is only ~1.5 KB more than of one), yet each
 * page a shopper opens travels whole: 9-10 KB brotli. The build writes one dictionary per site (a few
 * of its own car pages) and, beside every car page, that page compressed with it (zstd, the `dcz`
 * encoding). A browser that supports it (Chromium 130+) fetches the dictionary once, at idle, from
 * the pages' <link rel="compression-dictionary">, and then asks for car pages with
 * `Available-Dictionary`; the host answers with the `.dcz` file when the hashes match (ours:
 * functions/static.ts; in front of a bucket, the Cloudflare Worker edge/cloudflare/worker.ts; both
 * decide with dczAnswer), else as before. A car page then costs ~1.4 KB.
 */

import { viewOf, type SiteModel } from './site-model.ts';

/**
 * Whether the site has a dictionary: it has car pages to make it of (an available car). Pages link to
 * it only then. Every page asks: it stops at the first available car (sorting the stock each time,
 * as availableVehicles does, cost the bench's full render 1.6 ms a page).
 */
export function hasCarDictionary(model: Pick<SiteModel, 'vehicles' | 'views'>): boolean {
  return model.vehicles.some((car) => viewOf(model, car).available);
}

/** Where the site's dictionary is, and which pages it is for. */
export const DICTIONARY_PATH = '/_dict/cars.dict';
export const DICTIONARY_MATCH = '/cars/*';
/** The response header that makes the browser keep a response as a dictionary (the _headers rule for DICTIONARY_PATH). */
export const USE_AS_DICTIONARY = `match="${DICTIONARY_MATCH}", match-dest=("document")`;
/**
 * How long a browser keeps the dictionary before asking again: an hour, so a rebuilt one reaches a
 * returning shopper soon. Not zero: a browser does not keep a response with no freshness as a dictionary.
 */
export const DICTIONARY_CACHE = 'public, max-age=3600';
/** What the dictionary is sent with: the site's `_headers` rule for DICTIONARY_PATH, and the edge Worker's. */
export const DICTIONARY_HEADERS: Readonly<Record<string, string>> = {
  'Use-As-Dictionary': USE_AS_DICTIONARY,
  'Cache-Control': DICTIONARY_CACHE,
  'X-Robots-Tag': 'noindex',
};
/** The dictionary-compressed sibling of a page file. */
export const DCZ_SUFFIX = '.dcz';

/** RFC 9842 section 5.2: a dcz body starts with this 8-byte zstd skippable frame header, then the dictionary's SHA-256. */
const DCZ_MAGIC = Uint8Array.from([0x5e, 0x2a, 0x4d, 0x18, 0x20, 0x00, 0x00, 0x00]);
export const DCZ_HEADER_LENGTH = DCZ_MAGIC.length + 32;

/** The dcz header for a dictionary's SHA-256 (the 32 raw bytes). */
export function dczHeader(dictionarySha256: Uint8Array): Uint8Array {
  if (dictionarySha256.length !== 32) throw new Error('a dictionary hash is 32 bytes of SHA-256');
  const out = new Uint8Array(DCZ_HEADER_LENGTH);
  out.set(DCZ_MAGIC, 0);
  out.set(dictionarySha256, DCZ_MAGIC.length);
  return out;
}

/** The dictionary hash a dcz body was made with, or undefined when it does not start with a dcz header. */
export function dczDictionaryHash(body: Uint8Array): Uint8Array | undefined {
  if (body.length < DCZ_HEADER_LENGTH || DCZ_MAGIC.some((b, i) => body[i] !== b)) return undefined;
  return body.subarray(DCZ_MAGIC.length, DCZ_HEADER_LENGTH);
}

/**
 * The hash an `Available-Dictionary` request header names: an RFC 8941 byte sequence (`:base64:`) of
 * 32 bytes; undefined for anything else.
 */
export function availableDictionaryHash(header: string | null | undefined): Uint8Array | undefined {
  const m = /^\s*:([A-Za-z0-9+/]{43}=):\s*$/.exec(header ?? '');
  if (!m) return undefined;
  const bytes = Uint8Array.from(atob(m[1] as string), (c) => c.charCodeAt(0));
  return bytes.length === 32 ? bytes : undefined;
}

/** Whether an Accept-Encoding header accepts a coding (listed, and not with q=0). */
export function acceptsCoding(acceptEncoding: string | null | undefined, coding: string): boolean {
  return (acceptEncoding ?? '').split(',').some((part) => {
    const [name, ...params] = part.split(';').map((p) => p.trim().toLowerCase());
    const q = params.find((p) => p.startsWith('q='));
    return name === coding && !(q !== undefined && Number(q.slice(2)) === 0);
  });
}

/** Whether the request allows a dcz answer made with the dictionary of that hash. */
export function acceptsDcz(acceptEncoding: string | null | undefined, available: string | null | undefined, made: Uint8Array): boolean {
  if (!acceptsCoding(acceptEncoding, 'dcz')) return false;
  const asked = availableDictionaryHash(available);
  return asked !== undefined && asked.length === made.length && asked.every((b, i) => b === made[i]);
}

/** The Vary of a page that has a .dcz sibling: its answer depends on both request headers. */
export const DCZ_VARY = 'Accept-Encoding, Available-Dictionary';

/**
 * The one rule for answering a page that may have a .dcz sibling, shared by every host we run (the
 * local server, functions/static.ts, and the Cloudflare Worker, edge/cloudflare/worker.ts):
 * `siblingHead` is the sibling's first DCZ_HEADER_LENGTH bytes (or more), undefined when there is no
 * sibling. `vary`: the sibling is a dcz body, so the answer depends on Accept-Encoding and
 * Available-Dictionary (send DCZ_VARY). `dcz`: send the sibling as it is with `Content-Encoding: dcz`;
 * only when the request accepts dcz and names exactly the dictionary the sibling was made with
 * (another one, a stale one, breaks the page), else the page itself.
 */
export function dczAnswer(
  acceptEncoding: string | null | undefined,
  availableDictionary: string | null | undefined,
  siblingHead: Uint8Array | undefined,
): { dcz: boolean; vary: boolean } {
  const made = siblingHead ? dczDictionaryHash(siblingHead) : undefined;
  if (!made) return { dcz: false, vary: false };
  return { dcz: acceptsDcz(acceptEncoding, availableDictionary, made), vary: true };
}

/** The dictionary's first line names its source cars and their pages' lengths, so a later build can tell whether it is still their current pages. */
const SOURCES_LINE = /^<!--car-dictionary ([^>\n]*)-->\n/;

/** The dictionary of these car pages: a line naming them, then the pages as they are. */
export function dictionaryBytes(sources: readonly { id: string; page: Uint8Array }[]): Uint8Array {
  const line = new TextEncoder().encode(`<!--car-dictionary ${sources.map((s) => `${encodeURIComponent(s.id)}:${s.page.length}`).join(' ')}-->\n`);
  const out = new Uint8Array(line.length + sources.reduce((n, s) => n + s.page.length, 0));
  out.set(line, 0);
  let at = line.length;
  for (const s of sources) {
    out.set(s.page, at);
    at += s.page.length;
  }
  return out;
}

/** The source cars and their pages a dictionary was made of, or undefined when it is not one of ours. */
export function dictionarySources(dictionary: Uint8Array): { id: string; page: Uint8Array }[] | undefined {
  const head = new TextDecoder().decode(dictionary.subarray(0, 4096));
  const m = SOURCES_LINE.exec(head);
  if (!m) return undefined;
  let at = new TextEncoder().encode(m[0]).length;
  const out: { id: string; page: Uint8Array }[] = [];
  for (const part of (m[1] as string).split(' ')) {
    const pm = /^([^:]+):(\d+)$/.exec(part);
    if (!pm) return undefined;
    const length = Number(pm[2]);
    if (at + length > dictionary.length) return undefined;
    out.push({ id: decodeURIComponent(pm[1] as string), page: dictionary.subarray(at, at + length) });
    at += length;
  }
  return at === dictionary.length && out.length > 0 ? out : undefined;
}

/**
 * The car pages the dictionary is made of: up to three listed, available cars of different kinds
 * (new or demo, used, then any), the lowest ids first, so the same stock gives the same dictionary
 * (an incremental build's site equals a full build's) and a night's new arrivals rarely change it.
 */
export function dictionaryCars<T extends { id: string; slug: string; car_type: string }>(available: readonly T[], count = 3): T[] {
  const byId = [...available].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  const picked: T[] = [];
  const take = (pred: (c: T) => boolean) => {
    const c = byId.find((x) => pred(x) && !picked.includes(x));
    if (c && picked.length < count) picked.push(c);
  };
  take((c) => c.car_type !== 'used');
  take((c) => c.car_type === 'used');
  while (picked.length < Math.min(count, byId.length)) take(() => true);
  return picked;
}
