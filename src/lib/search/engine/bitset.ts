/** A fixed-size set of document positions, 32 per word. */
export class Bitset {
  readonly size: number;
  readonly words: Uint32Array;
  constructor(size: number) {
    this.size = size;
    this.words = new Uint32Array((size + 31) >>> 5);
  }

  static full(size: number): Bitset {
    const b = new Bitset(size);
    b.words.fill(0xffffffff);
    const rest = size & 31;
    if (rest) b.words[b.words.length - 1] = (1 << rest) - 1;
    return b;
  }

  add(i: number): void {
    this.words[i >>> 5] = (this.words[i >>> 5] as number) | (1 << (i & 31));
  }

  has(i: number): boolean {
    return ((this.words[i >>> 5] as number) & (1 << (i & 31))) !== 0;
  }

  /** this |= a & b */
  orAnd(a: Bitset, b: Bitset): void {
    const w = this.words;
    const x = a.words;
    const y = b.words;
    for (let i = 0; i < w.length; i++) w[i] = (w[i] as number) | ((x[i] as number) & (y[i] as number));
  }
}
