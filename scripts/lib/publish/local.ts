/**
 * The built site on disk (<out>/<slug>/), file by file: path, size, SHA-256 (what the manifest compares),
 * MD5 (what an S3 ETag of a single-part upload is, for a bucket published before there was a manifest),
 * and the headers it is sent with.
 */
import { createHash } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { cacheControlFor, contentTypeFor, phaseOf, type Phase } from './content.ts';
import { mapLimit } from '../pool.ts';

/** The manifest's name, in the tenant's folder of the bucket; a site may not contain a file of that name. */
export const MANIFEST_NAME = '.publish-manifest.json';

/** Limits that keep a walk of a wrong folder (`--out /`) from running away. */
export const MAX_SITE_FILES = 500_000;
const MAX_DEPTH = 40;

export interface LocalFile {
  /** Path inside the site, `/`-separated, no leading slash: `cars/x/index.html`. */
  rel: string;
  abs: string;
  size: number;
  sha256: string;
  md5: string;
  contentType: string;
  cacheControl: string;
  phase: Phase;
}

export function digest(bytes: Uint8Array): { sha256: string; md5: string } {
  return { sha256: createHash('sha256').update(bytes).digest('hex'), md5: createHash('md5').update(bytes).digest('hex') };
}

/**
 * Host configuration the build writes beside the pages, never content: Netlify's and Cloudflare
 * Pages' `_headers` (issue 27). It is not published into the bucket (a bucket host would serve it as
 * a page); a CloudFront or other bucket host takes its headers from its own configuration (docs/functions.md).
 */
export const HOST_CONFIG_FILES: ReadonlySet<string> = new Set(['_headers']);

/** Every regular file under `root` to publish, sorted by path (host configuration left out). Symlinks and other special files are an error. */
export async function listSiteFiles(root: string): Promise<string[]> {
  const out: string[] = [];
  const stack: { dir: string; rel: string; depth: number }[] = [{ dir: root, rel: '', depth: 0 }];
  while (stack.length > 0) {
    const { dir, rel, depth } = stack.pop()!;
    if (depth > MAX_DEPTH) throw new Error(`${dir}: more than ${MAX_DEPTH} folders deep; is --out the build's output folder?`);
    for (const entry of await readdir(dir, { withFileTypes: true })) {
      const childRel = rel ? `${rel}/${entry.name}` : entry.name;
      if (entry.isDirectory()) stack.push({ dir: join(dir, entry.name), rel: childRel, depth: depth + 1 });
      else if (entry.isFile()) {
        if (rel === '' && HOST_CONFIG_FILES.has(entry.name)) continue;
        out.push(childRel);
        if (out.length > MAX_SITE_FILES) throw new Error(`${root}: more than ${MAX_SITE_FILES} files; is --out the build's output folder?`);
      } else throw new Error(`${join(dir, entry.name)}: not a regular file or folder (a symlink?); a published site holds only files`);
    }
  }
  return out.sort();
}

/** Reads and hashes every file of the site, `concurrency` at a time. */
export async function scanSite(root: string, concurrency = 8): Promise<LocalFile[]> {
  const rels = await listSiteFiles(root);
  if (rels.includes(MANIFEST_NAME)) throw new Error(`${join(root, MANIFEST_NAME)}: that name is reserved for the publish manifest`);
  return mapLimit(rels, concurrency, async (rel) => {
    const abs = join(root, ...rel.split('/'));
    const bytes = await readFile(abs);
    return {
      rel,
      abs,
      size: bytes.length,
      ...digest(bytes),
      contentType: contentTypeFor(rel, bytes),
      cacheControl: cacheControlFor(rel),
      phase: phaseOf(rel),
    };
  });
}

/**
 * A release's id: a hash of every file's path, bytes and headers. The same build gives the same id, so
 * a publish stopped half way and run again recognises its own slot and sends only what is missing.
 */
export function releaseId(files: readonly Pick<LocalFile, 'rel' | 'sha256' | 'contentType' | 'cacheControl'>[]): string {
  const h = createHash('sha256');
  for (const f of [...files].sort((a, b) => (a.rel < b.rel ? -1 : a.rel > b.rel ? 1 : 0))) {
    h.update(`${f.rel}\0${f.sha256}\0${f.contentType}\0${f.cacheControl}\n`);
  }
  return h.digest('hex').slice(0, 16);
}
