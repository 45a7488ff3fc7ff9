/**
 * The promo carousel starts at index 1 and loops. Rendering the items rotated (item 1 first, item 0
 * last) makes the first paint show index 1 without any script or scroll jump.
 */
export function rotateFrom<T>(items: readonly T[], start = 1): T[] {
  if (items.length === 0) return [];
  const s = ((start % items.length) + items.length) % items.length;
  return [...items.slice(s), ...items.slice(0, s)];
}

/** Next/previous wrap around: index -1 is the last item, index n is the first. */
export function loopIndex(index: number, count: number): number {
  if (count <= 0) return 0;
  return ((index % count) + count) % count;
}
