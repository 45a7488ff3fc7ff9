/** The one toast on screen (stores/toasts.ts). */
import { useStore } from '@nanostores/react';
import { $toast, dismissToast } from '../../stores/toasts.ts';

export default function Toaster() {
  const t = useStore($toast);
  if (!t) return null;
  return (
    <div className="lf-toast" role="status" data-testid="toast">
      <strong>{t.title}</strong>
      <span>{t.description}</span>
      {t.action && <a href={t.action.href}>{t.action.label}</a>}
      <button type="button" aria-label="Close" onClick={() => dismissToast(t.id)}>
        ×
      </button>
    </div>
  );
}
