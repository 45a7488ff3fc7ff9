import type { RejectedRecord } from '../../src/lib/ingest/ingest.ts';
import type { RejectionGroup } from '../../src/lib/ingest/rejections.ts';
import type { FeedReport } from '../../src/lib/feeds/index.ts';
import type { Finding } from '../../src/lib/compliance/findings.ts';

/** The machine-readable build report written per tenant to <out>/_build/<slug>/report.json. */
export interface BuildReport {
  tenant: string;
  /** ok: published; held: the guard kept the published site (reason in `held`); failed: nothing published. */
  status: 'ok' | 'held' | 'failed';
  error?: { name: string; message: string; hint?: string | undefined } | undefined;
  /**
   * Whose problem a held or failed build is: the dealer's (the guard refused the export, the config or
   * the export is invalid) or the platform's (a crash, a time limit). The nightly job fails only for the platform's.
   */
  fault?: 'dealer' | 'platform' | undefined;
  held?: { reason: string; hint: string; kept: { listed: number; published_at: string } } | undefined;
  /** Warnings: unknown tenant.json fields (with a did-you-mean), stock columns that look like fields but are not read, photos past the cap. */
  warnings: string[];
  started_at: string;
  /** The "today" the listing rules used (BUILD_NOW or the clock). */
  built_for?: string | undefined;
  /** The first day the same inputs would build a different site (src/lib/site/dated.ts). */
  valid_until?: string | undefined;
  stock_file?: string | undefined;
  stock_format?: string | undefined;
  stock_encoding?: string | undefined;
  records: { read: number; valid: number; rejected: number; listed: number; unlisted: number };
  /** Values changed on the way in (km read from miles), said once per tenant. */
  conversions?: { km_from_miles: number; km_from_miles_by?: string | undefined; badge_from_title: number; body_from_words: number } | undefined;
  /** Values no lookup knew, passed through as exported: field -> value -> records. */
  unknown_values?: Record<string, Record<string, number>> | undefined;
  /** Rejections grouped by field and reason, largest first: what to fix, in a line each. */
  rejected_groups: RejectionGroup[];
  rejected: RejectedRecord[];
  pages: { html: number; vehicle_pages: number };
  images: {
    sources: number;
    processed: number;
    cached: number;
    /** Photos whose variants came from the fleet's photo store (scripts/lib/images/photo-store.ts), not sharp. */
    from_store?: number | undefined;
    /**
     * Photos at web addresses (scripts/lib/images/photo-checks.ts): checked with their servers in this
     * build, replaced at the same address, and the tenant's next check day (caps valid_until).
     */
    checks?: { revalidated: number; replaced: number; next_check: string } | undefined;
    failed: number;
    downloaded: number;
    variants_written: number;
    published_files: number;
    /**
     * The fleet's photo store, when the build had one: variant files fetched and put, and requests that
     * failed (the photo was then encoded here, or stays only in this runner's cache).
     */
    store?:
      | {
          fetched_files: number;
          fetched_bytes: number;
          stored: number;
          backfilled?: number | undefined;
          stored_files: number;
          errors: number;
          first_error?: string | undefined;
        }
      | undefined;
    failures: { source: string; reason: string; cars: string[] }[];
  };
  /** The marketplace feeds written (scripts/lib/outputs/feeds.ts): vehicles in each, and what was left out and why. */
  feeds?: FeedReport[] | undefined;
  output_bytes: number;
  /**
   * The compliance step (src/lib/compliance/, docs/compliance.md): findings by severity and each
   * finding; an error holds the publish. Absent when the build stopped before the pages were rendered.
   */
  compliance?: { error: number; warning: number; pages_checked: number; findings: Finding[] } | undefined;
  /**
   * The render (scripts/lib/incremental.ts): full, or incremental with the cars whose pages were
   * rendered and those copied from the previous build; `reason` says why a build was full.
   */
  render?: { mode: 'full' | 'incremental'; reason?: string | undefined; cars_rendered: number; cars_kept: number; files_copied: number } | undefined;
  /** CPU time (user + system, every thread of the build process) of the render and compliance steps: less load-dependent than their wall time. */
  cpu_ms?: { render: number; compliance: number } | undefined;
  /** Pages whose compliance findings came from the previous build's (same page, same inputs). */
  compliance_cached?: number | undefined;
  /** The car pages' dictionary compression (scripts/lib/outputs/dictionary.ts): whether the published dictionary was kept, the car pages compressed now, and those whose published .dcz was kept (unchanged page, kept dictionary). */
  dictionary?: { kept: boolean; pages: number; compressed: number; reused: number } | undefined;
  /** The outputs stage's parts (each output's write, the photos' publishing), wall ms: timings_ms.outputs split. */
  outputs_ms?: Record<string, number> | undefined;
  timings_ms: {
    config: number;
    ingest: number;
    images: number;
    /** Deriving the model (every output's prepare: views, similar cars, price gauges, search index...) and the render plan. */
    prepare?: number;
    /** Astro rendering the pages (and the kept cars' pages copied from the published build). */
    render: number;
    /** The outputs written beside the pages (search index, feeds, sitemap, _headers, the dictionary, the photos' copies); absent in reports from before it had its own key. */
    outputs?: number;
    /** The compliance rules over the model and the staged pages (scripts/lib/compliance.ts). */
    compliance: number;
    publish: number;
    total: number;
  };
}

export function emptyReport(tenant: string): BuildReport {
  return {
    tenant,
    status: 'failed',
    warnings: [],
    started_at: new Date().toISOString(),
    records: { read: 0, valid: 0, rejected: 0, listed: 0, unlisted: 0 },
    rejected_groups: [],
    rejected: [],
    pages: { html: 0, vehicle_pages: 0 },
    images: { sources: 0, processed: 0, cached: 0, failed: 0, downloaded: 0, variants_written: 0, published_files: 0, failures: [] },
    output_bytes: 0,
    timings_ms: { config: 0, ingest: 0, images: 0, prepare: 0, render: 0, outputs: 0, compliance: 0, publish: 0, total: 0 },
  };
}
