/**
 * A tenant's photo ledger: a short hash of every photo reference its live release shows, kept in the
 * bucket beside its releases (<prefix><slug>/_meta/photos.json). The night's plan compares it with the
 * references in tonight's export to count the photos not processed yet (the work that decides the
 * shards and whether photo jobs run first), without asking the photo store about each photo.
 *
 * 12 hex digits a reference: 6,000 photos are 90 KB, and a false match (a new photo taken for a known
 * one) is one in 2^48 per pair, harmless for an estimate.
 */
import { createHash } from 'node:crypto';
import { META, tenantBase } from '../publish/layout.ts';

/** The ledger's file in the tenant's build folder (<out>/_build/<slug>/), written by the build. */
export const PHOTO_LEDGER_FILE = 'photos.json';

export interface PhotoLedger {
  version: 1;
  /** Sorted short hashes of the photo references of the listed cars. */
  photos: string[];
}

export const photoLedgerKey = (prefix: string, slug: string): string => `${tenantBase(prefix, slug)}${META}photos.json`;

export function photoRef(source: string): string {
  return createHash('sha256').update(source.trim()).digest('hex').slice(0, 12);
}

export function makeLedger(sources: Iterable<string>): PhotoLedger {
  return { version: 1, photos: [...new Set([...sources].map(photoRef))].sort() };
}

export function parseLedger(text: string | undefined): Set<string> | undefined {
  if (text === undefined) return undefined;
  try {
    const v = JSON.parse(text) as { version?: unknown; photos?: unknown };
    if (v.version !== 1 || !Array.isArray(v.photos)) return undefined;
    return new Set(v.photos.filter((p): p is string => typeof p === 'string'));
  } catch {
    return undefined;
  }
}

/** Tonight's references not in the ledger: the photos a build would have to process. */
export function newPhotos(sources: Iterable<string>, ledger: Set<string> | undefined): number {
  let n = 0;
  for (const s of new Set(sources)) if (!ledger?.has(photoRef(s))) n++;
  return n;
}
