/** A PDF's text for tests, by pdftotext from Debian's poppler-utils (scripts/lib/ensure-deps.ts installs it). */
import { spawnSync } from 'node:child_process';

export const PDFTOTEXT_MISSING = 'pdftotext is not installed (apt-get install poppler-utils): the PDF text check is skipped';
export const hasPdftotext = spawnSync('pdftotext', ['-v']).status === 0;

/** The PDF's text in reading order, whitespace runs as one space. */
export function pdfText(pdf: Uint8Array): string {
  const r = spawnSync('pdftotext', ['-enc', 'UTF-8', '-', '-'], { input: pdf, encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`pdftotext failed: ${r.stderr}`);
  return r.stdout.replace(/\s+/g, ' ');
}
