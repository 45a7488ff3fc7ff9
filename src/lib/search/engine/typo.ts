/**
 * Meilisearch's word-matching rules (milli's query terms), so the embedded engine finds the same
 * documents: 0 typos under 5 characters, 1 from 5, 2 from 9; a typo on the first letter costs 2;
 * a transposition is one typo; the last word of a query also matches as a prefix, typos included.
 */

export const MIN_WORD_LEN_ONE_TYPO = 5;
export const MIN_WORD_LEN_TWO_TYPOS = 9;
/** Derivation caps, as in milli's limits.rs (candidates are visited in byte order). */
export const MAX_PREFIX_COUNT = 1000;
export const MAX_ONE_TYPO_COUNT = 150;
export const MAX_TWO_TYPOS_COUNT = 50;
/**
 * Prefixes of up to 4 letters shared by at least 100 words have their own prefix database in
 * Meilisearch (milli's words prefixes FST), which has no derivation cap.
 */
export const PREFIX_DB_MAX_LENGTH = 4;
export const PREFIX_DB_THRESHOLD = 100;

export function typosAllowed(word: string): 0 | 1 | 2 {
  const n = [...word].length;
  return n < MIN_WORD_LEN_ONE_TYPO ? 0 : n < MIN_WORD_LEN_TWO_TYPOS ? 1 : 2;
}

interface NfaState {
  offset: number;
  distance: number;
  transpose: boolean;
}

/** levenshtein_automata's subsumption: `a` makes `b` redundant. */
function implies(a: NfaState, b: NfaState): boolean {
  const delta = Math.abs(a.offset - b.offset);
  return a.transpose || !b.transpose ? b.distance >= a.distance + delta : b.distance > a.distance + delta;
}

function addState(states: NfaState[], s: NfaState): void {
  if (states.some((x) => implies(x, s))) return;
  for (let i = states.length - 1; i >= 0; i--) if (implies(s, states[i] as NfaState)) states.splice(i, 1);
  states.push(s);
}

/**
 * The distance Meilisearch's Levenshtein automaton (the levenshtein_automata crate, transpositions on)
 * reports for word `w` against query word `q` with at most `max` typos, or max + 1 for no match. It
 * simulates the crate's NFA step by step, including how its prefix automaton stops early ("prefix
 * sink"): that is not exactly the minimum distance over prefixes of `w`, and search results depend on it.
 */
export function automatonDistance(q: string, w: string, max: number, prefix: boolean): number {
  const m = q.length;
  const diameter = 2 * max + 1;
  const distances = (states: NfaState[], base: number): number[] => {
    const out: number[] = [];
    for (let o = 0; o < diameter; o++) {
      let best = max + 1;
      for (const s of states) {
        const d = s.distance + Math.abs(o - (s.offset - base));
        if (d <= max && d < best) best = d;
      }
      out.push(best);
    }
    return out;
  };
  const finalDistance = (states: NfaState[]): number => {
    if (states.length === 0) return max + 1;
    const base = Math.min(...states.map((s) => s.offset));
    const remaining = m - base;
    if (remaining < 0 || remaining >= diameter) return max + 1;
    return distances(states, base)[remaining] as number;
  };
  const isPrefixSink = (states: NfaState[]): boolean => {
    if (states.length === 0) return true;
    const base = Math.min(...states.map((s) => s.offset));
    const remaining = m - base;
    if (remaining < 0 || remaining >= diameter) return false;
    const d = distances(states, base);
    const at = d[remaining] as number;
    if (at > max) return false;
    for (let o = 0; o < remaining; o++) if ((d[o] as number) < at) return false;
    return true;
  };
  let states: NfaState[] = [{ offset: 0, distance: 0, transpose: false }];
  for (let k = 0; k < w.length; k++) {
    if (prefix && isPrefixSink(states)) return finalDistance(states);
    const c = w.charCodeAt(k);
    const next: NfaState[] = [];
    for (const s of states) {
      const bit = (i: number) => s.offset + i < m && q.charCodeAt(s.offset + i) === c;
      if (s.distance < max) {
        addState(next, { offset: s.offset, distance: s.distance + 1, transpose: false });
        addState(next, { offset: s.offset + 1, distance: s.distance + 1, transpose: false });
        for (let d = 1; d < max + 1 - s.distance; d++)
          if (bit(d)) addState(next, { offset: s.offset + 1 + d, distance: s.distance + d, transpose: false });
        if (bit(1)) addState(next, { offset: s.offset, distance: s.distance + 1, transpose: true });
      }
      if (bit(0)) addState(next, { offset: s.offset + 1, distance: s.distance, transpose: false });
      if (s.transpose && bit(0)) addState(next, { offset: s.offset + 2, distance: s.distance, transpose: false });
    }
    states = next;
    if (states.length === 0) return max + 1;
  }
  return finalDistance(states);
}

export interface Derivations {
  /** Vocabulary words the term matches (exact, prefix and typo derivations). */
  words: string[];
  /** The best split of the word into two adjacent words, when the index has that pair. */
  split?: [string, string] | undefined;
}

/**
 * The words of a sorted vocabulary one query term matches under milli's rules. `vocabulary` must be
 * sorted in byte order (ASCII here), like Meilisearch's FST, because the derivation caps keep the
 * first words in that order.
 */
export function deriveWords(word: string, maxTypos: number, isPrefix: boolean, vocabulary: readonly string[], has: (w: string) => boolean): string[] {
  const out: string[] = [];
  if (has(word)) out.push(word);
  if (isPrefix) {
    const from = lowerBound(vocabulary, word);
    let total = 0;
    while (from + total < vocabulary.length && (vocabulary[from + total] as string).startsWith(word)) total++;
    const cap = [...word].length <= PREFIX_DB_MAX_LENGTH && total >= PREFIX_DB_THRESHOLD ? Infinity : MAX_PREFIX_COUNT;
    let count = 0;
    for (let i = from; i < vocabulary.length && count < cap; i++) {
      const w = vocabulary[i] as string;
      if (!w.startsWith(word)) break;
      if (w !== word) {
        out.push(w);
        count++;
      }
    }
  }
  if (maxTypos === 0) return out;
  const first = word[0] ?? '';
  let one = 0;
  let two = 0;
  for (const w of vocabulary) {
    if (maxTypos === 1) {
      if (w[0] !== first || one >= MAX_ONE_TYPO_COUNT) continue;
      if (automatonDistance(word, w, 1, isPrefix) === 1) {
        out.push(w);
        one++;
      }
    } else {
      if (one >= MAX_ONE_TYPO_COUNT && two >= MAX_TWO_TYPOS_COUNT) break;
      if (w[0] !== first) {
        // A typo on the first letter counts as two.
        if (two < MAX_TWO_TYPOS_COUNT && automatonDistance(word, w, 1, isPrefix) <= 1) {
          out.push(w);
          two++;
        }
        continue;
      }
      const d = automatonDistance(word, w, 2, isPrefix);
      if (d === 1 && one < MAX_ONE_TYPO_COUNT) {
        out.push(w);
        one++;
      } else if (d === 2 && two < MAX_TWO_TYPOS_COUNT) {
        out.push(w);
        two++;
      }
    }
  }
  return out;
}

export function lowerBound(sorted: readonly string[], key: string): number {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if ((sorted[mid] as string) < key) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}
