import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { usePagination, useRange, useSearchBox, useSortBy } from 'react-instantsearch';
import { countUpValue, COUNT_UP_MS } from '../../lib/search/count.ts';
import { formatDollars, formatNumber } from '../../lib/rules/format.ts';
import { moveThumb, sliderRefinement, sliderStep, type Range } from '../../lib/search/slider.ts';
import { SORT_OPTIONS, sortIndex } from '../../lib/search/sort.ts';
import { debounce, debounceLeft, SEARCH_DEBOUNCE_MS, SLIDER_DEBOUNCE_MS, TYPED_AT } from '../../lib/search/timing.ts';

/**
 * The search box: refines 300 ms after the last keystroke (Enter searches at once). The stock search
 * and the offers, models and parts searches (CatalogApp) share it, with their own label and placeholder.
 */
export function SearchField({
  action,
  label = 'Search stock',
  placeholder = 'Search make, model, badge...',
}: {
  action: string;
  label?: string;
  placeholder?: string;
}) {
  const { query, refine } = useSearchBox();
  const [value, setValue] = useState(query);
  const typing = useRef(false);
  const send = useMemo(
    () =>
      debounce((q: string) => {
        typing.current = false;
        refine(q);
      }, SEARCH_DEBOUNCE_MS),
    [refine],
  );
  useEffect(() => () => send.cancel(), [send]);
  const input = useRef<HTMLInputElement>(null);
  // Text typed into the server-rendered box before hydration finished is searched, not lost, and as
  // soon as its last key is a debounce old (the island's directive notes when that key was typed).
  useEffect(() => {
    const typed = input.current?.value ?? '';
    if (typed !== query) {
      typing.current = true;
      setValue(typed);
      const typedAt = Number(input.current?.closest(`[${TYPED_AT}]`)?.getAttribute(TYPED_AT));
      send.after(debounceLeft(typedAt, performance.now(), SEARCH_DEBOUNCE_MS), typed);
    }
  }, []);
  // Back/forward or Clear Filters change the query from outside: show it unless the shopper is typing.
  useEffect(() => {
    if (!typing.current) setValue(query);
  }, [query]);
  const id = useId();
  return (
    <form
      className="search-field"
      role="search"
      action={action}
      method="get"
      onSubmit={(e) => {
        e.preventDefault();
        send(value);
        send.flush();
      }}
    >
      <label htmlFor={id} className="visually-hidden">
        {label}
      </label>
      <input
        id={id}
        ref={input}
        type="search"
        name="query"
        placeholder={placeholder}
        autoComplete="off"
        value={value}
        onChange={(e) => {
          typing.current = true;
          setValue(e.target.value);
          send(e.target.value);
        }}
      />
      <button type="submit" className="btn">
        Search
      </button>
    </form>
  );
}

const fmt = (attribute: string, n: number) => (attribute === 'price' ? formatDollars(n) : `${formatNumber(n)} km`);

/**
 * A two-thumb range slider. Values are clamped, the thumbs cannot cross (minimum at least 1 below the
 * maximum), moves outside the range are ignored with a console message, and the refinement (rounded
 * to 1000) is written 400 ms after the last move, which also drops the page parameter.
 */
