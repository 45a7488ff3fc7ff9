import { createHash } from 'node:crypto';
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { zstdDecompressSync } from 'node:zlib';
import { DCZ_HEADER_LENGTH, DCZ_SUFFIX, DICTIONARY_PATH, dczDictionaryHash } from '../../src/lib/site/dictionary.ts';

/** Every file under a folder, by path relative to `base`, with the sha256 of its content. */
export function hashTree(dir: string, base = dir): Record<string, string> {
  const out: Record<string, string> = {};
  const walk = (d: string) => {
    for (const name of readdirSync(d)) {
      const p = join(d, name);
      if (statSync(p).isDirectory()) walk(p);
      else out[relative(base, p)] = createHash('sha256').update(readFileSync(p)).digest('hex');
    }
  };
  walk(dir);
  return out;
}

/**
 * A built site as its pages are: hashTree, except that each dictionary-compressed page
 * (`*.html.dcz`, src/lib/site/dictionary.ts) counts as what it decodes to with the site's dictionary,
 * and the dictionary itself is left out. Two builds of the same pages may hold different dictionaries
 * (an incremental night keeps the published one); what a shopper receives is the same. A .dcz that
 * does not decode to its page is recorded as such, so the comparison fails.
 */
export function siteTree(dir: string): Record<string, string> {
  const all = hashTree(dir);
  const dictFile = join(dir, DICTIONARY_PATH);
  const dictionary = existsSync(dictFile) ? readFileSync(dictFile) : undefined;
  delete all[relative(dir, dictFile)];
  for (const rel of Object.keys(all)) {
    if (!rel.endsWith(`.html${DCZ_SUFFIX}`)) continue;
    const body = readFileSync(join(dir, rel));
    let decoded: Buffer | undefined;
    try {
      decoded = dictionary ? zstdDecompressSync(body.subarray(DCZ_HEADER_LENGTH), { dictionary }) : undefined;
    } catch {
      decoded = undefined;
    }
    const page = rel.slice(0, -DCZ_SUFFIX.length);
    // Made with this site's dictionary (its header names it), or the host would never send it.
    const made = dczDictionaryHash(body);
    const ours = dictionary !== undefined && made !== undefined && Buffer.from(made).equals(createHash('sha256').update(dictionary).digest());
    all[rel] = ours && decoded && all[page] === createHash('sha256').update(decoded).digest('hex') ? `decodes to ${page}` : `DOES NOT DECODE to ${page}`;
  }
  return all;
}
