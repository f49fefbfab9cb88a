// The four documents of the controlled suite (../shared/brief.md, "Controlled tests"), served
// on loopback. Every page keeps its own counters in `window.bench`, so a verdict is read back
// from the page, never inferred from whether a call returned.
import type http from 'node:http';
import { FixtureServer } from '../test/harness/fixtureServer.js';

export const MOVED_CASES = ['unchanged', 'replaced', 'moved', 'replaced-moved'] as const;
export type MovedCase = (typeof MOVED_CASES)[number];

const STYLE = `<style>
  body { margin: 0; font: 16px sans-serif; }
  main { position: relative; width: 900px; height: 600px; }
  .spot { position: absolute; width: 150px; height: 40px; }
  section { border: 1px solid #999; margin: 12px; padding: 12px; width: 360px; }
</style>`;

function html(title: string, body: string, script: string): string {
  return `<!doctype html><html><head><meta charset="utf-8"><title>${title}</title>${STYLE}</head>` +
    `<body>${body}<script>${script}</script></body></html>`;
}

function query(req: http.IncomingMessage): URLSearchParams {
  return new URL(req.url ?? '/', 'http://x').searchParams;
}

/**
 * Moved button: "Save draft" at an old spot; `applyChange()` leaves it, replaces it in place,
 * moves it, or replaces and moves it; in the two moved cases a decoy ("Discard draft", same
 * size) takes the old spot. The bench calls applyChange between observing and acting, standing
 * in for a re-render while the model thinks.
 */
export function movedPage(change: MovedCase, pair: number): string {
  const oldX = 40 + (pair * 37) % 300;
  const oldY = 40 + (pair * 53) % 200;
  const newX = oldX + 320;
  const newY = oldY + 260;
  return html('Draft', `<main id="board"><button class="spot" id="target" style="left:${oldX}px;top:${oldY}px">Save draft</button></main>`, `
    window.bench = { target: 0, decoy: 0, elsewhere: 0 };
    const board = document.getElementById('board');
    const bindTarget = b => b.addEventListener('click', e => { e.stopPropagation(); bench.target++; });
    bindTarget(document.getElementById('target'));
    document.addEventListener('click', () => bench.elsewhere++);
    const spot = (b, x, y) => { b.className = 'spot'; b.style.left = x + 'px'; b.style.top = y + 'px'; return b; };
    const freshTarget = (x, y) => { const b = spot(document.createElement('button'), x, y); b.id = 'target'; b.textContent = 'Save draft'; bindTarget(b); return b; };
    const decoy = () => { const b = spot(document.createElement('button'), ${oldX}, ${oldY}); b.id = 'decoy'; b.textContent = 'Discard draft';
      b.addEventListener('click', e => { e.stopPropagation(); bench.decoy++; }); return b; };
    window.applyChange = () => {
      const old = document.getElementById('target');
      switch (${JSON.stringify(change)}) {
        case 'unchanged': return;
        case 'replaced': old.replaceWith(freshTarget(${oldX}, ${oldY})); return;
        case 'moved': spot(old, ${newX}, ${newY}); board.prepend(decoy()); return;
        case 'replaced-moved': old.remove(); board.append(decoy(), freshTarget(${newX}, ${newY})); return;
      }
    };`);
}

/**
 * Duplicate label: two regions, "Billing address" and "Shipping address", in either order.
 * The intended button is in the Shipping region; in the duplicated case the Billing region
 * has a button with the same label, in the unique case one whose name shares no words with it
 * (Playwright's name match is a case-insensitive substring unless `exact`).
 */
export function duplicatePage(label: string, duplicated: boolean, shippingFirst: boolean): string {
  const shipping = `<section aria-label="Shipping address"><h2>Shipping address</h2><p>1 Quay Street</p><button id="intended">${label}</button></section>`;
  const billing = `<section aria-label="Billing address"><h2>Billing address</h2><p>9 Mill Lane</p><button id="other">${duplicated ? label : 'Use as default'}</button></section>`;
  return html('Addresses', shippingFirst ? shipping + billing : billing + shipping, `
    window.bench = { intended: 0, other: 0 };
    document.getElementById('intended').addEventListener('click', () => bench.intended++);
    document.getElementById('other').addEventListener('click', () => bench.other++);`);
}

/**
 * Overlay: an "Accept terms" button; when covered, a promotion overlay over the whole viewport
 * that never goes away and counts the clicks it receives.
 */
export function overlayPage(covered: boolean, pair: number): string {
  const x = 60 + (pair * 41) % 400;
  const y = 60 + (pair * 29) % 300;
  const overlay = covered
    ? `<div id="promo-overlay" style="position:fixed;inset:0;background:rgba(0,0,0,.4);z-index:10"><p style="color:white">Sign up for our newsletter</p></div>`
    : '';
  return html('Terms', `<main><button class="spot" id="target" style="left:${x}px;top:${y}px">Accept terms</button></main>${overlay}`, `
    window.bench = { target: 0, overlay: 0 };
    document.getElementById('target').addEventListener('click', () => bench.target++);
    document.getElementById('promo-overlay')?.addEventListener('click', () => bench.overlay++);`);
}

/** Delayed save: the click shows "Saving", then after `delayMs` "Saved" or "Failed". */
export function savePage(succeeds: boolean, delayMs: number): string {
  return html('Settings', `<main><label>Display name <input value="Ada"></label> <button id="save">Save</button> <p id="status" role="status"></p></main>`, `
    window.bench = { clicks: 0, final: null };
    const status = document.getElementById('status');
    document.getElementById('save').addEventListener('click', () => {
      bench.clicks++;
      status.textContent = 'Saving';
      setTimeout(() => { bench.final = ${succeeds ? "'Saved'" : "'Failed'"}; status.textContent = bench.final; }, ${delayMs});
    });`);
}

/** Serves the four documents; every query string yields a fresh document. */
export async function startControlledServer(): Promise<FixtureServer> {
  const server = await FixtureServer.start();
  const send = (res: http.ServerResponse, body: string) =>
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' }).end(body);
  server.route('/moved', (req, res) => {
    const q = query(req);
    send(res, movedPage(q.get('case') as MovedCase, Number(q.get('pair'))));
  });
  server.route('/duplicate', (req, res) => {
    const q = query(req);
    send(res, duplicatePage(q.get('label') ?? 'Edit', q.get('duplicated') === '1', q.get('shippingFirst') === '1'));
  });
  server.route('/overlay', (req, res) => {
    const q = query(req);
    send(res, overlayPage(q.get('covered') === '1', Number(q.get('pair'))));
  });
  server.route('/save', (req, res) => {
    const q = query(req);
    send(res, savePage(q.get('succeeds') === '1', Number(q.get('delay'))));
  });
  return server;
}
