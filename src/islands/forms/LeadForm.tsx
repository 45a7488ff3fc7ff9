/**
 * Every lead form of the site in one island, configured by props: generic enquiry, contact, the
 * vehicle page's multi-step enquiry, test drive, photo request, service, parts, finance, trade-in and
 * reservation. States: idle -> submitting (disabled button, spinner) -> success or failure.
 */
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { MESSAGES } from '../../lib/forms/messages.ts';
import { validateEnquiry, type FormValues, type Issue } from '../../lib/forms/validation.ts';
import { leadBody } from '../../lib/forms/payload.ts';
import { leadEventId, type FormKind } from '../../lib/forms/events.ts';
import { submitLead } from '../../lib/forms/submit.ts';
import { track, type EventId } from '../../lib/analytics/index.ts';
import { $lastLead, $userDetails, rememberUserDetails } from '../../stores/user-details.ts';
import { visitedPages, landingQuery } from './visits.ts';
import { pageIdOf } from '../../lib/forms/visits.ts';
import { AmountInput } from './AmountInput.tsx';
import { formatAmountInput, typedAmount } from '../../lib/forms/inputs.ts';
import { placeValues, shownSelects, type ChoiceSelect } from '../../lib/forms/places.ts';
import { safeRedirect } from '../../lib/site/safe-redirect.ts';

export interface FormCar {
  id: string;
  name: string;
  slug: string;
  car_type: string;
  tag?: string | undefined;
  dealership_id?: string | number | undefined;
}

/** A required select: the Enquiry type, the dealership, the website location (src/lib/forms/places.ts). */
export type SelectSpec = ChoiceSelect;

export interface LeadFormProps {
  id: string;
  kind: FormKind;
  category: string;
  subcategory?: string | undefined;
  submitLabel?: string | undefined;
  car?: FormCar | undefined;
  lastName?: boolean | undefined;
  postcode?: 'required' | 'optional' | 'hidden' | undefined;
  messageRequired?: boolean | undefined;
  messageLabel?: string | undefined;
  /** Photo request: the hidden request text sent as the message when the shopper writes none. */
  defaultMessage?: string | undefined;
  selects?: SelectSpec[] | undefined;
  terms?: boolean | undefined;
  rego?: boolean | undefined;
  dateTime?: boolean | undefined;
  checkOptions?: string[] | undefined;
  money?: { name: string; label: string }[] | undefined;
  moneyPicks?: readonly number[] | undefined;
  distance?: { name: string; label: string }[] | undefined;
  /** Extra fields sent as they are (dealership_slug, page_id, query parameters of a finance page). */
  hidden?: Record<string, string> | undefined;
  /** Query parameters copied into the lead (finance pages: preferredDealership, vehiclePriceBudget, car_id, car_type, vin). */
  fromQuery?: string[] | undefined;
  /** Multi-step: details first, then contact; success goes to /success. */
  steps?: boolean | undefined;
  redirect?: string | undefined;
  /** Called with the new lead instead of showing the thanks (the trade-in flow continues). */
  onSuccess?: ((leadId: string, values: FormValues) => void) | undefined;
  privacyHref?: string | undefined;
  dealerName: string;
}

type Status = 'idle' | 'submitting' | 'success';

export function collectionNotice(dealer: string): string {
  return `${dealer} collects the details in this form to answer your enquiry and may contact you about it. Marketing is sent only if you tick the box above.`;
}

