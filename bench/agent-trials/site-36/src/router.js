// A very small history-API router for the Ractive shell.
export const ROUTES = [
  { path: '/', name: 'dashboard', title: 'Dashboard' },
  { path: '/hives', name: 'hives', title: 'Hive register' },
  { path: '/notices', name: 'notices', title: 'Notices' },
  { path: '/batches', name: 'batches', title: 'Honey batches' },
  { path: '/inspections', name: 'inspections', title: 'Inspection import' },
  { path: '/yields', name: 'yields', title: 'Season yields' },
  { path: '/extraction', name: 'extraction', title: 'Honey house booking' },
  { path: '/members', name: 'members', title: 'Members' },
];

export function match(pathname) {
  const clean = pathname.replace(/\/+$/, '') || '/';
  return ROUTES.find((r) => r.path === clean) || { path: clean, name: 'notfound', title: 'Not found' };
}

export function startRouter(onChange) {
  const apply = () => onChange(match(location.pathname));
  window.addEventListener('popstate', apply);
  document.addEventListener('click', (e) => {
    if (e.defaultPrevented || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
    const a = e.target.closest && e.target.closest('a[href]');
    if (!a || a.target || a.hasAttribute('download')) return;
    const url = new URL(a.href, location.href);
    if (url.origin !== location.origin || url.pathname.startsWith('/api/')) return;
    if (!ROUTES.some((r) => r.path === url.pathname)) return;
    e.preventDefault();
    if (url.pathname !== location.pathname) history.pushState({}, '', url.pathname);
    apply();
  });
  apply();
}
