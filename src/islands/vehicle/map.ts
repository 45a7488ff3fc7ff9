/** The location section's map: the embed loads only when the shopper presses Show map (no third-party frame before). */
export function initMap(root: Document): void {
  root.addEventListener('click', (event) => {
    const button = (event.target as Element | null)?.closest<HTMLButtonElement>('[data-show-map]');
    const frame = button?.closest<HTMLElement>('[data-map-src]');
    const src = frame?.dataset['mapSrc'];
    if (!frame || !src) return;
    const iframe = document.createElement('iframe');
    iframe.src = src;
    iframe.title = 'Map';
    iframe.loading = 'lazy';
    iframe.referrerPolicy = 'no-referrer';
    frame.replaceChildren(iframe);
  });
}
