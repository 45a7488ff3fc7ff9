import {
  calculatorResult,
  fieldAmount,
  updateField,
  type CalculatorCharges,
  type CalculatorRanges,
  type CalculatorState,
  type Field,
} from '../../lib/finance/calculator.ts';
import type { Frequency } from '../../lib/finance/amortise.ts';
import { formatNumber } from '../../lib/rules/format.ts';
import { EVENTS, track } from './analytics.ts';

interface CalcData {
  ranges: CalculatorRanges;
  state: CalculatorState;
  /** Fees financed, the monthly fee, rounding (src/lib/finance/options.ts decided them). */
  charges: CalculatorCharges;
}

const FIELDS: Field[] = ['amount', 'term', 'interest', 'deposit', 'residual'];
const MONEY = new Set<Field>(['amount', 'deposit', 'residual']);

/** The finance calculator: every change recomputes; the first change fires the analytics event once. */
export function mount(el: HTMLElement): void {
  const data = JSON.parse(el.dataset['calc'] ?? '{}') as CalcData;
  let state = data.state;
  let used = false;
  // A custom list of terms is a select named "term"; every other field an input (and its slider).
  const inputs = (field: string) => [...el.querySelectorAll<HTMLInputElement | HTMLSelectElement>(`[name="${field}"], [name="${field}-range"]`)];
  const out = (key: string, text: string) => {
    const o = el.querySelector(`[data-out="${key}"]`);
    if (o) o.textContent = text;
  };
  const show = (field: Field, except?: HTMLInputElement | HTMLSelectElement) => {
    for (const input of inputs(field)) {
      if (input === except) continue;
      input.value = input.type === 'range' || !MONEY.has(field) ? String(state[field]) : formatNumber(state[field]);
    }
  };
  const render = () => {
    const r = calculatorResult(state, data.ranges, data.charges);
    out('payment', r.display);
    out('per', r.display.startsWith('$') ? `per ${r.per}` : '');
    out('total', r.total);
    out('message', r.message ?? '');
    out('term', `${state.term} years`);
    out('interest', `${state.interest}%`);
    el.querySelector('[name="amount"]')?.setAttribute('aria-invalid', String(!!r.message));
  };
  const changed = () => {
    if (!used) {
      used = true;
      track(EVENTS.financeCalculatorUsed);
      track(EVENTS.financeCalculator);
    }
    render();
  };

  el.addEventListener('input', (event) => {
    const input = event.target as HTMLInputElement | HTMLSelectElement;
    if (input.name === 'frequency') {
      state = { ...state, frequency: input.value as Frequency };
      return changed();
    }
    const field = input.name.replace(/-range$/, '') as Field;
    if (!FIELDS.includes(field)) return;
    const value = input.type === 'range' ? Number(input.value) : fieldAmount(input.value);
    const before = state[field];
    state = updateField(state, field, value, data.ranges);
    // A typed value is rewritten only when the rule changed it (negative amount, clamped field).
    show(field, input.type === 'range' || state[field] === value ? input : undefined);
    if (state[field] !== before || input.type === 'range') changed();
  });
  el.addEventListener('change', (event) => {
    const input = event.target as HTMLInputElement | HTMLSelectElement;
    const field = input.name.replace(/-range$/, '') as Field;
    if (FIELDS.includes(field)) show(field);
  });
  // Read what was typed before this code arrived (normally the initial values). Sliders are left
  // alone: a browser snaps a configured default such as 8.95 to the slider's 0.5 steps.
  for (const field of MONEY) {
    const input = el.querySelector<HTMLInputElement>(`[name="${field}"]`);
    if (input) state = updateField(state, field, fieldAmount(input.value), data.ranges);
  }
  const terms = el.querySelector<HTMLSelectElement>('select[name="term"]');
  if (terms) state = updateField(state, 'term', Number(terms.value), data.ranges);
  const checked = el.querySelector<HTMLInputElement>('[name="frequency"]:checked');
  if (checked) state = { ...state, frequency: checked.value as Frequency };
  render();
}
