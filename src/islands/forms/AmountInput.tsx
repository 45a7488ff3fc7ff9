/** Money ($ prefix) and distance (kms suffix) inputs with thousands separators and quick picks. */
import { DISTANCE_QUICK_PICKS, MONEY_QUICK_PICKS, formatAmountInput, withSeparators } from '../../lib/forms/inputs.ts';

export function AmountInput(p: {
  id: string;
  label: string;
  kind: 'money' | 'distance';
  value: string;
  onChange: (v: string) => void;
  picks?: readonly number[] | undefined;
}) {
  const picks = p.picks ?? (p.kind === 'money' ? MONEY_QUICK_PICKS : DISTANCE_QUICK_PICKS);
  return (
    <div className="lf-field">
      <label htmlFor={p.id}>{p.label}</label>
      <div className={`lf-amount lf-${p.kind}`}>
        {p.kind === 'money' && <span aria-hidden="true">$</span>}
        <input id={p.id} inputMode="numeric" value={p.value} onChange={(e) => p.onChange(formatAmountInput(e.target.value))} />
        {p.kind === 'distance' && <span aria-hidden="true">kms</span>}
      </div>
      <div className="lf-picks" role="group" aria-label={`${p.label} quick picks`}>
        {picks.map((n) => (
          <button type="button" key={n} className="lf-pick" onClick={() => p.onChange(withSeparators(n))}>
            {p.kind === 'money' ? `$${withSeparators(n)}` : `${withSeparators(n)} kms`}
          </button>
        ))}
      </div>
    </div>
  );
}
