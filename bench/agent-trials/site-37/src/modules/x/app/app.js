import { LightningElement } from 'lwc';
import { ROUTES, currentRoute, navigate, subscribe } from 'x/router';
import { TODAY_LABEL } from 'x/api';

export default class App extends LightningElement {
  static renderMode = 'light';
  route = currentRoute();
  todayLabel = TODAY_LABEL;

  connectedCallback() {
    this.unsubscribe = subscribe((route) => { this.route = route; });
  }
  disconnectedCallback() {
    if (this.unsubscribe) this.unsubscribe();
  }

  get is() {
    return { [this.route.name]: true };
  }

  get navItems() {
    return ROUTES.map((r) => ({ ...r, cls: r.path === this.route.path ? 'navlink active' : 'navlink' }));
  }

  // Intercept same-origin link clicks anywhere in the app and route them.
  handleClick(event) {
    if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    const a = event.target.closest ? event.target.closest('a[href]') : null;
    if (!a || a.target === '_blank' || a.hasAttribute('download')) return;
    const url = new URL(a.getAttribute('href'), window.location.href);
    if (url.origin !== window.location.origin || url.pathname.startsWith('/api/')) return;
    event.preventDefault();
    navigate(url.pathname + url.search + url.hash);
  }
}
