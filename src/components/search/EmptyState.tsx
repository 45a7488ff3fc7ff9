import { CLEAR_FILTERS, EMPTY_TEXT, EMPTY_TITLE } from '../../lib/search/empty-state.ts';

/** The spec's empty result: its exact title and text, and Clear Filters. */
export function EmptyState({ clearHref, onClear }: { clearHref: string; onClear?: (() => void) | undefined }) {
  return (
    <section className="search-empty" data-testid="empty-state">
      <h2>{EMPTY_TITLE}</h2>
      <p>{EMPTY_TEXT}</p>
      <a
        className="btn"
        href={clearHref}
        onClick={(e) => {
          if (!onClear) return;
          e.preventDefault();
          onClear();
        }}
      >
        {CLEAR_FILTERS}
      </a>
    </section>
  );
}
