/**
 * The vehicle pages' compression dictionary (src/lib/site/dictionary.ts): after the pages are written,
 * `_dict/cars.dict` is made of a few of the site's own car pages, and every car page gets its
 * dictionary-compressed sibling `index.html.dcz` (zstd level 9 with the dictionary: ~0.5 ms a page).
 * Written every build for every car page, rendered or copied. The published dictionary is kept while
 * it is still exactly its source cars' current pages; otherwise it is made again. While it is kept, a
 * car page that is byte for byte the published one keeps its published .dcz (linked, not compressed
 * again): the same page and dictionary make the same body, and a night keeps most pages (4,303 of
 * 4,487 on the bench tenant, where compressing them all again was about 8 s of the night).
 * Two builds' .dcz files are compared by what they decode to (tests/build/tree-hash.ts siteTree).
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { constants, zstdCompressSync } from 'node:zlib';
import { DCZ_SUFFIX, DICTIONARY_PATH, dczHeader, dictionaryBytes, dictionaryCars, dictionarySources } from '../../../src/lib/site/dictionary.ts';
import { availableVehicles } from '../../../src/lib/site/site-model.ts';
import { linkOrCopy } from '../incremental.ts';
import type { BuildOutput } from './index.ts';

const LEVEL = 9;

export const dictionaryOutput: BuildOutput = {
  name: 'dictionary',

  write({ model, siteOut, log, previousSite, report }) {
    const page = (slug: string) => join(siteOut, 'cars', slug, 'index.html');
    const sources = dictionaryCars(availableVehicles(model, model.vehicles).filter((c) => existsSync(page(c.slug))));
    if (sources.length === 0) return;
    // The published dictionary is kept while it is exactly its source cars' current pages (each still
    // available, its page unchanged): a car's .dcz then changes only when its page does, and a
    // shopper's browser keeps the dictionary it has. Otherwise (a source car changed, sold or gone, or
    // every page changed) it is made again, so it never shows a car or a price the site no longer does.
    const available = new Map(availableVehicles(model, model.vehicles).map((c) => [c.id, c]));
    const current = (id: string) => {
      const car = available.get(id);
      return car && existsSync(page(car.slug)) ? readFileSync(page(car.slug)) : undefined;
    };
    const publishedFile = previousSite ? join(previousSite, DICTIONARY_PATH) : undefined;
    const published = publishedFile && existsSync(publishedFile) ? readFileSync(publishedFile) : undefined;
    const publishedSources = published ? dictionarySources(published) : undefined;
    const kept = published !== undefined && publishedSources !== undefined && publishedSources.every((s) => current(s.id)?.equals(s.page) === true);
    const dictionary = kept ? published : Buffer.from(dictionaryBytes(sources.map((c) => ({ id: c.id, page: readFileSync(page(c.slug)) }))));
    const file = join(siteOut, DICTIONARY_PATH);
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, dictionary);
    const header = dczHeader(createHash('sha256').update(dictionary).digest());
    let pages = 0;
    let raw = 0;
    let packed = 0;
    let reused = 0;
    for (const car of model.vehicles) {
      const html = page(car.slug);
      if (!existsSync(html)) continue;
      const bytes = readFileSync(html);
      pages++;
      raw += bytes.length;
      const before = kept && previousSite ? join(previousSite, 'cars', car.slug, 'index.html') : undefined;
      if (before && existsSync(before + DCZ_SUFFIX) && existsSync(before) && readFileSync(before).equals(bytes)) {
        linkOrCopy(before + DCZ_SUFFIX, html + DCZ_SUFFIX);
        packed += statSync(html + DCZ_SUFFIX).size;
        reused++;
        continue;
      }
      const body = zstdCompressSync(bytes, { dictionary, params: { [constants.ZSTD_c_compressionLevel]: LEVEL } });
      writeFileSync(html + DCZ_SUFFIX, Buffer.concat([header, body]));
      packed += header.length + body.length;
    }
    if (report) report.dictionary = { kept, pages, compressed: pages - reused, reused };
    log(
      `dictionary: ${DICTIONARY_PATH} ${kept ? 'kept from the published build' : `from ${sources.length} car page(s)`} (${Math.round(dictionary.length / 1024)} KB); ${pages} car pages compressed with it${reused ? ` (${pages - reused} compressed now, ${reused} unchanged pages keep their published .dcz)` : ''}, ${pages ? Math.round(packed / pages) : 0} bytes a page (${pages ? Math.round(raw / pages / 1024) : 0} KB raw)`,
    );
  },
};
