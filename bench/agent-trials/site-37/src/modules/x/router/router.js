// A very small history-API router shared by the shell and the pages.
export const ROUTES = [
  { path: '/', name: 'dashboard', label: 'Dashboard', title: 'Dashboard' },
  { path: '/trees', name: 'trees', label: 'Tree register', title: 'Tree register' },
  { path: '/notices', name: 'notices', label: 'Notices', title: 'Member notices' },
  { path: '/work-orders', name: 'workorders', label: 'Work orders', title: 'Work orders' },
  { path: '/intake', name: 'intake', label: 'Weighbridge intake', title: 'Weighbridge intake' },
  { path: '/yields', name: 'yields', label: 'Weekly yields', title: 'Weekly yields' },
  { path: '/bookings', name: 'bookings', label: 'Press bookings', title: 'Press & equipment bookings' },
  { path: '/members', name: 'members', label: 'Members', title: 'Members' },
];

const listeners = new Set();

function normalise(pathname) {
  if (pathname.length > 1 && pathname.endsWith('/')) return pathname.slice(0, -1);
  return pathname || '/';
}

export function currentRoute() {
  const p = normalise(window.location.pathname);
  return ROUTES.find((r) => r.path === p) || { path: p, name: 'notfound', label: 'Not found', title: 'Page not found' };
}

function emit() {
  const route = currentRoute();
  document.title = `${route.title} · Orchard Office`;
  listeners.forEach((fn) => fn(route));
}

export function navigate(href, { replace = false } = {}) {
  const url = new URL(href, window.location.origin);
  if (url.origin !== window.location.origin) {
    window.location.assign(url.href);
    return;
  }
  const target = url.pathname + url.search + url.hash;
  const here = window.location.pathname + window.location.search + window.location.hash;
  if (target !== here) {
    if (replace) window.history.replaceState({}, '', target);
    else window.history.pushState({}, '', target);
  }
  window.scrollTo(0, 0);
  emit();
}

export function subscribe(fn) {
  listeners.add(fn);
  return () => listeners.delete(fn);
}

window.addEventListener('popstate', emit);
document.title = `${currentRoute().title} · Orchard Office`;
