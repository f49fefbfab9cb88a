const listeners = new Set();
export function navigate(path) {
  if (path === location.pathname + location.search) return;
  history.pushState({}, '', path);
  window.scrollTo(0, 0);
  for (const l of listeners) l();
}
export function onRoute(fn) {
  listeners.add(fn);
  const pop = () => fn();
  window.addEventListener('popstate', pop);
  return () => { listeners.delete(fn); window.removeEventListener('popstate', pop); };
}
// Intercept clicks on internal links.
document.addEventListener('click', (e) => {
  if (e.defaultPrevented || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
  const a = e.composedPath().find((n) => n instanceof HTMLAnchorElement);
  if (!a || !a.hasAttribute('data-nav')) return;
  const url = new URL(a.href, location.href);
  if (url.origin !== location.origin) return;
  e.preventDefault();
  navigate(url.pathname + url.search);
});
