/**
 * The vehicle pages' compression dictionary (src/lib/site/dictionary.ts): after the pages are written,
 * `_dict/cars.dict` is made of a few of the site's own car pages, and every car page gets its
 * dictionary-compressed sibling `index.html.dcz` (zstd level 9 with the dictionary: ~0.5 ms a page).
 * Written every build for every car page, rendered or copied. An incremental night keeps the published
 * dictionary; a full render makes it again from the pages (the same stock, the same dictionary).
 * Two builds' .dcz files are compared by what they decode to (tests/build/tree-hash.ts siteTree).
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { constants, zstdCompressSync } from 'node:zlib';
import { DCZ_SUFFIX, DICTIONARY_PATH, dczHeader, dictionaryCars } from '../../../src/lib/site/dictionary.ts';
import { availableVehicles } from '../../../src/lib/site/site-model.ts';
import type { BuildOutput } from './index.ts';

const LEVEL = 9;

export const dictionaryOutput: BuildOutput = {
  name: 'dictionary',

  write({ model, siteOut, log, previousSite }) {
    const page = (slug: string) => join(siteOut, 'cars', slug, 'index.html');
    const sources = dictionaryCars(availableVehicles(model, model.vehicles).filter((c) => existsSync(page(c.slug))));
    if (sources.length === 0) return;
    // An incremental night keeps the published dictionary (its pages' layout is the same: what every
    // page reads did not change), so a car's .dcz changes only when its page does and a shopper's
    // browser keeps the dictionary it has. A full render makes a new one.
    const published = previousSite ? join(previousSite, DICTIONARY_PATH) : undefined;
    const kept = published !== undefined && existsSync(published);
    const dictionary = kept ? readFileSync(published) : Buffer.concat(sources.map((c) => readFileSync(page(c.slug))));
    const file = join(siteOut, DICTIONARY_PATH);
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, dictionary);
    const header = dczHeader(createHash('sha256').update(dictionary).digest());
    let pages = 0;
    let raw = 0;
    let packed = 0;
    for (const car of model.vehicles) {
      const html = page(car.slug);
      if (!existsSync(html)) continue;
      const bytes = readFileSync(html);
      const body = zstdCompressSync(bytes, { dictionary, params: { [constants.ZSTD_c_compressionLevel]: LEVEL } });
      writeFileSync(html + DCZ_SUFFIX, Buffer.concat([header, body]));
      pages++;
      raw += bytes.length;
      packed += header.length + body.length;
    }
    log(
      `dictionary: ${DICTIONARY_PATH} ${kept ? 'kept from the published build' : `from ${sources.length} car page(s)`} (${Math.round(dictionary.length / 1024)} KB); ${pages} car pages compressed with it, ${pages ? Math.round(packed / pages) : 0} bytes a page (${pages ? Math.round(raw / pages / 1024) : 0} KB raw)`,
    );
  },
};
