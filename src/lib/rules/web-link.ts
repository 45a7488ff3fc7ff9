/**
 * Which addresses from a stock export may become a link on the site (issue 27): only absolute
 * http and https URLs. A `javascript:`, `data:` or `vbscript:` value (or anything else that is not
 * a web address) in `external_video_url` or `file` is no link at all: the page leaves the link out.
 * Decided here once; every place that writes such a link reads it.
 */
export function webLink(value: string | null | undefined): string | undefined {
  if (typeof value !== 'string') return undefined;
  // The URL parser strips leading and trailing C0 controls and spaces, and tabs and newlines anywhere, as browsers do.
  const trimmed = value.trim();
  if (!trimmed || !URL.canParse(trimmed)) return undefined;
  const url = new URL(trimmed);
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return undefined;
  if (!url.hostname) return undefined;
  return trimmed;
}
