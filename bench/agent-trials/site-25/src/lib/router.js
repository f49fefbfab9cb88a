import { writable } from 'svelte/store';
export const route = writable(location.pathname);
export function navigate(to) {
  if (to === location.pathname) return;
  history.pushState({}, '', to);
  route.set(location.pathname);
  window.scrollTo(0, 0);
}
window.addEventListener('popstate', () => route.set(location.pathname));
document.addEventListener('click', (e) => {
  const a = e.target.closest && e.target.closest('a[href]');
  if (!a || a.target || e.ctrlKey || e.metaKey || e.shiftKey || e.button !== 0) return;
  const url = new URL(a.href, location.href);
  if (url.origin !== location.origin || !a.hasAttribute('data-nav')) return;
  e.preventDefault();
  navigate(url.pathname);
});
