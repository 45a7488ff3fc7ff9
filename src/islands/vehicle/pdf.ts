/**
 * "Download PDF": fetches the car's sheet, shows "Preparing..." (busy) meanwhile, saves it under the
 * answer's file name; a failure is a browser alert with the message (spec section 8). Without
 * JavaScript the link downloads the PDF itself.
 */
import { PDF_BUSY_TEXT, pdfErrorMessage } from '../../lib/rules/pdf-download.ts';
import { EVENTS, track } from './analytics.ts';

function filenameOf(res: Response, fallback: string): string {
  return /filename="([^"]+)"/.exec(res.headers.get('content-disposition') ?? '')?.[1] ?? fallback;
}

async function download(link: HTMLAnchorElement): Promise<void> {
  const label = link.textContent;
  link.textContent = PDF_BUSY_TEXT;
  link.setAttribute('aria-busy', 'true');
  link.setAttribute('aria-disabled', 'true');
  try {
    const res = await fetch(link.href, { headers: { accept: 'application/pdf' } });
    if (!res.ok) throw new Error(pdfErrorMessage(await res.json().catch(() => undefined), `${res.status} ${res.statusText}`));
    const url = URL.createObjectURL(await res.blob());
    const a = document.createElement('a');
    a.href = url;
    a.download = filenameOf(res, link.getAttribute('download') || 'car.pdf');
    document.body.append(a);
    a.click();
    a.remove();
    setTimeout(() => URL.revokeObjectURL(url), 10_000);
    track(EVENTS.print);
  } catch (err) {
    alert(pdfErrorMessage(undefined, (err as Error).message));
  } finally {
    link.textContent = label;
    link.removeAttribute('aria-busy');
    link.removeAttribute('aria-disabled');
  }
}

export function initPdf(root: Document): void {
  root.addEventListener('click', (event) => {
    const link = (event.target as Element | null)?.closest<HTMLAnchorElement>('a[data-pdf]');
    if (!link) return;
    event.preventDefault();
    if (link.getAttribute('aria-busy') !== 'true') void download(link);
  });
}
