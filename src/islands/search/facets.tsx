import { createContext, useContext, useEffect, useId, useRef, useState } from 'react';
import { useRefinementList } from 'react-instantsearch';
import { FacetOption } from '../../components/search/FacetOption.tsx';
import { bodyTypeImage, bodyTypeLabel } from '../../lib/rules/body-type.ts';
import { modelOf } from '../../lib/search/documents.ts';
import { orderFacetItems, type FacetItem } from '../../lib/search/facet-order.ts';
import { makeFacetView, modelsOfMake, modelToggleLabel, MODELS_LIMIT } from '../../lib/search/make-facet.ts';

/** Every value of a facet (Meilisearch's limit is raised to the stock size too). */
export const FACET_LIMIT = 1000;

const CAR_TYPE_LABELS: Record<string, string> = { new: 'New', used: 'Used', demo: 'Demo' };

export function facetLabel(attribute: string, value: string): string {
  switch (attribute) {
    case 'car_type':
      return CAR_TYPE_LABELS[value] ?? value;
    case 'body':
      return bodyTypeLabel(value) ?? value;
    case 'make_model':
      return modelOf(value);
    case 'certified':
      return value === 'true' ? 'Certified' : 'Not certified';
    case 'seats':
      return `${value} seats`;
    default:
      return value;
  }
}

/**
 * The attributes whose facets show no counts (and are not ordered by them): on a pre-rendered search
 * page, until the search runs in it, those its pretty path refines (server-state.ts uncountedFacets).
 */
export const UncountedFacets = createContext<ReadonlySet<string>>(new Set());

function useFacet(attribute: string, hide?: (value: string) => boolean) {
  const list = useRefinementList({ attribute, limit: FACET_LIMIT, operator: 'or' });
  const counted = !useContext(UncountedFacets).has(attribute);
  // Uncounted, every count is the same 0: orderFacetItems then orders by label (car types as always).
  const items: FacetItem[] = orderFacetItems(
    attribute,
    list.items
      .filter((i) => !hide?.(i.value))
      .map((i) => ({ value: i.value, label: facetLabel(attribute, i.value), count: counted ? i.count : 0, isRefined: i.isRefined })),
  );
  return { ...list, items, counted };
}

export interface FacetProps {
  attribute: string;
  title: string;
  /** Values not offered (the certified facet hides "false" on certified-only sites). */
  hide?: ((value: string) => boolean) | undefined;
}

/** A checkbox list (always open): car type. */
export function FacetList({ attribute, title, hide }: FacetProps) {
  const { items, refine, createURL, counted } = useFacet(attribute, hide);
  if (items.length === 0) return null;
  return (
    <fieldset className="facet">
      <legend>{title}</legend>
      {items.map((i) => (
        <FacetOption
          key={i.value}
          label={i.label}
          count={counted ? i.count : undefined}
          checked={i.isRefined}
          href={createURL(i.value)}
          onToggle={() => refine(i.value)}
        />
      ))}
    </fieldset>
  );
}

/** A dropdown (details/summary) of checkboxes. */
export function FacetDropdown({ attribute, title, hide }: FacetProps) {
  const { items, refine, createURL, counted } = useFacet(attribute, hide);
  if (items.length === 0) return null;
  const chosen = items.filter((i) => i.isRefined).length;
  return (
    <details className="facet facet-dropdown" open={chosen > 0 ? true : undefined}>
      <summary>
        {title}
        {chosen > 0 && <span className="facet-chosen"> ({chosen})</span>}
      </summary>
      <div className="facet-options">
        {items.map((i) => (
          <FacetOption
            key={i.value}
            label={i.label}
            count={counted ? i.count : undefined}
            checked={i.isRefined}
            href={createURL(i.value)}
            onToggle={() => refine(i.value)}
          />
        ))}
      </div>
    </details>
  );
}

/** A native select (one value at a time). */
export function FacetSelect({ attribute, title, hide }: FacetProps) {
  const { items, refine, counted } = useFacet(attribute, hide);
  const id = useId();
  if (items.length === 0) return null;
  const selected = items.filter((i) => i.isRefined);
  const value = selected.length === 1 ? (selected[0]?.value ?? '') : '';
  return (
    <div className="facet facet-select">
      <label htmlFor={id}>{title}</label>
      <select
        id={id}
        value={value}
        onChange={(e) => {
          for (const s of selected) refine(s.value);
          if (e.target.value) refine(e.target.value);
        }}
      >
        <option value="">Any</option>
        {items.map((i) => (
          <option key={i.value} value={i.value}>
            {counted ? `${i.label} (${i.count})` : i.label}
          </option>
        ))}
      </select>
    </div>
  );
}

