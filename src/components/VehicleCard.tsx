import { cardFacts, cardView, type CardCar, type CardFacts, type CardSettings } from '../lib/model/card-facts.ts';

export interface VehicleCardProps {
  car: CardCar;
  settings: CardSettings;
  /** The car's view's facts (build cards); without them (a search hit) they are derived from the hit by cardFacts. */
  facts?: CardFacts | undefined;
  /** The first row of cards may hold the LCP image: eager and high priority. */
  priority?: boolean;
  /**
   * Whether the Quick Enquiry link carries the car for the in-place form (data-quick-enquiry): only
   * the search pages load that form (src/components/forms/QuickEnquiry.astro); elsewhere the link
   * goes to the vehicle page's form and the JSON would be bytes for nothing on every card.
   */
  quickEnquiry?: boolean;
}

const SIZES = '(min-width: 1024px) 400px, (min-width: 640px) 50vw, 100vw';

/**
 * The one vehicle card (home, locations, search results, similar cars). Server-rendered with no
 * JavaScript where nothing is interactive; the search island renders the same component for hits.
 * Every decision comes from the car's facts: its vehicle view's (built cards) or cardFacts of a search hit.
 */
export default function VehicleCard({ car, settings, facts, priority = false, quickEnquiry = true }: VehicleCardProps) {
  const v = cardView(car, facts ?? cardFacts(car, settings));
  const alt = `${v.title} ${v.subtitle}`.trim();
  // Quick Enquiry opens the enquiry form in place where the page loads it (src/components/forms/QuickEnquiry.astro);
  // elsewhere, and without JavaScript, the link goes to the vehicle page's form.
  const quick =
    quickEnquiry &&
    JSON.stringify({
      id: car.id,
      name: alt,
      slug: car.path.replace(/^\/cars\//, ''),
      car_type: car.car_type,
      tag: car.tag ?? undefined,
      make: car.make,
      model: car.model ?? undefined,
      status: car.status,
      stocknum: car.stocknum ?? undefined,
    });
  return (
    <article className="card" data-car-id={car.id}>
      <div className="card-media">
        {v.photo ? (
          <img
            src={v.photo.small.url}
            srcSet={`${v.photo.small.url} ${v.photo.small.width}w, ${v.photo.large.url} ${v.photo.large.width}w`}
            sizes={SIZES}
            alt={alt}
            width={528}
            height={385}
            loading={priority ? 'eager' : 'lazy'}
            fetchPriority={priority ? 'high' : 'auto'}
            decoding={priority ? 'sync' : 'async'}
            style={{ background: v.photo.colour }}
          />
        ) : (
          <img
            src="/img/placeholder-car.svg"
            alt={`${alt}: photo coming soon`}
            width={528}
            height={385}
            loading={priority ? 'eager' : 'lazy'}
            data-placeholder="true"
          />
        )}
        {v.tag && <span className={v.tag.kind === 'sold' ? 'tag tag-sold' : 'tag'}>{v.tag.text}</span>}
      </div>
      <div className="card-body">
        <h3 className="card-title">
          <a href={car.path}>{v.title}</a>
        </h3>
        {v.subtitle && <p className="card-sub">{v.subtitle}</p>}
        <p className="card-price">
          {v.price.text} {v.priceNote && <span className="price-note">{v.priceNote}</span>}
        </p>
        <ul className="card-specs">
          {v.specs.map((s) => (
            <li key={s}>{s}</li>
          ))}
        </ul>
        {v.location && <p className="card-sub">{v.location}</p>}
        <div className="card-actions">
          {v.actions.map((a) => (
            <a
              key={a.label}
              className={a.style === 'primary' ? 'btn' : a.style === 'accent' ? 'btn btn-accent btn-reserve' : 'btn btn-outline'}
              href={a.href}
              data-quick-enquiry={a.label === 'Quick Enquiry' && quick ? quick : undefined}
            >
              {a.label}
            </a>
          ))}
        </div>
      </div>
    </article>
  );
}
