import { PDFDocument, StandardFonts } from '@cantoo/pdf-lib';
import { describe, expect, it } from 'vitest';
import { winAnsi, wrap } from '../../functions/lib/car-pdf.ts';

describe('the PDF’s text (standard fonts)', () => {
  it('keeps what WinAnsi can draw and replaces the rest', () => {
    expect(winAnsi('Ŝkoda Octavia – “RS” · 2.0L €1')).toBe('Skoda Octavia – “RS” · 2.0L €1');
    expect(winAnsi('Café déjà vu')).toBe('Café déjà vu');
    expect(winAnsi('汽车 🚗')).toBe('?? ?');
  });

  it('wraps to the width and cuts a word longer than a line', async () => {
    const font = await (await PDFDocument.create()).embedFont(StandardFonts.Helvetica);
    const lines = wrap(`Drive away ${'x'.repeat(200)} today`, font, 10, 200);
    for (const line of lines) expect(font.widthOfTextAtSize(line, 10)).toBeLessThanOrEqual(200);
    expect(lines.join('')).toContain('x'.repeat(20));
    expect(lines[0]).toBe('Drive away');
    expect(wrap('One\ntwo', font, 10, 200)).toEqual(['One', 'two']);
  });
});
