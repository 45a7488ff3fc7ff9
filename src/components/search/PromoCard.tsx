export interface PromoCardProps {
  title: string;
  text: string;
  href: string;
  cta: string;
}

/** A call-to-action card between results. */
export function PromoCard({ title, text, href, cta }: PromoCardProps) {
  return (
    <aside className="card promo-card" aria-label={title}>
      <div className="card-body">
        <h3 className="card-title">{title}</h3>
        <p>{text}</p>
        <div className="card-actions">
          <a className="btn btn-accent" href={href}>
            {cta}
          </a>
        </div>
      </div>
    </aside>
  );
}
