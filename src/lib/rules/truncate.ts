/** Offer disclaimers and blog descriptions on cards are cut at 100 characters. */
export const CARD_TEXT_LIMIT = 100;

/**
 * The first `limit` characters followed by "...", or the text unchanged when it fits. Whitespace at
 * the cut is dropped so the ellipsis never follows a space.
 */
export function truncateText(text: string, limit = CARD_TEXT_LIMIT): string {
  const t = text.trim();
  if (t.length <= limit) return t;
  return `${t.slice(0, limit).trimEnd()}...`;
}
