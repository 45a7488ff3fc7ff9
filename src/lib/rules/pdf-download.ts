/**
 * The car PDF download (spec: "Print PDF shows a busy 'Preparing...' state while downloading";
 * "Download car PDF by slug (path not shown) ... on error an alert shows the message").
 */

/** The button's text while the PDF is being prepared and downloaded. */
export const PDF_BUSY_TEXT = 'Preparing...';

/** When neither the answer nor the browser gives a message. */
export const PDF_FALLBACK_ERROR = 'We could not prepare the PDF. Please try again.';

/** Where the functions answer a car's PDF (functions/routes/car-pdf.ts). */
export function carPdfPath(slug: string): string {
  return `/api/cars/${encodeURIComponent(slug)}/pdf`;
}

/** The alert's text for a failed download: the answer's `{error}`, else the failure's own message. */
export function pdfErrorMessage(body: unknown, fallback?: string): string {
  const error = body && typeof body === 'object' ? (body as { error?: unknown }).error : undefined;
  if (typeof error === 'string' && error.trim()) return error;
  return fallback?.trim() || PDF_FALLBACK_ERROR;
}
