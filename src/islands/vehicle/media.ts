import { galleryIndexAfterViewChange, stepSlide, type MediaView } from '../../lib/rules/vdp-media.ts';

/**
 * The media area: a scroll-snap photo slider (swipe needs no script) with prev/next, thumbnails and a
 * counter; view buttons (360 spin, walkaround, gallery, interior) whose spin and interior code loads
 * on first use; fullscreen photos in a dialog with arrow keys; the video slide plays on click.
 */
export function initMedia(root: Document): void {
  const media = root.querySelector<HTMLElement>('[data-media]');
  const track = media?.querySelector<HTMLElement>('[data-track]');
  if (!media || !track) return;
  const slides = [...track.querySelectorAll<HTMLElement>('[data-slide]')];
  const counter = media.querySelector<HTMLElement>('[data-current]');
  const thumbs = [...media.querySelectorAll<HTMLButtonElement>('[data-goto]')];
  let index = 0;
  let view = (media.dataset['view'] ?? 'gallery') as MediaView;

  const goTo = (i: number, smooth = true) => {
    track.scrollTo({ left: i * track.clientWidth, behavior: smooth ? 'smooth' : 'auto' });
  };
  const mark = () => {
    if (counter) counter.textContent = String(index + 1);
    for (const t of thumbs) t.setAttribute('aria-current', String(Number(t.dataset['goto']) === index));
  };
  const settle = () => {
    index = Math.round(track.scrollLeft / Math.max(1, track.clientWidth));
    mark();
  };
  let queued = false;
  track.addEventListener(
    'scroll',
    () => {
      if (queued) return;
      queued = true;
      requestAnimationFrame(() => {
        queued = false;
        settle();
      });
    },
    { passive: true },
  );
  track.addEventListener('keydown', (e) => {
    if (e.key === 'ArrowLeft' || e.key === 'ArrowRight') {
      e.preventDefault();
      goTo(stepSlide(index, e.key === 'ArrowLeft' ? -1 : 1, slides.length));
    }
  });

  const dialog = media.querySelector<HTMLDialogElement>('[data-fs]');
  const photoSlides = slides.filter((s) => s.querySelector('img[data-large]'));
  let fsIndex = 0;
  const showFs = (i: number) => {
    fsIndex = i;
    const img = photoSlides[i]?.querySelector<HTMLImageElement>('img[data-large]');
    const fig = dialog?.querySelector('[data-fs-fig]');
    if (img && fig) {
      // Created on first use: an <img> without a source would count as a broken image.
      const big = fig.querySelector('img') ?? fig.appendChild(document.createElement('img'));
      big.src = img.dataset['large'] ?? img.src;
      big.alt = img.alt;
    }
    const count = dialog?.querySelector('[data-fs-count]');
    if (count) count.textContent = `${i + 1} / ${photoSlides.length}`;
  };
  dialog?.addEventListener('keydown', (e) => {
    if (e.key === 'ArrowLeft' || e.key === 'ArrowRight') {
      e.preventDefault();
      showFs(stepSlide(fsIndex, e.key === 'ArrowLeft' ? -1 : 1, photoSlides.length));
    }
  });

  media.addEventListener('click', (event) => {
    const t = event.target as Element | null;
    const step = t?.closest<HTMLElement>('[data-step]');
    if (step) return goTo(stepSlide(index, Number(step.dataset['step']), slides.length));
    const thumb = t?.closest<HTMLElement>('[data-goto]');
    if (thumb) return goTo(Number(thumb.dataset['goto']));
    const play = t?.closest<HTMLButtonElement>('[data-video]');
    if (play) return playVideo(play);
    const viewBtn = t?.closest<HTMLButtonElement>('[data-view-btn]');
    if (viewBtn) return switchView(viewBtn.dataset['viewBtn'] as MediaView);
    if (t?.closest('[data-fs-open]') && dialog) {
      const current = slides[index];
      showFs(Math.max(0, current ? photoSlides.indexOf(current) : 0));
      dialog.showModal();
      return;
    }
    const fsStep = t?.closest<HTMLElement>('[data-fs-step]');
    if (fsStep) return showFs(stepSlide(fsIndex, Number(fsStep.dataset['fsStep']), photoSlides.length));
    if (t?.closest('[data-fs-close]')) dialog?.close();
  });

  const switchView = (next: MediaView) => {
    index = galleryIndexAfterViewChange(view, next, index);
    mark();
    view = next;
    media.dataset['view'] = next;
    for (const pane of media.querySelectorAll<HTMLElement>('[data-pane]')) pane.hidden = pane.dataset['pane'] !== next;
    for (const b of media.querySelectorAll<HTMLButtonElement>('[data-view-btn]')) b.setAttribute('aria-pressed', String(b.dataset['viewBtn'] === next));
    // A hidden track cannot scroll: the gallery is put at its index when it is shown again.
    if (next === 'gallery') {
      track.scrollLeft = index * track.clientWidth;
      settle();
    }
    if (next === 'spinner' || next === 'interior') {
      const pane = media.querySelector<HTMLElement>(`[data-pane="${next}"]`);
      if (pane) void import('./spin.ts').then((m) => m.mount(pane));
    }
    if (next === 'walkaround') media.querySelector<HTMLVideoElement>('[data-pane="walkaround"] video')?.focus();
  };
  if (view === 'spinner') switchView('spinner');
}

/** YouTube links play in the privacy-enhanced embed; anything else in a <video>. */
function playVideo(button: HTMLButtonElement): void {
  const url = button.dataset['video'] ?? '';
  const id = /(?:youtube\.com\/(?:watch\?v=|embed\/)|youtu\.be\/)([\w-]{6,})/.exec(url)?.[1];
  let player: HTMLElement;
  if (id) {
    const frame = document.createElement('iframe');
    frame.src = `https://www.youtube-nocookie.com/embed/${id}?autoplay=1`;
    frame.title = button.getAttribute('aria-label') ?? 'Vehicle video';
    frame.allow = 'autoplay; encrypted-media; picture-in-picture';
    frame.allowFullscreen = true;
    player = frame;
  } else {
    const video = document.createElement('video');
    video.src = url;
    video.controls = true;
    video.autoplay = true;
    player = video;
  }
  player.className = 'vdp-player';
  button.replaceWith(player);
}
