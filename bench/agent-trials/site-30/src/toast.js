import { createToast } from 'vercel-toast';
import 'vercel-toast/css';

function show(type, message, opts = {}) {
  const el = document.createElement('div');
  el.setAttribute('role', type === 'error' ? 'alert' : 'status');
  const t = document.createElement('strong'); t.textContent = message; el.append(t);
  if (opts.description) { const d = document.createElement('div'); d.className = 'toast-desc'; d.textContent = opts.description; el.append(d); }
  return createToast(el, { type: type === 'error' ? 'error' : type === 'success' ? 'success' : 'default', timeout: opts.duration || 2000 });
}
export const toast = Object.assign((m, o) => show('default', m, o), { success: (m, o) => show('success', m, o), error: (m, o) => show('error', m, o) });
