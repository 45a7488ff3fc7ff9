/**
 * What a night's publish uploads, by kind of file: for `npm run bench:build`, which says how many of a
 * site's files a stock change re-uploads and which pages they are (a car's own pages, the pages that
 * list it, or pages that should not have changed at all).
 */

/** A file's kind: its path with the car slug (cars/, print/), the search path and the model or band file replaced by `*`. */
export function uploadKind(rel: string): string {
  const parts = rel.split('/');
  const [top] = parts;
  // The gauges' model files and the similar cars' band files: /cars/_market/*, /cars/_similar/*.
  if (top === 'cars' && parts[1]?.startsWith('_')) return `cars/${parts[1]}/*`;
  if ((top === 'cars' || top === 'print') && parts.length > 2) return `${top}/*/${parts.slice(2).join('/')}`;
  if (parts.length === 1) return rel;
  if (top === 'img' || top === 'search' || top === 'search-index' || top === '_astro') return `${top}/*`;
  return `${top}/${parts.length > 2 ? '*/' : ''}${parts.at(-1)}`;
}

/** The files of `after` that are new or differ from `before` (path -> content hash), counted by kind, most first. */
export function changedByKind(before: Record<string, string>, after: Record<string, string>): { kind: string; files: number; example: string }[] {
  const kinds = new Map<string, { files: number; example: string }>();
  for (const [rel, hash] of Object.entries(after)) {
    if (before[rel] === hash) continue;
    const kind = uploadKind(rel.split('\\').join('/'));
    const k = kinds.get(kind);
    if (k) k.files++;
    else kinds.set(kind, { files: 1, example: rel });
  }
  return [...kinds].map(([kind, v]) => ({ kind, ...v })).sort((a, b) => b.files - a.files || a.kind.localeCompare(b.kind));
}

/** "N of M files (P%)", P to one decimal; and the share itself. */
export function uploadShare(upload: number, files: number): { text: string; percent: number } {
  const percent = files ? (upload / files) * 100 : 0;
  return { text: `${upload.toLocaleString('en-AU')} of ${files.toLocaleString('en-AU')} files (${percent.toFixed(1)}%)`, percent };
}
