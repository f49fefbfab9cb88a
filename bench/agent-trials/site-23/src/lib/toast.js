// Short-lived notifications (js-snackbar).
import { show, ACTION_TYPE } from 'js-snackbar';

export function toast(text, { error = false, duration = 2000 } = {}) {
  const safe = String(text).replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' }[c]));
  show({
    text: safe,
    duration,
    pos: 'bottom-right',
    actionType: ACTION_TYPE.NONE,
    backgroundColor: error ? '#8f2d2d' : '#1f3b47',
    customClass: 'kv-snackbar',
  });
  const all = document.querySelectorAll('.snackbar-container.kv-snackbar');
  const el = all[all.length - 1];
  if (el) {
    el.setAttribute('role', error ? 'alert' : 'status');
    el.setAttribute('aria-live', error ? 'assertive' : 'polite');
  }
}
