/**
 * Content types of a built site's files, by extension: one table for the local static server
 * (functions/static.ts), the publish (scripts/lib/publish/content.ts) and the edge Worker
 * (edge/cloudflare/worker.ts). Pure, no Node imports, so a Worker bundle can hold it.
 */

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.xml': 'application/xml; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  // The vehicle pages' compression dictionary: their HTML, as text so hosts compress it on the wire.
  '.dict': 'text/plain; charset=utf-8',
  // The marketplace feeds (docs/feeds.md): IANA's types for CSV (RFC 4180) and tab-separated values.
  '.csv': 'text/csv; charset=utf-8',
  '.tsv': 'text/tab-separated-values; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.ttf': 'font/ttf',
  '.webmanifest': 'application/manifest+json',
  '.pdf': 'application/pdf',
  '.mp4': 'video/mp4',
  '.webm': 'video/webm',
  '.wasm': 'application/wasm',
  '.map': 'application/json; charset=utf-8',
};

/** A file's Content-Type by its extension (the last `.` of its name), application/octet-stream when unknown. */
export function contentType(file: string): string {
  const name = file.slice(file.lastIndexOf('/') + 1);
  const dot = name.lastIndexOf('.');
  return (dot > 0 ? TYPES[name.slice(dot).toLowerCase()] : undefined) ?? 'application/octet-stream';
}
