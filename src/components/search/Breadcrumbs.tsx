import type { Crumb } from '../../lib/search/breadcrumbs.ts';

/** Home > car type > make > model > body > title, as links; the last crumb is the current page. */
export function Breadcrumbs({ crumbs }: { crumbs: readonly Crumb[] }) {
  return (
    <nav className="breadcrumb" aria-label="Breadcrumb">
      <ol>
        {crumbs.map((c, i) => (
          <li key={`${i}-${c.label}`} {...(c.href ? {} : { 'aria-current': 'page' as const })}>
            {c.href ? <a href={c.href}>{c.label}</a> : c.label}
          </li>
        ))}
      </ol>
    </nav>
  );
}
