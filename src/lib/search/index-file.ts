import { createHash } from 'node:crypto';

/** The embedded index's file name: its content hash, so a rebuilt index never meets a stale cache. */
export function indexFileName(json: string): string {
  return `${createHash('sha256').update(json).digest('hex').slice(0, 12)}.json`;
}

export const INDEX_URL_PREFIX = '/search-index/';