export default function LeadForm(p: LeadFormProps) {
  const [values, setValues] = useState<FormValues>({});
  const [issues, setIssues] = useState<Issue[]>([]);
  const [formError, setFormError] = useState<string>('');
  const [status, setStatus] = useState<Status>('idle');
  const [step, setStep] = useState(p.steps ? 1 : 2);
  // Until hydrated a click would submit natively (a GET carrying what was typed in the URL): wait.
  const [mounted, setMounted] = useState(false);
  const key = useRef<string>('');
  const lastName = p.lastName ?? true;
  const postcode = p.postcode ?? 'optional';

  // Stored details pre-fill the form after mount (never during server render).
  useEffect(() => {
    const d = $userDetails.get();
    const q = new URLSearchParams(window.location.search);
    const fromQuery = Object.fromEntries(
      (p.fromQuery ?? []).flatMap((k) => (q.get(k) ? [[k, k === 'vehiclePriceBudget' ? formatAmountInput(q.get(k) ?? '') : (q.get(k) ?? '')]] : [])),
    );
    setValues((v) => ({ ...(d ?? {}), ...fromQuery, ...v }));
    setMounted(true);
    // Once, after mount: later prop changes must not overwrite what the shopper typed.
  }, []);

  const set = (name: string, value: string | boolean) => {
    key.current = '';
    // Another dealership: its own locations to choose from.
    setValues((v) => ({ ...v, [name]: value, ...(name === 'dealership_slug' ? { location_id: '' } : {}) }));
  };
  const str = (name: string) => (typeof values[name] === 'string' ? (values[name] as string) : '');
  const selects = shownSelects(p.selects ?? [], { ...p.hidden, ...values });
  const rules = {
    messageRequired: (p.messageRequired ?? true) && p.defaultMessage === undefined,
    selects,
    terms: p.terms ?? false,
    postcode,
    lastName,
  };
  const stepOneFields = new Set(['message', ...(p.selects ?? []).map((s) => s.name), 'terms_conditions']);

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    if (status === 'submitting') return;
    const all = validateEnquiry(values, rules);
    if (p.steps && step === 1) {
      const first = all.filter((i) => stepOneFields.has(i.field) && i.field !== 'terms_conditions');
      setIssues(first);
      if (first.length === 0) setStep(2);
      return;
    }
    setIssues(all);
    setFormError('');
    if (all.length > 0) return;
    setStatus('submitting');
    const pc = str('postcode').trim();
    if (pc && !(await postcodeKnown(pc))) {
      setIssues([{ field: 'postcode', message: MESSAGES.postcodeUnknown }]);
      setStatus('idle');
      return;
    }
    const eventId = leadEventId(p.kind, p.car);
    const withDefaults: FormValues = { ...p.hidden, ...values };
    Object.assign(withDefaults, placeValues(p.selects ?? [], withDefaults));
    // The Enquiry type select, where shown, is the lead's category.
    const category = str('category') || p.category;
    if (p.defaultMessage !== undefined && !str('message').trim()) withDefaults['message'] = p.defaultMessage;
    // Money and distance travel as plain numbers ('45,000' on screen, '45000' to the dealer's CRM).
    for (const { name } of [...(p.money ?? []), ...(p.distance ?? [])]) {
      const amount = typedAmount(str(name));
      if (amount === undefined) delete withDefaults[name];
      else withDefaults[name] = String(amount);
    }
    if (p.subcategory) withDefaults['subcategory'] = p.subcategory;
    key.current ||= crypto.randomUUID();
    const body = leadBody(category, withDefaults, {
      url: window.location.href,
      userAgent: navigator.userAgent,
      car: p.car ? { id: p.car.id, dealership_id: p.car.dealership_id } : undefined,
      visitedPages: visitedPages(),
      linkedQuery: landingQuery(),
      pageId: pageIdOf(window.location.pathname),
      consentText: collectionNotice(p.dealerName) + (values['opt_in'] === true ? ' Opted in to marketing.' : ''),
      now: new Date(),
      eventId,
    });
    const result = await submitLead(body, { key: key.current, ...(p.steps ? { fallback: MESSAGES.unexpected } : {}) });
    if (!result.ok) {
      if (!p.steps) window.alert(MESSAGES.submitFailed);
      setFormError(result.error);
      setStatus('idle');
      return;
    }
    if (eventId !== undefined) track(eventId as EventId, { category, car_id: p.car?.id, lead_id: result.lead_id });
    rememberUserDetails(values);
    $lastLead.set({ category, car: p.car ? { name: p.car.name, slug: p.car.slug } : undefined });
    if (p.onSuccess) {
      p.onSuccess(result.lead_id, withDefaults);
      return;
    }
    const target = p.redirect ?? (p.steps ? '/success' : undefined);
    if (target) {
      window.location.assign(safeRedirect(target, '/success'));
      return;
    }
    setStatus('success');
  }

  if (status === 'success') {
    return (
      <div className="lf-success" role="status" data-testid={`${p.id}-success`}>
        <strong>Thank you, your enquiry has been sent.</strong>
        <p>We will be in touch shortly.</p>
      </div>
    );
  }

  const errorOf = (f: string) => issues.find((i) => i.field === f)?.message;
  const text = (name: string, label: string, type = 'text', extra: Record<string, unknown> = {}) => (
    <Field id={`${p.id}-${name}`} label={label} error={errorOf(name)}>
      <input
        id={`${p.id}-${name}`}
        name={name}
        type={type}
        value={str(name)}
        onChange={(e) => set(name, e.target.value)}
        aria-invalid={errorOf(name) ? true : undefined}
        {...extra}
      />
    </Field>
  );
  const busy = status === 'submitting';
  const showStep1 = !p.steps || step === 1;
  const showStep2 = !p.steps || step === 2;

  return (
    <form className="lf" noValidate onSubmit={(e) => void onSubmit(e)} data-testid={p.id} aria-busy={busy}>
      {p.steps && <p className="lf-step">Step {step} of 2</p>}
      {issues.length > 0 && (
        <div className="lf-issues" role="alert">
          <p>{MESSAGES.errorListHeader}</p>
          <ul>
            {issues.map((i) => (
              <li key={i.field + i.message}>{i.message}</li>
            ))}
          </ul>
        </div>
      )}
      {formError && (
        <div className="lf-alert" role="alert" data-testid={`${p.id}-error`}>
          {formError}
        </div>
      )}
      <input type="text" name="contact_me_by_fax_only" tabIndex={-1} autoComplete="off" className="lf-hp" aria-hidden="true" value="" readOnly />
      {showStep1 && (
        <>
          {selects.map((s) => (
            <Field key={s.name} id={`${p.id}-${s.name}`} label={s.label} error={errorOf(s.name)}>
              <select id={`${p.id}-${s.name}`} name={s.name} value={str(s.name)} onChange={(e) => set(s.name, e.target.value)}>
                <option value="">Select…</option>
                {s.options.map((o) => (
                  <option key={o.value} value={o.value}>
                    {o.label}
                  </option>
                ))}
              </select>
            </Field>
          ))}
          {(p.money ?? []).map((m) => (
            <AmountInput
              key={m.name}
              id={`${p.id}-${m.name}`}
              label={m.label}
              kind="money"
              value={str(m.name)}
              onChange={(v) => set(m.name, v)}
              picks={p.moneyPicks}
            />
          ))}
          {(p.distance ?? []).map((m) => (
            <AmountInput key={m.name} id={`${p.id}-${m.name}`} label={m.label} kind="distance" value={str(m.name)} onChange={(v) => set(m.name, v)} />
          ))}
          {p.dateTime && text('preferred_date_time', 'Preferred date and time (optional)', 'datetime-local')}
          {(p.checkOptions ?? []).length > 0 && (
            <fieldset className="lf-checks">
              <legend>Also interested in</legend>
              {(p.checkOptions ?? []).map((o) => {
                const name = `${o} (check_option)`;
                return (
                  <label key={o}>
                    <input type="checkbox" name={name} checked={values[name] === true} onChange={(e) => set(name, e.target.checked)} /> {o}
                  </label>
                );
              })}
            </fieldset>
          )}
          <Field id={`${p.id}-message`} label={`${p.messageLabel ?? 'Comments'}${rules.messageRequired ? '' : ' (optional)'}`} error={errorOf('message')}>
            <textarea
              id={`${p.id}-message`}
              name="message"
              rows={4}
              value={str('message')}
              onChange={(e) => set('message', e.target.value)}
              placeholder={p.defaultMessage}
            />
          </Field>
        </>
      )}
      {showStep2 && (
        <>
          <div className="lf-row">
            {text('name', lastName ? 'First Name' : 'Name', 'text', { autoComplete: 'given-name' })}
            {lastName && text('last_name', 'Last Name', 'text', { autoComplete: 'family-name' })}
          </div>
          <div className="lf-row">
            {text('email', 'Email', 'email', { autoComplete: 'email' })}
            {text('phone', 'Mobile', 'tel', { autoComplete: 'tel' })}
          </div>
          {postcode !== 'hidden' &&
            text('postcode', postcode === 'required' ? 'Postcode' : 'Postcode (optional)', 'text', {
              inputMode: 'numeric',
              maxLength: 4,
              autoComplete: 'postal-code',
            })}
          {p.rego && text('Rego', 'Rego (optional)')}
          <label className="lf-check">
            <input type="checkbox" name="opt_in" checked={values['opt_in'] === true} onChange={(e) => set('opt_in', e.target.checked)} /> Send me offers and
            news (optional)
          </label>
          {rules.terms && (
            <>
              <p className="lf-terms-note">{MESSAGES.termsNotice}</p>
              <label className="lf-check">
                <input
                  type="checkbox"
                  name="terms_conditions"
                  checked={values['terms_conditions'] === true}
                  onChange={(e) => set('terms_conditions', e.target.checked)}
                  aria-invalid={errorOf('terms_conditions') ? true : undefined}
                />{' '}
                I agree to the <a href="/terms-and-conditions">terms of use</a>
              </label>
            </>
          )}
        </>
      )}
      <div className="lf-submit">
        {p.steps && step === 2 && (
          <button type="button" className="btn btn-outline" onClick={() => setStep(1)} disabled={busy}>
            Back
          </button>
        )}
        <button type="submit" className="btn" disabled={busy || !mounted}>
          {busy && <span className="lf-spinner" aria-hidden="true" />}
          {busy ? 'Sending…' : p.steps && step === 1 ? 'Next' : (p.submitLabel ?? 'Send Enquiry')}
        </button>
      </div>
      <p className="lf-notice">
        {collectionNotice(p.dealerName)} <a href={p.privacyHref ?? '/privacy-policy'}>Privacy policy</a>.
      </p>
    </form>
  );
}

function Field(props: { id: string; label: string; error?: string | undefined; children: React.ReactNode }) {
  return (
    <div className={`lf-field${props.error ? ' lf-invalid' : ''}`}>
      <label htmlFor={props.id}>{props.label}</label>
      {props.children}
      {props.error && <p className="lf-error">{props.error}</p>}
    </div>
  );
}

/** AU geocode through the functions; only a definite "not found" (404) blocks the submit. */
async function postcodeKnown(postcode: string): Promise<boolean> {
  try {
    const res = await fetch(`/api/geocode?postcode=${encodeURIComponent(postcode)}`);
    return res.status !== 404;
  } catch {
    return true;
  }
}
