import { describe, expect, it } from 'vitest';
import { promoActive, promosForSearch, withPromos, type PromoPlacement } from '../../src/lib/search/promo.ts';

describe('promo cards', () => {
  const promo = (title: string, placement: PromoPlacement = {}): PromoPlacement & { title: string } => ({ title, ...placement });
  it('appear at the configured positions, the nth promo chosen cyclically (continuing across pages)', () => {
    const hits = Array.from({ length: 21 }, (_, i) => i);
    const [A, B, C] = [promo('A'), promo('B'), promo('C')];
    const grid = withPromos(hits, [5, 14, 30], [A, B]);
    expect(grid).toHaveLength(23);
    expect(grid[5]).toEqual({ kind: 'promo', promo: A, slot: 0 });
    expect(grid[14]).toEqual({ kind: 'promo', promo: B, slot: 1 });
    expect(grid[6]).toEqual({ kind: 'hit', hit: 5 });
    const page2 = withPromos(hits, [5, 14], [A, B, C], 2);
    expect(page2[5]).toEqual({ kind: 'promo', promo: C, slot: 2 });
    expect(page2[14]).toEqual({ kind: 'promo', promo: A, slot: 3 });
    expect(withPromos(hits, [5], [])).toHaveLength(21);
    expect(withPromos([], [0], [A])).toEqual([]);
  });
  it('a promo with its own position is pinned there on every page; the others fill the remaining positions in turn', () => {
    const hits = Array.from({ length: 21 }, (_, i) => i);
    const [A, B] = [promo('A'), promo('B')];
    const P = promo('P', { position: 5 });
    const grid = withPromos(hits, [5, 14], [A, P, B], 0);
    expect(grid[5]).toMatchObject({ kind: 'promo', promo: P });
    expect(grid[14]).toMatchObject({ kind: 'promo', promo: A, slot: 0 });
    expect(grid.filter((g) => g.kind === 'promo')).toHaveLength(2);
    const page2 = withPromos(hits, [5, 14], [A, P, B], 2);
    expect(page2[5]).toMatchObject({ promo: P });
    expect(page2[14]).toMatchObject({ promo: A, slot: 2 });
    // Pinned alone (no configured positions) still shows; a position past the page is left out.
    expect(withPromos(hits, [], [promo('Q', { position: 0 })])[0]).toMatchObject({ kind: 'promo' });
    expect(withPromos(hits.slice(0, 3), [], [promo('Q', { position: 9 })]).every((g) => g.kind === 'hit')).toBe(true);
  });
  it('display picks the searches a promo shows on; strict display keeps it off the unfiltered search', () => {
    const all = promo('all');
    const newer = promo('new', { display: ['new'] });
    const usedOnly = promo('used', { display: ['used'], strict_display: true });
    const titles = (carTypes: string[]) => promosForSearch([all, newer, usedOnly], carTypes).map((p) => p.title);
    expect(titles([])).toEqual(['all', 'new']);
    expect(titles(['new'])).toEqual(['all', 'new']);
    expect(titles(['used'])).toEqual(['all', 'used']);
    expect(titles(['demo'])).toEqual(['all']);
    expect(titles(['new', 'used'])).toEqual(['all', 'new', 'used']);
    expect(titles(['new', 'used', 'demo'])).toEqual(['all', 'new']);
  });
  it('a promo shows from its start day through its expiry day', () => {
    const p = { start: '2026-12-01', expires: '2026-12-24' };
    expect(promoActive(p, '2026-11-30')).toBe(false);
    expect(promoActive(p, '2026-12-01')).toBe(true);
    expect(promoActive(p, '2026-12-24')).toBe(true);
    expect(promoActive(p, '2026-12-25')).toBe(false);
    expect(promoActive({}, '2026-12-25')).toBe(true);
  });
});
