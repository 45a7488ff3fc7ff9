import { EVENTS, track } from './analytics.ts';

/**
 * Phone reveal: a masked number button becomes the full number as a tel link (every copy of it on the
 * page at once) and the reveal is reported to POST /api/phone-reveal; a failure is logged only.
 */
export function initPhone(root: Document): void {
  root.addEventListener('click', (event) => {
    const target = event.target as Element | null;
    const button = target?.closest<HTMLButtonElement>('button[data-phone-reveal]');
    if (button) {
      reveal(root, button);
      return;
    }
    if (target?.closest('a[href^="tel:"]')) track(EVENTS.callClick);
  });
}

function reveal(root: Document, clicked: HTMLButtonElement): void {
  const { full = '', tel = '', carId = '', dealershipId, websiteId } = clicked.dataset;
  for (const button of root.querySelectorAll<HTMLButtonElement>('button[data-phone-reveal]')) {
    const link = document.createElement('a');
    link.href = tel;
    link.className = button.className;
    link.dataset['phone'] = 'revealed';
    const label = button.querySelector('[data-phone-label]')?.textContent;
    link.textContent = label ? `${label} ${full}` : full;
    button.replaceWith(link);
    if (button === clicked) link.focus();
  }
  fetch('/api/phone-reveal', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ car_id: carId, dealership_id: dealershipId, website_id: websiteId }),
  })
    .then((res) => console.log('phone reveal', res.status))
    .catch((err: unknown) => console.error('phone reveal failed', err));
}
