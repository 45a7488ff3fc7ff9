/**
 * Decoding and encoding with sharp. A source is decoded once (EXIF-oriented, shrunk on load to the
 * largest size any missing variant needs) into raw pixels, and every missing variant is cut from those.
 */
import sharp, { type Metadata, type OutputInfo } from 'sharp';
import { type ImageMeta, META_VERSION, variantFile, variantRel, writeAtomic } from './store.ts';

/** The spec's sizes: thumbnails for the gallery strip, and the two product-card crops. */
export const THUMB = { width: 160, height: 120 } as const;
export const CARD_SMALL = { width: 528, height: 385 } as const;
export const CARD_LARGE = { width: 800, height: 407 } as const;

/**
 * libwebp effort for the photos a night brings: 5-6% fewer bytes than effort 2 at the same quality, for
 * 1.5-1.9x the CPU (docs/performance.md, "The fleet at scale": 1280x720 photos, q75). A photo is
 * encoded once (the fleet's photo store keeps it) and served for as long as its car is listed, so the
 * bytes win. Effort 3 costs the same as 4 for the same bytes; 5 up to 1.25x for at most 3% less; 6
 * 1.5-1.8x for 2-5% less.
 */
export const WEBP_EFFORT = 4;

/**
 * The effort for bulk work: a dealer's first night (every photo new: the photo-only jobs of
 * scripts/lib/fleet/shards.ts planNight). 0.55-0.65x the CPU of WEBP_EFFORT for 5-6% larger files; those
 * photos leave the sites as their cars sell; the nightly trickle of new photos is made at WEBP_EFFORT.
 * Not part of the cache key: a variant made at either effort is re-used.
 */
export const BULK_WEBP_EFFORT = 2;

/** Photos only: vector and document formats sharp can also read are refused. */
const PHOTO_FORMATS = new Set(['jpeg', 'png', 'webp', 'gif', 'avif', 'heif', 'tiff']);

export interface VariantParams {
  width: number;
  quality: number;
  card: boolean;
  /** libwebp effort 0-6 (CPU for bytes); not part of the cache key. */
  effort?: number;
}

export type Role = 'size' | 'thumb' | 'small' | 'large';

export interface PlannedVariant {
  role: Role;
  /** File-name suffix, also the key in ImageMeta.variants. */
  suffix: string;
  width: number;
  /** Fixed height of a cover crop; undefined for full-width sizes (height follows the aspect ratio). */
  height: number | undefined;
}

/**
 * The variants a source srcW pixels wide needs. Full-width sizes are [width, 2*width] without upscaling;
 * if the source is narrower than both, one size at the source's own width. Crops are always made at
 * their fixed size (a tiny source is enlarged so card layouts stay exact).
 */
export function planVariants(srcW: number, p: VariantParams): PlannedVariant[] {
  const q = `q${p.quality}`;
  let widths = [p.width, 2 * p.width].filter((w) => w <= srcW);
  if (widths.length === 0) widths = [srcW];
  const out: PlannedVariant[] = widths.map((w) => ({ role: 'size', suffix: `w${w}-${q}`, width: w, height: undefined }));
  const crop = (role: Role, c: { width: number; height: number }, letter: string): PlannedVariant => ({
    role,
    suffix: `${letter}${c.width}x${c.height}-${q}`,
    width: c.width,
    height: c.height,
  });
  out.push(crop('thumb', THUMB, 't'));
  if (p.card) out.push(crop('small', CARD_SMALL, 'c'), crop('large', CARD_LARGE, 'c'));
  return out;
}

/** A photo that cannot be used; the message is the reason shown in the build report. */
export class ImageError extends Error {
  override name = 'ImageError';
}

function firstLine(err: unknown): string {
  const m = err instanceof Error ? err.message : String(err);
  return (m.split('\n')[0] ?? m).trim();
}

