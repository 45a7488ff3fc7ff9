/** Compare table rows: one row per spec, aligned across cars; a row differs when its values are not all equal. */
export interface CompareRow {
  label: string;
  values: string[];
  differs: boolean;
}

export const COMPARE_SPECS: { key: string; label: string }[] = [
  { key: 'price', label: 'Price' },
  { key: 'year', label: 'Year' },
  { key: 'km', label: 'Odometer' },
  { key: 'body', label: 'Body' },
  { key: 'fuel', label: 'Fuel' },
  { key: 'transmission', label: 'Transmission' },
  { key: 'drive', label: 'Drive' },
  { key: 'colour', label: 'Colour' },
  { key: 'seats', label: 'Seats' },
];

export function compareRows(cars: { make: string; model: string; specs?: Record<string, string> | undefined }[]): CompareRow[] {
  const rows = [
    { label: 'Make', values: cars.map((c) => c.make) },
    { label: 'Model', values: cars.map((c) => c.model) },
    ...COMPARE_SPECS.map((s) => ({ label: s.label, values: cars.map((c) => c.specs?.[s.key] ?? '') })),
  ];
  return rows.filter((r) => r.values.some((v) => v !== '')).map((r) => ({ ...r, differs: cars.length > 1 && new Set(r.values).size > 1 }));
}