export function RangeField({ attribute, title, range }: { attribute: 'price' | 'km'; title: string; range: Range }) {
  // No min/max here: InstantSearch would apply them as filters (dropping cars outside, or without km).
  const { start, refine } = useRange({ attribute });
  const current: [number, number] = [
    Number.isFinite(start[0]) ? Math.max(range.min, start[0] as number) : range.min,
    Number.isFinite(start[1]) ? Math.min(range.max, start[1] as number) : range.max,
  ];
  const [value, setValue] = useState<[number, number]>(current);
  const moving = useRef(false);
  const send = useMemo(
    () =>
      debounce((v: [number, number]) => {
        moving.current = false;
        try {
          const r = sliderRefinement(v, range);
          refine([r.min, r.max]);
        } catch (err) {
          console.error('Error with slider refinement', err);
        }
      }, SLIDER_DEBOUNCE_MS),
    [refine, range],
  );
  useEffect(() => () => send.cancel(), [send]);
  useEffect(() => {
    if (!moving.current) setValue(current);
    // Only outside changes (Clear Filters, back/forward) reset the thumbs.
  }, [current[0], current[1]]);
  const step = sliderStep(range);
  const move = (thumb: 'min' | 'max', raw: number) => {
    const result = moveThumb(value, thumb, raw, range);
    if (!result.ok) {
      console.info(`Refinement ${result.reason} ignored: ${title} ${raw}`);
      return;
    }
    moving.current = true;
    setValue(result.value);
    send(result.value);
  };
  const id = useId();
  return (
    <fieldset className="facet facet-range">
      <legend>{title}</legend>
      <p className="range-values" id={`${id}-values`}>
        {fmt(attribute, value[0])} – {value[1] >= range.max ? `${fmt(attribute, range.max)}+` : fmt(attribute, value[1])}
      </p>
      <div className="range-track">
        <input
          type="range"
          aria-label={`Minimum ${title.toLowerCase()}`}
          aria-describedby={`${id}-values`}
          min={range.min}
          max={range.max}
          step={step}
          value={value[0]}
          onChange={(e) => move('min', Number(e.target.value))}
        />
        <input
          type="range"
          aria-label={`Maximum ${title.toLowerCase()}`}
          aria-describedby={`${id}-values`}
          min={range.min}
          max={range.max}
          step={step}
          value={value[1]}
          onChange={(e) => move('max', Number(e.target.value))}
        />
      </div>
    </fieldset>
  );
}

/** Sort: most relevant, latest, highest price, lowest price. */
export function SortField({ indexName }: { indexName: string }) {
  const items = SORT_OPTIONS.map((o) => ({ label: o.label, value: sortIndex(indexName, o.key) }));
  const { currentRefinement, refine } = useSortBy({ items });
  const id = useId();
  const select = useRef<HTMLSelectElement>(null);
  // A sort chosen while the page was still hydrating is applied, not lost.
  useEffect(() => {
    const chosen = select.current?.value;
    if (chosen && chosen !== currentRefinement) refine(chosen);
  }, []);
  return (
    <div className="sort-field">
      <label htmlFor={id}>Sort by</label>
      <select id={id} ref={select} value={currentRefinement} onChange={(e) => refine(e.target.value)}>
        {items.map((i) => (
          <option key={i.value} value={i.value}>
            {i.label}
          </option>
        ))}
      </select>
    </div>
  );
}

/** Page links (real URLs), previous and next. */
export function Pager({ onNavigate }: { onNavigate?: () => void }) {
  const { pages, currentRefinement, nbPages, refine, createURL, isFirstPage, isLastPage } = usePagination({ padding: 2 });
  if (nbPages <= 1) return null;
  const go = (page: number) => (e: React.MouseEvent) => {
    if (e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey) return;
    e.preventDefault();
    refine(page);
    onNavigate?.();
  };
  return (
    <nav className="pager" aria-label="Pages">
      {!isFirstPage && (
        <a href={createURL(currentRefinement - 1)} onClick={go(currentRefinement - 1)} rel="prev">
          Previous
        </a>
      )}
      {pages.map((p) => (
        <a key={p} href={createURL(p)} onClick={go(p)} {...(p === currentRefinement ? { 'aria-current': 'page' as const } : {})}>
          {p + 1}
        </a>
      ))}
      {!isLastPage && (
        <a href={createURL(currentRefinement + 1)} onClick={go(currentRefinement + 1)} rel="next">
          Next
        </a>
      )}
    </nav>
  );
}

/** The number shown counting up to `target` over 1 second whenever the target changes. */
export function useCountUp(target: number): number {
  const [shown, setShown] = useState(target);
  const from = useRef(target);
  useEffect(() => {
    const start = performance.now();
    const origin = from.current;
    let frame = 0;
    const tick = (t: number) => {
      const v = countUpValue(origin, target, t - start, COUNT_UP_MS);
      from.current = v;
      setShown(v);
      if (v !== target) frame = requestAnimationFrame(tick);
    };
    frame = requestAnimationFrame(tick);
    return () => cancelAnimationFrame(frame);
  }, [target]);
  return shown;
}

/** "Show Me N cars": counts up to the current count over 1 s and takes the shopper to the results. */
export function ShowMeButton({ count, onClick }: { count: number; onClick: () => void }) {
  const n = useCountUp(count);
  return (
    <button type="button" className="btn show-me" onClick={onClick}>
      Show Me {formatNumber(n)} {n === 1 ? 'car' : 'cars'}
    </button>
  );
}
