/**
 * Draws a car's sheet (src/lib/vdp/pdf-sheet.ts) as an A4 PDF with pdf-lib: the standard Helvetica
 * fonts (nothing embedded but the photo), the main photo as JPEG, text wrapped to the page and a
 * second page when the specifications and disclaimers run long. Layout only: every fact is decided
 * by the sheet.
 */
import { PDFDocument, StandardFonts, rgb, type PDFFont, type PDFPage, type RGB } from '@cantoo/pdf-lib';
import sharp from 'sharp';
import type { CarSheet } from '../../src/lib/vdp/pdf-sheet.ts';

export interface SheetPhoto {
  bytes: Uint8Array;
  type: 'jpg' | 'png';
}

/**
 * The pipeline's photo variants are WebP; pdf-lib embeds JPEG and PNG only. Plain libjpeg at quality
 * 82: mozjpeg made the file 3 KB smaller but took 24 ms a photo instead of 9 (docs/performance.md).
 */
export async function photoForPdf(bytes: Uint8Array): Promise<SheetPhoto> {
  return { bytes: await sharp(bytes).jpeg({ quality: 82 }).toBuffer(), type: 'jpg' };
}

const A4: [number, number] = [595.28, 841.89];
const MARGIN = 40;
const WIDTH = A4[0] - 2 * MARGIN;
const MUTED = rgb(0.35, 0.37, 0.4);
const TEXT = rgb(0.07, 0.09, 0.12);

/** Characters Helvetica's WinAnsi encoding has beyond Latin-1 (pdf-lib throws on anything else). */
const WIN_ANSI_EXTRA = new Set('€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ');

/** Text the standard fonts can draw: accents kept where Latin-1 has them, other characters become "?". */
export function winAnsi(text: string): string {
  let out = '';
  for (const ch of text.normalize('NFC')) {
    const code = ch.codePointAt(0) ?? 0;
    if ((code >= 0x20 && code <= 0x7e) || (code >= 0xa0 && code <= 0xff) || WIN_ANSI_EXTRA.has(ch)) out += ch;
    else if (ch === '\t' || ch === '\n' || ch === '\r') out += ' ';
    else {
      const plain = ch.normalize('NFKD').replace(/[\u0300-\u036f]/g, '');
      out += /^[\x20-\x7e]+$/.test(plain) ? plain : '?';
    }
  }
  return out;
}

function hexColour(hex: string | undefined, fallback: RGB): RGB {
  const m = /^#?([0-9a-f]{6})$/i.exec(hex?.trim() ?? '');
  if (!m?.[1]) return fallback;
  const n = parseInt(m[1], 16);
  return rgb(((n >> 16) & 255) / 255, ((n >> 8) & 255) / 255, (n & 255) / 255);
}

/**
 * Splits a word wider than `width` into pieces, each the longest prefix of the rest that fits (as
 * before), in time linear in the word's length (issue 27: cutting by re-measuring ever shorter prefixes
 * was cubic, and a 2,500-character word held the process for 14.5 s). Each character adds its measured
 * advance after the one before it (glyph width plus the pair's kerning, measured once per pair), and the
 * chosen piece is measured whole and moved by a character where rounding says so.
 */
function breakWord(word: string, font: PDFFont, size: number, width: number): string[] {
  const chars = Array.from(word);
  const advances = new Map<string, number>();
  /** How much `ch` adds after `prev` (kerning included). */
  const advance = (prev: string | undefined, ch: string) => {
    const key = `${prev ?? ''}\u0000${ch}`;
    let a = advances.get(key);
    if (a === undefined)
      advances.set(
        key,
        (a = prev === undefined ? font.widthOfTextAtSize(ch, size) : font.widthOfTextAtSize(prev + ch, size) - font.widthOfTextAtSize(prev, size)),
      );
    return a;
  };
  const fits = (from: number, to: number) => font.widthOfTextAtSize(chars.slice(from, to).join(''), size) <= width;
  const pieces: string[] = [];
  let start = 0;
  while (start < chars.length) {
    let end = start + 1;
    let sum = advance(undefined, chars[start]!);
    while (end < chars.length && sum + advance(chars[end - 1], chars[end]!) <= width) sum += advance(chars[end - 1], chars[end++]!);
    while (end - start > 1 && !fits(start, end)) end--;
    while (end < chars.length && fits(start, end + 1)) end++;
    pieces.push(chars.slice(start, end).join(''));
    start = end;
  }
  return pieces;
}

/**
 * The most characters of one text drawn on the sheet (a title, a specification, a disclaimer): the
 * longest real disclaimer is about 1,500; a stock field longer than this is cut with an ellipsis, so the
 * work of one PDF stays bounded whatever an export carries.
 */
export const MAX_TEXT_CHARS = 8000;

