/**
 * Sell / trade in, each step sent through the lead helper as its own lead tied to the first one
 * (lead_id) and to one valuation id: the details (1. Details), the rego lookup (rego, regoState and
 * the car), the adjustment answers (id, adjustmentAnswers), then our estimated offer valid 7 days
 * (src/lib/forms/trade-in.ts) saved with POST /api/miscellaneous, and accepting it ('3. Offer Accepted').
 * A failed step shows the error and keeps what the shopper entered.
 */
import { useRef, useState } from 'react';
import LeadForm, { type LeadFormProps } from './LeadForm.tsx';
import {
  ADJUSTMENTS,
  AU_STATES,
  DEFAULT_REGO_STATE,
  ADJUSTMENTS_SUBCATEGORY,
  OFFER_ACCEPTED_SUBCATEGORY,
  REGO_LOOKUP_SUBCATEGORY,
  contactOf,
  offerValidUntil,
  tradeInEstimate,
  TRADE_IN_MAX_AGE_YEARS,
  TRADE_IN_MAX_KM,
} from '../../lib/forms/trade-in.ts';
import type { FormValues } from '../../lib/forms/validation.ts';
import { submitLead } from '../../lib/forms/submit.ts';
import { track, EVENT_IDS } from '../../lib/analytics/index.ts';
import { formatNumber } from '../../lib/rules/format.ts';

type Step = 'details' | 'car' | 'adjust' | 'offer' | 'accepted';

