import { component$, useSignal, useVisibleTask$, useContextProvider, createContextId, useContext, Slot, type Signal } from '@builder.io/qwik';
import { Dashboard } from './pages/dashboard';
import { Catalogue } from './pages/catalogue';
import { Notice } from './pages/notice';
import { Board } from './pages/board';
import { Returns } from './pages/returns';
import { Loans } from './pages/loans';
import { Collections } from './pages/collections';
import { Players } from './pages/players';

export const RouteCtx = createContextId<Signal<string>>('route');

export const NAV: [string, string, string][] = [
  ['/catalogue', 'Catalogue', 'Edit shelf status and notes across every orchestral set'],
  ['/notices', 'Player notices', 'Write and format notices sent to the players'],
  ['/parts-prep', 'Parts preparation', 'Track part sets from request to issue'],
  ['/returns', 'Returns sheets', 'Upload count sheets after a concert'],
  ['/loans', 'Loan statistics', 'Parts lent per section, and the annual return'],
  ['/collections', 'Collections', 'Book a parts collection for a visiting ensemble'],
  ['/players', 'Players', 'Directory of players and borrowers'],
];

export const Link = component$<{ href: string; class?: string }>(({ href, class: cls }) => {
  const route = useContext(RouteCtx);
  return (
    <a href={href} class={cls} aria-current={route.value === href ? 'page' : undefined} preventdefault:click
      onClick$={() => { history.pushState({}, '', href); route.value = href; window.scrollTo(0, 0); }}>
      <Slot />
    </a>
  );
});

export const App = component$(() => {
  const route = useSignal(location.pathname.replace(/\/+$/, '') || '/');
  useContextProvider(RouteCtx, route);
  useVisibleTask$(() => {
    window.addEventListener('popstate', () => { route.value = location.pathname.replace(/\/+$/, '') || '/'; });
  }, { strategy: 'document-ready' });
  const r = route.value;
  const title = NAV.find(([p]) => p === r)?.[1] || 'Dashboard';
  useVisibleTask$(({ track }) => { track(() => route.value); document.title = `${NAV.find(([p]) => p === route.value)?.[1] || 'Dashboard'} · Larkfield Philharmonic Music Library`; });
  return (
    <div class="shell">
      <header class="topbar">
        <Link href="/" class="brand"><span class="logo" aria-hidden="true">♪</span> Larkfield Philharmonic <small>Music Library</small></Link>
        <span class="who">Signed in as <b>R. Ashdown</b>, librarian · Wed 12 March 2025</span>
      </header>
      <div class="body">
        <nav class="side" aria-label="Main">
          <ul>
            <li><Link href="/">Dashboard</Link></li>
            {NAV.map(([p, label]) => <li key={p}><Link href={p}>{label}</Link></li>)}
          </ul>
        </nav>
        <main class="main" aria-label={title}>
          {r === '/' && <Dashboard />}
          {r === '/catalogue' && <Catalogue />}
          {r === '/notices' && <Notice />}
          {r === '/parts-prep' && <Board />}
          {r === '/returns' && <Returns />}
          {r === '/loans' && <Loans />}
          {r === '/collections' && <Collections />}
          {r === '/players' && <Players />}
          {!['/', ...NAV.map((n) => n[0])].includes(r) && <section><h1>Page not found</h1><p><Link href="/">Back to the dashboard</Link></p></section>}
        </main>
      </div>
    </div>
  );
});
