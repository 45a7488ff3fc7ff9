/**
 * /compare: up to 4 cars side by side, specs aligned by row, differing rows highlighted.
 * A plain table: four columns of text need no table library (no sorting, paging or resizing).
 */
import { useEffect, useMemo, useState } from 'react';
import { useStore } from '@nanostores/react';
import { $compare, toggleCompare, type SavedCar } from '../../stores/cars.ts';
import { compareRows } from '../../lib/forms/compare.ts';

export default function CompareView() {
  const stored = useStore($compare);
  const [mounted, setMounted] = useState(false);
  useEffect(() => setMounted(true), []);
  const cars: SavedCar[] = mounted ? stored : [];
  const rows = useMemo(() => compareRows(cars), [cars]);
  if (!mounted) return <p>Loading…</p>;
  if (cars.length === 0) return <p data-testid="compare-empty">No cars to compare yet. Tap Compare on up to 4 cars.</p>;
  return (
    <div className="cmp-wrap">
      <table className="cmp" data-testid="compare-table">
        <thead>
          <tr>
            <th scope="col">Spec</th>
            {cars.map((car) => (
              <th key={car.id} scope="col">
                <a href={`/cars/${car.slug}`}>{car.name}</a>
                <button type="button" className="lf-pick" onClick={() => toggleCompare(car)}>
                  Remove
                </button>
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={r.label} className={r.differs ? 'cmp-diff' : undefined} data-differs={r.differs || undefined}>
              <th scope="row">{r.label}</th>
              {cars.map((car, i) => (
                <td key={car.id}>{r.values[i] || '-'}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
