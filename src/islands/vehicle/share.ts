import { COPY_CONFIRM_MS, shareWindowFeatures } from '../../lib/rules/vdp-page.ts';

/** Copy link shows "Copied" for 1.5 s; share links open a 550x400 window. */
export function initShare(root: Document): void {
  root.addEventListener('click', (event) => {
    const target = event.target as Element | null;
    const copy = target?.closest<HTMLButtonElement>('button[data-copy]');
    if (copy) {
      const label = copy.textContent;
      navigator.clipboard
        ?.writeText(copy.dataset['copy'] ?? location.href)
        .then(() => {
          copy.textContent = 'Copied';
          setTimeout(() => (copy.textContent = label), COPY_CONFIRM_MS);
        })
        .catch((err: unknown) => console.warn('copy failed', err));
      return;
    }
    const share = target?.closest<HTMLAnchorElement>('a[data-share-window]');
    if (share) {
      event.preventDefault();
      window.open(share.href, 'share', shareWindowFeatures(window.screen));
    }
  });
}
