try {
  const p = JSON.parse(document.querySelector('script[data-page-analytics]').textContent);
  const dl = (window.dataLayer = window.dataLayer || []);
  p.entries.forEach((e) => dl.push(e));
  if (p.pixel) {
    if (window.fbq) window.fbq('track', 'ViewContent', p.pixel.data);
    dl.push(p.pixel.entry);
  }
  document.addEventListener('click', (ev) => {
    const t = ev.target instanceof Element ? ev.target.closest('[data-track-click]') : null;
    const id = t ? Number(t.getAttribute('data-track-click')) : NaN;
    if (p.clickIds.indexOf(id) >= 0) dl.push(Object.assign({}, p.clickEntry, { event_id: id, path: location.pathname }));
  });
} catch (err) {
  console.warn('page analytics not sent', err);
}
