import { isSold, type ListingFacts } from './listing.ts';
import { loopIndex } from './carousel.ts';

/** The thumbnail strip shows only for in-stock cars with more than this many images. */
export const THUMBNAILS_AFTER = 3;
/** Spin autorotate tick and drag sensitivity (spec section 9). */
export const SPIN_TICK_MS = 100;
export const SPIN_DRAG_PX = 20;

export type MediaView = 'spinner' | 'walkaround' | 'gallery' | 'interior';
export type VideoPlacement = 'start' | 'second' | 'middle' | 'end';
export type Slide = { kind: 'photo'; photo: number } | { kind: 'video' };

export function showThumbnailStrip(car: ListingFacts, imageCount: number): boolean {
  return car.status === 'in_stock' && !isSold(car) && imageCount > THUMBNAILS_AFTER;
}

/** The view modes a car has: a spinner needs at least 2 frames; gallery is always there. */
export function availableViews(media: { spinFrames: number; walkaround: number; interior: boolean }): MediaView[] {
  const views: MediaView[] = [];
  if (media.spinFrames >= 2) views.push('spinner');
  if (media.walkaround > 0) views.push('walkaround');
  views.push('gallery');
  if (media.interior) views.push('interior');
  return views;
}

/** Spinner by default unless the tenant configures gallery (or the car has no spin). */
export function initialView(configured: 'spinner' | 'gallery', views: readonly MediaView[]): MediaView {
  return configured === 'spinner' && views.includes('spinner') ? 'spinner' : 'gallery';
}

/** Leaving gallery resets its index to 0; other changes keep it. */
export function galleryIndexAfterViewChange(from: MediaView, to: MediaView, index: number): number {
  return from === 'gallery' && to !== 'gallery' ? 0 : index;
}

/** The slider's slides: the photos, with the video slide at the configured place (second by default). */
export function gallerySlides(photoCount: number, hasVideo: boolean, placement: VideoPlacement = 'second'): Slide[] {
  const slides: Slide[] = Array.from({ length: photoCount }, (_, photo) => ({ kind: 'photo', photo }));
  if (!hasVideo) return slides;
  const at = { start: 0, second: Math.min(1, photoCount), middle: Math.floor(photoCount / 2), end: photoCount }[placement];
  slides.splice(at, 0, { kind: 'video' });
  return slides;
}

/** Arrow keys and prev/next wrap around the slides. */
export function stepSlide(index: number, delta: number, count: number): number {
  return loopIndex(index + delta, count);
}

/** The spin frame after dragging dx pixels from startFrame: one frame per 20 px, wrapping. */
export function spinFrameAfterDrag(startFrame: number, dx: number, frames: number): number {
  return loopIndex(startFrame + Math.trunc(dx / SPIN_DRAG_PX), frames);
}

export interface Autorotate {
  frame: number;
  /** Frames advanced so far. */
  ticks: number;
  running: boolean;
}

/** One autorotate tick: advance a frame; stop once a full turn is done (back at the first frame). */
export function autorotateTick(s: Autorotate, frames: number): Autorotate {
  if (!s.running || frames < 2) return { ...s, running: false };
  const ticks = s.ticks + 1;
  return { frame: loopIndex(s.frame + 1, frames), ticks, running: ticks < frames };
}

/** Any user interaction stops the autorotate where it is. */
export function stopAutorotate(s: Autorotate): Autorotate {
  return { ...s, running: false };
}

/** Hotspots whose position list has one for this frame (activeAngle is the frame index). */
export function hotspotsAtFrame<T extends { positions: { activeAngle: number; posX: number; posY: number }[] }>(
  hotspots: readonly T[],
  frame: number,
): { hotspot: T; posX: number; posY: number }[] {
  const out: { hotspot: T; posX: number; posY: number }[] = [];
  for (const hotspot of hotspots) {
    const pos = hotspot.positions.find((p) => p.activeAngle === frame);
    if (pos) out.push({ hotspot, posX: pos.posX, posY: pos.posY });
  }
  return out;
}

/**
 * Where the interior panorama's hotspots sit: a panorama is one picture, so each hotspot takes its
 * position at angle 0, else its first one; posX and posY are percentages of the picture's width and
 * height (clamped to 0..100). Hotspots without a position are left out.
 */
export function panoramaHotspots(hotspots: readonly { id: string; description: string; positions: { activeAngle: number; posX: number; posY: number }[] }[]): {
  id: string;
  description: string;
  posX: number;
  posY: number;
}[] {
  const clamp = (n: number) => Math.min(100, Math.max(0, n));
  return hotspots.flatMap((h) => {
    const pos = h.positions.find((p) => p.activeAngle === 0) ?? h.positions[0];
    return pos ? [{ id: h.id, description: h.description, posX: clamp(pos.posX), posY: clamp(pos.posY) }] : [];
  });
}

/** A picture at least twice as wide as it is high is a 360-degree panorama: the viewer wraps it around. */
export const PANORAMA_WRAP_RATIO = 2;
export function isWrappingPanorama(width: number | undefined, height: number | undefined): boolean {
  return !!width && !!height && width / height >= PANORAMA_WRAP_RATIO;
}
