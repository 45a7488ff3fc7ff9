/**
 * Text lengths a stock record may carry (issue 27). The spec sets none for export fields; these are
 * far past any real dealer's text and bound what one hostile or broken cell costs: a megabyte comment
 * would be in every render of the car's page, its search document and its PDF. Dealer comments get
 * room for a long description; every other text field is a name, a label or a code. Web addresses are
 * left whole (a cut address is a broken link; the photo fetcher bounds what it fetches), and a list
 * (features, photos) keeps its first LIST_ITEMS_MAX entries.
 */
export const LONG_TEXT_MAX = 20_000;
export const TEXT_MAX = 1_000;
export const LIST_ITEMS_MAX = 500;

/** Fields whose text is the dealer's prose (mapped names, as the record carries them). */
const LONG_TEXT_FIELDS = new Set(['dealercomments', 'comments', 'description', 'dealer_comments']);

/** The most characters a field's text may have. */
export function textLimit(field: string): number {
  return LONG_TEXT_FIELDS.has(field.toLowerCase()) ? LONG_TEXT_MAX : TEXT_MAX;
}

const isAddress = (s: string) => /^https?:\/\//i.test(s);

function cutText(s: string, max: number): string {
  if (s.length <= max || isAddress(s)) return s;
  // At the last space in the last tenth, so a word is not split where one is near.
  const space = s.lastIndexOf(' ', max);
  return `${s.slice(0, space > max * 0.9 ? space : max).trimEnd()}…`;
}

/**
 * The record with over-long texts cut (at a space near the limit, marked with an ellipsis) and
 * over-long lists shortened, and the fields that were (so the build can say so once per field).
 */
export function capRecordText(record: Record<string, unknown>): { record: Record<string, unknown>; cut: string[] } {
  const cut: string[] = [];
  const out: Record<string, unknown> = {};
  for (const [field, value] of Object.entries(record)) {
    const max = textLimit(field);
    if (typeof value === 'string') {
      const c = cutText(value, max);
      if (c !== value) cut.push(field);
      out[field] = c;
    } else if (Array.isArray(value)) {
      const items = value.slice(0, LIST_ITEMS_MAX).map((x) => (typeof x === 'string' ? cutText(x, TEXT_MAX) : x));
      if (value.length > LIST_ITEMS_MAX || items.some((x, i) => x !== value[i])) cut.push(field);
      out[field] = items;
    } else out[field] = value;
  }
  return { record: out, cut };
}
