import { COPY_CONFIRM_MS, shareWindowFeatures } from '../../lib/rules/vdp-page.ts';
import { linkCopiedToast, showToast } from '../../stores/toasts.ts';
import { mountToasts } from '../toasts/toast-dom.ts';

/**
 * Share on some brands: copies the page address, then a toast says so for 3 s (TOAST_MS). The toast
 * code is the page's own already (the saved-car buttons use it), so it adds nothing to load.
 */
function copyWithToast(button: HTMLButtonElement): void {
  const url = button.dataset['shareCopy'] ?? location.href;
  const copied = navigator.clipboard ? navigator.clipboard.writeText(url) : Promise.reject(new Error('no clipboard'));
  copied
    .then(() => {
      mountToasts();
      showToast(linkCopiedToast());
    })
    .catch((err: unknown) => console.warn('copy failed', err));
}

/** Copy link shows "Copied" for 1.5 s; share links open a 550x400 window. */
export function initShare(root: Document): void {
  root.addEventListener('click', (event) => {
    const target = event.target as Element | null;
    const shareCopy = target?.closest<HTMLButtonElement>('button[data-share-copy]');
    if (shareCopy) {
      copyWithToast(shareCopy);
      return;
    }
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
