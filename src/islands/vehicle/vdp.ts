/**
 * The vehicle page's script: small handlers for what is above the fold (phone reveal, media, share,
 * toggles, sticky bars) and loaders for the rest, which fetch their code only when needed.
 */
import { initCollapse } from './collapse.ts';
import { initLazy } from './lazy.ts';
import { loadQuote, loadViews } from './live.ts';
import { initMap } from './map.ts';
import { initMedia } from './media.ts';
import { initPdf } from './pdf.ts';
import { initPhone } from './phone.ts';
import { initShare } from './share.ts';
import { initSticky } from './sticky.ts';
import { initToggles } from './toggles.ts';
import { record } from '../forms/visits.ts';

// This visit, for the leads' visited_pages (the footer's inline recorder is left out of vehicle pages).
record();
// What a first tap above the fold needs, at once.
initToggles(document);
initCollapse(document);
initPhone(document);
initShare(document);
initMedia(document);
document.addEventListener('click', (event) => {
  const dismiss = (event.target as Element | null)?.closest('[data-dismiss]');
  if (dismiss) dismiss.closest('[data-announce]')?.remove();
});
const phoneWarning = document.querySelector<HTMLElement>('[data-phone-warning]')?.dataset['phoneWarning'];
if (phoneWarning) console.warn(phoneWarning);
// The rest in a task of its own, so a phone's main thread is never held for all of it at once
// (input that arrives in between is handled first).
setTimeout(() => {
  initPdf(document);
  initMap(document);
  initSticky(document);
  initLazy(document);
  loadViews(document);
  loadQuote(document);
}, 0);