/** regoState: where the state select starts (src/lib/forms/trade-in.ts defaultRegoState: the dealer's state, else QLD). */
export default function TradeInFlow({
  form,
  stock,
  regoState = DEFAULT_REGO_STATE,
  maxAgeYears = TRADE_IN_MAX_AGE_YEARS,
}: {
  form: LeadFormProps;
  stock: Record<string, number>;
  regoState?: string;
  /** The oldest car estimated online (tradeInMaxAgeYears: 7, or the tenant's 10-year variant). */
  maxAgeYears?: number;
}) {
  const [step, setStep] = useState<Step>('details');
  const [lead, setLead] = useState<{ id: string; values: FormValues }>();
  const [car, setCar] = useState({ rego: '', regoState, make: '', year: '', km: '' });
  const [answers, setAnswers] = useState<Record<string, 'yes' | 'no'>>({});
  const [offer, setOffer] = useState<{ price: number | undefined; validUntil: Date }>();
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  // One valuation id for every step; one Idempotency-Key per step, renewed when its inputs change.
  const valuationId = useRef('');
  const keys = useRef<Record<string, string>>({});
  const editCar = (next: typeof car) => {
    delete keys.current['car'];
    setCar(next);
  };
  const answer = (q: string, a: 'yes' | 'no') => {
    delete keys.current['adjust'];
    setAnswers({ ...answers, [q]: a });
  };

  if (step === 'details') {
    return (
      <LeadForm
        {...form}
        onSuccess={(id, values) => {
          setLead({ id, values });
          setCar((c) => ({ ...c, rego: String(values['Rego'] ?? '').toUpperCase(), km: String(values['odometer'] ?? '').replace(/\D/g, '') }));
          setStep('car');
        }}
      />
    );
  }

  /** One step's lead: the shopper's contact fields, the first lead's id, the valuation id and this step's fields. */
  async function sendStep(stepKey: string, fields: Record<string, unknown>): Promise<string | undefined> {
    if (!lead) return undefined;
    valuationId.current ||= crypto.randomUUID();
    keys.current[stepKey] ||= crypto.randomUUID();
    setBusy(true);
    setError('');
    const body = {
      ...contactOf(lead.values),
      category: form.category,
      lead_id: lead.id,
      id: valuationId.current,
      source: 'Website',
      url: window.location.href,
      ...fields,
    };
    const result = await submitLead(body, { key: keys.current[stepKey] });
    setBusy(false);
    if (!result.ok) {
      setError(result.error);
      return undefined;
    }
    return result.lead_id;
  }

  async function lookUpRego() {
    const sent = await sendStep('car', {
      subcategory: REGO_LOOKUP_SUBCATEGORY,
      rego: car.rego.trim(),
      regoState: car.regoState,
      Rego: car.rego.trim(),
      trade_make: car.make.trim(),
      trade_year: car.year,
      odometer: car.km,
    });
    if (sent) setStep('adjust');
  }

  const carMissing = !car.rego.trim() || !car.make.trim() || !/^\d{4}$/.test(car.year) || !/^\d+$/.test(car.km);
  const adjustmentAnswers = ADJUSTMENTS.map((q) => ({ question: q, answer: answers[q] }));
  const valuation = (price: number | undefined, validUntil: Date) => ({
    id: valuationId.current,
    lead_id: lead?.id,
    rego: car.rego,
    regoState: car.regoState,
    make: car.make,
    year: Number(car.year),
    km: Number(car.km),
    adjustmentAnswers,
    offer_price: price ?? null,
    valid_until: validUntil.toISOString(),
  });

  async function showOffer() {
    if (!(await sendStep('adjust', { subcategory: ADJUSTMENTS_SUBCATEGORY, adjustmentAnswers }))) return;
    const now = new Date();
    const yes = ADJUSTMENTS.filter((q) => answers[q] === 'yes').length;
    const price = tradeInEstimate({ make: car.make, year: Number(car.year), km: Number(car.km) }, yes, stock, now, maxAgeYears);
    const validUntil = offerValidUntil(now);
    setOffer({ price, validUntil });
    setStep('offer');
    // Saving the valuation is the dealer's record; a failure is only logged.
    fetch('/api/miscellaneous', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'Idempotency-Key': crypto.randomUUID() },
      body: JSON.stringify({ column_name: 'valuation', ...valuation(price, validUntil) }),
    })
      .then((r) => {
        if (!r.ok) console.error('Failed to save valuation data', r.status);
      })
      .catch((err: unknown) => console.error('Failed to save valuation data', err));
  }

  async function accept() {
    if (!offer || offer.price === undefined) return;
    const sent = await sendStep('accept', {
      subcategory: OFFER_ACCEPTED_SUBCATEGORY,
      offer_accepted: true,
      form_completed: true,
      ...valuation(offer.price, offer.validUntil),
      Rego: car.rego,
      event_id: EVENT_IDS.offerAccepted,
    });
    if (!sent) return;
    track(EVENT_IDS.offerAccepted, { lead_id: sent });
    setStep('accepted');
  }

  return (
    <div className="lf trade-flow" data-testid="trade-in-flow">
      {step === 'car' && (
        <form
          className="lf"
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            if (!carMissing && !busy) void lookUpRego();
          }}
        >
          <p className="lf-step">Thanks, we have your details. Now tell us about the car.</p>
          <div className="lf-row">
            <div className="lf-field">
              <label htmlFor="ti-rego">Rego</label>
              <input id="ti-rego" value={car.rego} onChange={(e) => editCar({ ...car, rego: e.target.value.toUpperCase() })} />
            </div>
            <div className="lf-field">
              <label htmlFor="ti-state">State</label>
              <select id="ti-state" value={car.regoState} onChange={(e) => editCar({ ...car, regoState: e.target.value })}>
                {AU_STATES.map((s) => (
                  <option key={s}>{s}</option>
                ))}
              </select>
            </div>
            <div className="lf-field">
              <label htmlFor="ti-make">Make</label>
              <input id="ti-make" value={car.make} onChange={(e) => editCar({ ...car, make: e.target.value })} />
            </div>
            <div className="lf-field">
              <label htmlFor="ti-year">Year</label>
              <input
                id="ti-year"
                inputMode="numeric"
                maxLength={4}
                value={car.year}
                onChange={(e) => editCar({ ...car, year: e.target.value.replace(/\D/g, '') })}
              />
            </div>
            <div className="lf-field">
              <label htmlFor="ti-km">Odometer (kms)</label>
              <input id="ti-km" inputMode="numeric" value={car.km} onChange={(e) => editCar({ ...car, km: e.target.value.replace(/\D/g, '') })} />
            </div>
          </div>
          {error && (
            <div className="lf-alert" role="alert" data-testid="trade-in-error">
              {error}
            </div>
          )}
          <div className="lf-submit">
            <button className="btn" type="submit" disabled={carMissing || busy}>
              {busy ? 'Sending…' : 'Next'}
            </button>
          </div>
        </form>
      )}
      {step === 'adjust' && (
        <form
          className="lf"
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            if (!busy) void showOffer();
          }}
        >
          {ADJUSTMENTS.map((q, i) => (
            <fieldset key={q} className="lf-checks">
              <legend>{q}</legend>
              {(['yes', 'no'] as const).map((a) => (
                <label key={a} className="lf-check">
                  <input type="radio" name={`adj-${i}`} checked={answers[q] === a} onChange={() => answer(q, a)} /> {a === 'yes' ? 'Yes' : 'No'}
                </label>
              ))}
            </fieldset>
          ))}
          {error && (
            <div className="lf-alert" role="alert" data-testid="trade-in-error">
              {error}
            </div>
          )}
          <div className="lf-submit">
            <button className="btn" type="submit" disabled={busy || ADJUSTMENTS.some((q) => !answers[q])}>
              {busy ? 'Sending…' : 'See My Offer'}
            </button>
          </div>
        </form>
      )}
      {step === 'offer' &&
        offer &&
        (offer.price === undefined ? (
          <div className="panel" role="status" data-testid="trade-in-inspection">
            <p>
              <strong>We need to see this car to value it.</strong> We give online estimates only for cars up to {maxAgeYears} years old with up to{' '}
              {formatNumber(TRADE_IN_MAX_KM)} km that we can compare with our stock. Our team will call you to book a free inspection.
            </p>
          </div>
        ) : (
          <div className="panel" role="status" data-testid="trade-in-offer">
            <p>Estimated offer, confirmed on inspection</p>
            <p className="ti-price">${formatNumber(offer.price)}</p>
            <p>
              Valid until {offer.validUntil.toLocaleDateString('en-AU', { day: 'numeric', month: 'long', year: 'numeric' })}. No valuation service is connected:
              this is our own estimate from similar cars in our stock and your answers.
            </p>
            {error && (
              <div className="lf-alert" role="alert" data-testid="trade-in-error">
                {error}
              </div>
            )}
            <div className="lf-submit">
              <button className="btn" type="button" onClick={() => void accept()} disabled={busy}>
                {busy ? 'Sending…' : 'Accept Offer'}
              </button>
            </div>
          </div>
        ))}
      {step === 'accepted' && (
        <div className="lf-success" role="status" data-testid="trade-in-accepted">
          Offer accepted. We will call you to book the inspection.
        </div>
      )}
    </div>
  );
}
