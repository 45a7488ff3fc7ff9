/** Renders the one toast without React (vehicle page). */
import { $toast, dismissToast } from '../../stores/toasts.ts';

let mounted = false;

/** Mounts the one toast box (once per page, however many scripts ask: two boxes would show every toast twice). */
export function mountToasts(): void {
  if (mounted) return;
  mounted = true;
  const box = document.createElement('div');
  document.body.append(box);
  $toast.subscribe((t) => {
    box.replaceChildren();
    if (!t) return;
    const el = document.createElement('div');
    el.className = 'lf-toast';
    el.setAttribute('role', 'status');
    el.dataset['testid'] = 'toast';
    const title = document.createElement('strong');
    title.textContent = t.title;
    const text = document.createElement('span');
    text.textContent = t.description;
    el.append(title, text);
    if (t.action) {
      const a = document.createElement('a');
      a.href = t.action.href;
      a.textContent = t.action.label;
      el.append(a);
    }
    const close = document.createElement('button');
    close.type = 'button';
    close.setAttribute('aria-label', 'Close');
    close.textContent = '×';
    close.onclick = () => dismissToast(t.id);
    el.append(close);
    box.append(el);
  });
}
