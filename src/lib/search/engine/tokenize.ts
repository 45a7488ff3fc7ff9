/**
 * The one tokenizer both backends see. Documents carry a pre-tokenized `search_text` and every query is
 * normalised the same way before it reaches either engine, so Meilisearch's own segmentation (camelCase
 * splits, language detection) never makes the two backends disagree.
 */

/** Lower-case ASCII words: accents folded, everything that is not a letter or digit separates words. */
export function tokenize(text: string): string[] {
  const folded = text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();
  return folded.split(/[^a-z0-9]+/).filter((t) => t !== '');
}

/** Meilisearch considers the first 10 words of a query. */
export const MAX_QUERY_WORDS = 10;

export interface ParsedQuery {
  words: string[];
  /** The last word is a prefix unless the query ends with a separator ("hilux " is not a prefix). */
  lastIsPrefix: boolean;
}

export function parseQuery(query: string): ParsedQuery {
  const words = tokenize(query).slice(0, MAX_QUERY_WORDS);
  const trimmedEnd = query.normalize('NFKD').replace(/[\u0300-\u036f]/g, '');
  const endsWithWordChar = /[a-z0-9]$/i.test(trimmedEnd);
  return { words, lastIsPrefix: words.length > 0 && endsWithWordChar && tokenize(query).length <= MAX_QUERY_WORDS };
}

/**
 * The query string sent to both backends: the words joined by single spaces, with a trailing space
 * kept when the shopper's query ended with a separator (so the last word is not a prefix on either).
 */
export function normaliseQuery(query: string): string {
  const { words, lastIsPrefix } = parseQuery(query);
  if (words.length === 0) return '';
  return words.join(' ') + (lastIsPrefix ? '' : ' ');
}