/** Splits text into lines no wider than `width` at `size` (long words are cut by measured widths). */
export function wrap(text: string, font: PDFFont, size: number, width: number): string[] {
  const lines: string[] = [];
  if (text.length > MAX_TEXT_CHARS) text = `${text.slice(0, MAX_TEXT_CHARS)}…`;
  for (const paragraph of text.split(/\r\n?|\n/).map(winAnsi)) {
    let line = '';
    for (const word of paragraph.split(' ').filter(Boolean)) {
      let w = word;
      if (font.widthOfTextAtSize(w, size) > width) {
        const pieces = breakWord(w, font, size, width);
        if (line) lines.push(line);
        lines.push(...pieces.slice(0, -1));
        line = '';
        w = pieces[pieces.length - 1] ?? '';
      }
      const next = line ? `${line} ${w}` : w;
      if (font.widthOfTextAtSize(next, size) > width) {
        lines.push(line);
        line = w;
      } else line = next;
    }
    if (line) lines.push(line);
  }
  return lines;
}

export interface RenderOptions {
  /** The tenant's primary colour (theme.primary) for the rule under the dealer's name. */
  primary?: string | undefined;
  /** Written as the PDF's creation date, so the same car and version give the same bytes. */
  date: Date;
}

export async function renderCarPdf(sheet: CarSheet, photo: SheetPhoto | undefined, opts: RenderOptions): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  doc.setTitle(winAnsi(`${sheet.title} ${sheet.subtitle}`.trim()));
  doc.setAuthor(winAnsi(sheet.dealer));
  doc.setSubject(winAnsi(sheet.url));
  doc.setProducer('dealer-sites (@cantoo/pdf-lib)');
  doc.setCreator('dealer-sites');
  doc.setCreationDate(opts.date);
  doc.setModificationDate(opts.date);
  const regular = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  const primary = hexColour(opts.primary, rgb(0.8, 0.05, 0.1));

  let page: PDFPage = doc.addPage(A4);
  let y = A4[1] - MARGIN;
  const room = (h: number) => {
    if (y - h < MARGIN) {
      page = doc.addPage(A4);
      y = A4[1] - MARGIN;
    }
  };
  const text = (t: string, o: { font?: PDFFont; size: number; colour?: RGB; gap?: number; x?: number; width?: number }) => {
    const font = o.font ?? regular;
    const lead = o.size * 1.3;
    for (const line of wrap(t, font, o.size, o.width ?? WIDTH)) {
      room(lead);
      y -= lead;
      page.drawText(line, { x: o.x ?? MARGIN, y: y + o.size * 0.25, size: o.size, font, color: o.colour ?? TEXT });
    }
    y -= o.gap ?? 0;
  };

  // Dealer's name over a rule in the tenant's colour.
  text(sheet.dealer, { font: bold, size: 13, gap: 4 });
  page.drawRectangle({ x: MARGIN, y: y - 3, width: WIDTH, height: 3, color: primary });
  y -= 14;

  text(sheet.title, { font: bold, size: 22 });
  if (sheet.subtitle) text(sheet.subtitle, { size: 12, colour: MUTED });
  y -= 4;
  text(sheet.price, { font: bold, size: 20 });
  const notes = [sheet.priceNote, sheet.wasPrice ? `Was ${sheet.wasPrice}` : undefined].filter(Boolean).join('  ·  ');
  if (notes) text(notes, { size: 10, colour: MUTED });
  y -= 8;

  if (photo) {
    const image = photo.type === 'jpg' ? await doc.embedJpg(photo.bytes) : await doc.embedPng(photo.bytes);
    const scale = Math.min(WIDTH / image.width, 300 / image.height);
    const w = image.width * scale;
    const h = image.height * scale;
    room(h);
    y -= h;
    page.drawImage(image, { x: MARGIN + (WIDTH - w) / 2, y, width: w, height: h });
    y -= 12;
  }

  if (sheet.specs.length) {
    text('Key information', { font: bold, size: 13, gap: 4 });
    const columns = 3;
    const colWidth = WIDTH / columns;
    for (let i = 0; i < sheet.specs.length; i += columns) {
      const row = sheet.specs.slice(i, i + columns);
      const cells = row.map((s) => ({ label: wrap(s.label, regular, 8, colWidth - 10), value: wrap(s.value, bold, 10, colWidth - 10) }));
      const height = Math.max(...cells.map((c) => c.label.length * 10.4 + c.value.length * 13)) + 6;
      room(height);
      cells.forEach((c, col) => {
        let cy = y;
        const x = MARGIN + col * colWidth;
        for (const l of c.label) page.drawText(l, { x, y: (cy -= 10.4) + 2, size: 8, font: regular, color: MUTED });
        for (const l of c.value) page.drawText(l, { x, y: (cy -= 13) + 3, size: 10, font: bold, color: TEXT });
      });
      y -= height;
    }
    y -= 8;
  }

  text('Dealer and location', { font: bold, size: 13, gap: 4 });
  text(sheet.location.name, { font: bold, size: 10 });
  for (const line of sheet.location.lines) text(line, { size: 10 });
  for (const licence of sheet.licences) text(licence, { size: 10 });
  text(sheet.url, { size: 10, colour: primary, gap: 10 });

  for (const d of sheet.disclaimers) text(d, { size: 7.5, colour: MUTED, gap: 4 });

  return doc.save();
}
