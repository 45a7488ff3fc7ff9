/**
 * Sell / trade in: the details lead (1. Details), then rego + state and the car, the adjustment
 * answers, then our estimated offer valid 7 days (src/lib/forms/trade-in.ts) saved with
 * POST /api/miscellaneous, and accepting it as a lead with subcategory '3. Offer Accepted'.
 */
import { useState } from 'react';
import LeadForm, { type LeadFormProps } from './LeadForm.tsx';
import { ADJUSTMENTS, OFFER_ACCEPTED_SUBCATEGORY, offerValidUntil, tradeInEstimate } from '../../lib/forms/trade-in.ts';
import type { FormValues } from '../../lib/forms/validation.ts';
import { submitLead } from '../../lib/forms/submit.ts';
import { track, EVENT_IDS } from '../../lib/analytics/index.ts';
import { formatNumber } from '../../lib/rules/format.ts';

const STATES = ['NSW', 'VIC', 'QLD', 'SA', 'WA', 'TAS', 'NT', 'ACT'];

type Step = 'details' | 'car' | 'adjust' | 'offer' | 'accepted';

export default function TradeInFlow({ form, stock }: { form: LeadFormProps; stock: Record<string, number> }) {
  const [step, setStep] = useState<Step>('details');
  const [lead, setLead] = useState<{ id: string; values: FormValues }>();
  const [car, setCar] = useState({ rego: '', regoState: 'NSW', make: '', year: '', km: '' });
  const [answers, setAnswers] = useState<Record<string, 'yes' | 'no'>>({});
  const [offer, setOffer] = useState<{ price: number | undefined; validUntil: Date }>();
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);

  if (step === 'details') {
    return <LeadForm {...form} onSuccess={(id, values) => { setLead({ id, values }); setCar((c) => ({ ...c, rego: String(values['Rego'] ?? '').toUpperCase(), km: String(values['odometer'] ?? '').replace(/\D/g, '') })); setStep('car'); }} />;
  }

  const carMissing = !car.rego.trim() || !car.make.trim() || !/^\d{4}$/.test(car.year) || !/^\d+$/.test(car.km);
  const valuation = (price: number | undefined, validUntil: Date) => ({
    lead_id: lead?.id, rego: car.rego, regoState: car.regoState, make: car.make, year: Number(car.year), km: Number(car.km),
    adjustmentAnswers: ADJUSTMENTS.map((q) => ({ question: q, answer: answers[q] })), offer_price: price ?? null, valid_until: validUntil.toISOString(),
  });

  async function showOffer() {
    const now = new Date();
    const yes = ADJUSTMENTS.filter((q) => answers[q] === 'yes').length;
    const price = tradeInEstimate({ make: car.make, year: Number(car.year), km: Number(car.km) }, yes, stock, now);
    const validUntil = offerValidUntil(now);
    setOffer({ price, validUntil });
    setStep('offer');
    // Saving the valuation is the dealer's record; a failure is only logged.
    fetch('/api/miscellaneous', { method: 'POST', headers: { 'content-type': 'application/json', 'Idempotency-Key': crypto.randomUUID() }, body: JSON.stringify({ column_name: 'valuation', ...valuation(price, validUntil) }) })
      .then((r) => console.log('valuation saved', r.status))
      .catch((err: unknown) => console.error('valuation not saved', err));
  }

  async function accept() {
    if (!offer || offer.price === undefined || !lead) return;
    setBusy(true);
    setError('');
    const v = lead.values;
    const body = { ...Object.fromEntries(['name', 'last_name', 'email', 'phone', 'postcode', 'dealership_slug', 'terms_conditions', 'opt_in'].map((k) => [k, v[k]]).filter(([, x]) => x !== undefined && x !== '')),
      category: form.category, subcategory: OFFER_ACCEPTED_SUBCATEGORY, offer_accepted: true, ...valuation(offer.price, offer.validUntil), Rego: car.rego, source: 'Website', url: window.location.href, event_id: EVENT_IDS.offerAccepted };
    const result = await submitLead(body, { key: crypto.randomUUID() });
    setBusy(false);
    if (!result.ok) return setError(result.error);
    track(EVENT_IDS.offerAccepted, { lead_id: result.lead_id });
    setStep('accepted');
  }

  return (
    <div className="lf trade-flow" data-testid="trade-in-flow">
      {step === 'car' && (
        <form className="lf" noValidate onSubmit={(e) => { e.preventDefault(); if (!carMissing) setStep('adjust'); }}>
          <p className="lf-step">Thanks, we have your details. Now tell us about the car.</p>
          <div className="lf-row">
            <div className="lf-field"><label htmlFor="ti-rego">Rego</label><input id="ti-rego" value={car.rego} onChange={(e) => setCar({ ...car, rego: e.target.value.toUpperCase() })} /></div>
            <div className="lf-field"><label htmlFor="ti-state">State</label><select id="ti-state" value={car.regoState} onChange={(e) => setCar({ ...car, regoState: e.target.value })}>{STATES.map((s) => <option key={s}>{s}</option>)}</select></div>
            <div className="lf-field"><label htmlFor="ti-make">Make</label><input id="ti-make" value={car.make} onChange={(e) => setCar({ ...car, make: e.target.value })} /></div>
            <div className="lf-field"><label htmlFor="ti-year">Year</label><input id="ti-year" inputMode="numeric" maxLength={4} value={car.year} onChange={(e) => setCar({ ...car, year: e.target.value.replace(/\D/g, '') })} /></div>
            <div className="lf-field"><label htmlFor="ti-km">Odometer (kms)</label><input id="ti-km" inputMode="numeric" value={car.km} onChange={(e) => setCar({ ...car, km: e.target.value.replace(/\D/g, '') })} /></div>
          </div>
          <div className="lf-submit"><button className="btn" type="submit" disabled={carMissing}>Next</button></div>
        </form>
      )}
      {step === 'adjust' && (
        <form className="lf" noValidate onSubmit={(e) => { e.preventDefault(); void showOffer(); }}>
          {ADJUSTMENTS.map((q, i) => (
            <fieldset key={q} className="lf-checks">
              <legend>{q}</legend>
              {(['yes', 'no'] as const).map((a) => (
                <label key={a} className="lf-check"><input type="radio" name={`adj-${i}`} checked={answers[q] === a} onChange={() => setAnswers({ ...answers, [q]: a })} /> {a === 'yes' ? 'Yes' : 'No'}</label>
              ))}
            </fieldset>
          ))}
          <div className="lf-submit"><button className="btn" type="submit" disabled={ADJUSTMENTS.some((q) => !answers[q])}>See My Offer</button></div>
        </form>
      )}
      {step === 'offer' && offer && (offer.price === undefined ? (
        <div className="panel" role="status" data-testid="trade-in-inspection">
          <p><strong>We need to see this car to value it.</strong> We give online estimates only for cars up to 7 years old with up to 100,000 km that we can compare with our stock. Our team will call you to book a free inspection.</p>
        </div>
      ) : (
        <div className="panel" role="status" data-testid="trade-in-offer">
          <p>Estimated offer, confirmed on inspection</p>
          <p className="ti-price">${formatNumber(offer.price)}</p>
          <p>Valid until {offer.validUntil.toLocaleDateString('en-AU', { day: 'numeric', month: 'long', year: 'numeric' })}. No valuation service is connected: this is our own estimate from similar cars in our stock and your answers.</p>
          {error && <div className="lf-alert" role="alert">{error}</div>}
          <div className="lf-submit"><button className="btn" type="button" onClick={() => void accept()} disabled={busy}>{busy ? 'Sending…' : 'Accept Offer'}</button></div>
        </div>
      ))}
      {step === 'accepted' && <div className="lf-success" role="status" data-testid="trade-in-accepted">Offer accepted. We will call you to book the inspection.</div>}
    </div>
  );
}