/** Why bytes are not an image, in words a dealer can act on. */
export function notAnImageReason(bytes: Uint8Array, err: unknown, contentType?: string): string {
  const served = contentType ? `; server sent ${contentType.split(';')[0]}` : '';
  if (bytes.byteLength === 0) return `empty file (0 bytes)${served}`;
  const msg = firstLine(err);
  if (/pixel limit/i.test(msg)) return `image too large: ${msg}`;
  const claimed = sniffFormat(bytes);
  if (claimed) {
    const detail = isTruncated(bytes, claimed) ? 'the file is damaged or cut short (no end-of-image marker)' : 'the header is damaged';
    return `not a decodable image (corrupt ${claimed.toUpperCase()}?): ${detail}`;
  }
  const head = Buffer.from(bytes.subarray(0, 512)).toString('latin1');
  const trimmed = head.replace(/^\uFEFF/, '').trimStart();
  let looks = 'unrecognised file format';
  if (/^<(!doctype html|html|head|body)/i.test(trimmed)) looks = 'looks like an HTML page';
  else if (trimmed.startsWith('<')) looks = 'looks like XML or HTML';
  else if (/^[[{]/.test(trimmed)) looks = 'looks like JSON';
  else if (/^%PDF/.test(trimmed)) looks = 'looks like a PDF';
  else if (looksLikeText(bytes.subarray(0, 512))) looks = 'looks like text';
  return `not an image (${looks}${served})`;
}

/** UTF-8 (or ASCII) without control characters; a multi-byte character cut at the end is allowed. */
function looksLikeText(head: Uint8Array): boolean {
  const text = new TextDecoder('utf-8').decode(head).replace(/\uFFFD{1,3}$/, '');
  return !/[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F\uFFFD]/.test(text);
}

/** The format a file's magic number claims, for files the decoder would not even open. */
function sniffFormat(bytes: Uint8Array): string | undefined {
  const b = Buffer.from(bytes.subarray(0, 16));
  if (b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff) return 'jpeg';
  if (b.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'png';
  if (b.subarray(0, 4).toString('latin1') === 'GIF8') return 'gif';
  if (b.subarray(0, 4).toString('latin1') === 'RIFF' && b.subarray(8, 12).toString('latin1') === 'WEBP') return 'webp';
  return undefined;
}

/** A file cut short (an interrupted upload or download), told from the bytes themselves. */
function isTruncated(bytes: Uint8Array, format: string): boolean {
  let end = bytes.length;
  while (end > 0 && bytes[end - 1] === 0) end--;
  const tail = Buffer.from(bytes.subarray(Math.max(0, end - 16), end));
  if (format === 'jpeg') return !(tail[tail.length - 2] === 0xff && tail[tail.length - 1] === 0xd9);
  if (format === 'png') return !tail.includes('IEND');
  if (format === 'gif') return tail[tail.length - 1] !== 0x3b;
  if (format === 'webp' && bytes.length >= 12) return Buffer.from(bytes.subarray(4, 8)).readUInt32LE(0) + 8 > bytes.length;
  return false;
}

/**
 * libvips keeps one error buffer per process: when several images fail at once a message can be lost
 * ("Unknown error") or land on the wrong image, so the bytes are the first witness.
 */
function decodeDetail(bytes: Uint8Array, format: string, err: unknown): string {
  if (isTruncated(bytes, format)) return 'the file is cut short (truncated upload or download)';
  const msg = firstLine(err);
  return msg && msg !== 'Unknown error' ? msg : 'the decoder rejected the pixel data';
}

function hex(c: { r: number; g: number; b: number }): string {
  const h = (n: number) =>
    Math.max(0, Math.min(255, Math.round(n)))
      .toString(16)
      .padStart(2, '0');
  return `#${h(c.r)}${h(c.g)}${h(c.b)}`;
}

export interface EncodeResult {
  meta: ImageMeta;
  /** Variant files written by this call (0 when everything was already there). */
  written: number;
}

/**
 * Makes every variant of `params` that `have(suffix)` says is missing (plus the colour if unknown),
 * writes them atomically into the cache and returns the updated metadata (not yet saved).
 */
export async function encodeImage(
  bytes: Uint8Array,
  key: string,
  params: VariantParams,
  cacheDir: string,
  known: ImageMeta | undefined,
  have: (suffix: string) => boolean,
  contentType?: string,
): Promise<EncodeResult> {
  let info: Metadata;
  try {
    info = await sharp(bytes, { failOn: 'error' }).metadata();
  } catch (err) {
    throw new ImageError(notAnImageReason(bytes, err, contentType));
  }
  const format = info.format;
  if (!PHOTO_FORMATS.has(format)) {
    throw new ImageError(`unsupported image format (${format}); photos must be JPEG, PNG, WebP, AVIF, HEIF, GIF or TIFF`);
  }
  const srcW = info.autoOrient.width;
  const srcH = info.autoOrient.height;
  if (!srcW || !srcH) throw new ImageError(`not a decodable image (${format} without dimensions)`);

  const plan = planVariants(srcW, params);
  const missing = plan.filter((v) => !have(v.suffix));
  const needColour = !known?.colour;
  const meta: ImageMeta = { v: META_VERSION, w: srcW, h: srcH, variants: { ...(known?.variants ?? {}) } };
  if (known?.colour) meta.colour = known.colour;
  if (missing.length === 0 && !needColour) return { meta, written: 0 };

  // Decode once, at the smallest scale that still serves every missing variant without enlarging.
  let scale = 48 / Math.max(srcW, srcH);
  for (const v of missing) {
    scale = Math.max(scale, v.height === undefined ? v.width / srcW : Math.max(v.width / srcW, v.height / srcH));
  }
  scale = Math.min(1, scale);
  let decoded: { data: Buffer; info: OutputInfo };
  try {
    let pipeline = sharp(bytes, { failOn: 'error' }).rotate();
    if (scale < 1) pipeline = pipeline.resize(Math.max(1, Math.round(srcW * scale)), Math.max(1, Math.round(srcH * scale)), { fit: 'fill' });
    decoded = await pipeline.raw().toBuffer({ resolveWithObject: true });
  } catch (err) {
    throw new ImageError(`not a decodable image (corrupt ${format.toUpperCase()}?): ${decodeDetail(bytes, format, err)}`);
  }
  const raw = { raw: { width: decoded.info.width, height: decoded.info.height, channels: decoded.info.channels } };

  let written = 0;
  for (const v of missing) {
    const img = sharp(decoded.data, raw);
    const resized =
      v.height === undefined
        ? v.width === decoded.info.width
          ? img
          : img.resize({ width: v.width })
        : img.resize(v.width, v.height, { fit: 'cover', position: 'centre' });
    const out = await resized.webp({ quality: params.quality, effort: params.effort ?? WEBP_EFFORT }).toBuffer({ resolveWithObject: true });
    await writeAtomic(variantFile(cacheDir, variantRel(key, v.suffix)), out.data);
    meta.variants[v.suffix] = [out.info.width, out.info.height];
    written++;
  }

  if (needColour) {
    const small = await sharp(decoded.data, raw)
      .resize(48, 48, { fit: 'inside' })
      .flatten({ background: '#ffffff' })
      .raw()
      .toBuffer({ resolveWithObject: true });
    const stats = await sharp(small.data, {
      raw: { width: small.info.width, height: small.info.height, channels: small.info.channels },
    }).stats();
    meta.colour = hex(stats.dominant);
  }
  return { meta, written };
}
