import type { MouseEvent, KeyboardEvent } from 'react';

export interface FacetOptionProps {
  label: string;
  /** Undefined: the value is shown without a count (server-state.ts uncountedFacets). */
  count?: number | undefined;
  checked: boolean;
  /** The search URL with this value toggled: works before (and without) JavaScript. */
  href: string;
  onToggle?: (() => void) | undefined;
  className?: string | undefined;
  /** A picture beside the label (facet tiles: the body type's); decorative, the label names it. */
  image?: string | undefined;
}

/** One refinement value: a real link (no-JS, new tab), behaving as a checkbox once the search runs in the page. */
export function FacetOption({ label, count, checked, href, onToggle, className, image }: FacetOptionProps) {
  const toggle = (e: MouseEvent | KeyboardEvent) => {
    if (!onToggle) return;
    if ('button' in e && (e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey)) return;
    e.preventDefault();
    onToggle();
  };
  return (
    <a
      className={`facet-option${checked ? ' is-checked' : ''}${className ? ` ${className}` : ''}`}
      href={href}
      role="checkbox"
      aria-checked={checked}
      onClick={toggle}
      onKeyDown={(e) => {
        if (e.key === ' ') toggle(e);
      }}
    >
      <span className="facet-box" aria-hidden="true" />
      {image && (
        <svg className="facet-img" width={64} height={32} aria-hidden="true" focusable="false">
          <use href={image} />
        </svg>
      )}
      <span className="facet-label">{label}</span>
      {count !== undefined && <span className="facet-count">{count}</span>}
    </a>
  );
}
