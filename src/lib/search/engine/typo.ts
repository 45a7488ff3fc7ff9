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
        for (let d = 1; d < max + 1 - s.distance; d++) if (bit(d)) addState(next, { offset: s.offset + 1 + d, distance: s.distance + d, transpose: false });
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
/**
 * A fast lower bound of automatonDistance (plain restricted Damerau-Levenshtein, to the closest
 * prefix of `w` in prefix mode), used to skip most of the vocabulary before the exact simulation.
 */
let rowA = new Int32Array(64);
let rowB = new Int32Array(64);
let rowC = new Int32Array(64);
export function distanceLowerBound(q: string, w: string, max: number, prefix: boolean): number {
  const m = q.length;
  const n = prefix ? Math.min(w.length, m + max) : w.length;
  if (!prefix && Math.abs(m - n) > max) return max + 1;
  if (prefix && n < m - max) return max + 1;
  if (rowA.length <= n) {
    rowA = new Int32Array(n * 2 + 1);
    rowB = new Int32Array(n * 2 + 1);
    rowC = new Int32Array(n * 2 + 1);
  }
  let prev2 = rowA;
  let prev = rowB;
  let cur = rowC;
  for (let j = 0; j <= n; j++) prev[j] = j;
  for (let i = 1; i <= m; i++) {
    cur[0] = i;
    let rowMin = i;
    const qc = q.charCodeAt(i - 1);
    for (let j = 1; j <= n; j++) {
      const wc = w.charCodeAt(j - 1);
      let d = Math.min((prev[j] as number) + 1, (cur[j - 1] as number) + 1, (prev[j - 1] as number) + (qc === wc ? 0 : 1));
      if (i > 1 && j > 1 && qc === w.charCodeAt(j - 2) && q.charCodeAt(i - 2) === wc) d = Math.min(d, (prev2[j - 2] as number) + 1);
      cur[j] = d;
      if (d < rowMin) rowMin = d;
    }
    if (rowMin > max) return max + 1;
    const t = prev2;
    prev2 = prev;
    prev = cur;
    cur = t;
  }
  if (!prefix) return Math.min(prev[n] as number, max + 1);
  let best = max + 1;
  for (let j = 0; j <= n; j++) if ((prev[j] as number) < best) best = prev[j] as number;
  return best;
}

/** automatonDistance, after the cheap bound has ruled the word in. */
function typoDistance(q: string, w: string, max: number, prefix: boolean): number {
  return distanceLowerBound(q, w, max, prefix) > max ? max + 1 : automatonDistance(q, w, max, prefix);
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
  // Words starting with the query's first letter form one run of the sorted vocabulary.
  const sameFrom = lowerBound(vocabulary, first);
  const sameTo = lowerBound(vocabulary, String.fromCharCode(first.charCodeAt(0) + 1));
  let one = 0;
  let two = 0;
  if (maxTypos === 1) {
    for (let i = sameFrom; i < sameTo && one < MAX_ONE_TYPO_COUNT; i++) {
      const w = vocabulary[i] as string;
      if (typoDistance(word, w, 1, isPrefix) === 1) {
        out.push(w);
        one++;
      }
    }
    return out;
  }
  // Two typos: same first letter within 2, or another first letter within 1 (a first-letter typo costs 2),
  // visited in byte order with both caps, as milli's union automaton does.
  for (let i = 0; i < vocabulary.length; i++) {
    if (one >= MAX_ONE_TYPO_COUNT && two >= MAX_TWO_TYPOS_COUNT) break;
    const w = vocabulary[i] as string;
    if (i < sameFrom || i >= sameTo) {
      if (two < MAX_TWO_TYPOS_COUNT && typoDistance(word, w, 1, isPrefix) <= 1) {
        out.push(w);
        two++;
      }
      continue;
    }
    const d = typoDistance(word, w, 2, isPrefix);
    if (d === 1 && one < MAX_ONE_TYPO_COUNT) {
      out.push(w);
      one++;
    } else if (d === 2 && two < MAX_TWO_TYPOS_COUNT) {
      out.push(w);
      two++;
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
