/** Holding a build: the published site stays as it is, and the report and the console say why and what to do. */
import type { BuildReport } from '../report.ts';
import type { PublishedState } from '../publish-guard.ts';

/** Holds the build: the published site stays as it is; the report says why and what to do. */
export function hold(report: BuildReport, why: string, hint: string, previous: PublishedState | undefined): void {
  const reason = why.replace(/\.\s*$/, '');
  report.status = previous ? 'held' : 'failed';
  report.fault = 'dealer';
  report.held = previous ? { reason, hint, kept: { listed: previous.listed, published_at: previous.published_at } } : undefined;
  report.error ??= { name: previous ? 'PublishHeld' : 'NothingPublished', message: reason, hint };
  console.error(
    previous
      ? `HELD: ${reason}. The published site (${previous.listed} cars) is kept as it was.\n  hint: ${hint}`
      : `FAILED: ${reason}. Nothing was published.\n  hint: ${hint}`,
  );
}
