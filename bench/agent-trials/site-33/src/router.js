export function navigate(to) {
  if (to === location.pathname + location.search) return;
  history.pushState({}, '', to);
  window.dispatchEvent(new Event('gsf:navigate'));
  window.scrollTo(0, 0);
}

// Intercept same-origin links so the app stays a single page.
export function installLinkHandler() {
  document.addEventListener('click', (e) => {
    if (e.defaultPrevented || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
    const a = e.composedPath().find((n) => n instanceof HTMLAnchorElement);
    if (!a || a.target || a.hasAttribute('download') || !a.hasAttribute('data-link')) return;
    const url = new URL(a.href);
    if (url.origin !== location.origin) return;
    e.preventDefault();
    navigate(url.pathname + url.search);
  });
}
