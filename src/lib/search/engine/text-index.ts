import { parseQuery } from './tokenize.ts';
import { deriveWords, typosAllowed } from './typo.ts';
import { Bitset } from './bitset.ts';

/**
 * Word -> documents index over each document's token sequence, answering a query the way Meilisearch
 * does with matchingStrategy "all": every query word must match (exactly, as a prefix for the last
 * word, with typos by length, or split in two adjacent words), and 2- or 3-word runs of the query may
 * instead match their concatenation ("hi lux" finds "hilux").
 */
export class TextIndex {
  readonly n: number;
  /** Sorted vocabulary (byte order, like Meilisearch's FST). */
  readonly vocabulary: string[];
  private readonly postings = new Map<string, Int32Array>();
  /** Flat token-id sequences per document, for adjacency (split words). */
  private readonly seq: Int32Array;
  private readonly seqStart: Int32Array;
  private readonly ids = new Map<string, number>();
  private readonly termCache = new Map<string, Bitset>();

  constructor(tokensPerDoc: readonly (readonly string[])[]) {
    this.n = tokensPerDoc.length;
    const lists = new Map<string, number[]>();
    let total = 0;
    for (const toks of tokensPerDoc) total += toks.length;
    this.seq = new Int32Array(total);
    this.seqStart = new Int32Array(this.n + 1);
    let k = 0;
    tokensPerDoc.forEach((toks, doc) => {
      this.seqStart[doc] = k;
      for (const t of toks) {
        let id = this.ids.get(t);
        if (id === undefined) {
          id = this.ids.size;
          this.ids.set(t, id);
        }
        this.seq[k++] = id;
        let list = lists.get(t);
        if (!list) lists.set(t, (list = []));
        if (list[list.length - 1] !== doc) list.push(doc);
      }
    });
    this.seqStart[this.n] = k;
    for (const [t, list] of lists) this.postings.set(t, Int32Array.from(list));
    this.vocabulary = [...lists.keys()].sort();
  }

  private has = (w: string): boolean => this.postings.has(w);

  private docsOfWords(words: readonly string[]): Bitset {
    const set = new Bitset(this.n);
    for (const w of words) {
      const list = this.postings.get(w);
      if (list) for (let i = 0; i < list.length; i++) set.add(list[i] as number);
    }
    return set;
  }

  /** Documents where `left` is immediately followed by `right`. */
  private adjacentDocs(left: string, right: string): number[] {
    const l = this.ids.get(left);
    const r = this.ids.get(right);
    const out: number[] = [];
    if (l === undefined || r === undefined) return out;
    const a = this.postings.get(left) as Int32Array;
    for (let i = 0; i < a.length; i++) {
      const doc = a[i] as number;
      const end = this.seqStart[doc + 1] as number;
      for (let p = this.seqStart[doc] as number; p < end - 1; p++) {
        if (this.seq[p] === l && this.seq[p + 1] === r) {
          out.push(doc);
          break;
        }
      }
    }
    return out;
  }

  /** milli's split_best_frequency: the split whose two halves are adjacent in the most documents. */
  bestSplit(word: string): { pair: [string, string]; docs: number[] } | undefined {
    let best: { pair: [string, string]; docs: number[] } | undefined;
    for (let i = 1; i < word.length; i++) {
      const left = word.slice(0, i);
      const right = word.slice(i);
      if (!this.has(left) || !this.has(right)) continue;
      const docs = this.adjacentDocs(left, right);
      if (docs.length === 0) continue;
      if (!best || docs.length > best.docs.length) best = { pair: [left, right], docs };
    }
    return best;
  }

  /** Documents one query term matches: all its derivations, plus its split when allowed. */
  termDocs(word: string, maxTypos: number, isPrefix: boolean, ngramOf?: readonly string[]): Bitset {
    const key = `${word}\u0000${maxTypos}\u0000${isPrefix ? 1 : 0}\u0000${ngramOf ? ngramOf.join(' ') : ''}`;
    const cached = this.termCache.get(key);
    if (cached) return cached;
    const set = this.docsOfWords(deriveWords(word, maxTypos, isPrefix, this.vocabulary, this.has));
    const split = this.bestSplit(word);
    // An n-gram does not add the split that just gives back its own words.
    if (split && !(ngramOf && ngramOf.length === 2 && ngramOf[0] === split.pair[0] && ngramOf[1] === split.pair[1])) for (const d of split.docs) set.add(d);
    if (this.termCache.size > 200) this.termCache.clear();
    this.termCache.set(key, set);
    return set;
  }

  /** Documents matching the whole query, or undefined for an empty query (everything matches). */
  search(query: string): Bitset | undefined {
    const { words, lastIsPrefix } = parseQuery(query);
    const m = words.length;
    if (m === 0) return undefined;
    // reach[k]: documents whose positions 0..k-1 are all covered by matching terms.
    const reach: Bitset[] = [Bitset.full(this.n)];
    for (let k = 1; k <= m; k++) {
      const acc = new Bitset(this.n);
      for (let len = 1; len <= 3 && len <= k; len++) {
        const start = k - len;
        const parts = words.slice(start, k);
        const isPrefix = lastIsPrefix && k === m;
        const text = parts.join('');
        const typos = Math.max(0, typosAllowed(text) - (len - 1));
        const docs = this.termDocs(text, typos, isPrefix, len > 1 ? parts : undefined);
        acc.orAnd(reach[start] as Bitset, docs);
      }
      reach.push(acc);
    }
    return reach[m];
  }
}