/** A custom menu: a button opening a panel of options; closes on Escape or a click outside. */
export function FacetMenu({ attribute, title, hide }: FacetProps) {
  const { items, refine, createURL, counted } = useFacet(attribute, hide);
  const [open, setOpen] = useState(false);
  const ref = useRef<HTMLDivElement>(null);
  const panelId = useId();
  useEffect(() => {
    if (!open) return;
    const close = (e: Event) => {
      if (e instanceof KeyboardEvent ? e.key === 'Escape' : !ref.current?.contains(e.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', close);
    document.addEventListener('keydown', close);
    return () => {
      document.removeEventListener('pointerdown', close);
      document.removeEventListener('keydown', close);
    };
  }, [open]);
  if (items.length === 0) return null;
  const chosen = items.filter((i) => i.isRefined);
  return (
    <div className="facet facet-menu" ref={ref}>
      <button type="button" className="facet-menu-button" aria-expanded={open} aria-controls={panelId} onClick={() => setOpen(!open)}>
        {title}
        {chosen.length > 0 && <span className="facet-chosen">: {chosen.map((c) => c.label).join(', ')}</span>}
      </button>
      <div id={panelId} className="facet-menu-panel" hidden={!open}>
        {items.map((i) => (
          <FacetOption
            key={i.value}
            label={i.label}
            count={counted ? i.count : undefined}
            checked={i.isRefined}
            href={createURL(i.value)}
            onToggle={() => refine(i.value)}
          />
        ))}
      </div>
    </div>
  );
}

/** Body types as tiles (picture, label and count) linking to the search for that value. */
export function BodyTiles({ title }: { title: string }) {
  const { items, refine, createURL, counted } = useFacet('body');
  if (items.length === 0) return null;
  return (
    <fieldset className="facet">
      <legend>{title}</legend>
      <div className="facet-tiles">
        {items.map((i) => (
          <FacetOption
            key={i.value}
            className="facet-tile"
            image={bodyTypeImage(i.value)}
            label={i.label}
            count={counted ? i.count : undefined}
            checked={i.isRefined}
            href={createURL(i.value)}
            onToggle={() => refine(i.value)}
          />
        ))}
      </div>
    </fieldset>
  );
}

/**
 * The make facet: one list, popular makes first, collapsed to 7 (Show all makes / Hide extra makes)
 * with a divider after 20, each make with Select models / Hide for its models (at most 30).
 */
export function MakeFacet({ popularMakes }: { popularMakes: readonly string[] }) {
  const makes = useFacet('make');
  const models = useRefinementList({ attribute: 'make_model', limit: FACET_LIMIT, operator: 'or' });
  const modelsCounted = !useContext(UncountedFacets).has('make_model');
  const [showAll, setShowAll] = useState(false);
  const [openModels, setOpenModels] = useState<ReadonlySet<string>>(new Set());
  if (makes.items.length === 0) return null;
  const view = makeFacetView(makes.items, popularMakes, showAll);
  const modelItems = orderFacetItems(
    'make_model',
    models.items.map((i) => ({ value: i.value, label: modelOf(i.value), count: modelsCounted ? i.count : 0, isRefined: i.isRefined })),
  );
  const option = (i: FacetItem, key: string) => (
    <FacetOption
      key={key}
      label={i.label}
      count={makes.counted ? i.count : undefined}
      checked={i.isRefined}
      href={makes.createURL(i.value)}
      onToggle={() => makes.refine(i.value)}
    />
  );
  return (
    <fieldset className="facet facet-make">
      <legend>Make</legend>
      <ul className="facet-makes" aria-label="All makes">
        {view.all.map((i, index) => {
          const open = openModels.has(i.value) || modelItems.some((m) => m.isRefined && m.value.startsWith(`${i.value} > `));
          const list = modelsOfMake(i.value, modelItems);
          return (
            <li key={i.value} className={view.dividerAfter === index ? 'facet-divider-after' : undefined}>
              <div className="facet-make-row">
                {option(i, i.value)}
                {list.length > 0 && (
                  <button
                    type="button"
                    className="facet-models-toggle"
                    aria-expanded={open}
                    onClick={() => {
                      const next = new Set(openModels);
                      if (open) next.delete(i.value);
                      else next.add(i.value);
                      setOpenModels(next);
                    }}
                  >
                    {modelToggleLabel(open)}
                  </button>
                )}
              </div>
              {open && (
                <div className="facet-models" aria-label={`${i.value} models`} data-limit={MODELS_LIMIT}>
                  {list.map((m) => (
                    <FacetOption
                      key={m.value}
                      label={m.label}
                      count={modelsCounted ? m.count : undefined}
                      checked={m.isRefined}
                      href={models.createURL(m.value)}
                      onToggle={() => models.refine(m.value)}
                    />
                  ))}
                </div>
              )}
            </li>
          );
        })}
      </ul>
      {view.toggle && (
        <button type="button" className="link-button" onClick={() => setShowAll(!showAll)}>
          {view.toggle}
        </button>
      )}
    </fieldset>
  );
}
