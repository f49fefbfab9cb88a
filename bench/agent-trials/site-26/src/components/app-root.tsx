import { Component, State, h } from '@stencil/core';
import { navigate, W } from '../lib';

const NAV = [
  ['/', 'Dashboard'],
  ['/cases', 'Case register'],
  ['/documents', 'Lab documents'],
  ['/board', 'Production board'],
  ['/imports', 'Order imports'],
  ['/remakes', 'Remake analysis'],
  ['/appointments', 'Shade appointments'],
  ['/dentists', 'Dentist directory'],
];

@Component({ tag: 'app-root', shadow: false })
export class AppRoot {
  @State() path: string = location.pathname;
  toastEl: HTMLElement;
  confirmEl: HTMLElement;

  connectedCallback() {
    window.addEventListener('popstate', () => (this.path = location.pathname));
    window.addEventListener('lab:navigate', () => (this.path = location.pathname));
    document.addEventListener('click', (e: MouseEvent) => {
      const a = (e.target as HTMLElement).closest('a') as HTMLAnchorElement;
      if (!a || a.target || e.ctrlKey || e.metaKey || e.shiftKey || a.origin !== location.origin || !a.getAttribute('href')?.startsWith('/')) return;
      e.preventDefault();
      navigate(a.pathname);
    });
  }
  componentDidLoad() {
    W().mountToaster(this.toastEl);
    W().mountConfirmHost(this.confirmEl);
  }
  page() {
    const p = this.path.replace(/\/$/, '') || '/';
    if (p === '/') return <page-dashboard />;
    if (p === '/cases') return <page-cases />;
    if (p === '/documents') return <page-documents />;
    if (p.startsWith('/documents/')) return <page-document docId={p.split('/')[2]} />;
    if (p === '/board') return <page-board />;
    if (p === '/imports') return <page-imports />;
    if (p === '/remakes') return <page-remakes />;
    if (p === '/appointments') return <page-appointments />;
    if (p === '/dentists') return <page-dentists />;
    return <section><h1>Page not found</h1><p><a href="/">Back to the dashboard</a></p></section>;
  }
  render() {
    const p = this.path.replace(/\/$/, '') || '/';
    return (
      <div class="shell">
        <header class="topbar">
          <a href="/" class="brand">Harrowgate Dental Laboratory</a>
          <span class="muted">Back office · Wednesday 11 June 2025 · signed in as R. Ashworth (lab manager)</span>
        </header>
        <nav class="sidenav" aria-label="Main">
          <ul>
            {NAV.map(([href, label]) => (
              <li><a href={href} aria-current={(href === '/' ? p === '/' : p.startsWith(href)) ? 'page' : null}>{label}</a></li>
            ))}
          </ul>
        </nav>
        <main class="content">{this.page()}</main>
        <div ref={(el) => (this.toastEl = el)}></div>
        <div ref={(el) => (this.confirmEl = el)}></div>
      </div>
    );
  }
}
