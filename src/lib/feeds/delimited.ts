/**
 * Delimited text as both marketplaces read it: RFC 4180 (https://www.rfc-editor.org/rfc/rfc4180),
 * with a comma (Meta's CSV) or a tab (Google's TSV) as the separator. A field holding the separator,
 * a double quote, a carriage return or a line feed, or starting or ending with a space, is enclosed in
 * double quotes, and a double quote inside it is doubled: `Wheels 17" Alloy` -> `"Wheels 17"" Alloy"`.
 * Google's feed rules ask for exactly this (https://developers.google.com/cars-for-sale/help/feed-specification,
 * "Feed Format"); Meta's say the same for CSV and TSV
 * (https://developers.facebook.com/docs/marketing-api/auto-ads/reference, "Supported Feed Formats").
 * Lines end in CRLF, as RFC 4180 says.
 */
export type Separator = ',' | '\t';

export function quoteField(value: string, sep: Separator): string {
  const needs = value.includes(sep) || /["\r\n]/.test(value) || /^\s|\s$/.test(value);
  return needs ? `"${value.replace(/"/g, '""')}"` : value;
}

/** The file: a header line, then one line per row; a missing value is an empty field. */
export function toDelimited(headers: readonly string[], rows: readonly (readonly (string | undefined)[])[], sep: Separator): string {
  const line = (cells: readonly (string | undefined)[]) => cells.map((c) => quoteField(c ?? '', sep)).join(sep);
  return [line(headers), ...rows.map(line)].map((l) => `${l}\r\n`).join('');
}
