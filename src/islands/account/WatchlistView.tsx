/** The watchlist / garage page: saved cars with their live status from GET /api/watchlist. */
import { useEffect, useState } from 'react';
import { signInHref } from '../../lib/forms/gating.ts';
import { loadSession } from '../../stores/session.ts';
import { syncWatchlist, toggleWatch } from '../../stores/watchlist.ts';
import Toaster from '../toasts/Toaster.tsx';

interface Entry {
  id: string;
  path: string;
  name: string;
  price: number | null;
  /** The server's price display (src/lib/rules/price-display.ts): a price only above 10, else PREORDER or the no-price text. */
  price_text?: string;
  primary_image_url: string | null;
  status: string;
  available: boolean;
}

/** signInType: a garage page sends a signed-out visitor with type my-garage, the watchlist page with watchlist. */
export default function WatchlistView({ signInType = 'watchlist' }: { signInType?: 'watchlist' | 'my-garage' }) {
  const [cars, setCars] = useState<Entry[] | undefined>();
  const [error, setError] = useState('');
  useEffect(() => {
    void (async () => {
      const user = await loadSession();
      if (!user) {
        const here = location.pathname;
        location.replace(signInHref(signInType, here, here));
        return;
      }
      const res = await fetch('/api/watchlist').catch(() => undefined);
      if (!res?.ok) return setError('We could not load your watchlist. Please try again.');
      const list = ((await res.json()) as { watchlist: Entry[] }).watchlist;
      syncWatchlist(list.map((c) => c.id));
      setCars(list);
    })();
  }, []);
  if (error)
    return (
      <div className="lf-alert" role="alert">
        {error}
      </div>
    );
  if (!cars) return <p>Loading your saved cars…</p>;
  return (
    <>
      {cars.length === 0 && <p data-testid="watchlist-empty">No saved cars yet. Tap Save on a car to keep it here.</p>}
      {cars.length > 0 && (
        <ul className="wl" data-testid="watchlist">
          {cars.map((c) => (
            <li key={c.id} className="panel wl-item">
              {c.primary_image_url && <img src={c.primary_image_url} alt="" width={160} height={120} loading="lazy" />}
              <div>
                <a href={c.path}>
                  <strong>{c.name}</strong>
                </a>
                <p>
                  {c.price_text ? <span data-price>{`${c.price_text} · `}</span> : ''}
                  <span data-status>{c.available ? 'Available' : c.status === 'sold' ? 'Sold' : c.status.replace('_', ' ')}</span>
                </p>
                <button
                  type="button"
                  className="btn btn-outline btn-small"
                  onClick={() => void toggleWatch(c).then((r) => r === 'removed' && setCars((l) => l?.filter((x) => x.id !== c.id)))}
                >
                  Remove
                </button>
              </div>
            </li>
          ))}
        </ul>
      )}
      <Toaster />
    </>
  );
}
