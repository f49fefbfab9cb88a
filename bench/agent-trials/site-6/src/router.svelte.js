// A small history router: the current path as Svelte 5 state, pushState navigation, and a `link` action.
export const route = $state({ path: location.pathname });
export function navigate(to) {
  if (to === location.pathname) return;
  history.pushState({}, '', to);
  route.path = to;
  window.scrollTo(0, 0);
}
window.addEventListener('popstate', () => { route.path = location.pathname; });
export function link(node) {
  const onclick = (e) => {
    if (e.defaultPrevented || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey || node.target === '_blank') return;
    e.preventDefault();
    navigate(node.getAttribute('href'));
  };
  node.addEventListener('click', onclick);
  return { destroy: () => node.removeEventListener('click', onclick) };
}
export function match(pattern, path) {
  const ps = pattern.split('/'), xs = path.replace(/\/+$/, '').split('/');
  if (path === '/' && pattern === '/') return {};
  if (ps.length !== xs.length) return null;
  const params = {};
  for (let i = 0; i < ps.length; i++) {
    if (ps[i].startsWith(':')) params[ps[i].slice(1)] = decodeURIComponent(xs[i]);
    else if (ps[i] !== xs[i]) return null;
  }
  return params;
}
