import { describe, expect, it } from 'vitest';
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
