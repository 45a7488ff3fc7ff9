/** Result grid: 3 per row on large screens, 2 on medium, 1 on small; a variant has 4 per row. */
export const GRID_MEDIUM_MIN = 640;
export const GRID_LARGE_MIN = 1024;

export function cardsPerRow(viewportWidth: number, variant: 3 | 4 = 3): number {
  if (viewportWidth >= GRID_LARGE_MIN) return variant;
  if (viewportWidth >= GRID_MEDIUM_MIN) return 2;
  return 1;
}

/** The grid's class names (the CSS in global.css implements the same breakpoints). */
export function gridClass(variant: 3 | 4): string {
  return variant === 4 ? 'grid cols-4' : 'grid';
}
