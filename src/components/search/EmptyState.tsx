import { CLEAR_FILTERS, EMPTY_TEXT, EMPTY_TITLE } from '../../lib/search/empty-state.ts';

/** The spec's empty result: its exact title and text (the offers search has its own text), and Clear Filters. */
export function EmptyState({ clearHref, onClear, text }: { clearHref: string; onClear?: (() => void) | undefined; text?: string | undefined }) {
  return (
    <section className="search-empty" data-testid="empty-state">
      <h2>{EMPTY_TITLE}</h2>
      <p>{text ?? EMPTY_TEXT}</p>
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
