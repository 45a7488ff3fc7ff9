import type { RejectedRecord } from '../../src/lib/ingest/ingest.ts';

/** The machine-readable build report written per tenant to <out>/_build/<slug>/report.json. */
export interface BuildReport {
  tenant: string;
  status: 'ok' | 'failed';
  error?: { name: string; message: string; hint?: string | undefined } | undefined;
  started_at: string;
  stock_file?: string | undefined;
  records: { read: number; valid: number; rejected: number; listed: number; unlisted: number };
  rejected: RejectedRecord[];
  pages: { html: number; vehicle_pages: number };
  images: {
    sources: number;
    processed: number;
    cached: number;
    failed: number;
    downloaded: number;
    variants_written: number;
    published_files: number;
    failures: { source: string; reason: string; cars: string[] }[];
  };
  output_bytes: number;
  timings_ms: { config: number; ingest: number; images: number; render: number; publish: number; total: number };
}

export function emptyReport(tenant: string): BuildReport {
  return {
    tenant,
    status: 'failed',
    started_at: new Date().toISOString(),
    records: { read: 0, valid: 0, rejected: 0, listed: 0, unlisted: 0 },
    rejected: [],
    pages: { html: 0, vehicle_pages: 0 },
    images: { sources: 0, processed: 0, cached: 0, failed: 0, downloaded: 0, variants_written: 0, published_files: 0, failures: [] },
    output_bytes: 0,
    timings_ms: { config: 0, ingest: 0, images: 0, render: 0, publish: 0, total: 0 },
  };
}
