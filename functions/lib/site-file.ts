/** Reads a built site's file by its site path (<dist>/<slug>/<path>), never outside that folder. */
import { readFile } from 'node:fs/promises';
import { resolve, sep } from 'node:path';
import type { SiteFileReader } from '../context.ts';

export function distFileReader(dist: string): SiteFileReader {
  return async (slug, path) => {
    const root = resolve(dist, slug);
    let file: string;
    try {
      file = resolve(root, `.${decodeURIComponent(new URL(path, 'http://x').pathname)}`);
    } catch {
      return undefined;
    }
    if (!file.startsWith(root + sep)) return undefined;
    try {
      return new Uint8Array(await readFile(file));
    } catch {
      return undefined;
    }
  };
}
