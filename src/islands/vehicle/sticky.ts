import { isStickyBarShown, isStickyHeaderShown } from '../../lib/rules/vdp-page.ts';

/**
 * Sticky header after 500 px of scroll, sticky bottom bar after 900 px. The phone's Call Now / Enquire
 * Now bar shows once the sidebar's own buttons have scrolled away above, so the two never show at once.
 */
export function initSticky(root: Document): void {
  const mobile = root.querySelector<HTMLElement>('[data-mobile-bar]');
  const cta = root.querySelector<HTMLElement>('[data-cta]');
  if (mobile && cta && 'IntersectionObserver' in window) {
    new IntersectionObserver(([e]) => mobile.classList.toggle('is-shown', !!e && !e.isIntersecting && e.boundingClientRect.top < 0)).observe(cta);
  }
  const head = root.querySelector<HTMLElement>('[data-sticky-head]');
  const bar = root.querySelector<HTMLElement>('[data-sticky-bar]');
  if (!head && !bar) return;
  let queued = false;
  const update = () => {
    queued = false;
    const y = window.scrollY;
    head?.classList.toggle('is-shown', isStickyHeaderShown(y));
    bar?.classList.toggle('is-shown', isStickyBarShown(y));
  };
  window.addEventListener(
    'scroll',
    () => {
      if (queued) return;
      queued = true;
      requestAnimationFrame(update);
    },
    { passive: true },
  );
  // In the next frame, not now: reading scrollY here would force a layout of the whole page inside
  // this script's task (the longest task of the page's load on a phone).
  requestAnimationFrame(update);
}
