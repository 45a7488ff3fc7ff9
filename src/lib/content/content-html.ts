/** Markdown body images as responsive, lazy <img> of the processed variants (or left out when unusable). */
import type { SiteModel } from '../site/site-model.ts';
import type { ImageHtml } from './markdown.ts';
import { contentPhoto } from './site-content.ts';

const attr = (s: string) => s.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

export function contentImageHtml(model: SiteModel): ImageHtml {
  return (src, alt) => {
    const photo = contentPhoto(model, src);
    const first = photo?.sizes[0];
    if (!photo || !first) return '';
    const srcset = photo.sizes.map((s) => `${s.url} ${s.width}w`).join(', ');
    return `<img src="${first.url}" srcset="${srcset}" sizes="(min-width: 800px) 720px, 100vw" width="${first.width}" height="${first.height}" alt="${attr(alt)}" loading="lazy" decoding="async">`;
  };
}
