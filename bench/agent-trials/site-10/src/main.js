import { LitElement, html, css } from 'lit';
import './pages/accessions.js';
import './pages/protocols.js';
import './pages/dispatch.js';
import './pages/germination.js';
import './pages/collections.js';
import './pages/coldroom.js';
import './pages/requests.js';

const ROUTES = [
  { path: '/accessions', label: 'Accession register', tag: 'kh-accessions' },
  { path: '/protocols', label: 'Germination protocols', tag: 'kh-protocols' },
  { path: '/dispatch', label: 'Dispatch batches', tag: 'kh-dispatch' },
  { path: '/germination-tests', label: 'Germination test import', tag: 'kh-germination' },
  { path: '/collections', label: 'Collecting activity', tag: 'kh-collections' },
  { path: '/cold-room', label: 'Cold room booking', tag: 'kh-coldroom' },
  { path: '/requests', label: 'Distribution requests', tag: 'kh-requests' },
];

class KhApp extends LitElement {
  static properties = { path: { state: true } };
  static styles = css`
    :host { display: grid; grid-template-columns: 240px 1fr; min-height: 100vh; }
    nav { background: #24361f; color: #e9e3c9; padding: 1rem 0; position: sticky; top: 0; height: 100vh; box-sizing: border-box; }
    .brand { padding: 0 1.2rem 1rem; border-bottom: 1px solid #3b5233; margin-bottom: .6rem; }
    .brand b { display: block; font-size: 1.05rem; }
    .brand small { color: #b7bfa5; }
    nav a { display: block; padding: .55rem 1.2rem; color: #e9e3c9; text-decoration: none; font-size: .95rem; border-left: 3px solid transparent; }
    nav a:hover { background: #2e4528; }
    nav a[aria-current='page'] { background: #3b5633; border-left-color: #d8c77a; color: #fff; }
    main { padding: 1.4rem 1.8rem; min-width: 0; }
    header { display: flex; justify-content: flex-end; font-size: .85rem; color: #5a6357; margin-bottom: .6rem; }
  `;
  constructor() {
    super();
    this.path = location.pathname;
    window.addEventListener('popstate', () => { this.path = location.pathname; });
  }
  connectedCallback() {
    super.connectedCallback();
    if (!ROUTES.some((r) => r.path === this.path)) { history.replaceState(null, '', '/accessions'); this.path = '/accessions'; }
  }
  go(e) {
    const a = e.composedPath().find((n) => n.tagName === 'A');
    if (!a || e.metaKey || e.ctrlKey || e.button !== 0) return;
    e.preventDefault();
    const to = a.getAttribute('href');
    if (to !== this.path) { history.pushState(null, '', to); this.path = to; window.scrollTo(0, 0); }
  }
  render() {
    const route = ROUTES.find((r) => r.path === this.path) || ROUTES[0];
    document.title = `${route.label} · Kestrel Hollow Seed Bank`;
    if (this._elPath !== route.path) { this._el = document.createElement(route.tag); this._elPath = route.path; }
    const el = this._el;
    return html`
      <nav @click=${this.go} aria-label="Main menu">
        <div class="brand"><b>Kestrel Hollow</b><small>Seed Bank · Back office</small></div>
        ${ROUTES.map((r) => html`<a href=${r.path} aria-current=${r.path === route.path ? 'page' : 'false'}>${r.label}</a>`)}
      </nav>
      <main>
        <header>Signed in as Ruth Okafor · Curation team</header>
        ${el}
      </main>`;
  }
}
customElements.define('kh-app', KhApp);
