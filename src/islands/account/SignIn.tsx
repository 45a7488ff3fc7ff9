/** /sign-in: phone, then the 6-digit code; honours type, redirect (after sign-in) and back (Cancel). */
import { useState, type FormEvent } from 'react';
import { safeRedirect } from '../../lib/site/safe-redirect.ts';
import { requestCode, verifyCode } from '../../stores/session.ts';

const REASONS: Record<string, string> = {
  watchlist: 'Sign in to save cars to your watchlist.',
  'trade-in': 'Sign in to value your trade-in.',
  checkout: 'Sign in to reserve this car.',
  finance: 'Sign in to apply for finance.',
  'car-finance': 'Sign in to see finance for this car.',
  'spin-to-win': 'Sign in to spin to win.',
  'online-payment': 'Sign in to make a payment.',
  'my-garage': 'Sign in to open your garage.',
};

export default function SignIn() {
  const q = new URLSearchParams(typeof location === 'undefined' ? '' : location.search);
  const [phone, setPhone] = useState('');
  const [code, setCode] = useState('');
  const [sent, setSent] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const back = q.get('back');

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    setBusy(true);
    setError('');
    if (!sent) {
      const err = await requestCode(phone);
      if (err) setError(err);
      else setSent(true);
      setBusy(false);
      return;
    }
    const r = await verifyCode(phone, code);
    if ('error' in r) {
      setError(r.error);
      setBusy(false);
      return;
    }
    window.location.assign(safeRedirect(q.get('redirect')));
  }

  return (
    <form className="lf" noValidate onSubmit={(e) => void onSubmit(e)} data-testid="sign-in">
      <p>{REASONS[q.get('type') ?? ''] ?? 'Sign in with your mobile number.'}</p>
      {error && (
        <div className="lf-alert" role="alert">
          {error}
        </div>
      )}
      <div className="lf-field">
        <label htmlFor="si-phone">Mobile number</label>
        <input id="si-phone" type="tel" autoComplete="tel" value={phone} onChange={(e) => setPhone(e.target.value)} disabled={sent} />
      </div>
      {sent && (
        <div className="lf-field">
          <label htmlFor="si-code">6-digit code sent to your mobile</label>
          <input id="si-code" inputMode="numeric" autoComplete="one-time-code" maxLength={6} value={code} onChange={(e) => setCode(e.target.value)} />
        </div>
      )}
      <div className="lf-submit">
        <button type="submit" className="btn" disabled={busy}>
          {busy && <span className="lf-spinner" aria-hidden="true" />}
          {sent ? 'Sign In' : 'Send Code'}
        </button>
        {sent && (
          <button
            type="button"
            className="btn btn-outline"
            onClick={() => {
              setSent(false);
              setCode('');
            }}
          >
            Change number
          </button>
        )}
        {back && (
          <a className="btn btn-outline" href={safeRedirect(back)}>
            Cancel
          </a>
        )}
      </div>
      <p className="lf-notice">
        We use your mobile number only to sign you in and keep your saved cars. <a href="/privacy-policy">Privacy policy</a>.
      </p>
    </form>
  );
}
