import { PDFDocument, StandardFonts } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { winAnsi, wrap } from '../../functions/lib/car-pdf.ts';
import { carPdfPath, PDF_BUSY_TEXT, PDF_FALLBACK_ERROR, pdfErrorMessage } from '../../src/lib/rules/pdf-download.ts';

describe('car PDF download (spec: Preparing..., alert with the message)', () => {
  it('shows the spec’s busy text and asks the functions by slug', () => {
    expect(PDF_BUSY_TEXT).toBe('Preparing...');
    expect(carPdfPath('2024-toyota-hilux-sr5')).toBe('/api/cars/2024-toyota-hilux-sr5/pdf');
    expect(carPdfPath('a b/c')).toBe('/api/cars/a%20b%2Fc/pdf');
  });

  it('alerts the answer’s error, else the failure’s message, else a plain sentence', () => {
    expect(pdfErrorMessage({ error: 'We could not find that car.' }, '404 Not Found')).toBe('We could not find that car.');
    expect(pdfErrorMessage(undefined, 'Failed to fetch')).toBe('Failed to fetch');
    expect(pdfErrorMessage({ error: '  ' }, '')).toBe(PDF_FALLBACK_ERROR);
    expect(pdfErrorMessage('<html>', undefined)).toBe(PDF_FALLBACK_ERROR);
  });
});

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
