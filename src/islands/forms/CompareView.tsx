/** /compare: up to 4 cars side by side, specs aligned by row, differing rows highlighted. */
import { useEffect, useMemo, useState } from 'react';
import { useStore } from '@nanostores/react';
import { createColumnHelper, flexRender, tableFeatures, useTable } from '@tanstack/react-table';
import { $compare, toggleCompare, type SavedCar } from '../../stores/cars.ts';
import { compareRows, type CompareRow } from '../../lib/forms/compare.ts';
import './forms.css';

const features = tableFeatures({});
const col = createColumnHelper<typeof features, CompareRow>();

export default function CompareView() {
  const stored = useStore($compare);
  const [mounted, setMounted] = useState(false);
  useEffect(() => setMounted(true), []);
  const cars: SavedCar[] = mounted ? stored : [];
  const rows = useMemo(() => compareRows(cars), [cars]);
  const columns = useMemo(
    () =>
      col.columns([
        col.accessor('label', { header: 'Spec', cell: (c) => <th scope="row">{c.getValue()}</th> }),
        ...cars.map((car, i) =>
          col.accessor((r) => r.values[i] ?? '', {
            id: car.id,
            header: () => (
              <>
                <a href={`/cars/${car.slug}`}>{car.name}</a>
                <button type="button" className="lf-pick" onClick={() => toggleCompare(car)}>
                  Remove
                </button>
              </>
            ),
            cell: (c) => <td>{c.getValue() || '-'}</td>,
          }),
        ),
      ]),
    [cars],
  );
  const table = useTable({ features, data: rows, columns });
  if (!mounted) return <p>Loading…</p>;
  if (cars.length === 0) return <p data-testid="compare-empty">No cars to compare yet. Tap Compare on up to 4 cars.</p>;
  return (
    <div className="cmp-wrap">
      <table className="cmp" data-testid="compare-table">
        <thead>
          {table.getHeaderGroups().map((g) => (
            <tr key={g.id}>
              {g.headers.map((h) => (
                <th key={h.id} scope="col">
                  {flexRender(h.column.columnDef.header, h.getContext())}
                </th>
              ))}
            </tr>
          ))}
        </thead>
        <tbody>
          {table.getRowModel().rows.map((r) => (
            <tr key={r.id} className={r.original.differs ? 'cmp-diff' : undefined} data-differs={r.original.differs || undefined}>
              {r.getAllCells().map((c) => (
                <FragmentCell key={c.id}>{flexRender(c.column.columnDef.cell, c.getContext())}</FragmentCell>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function FragmentCell(p: { children: React.ReactNode }) {
  return <>{p.children}</>;
}
