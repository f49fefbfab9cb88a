// An operations portal built with the real libraries of issue 41's trial, served from
// node_modules (CodeMirror 6, whose packages are ES modules, bundled once with esbuild): a rule
// editor (CodeMirror 6), a shipments grid of 300 rows and 9 columns that renders only what is in
// view (AG Grid community), a depot map whose 12 markers differ only by a tooltip on hover
// (Leaflet), a CSV import whose drop zone splits its text between elements (Dropzone), and a
// report list whose "archived" message shows for 2 s, once from a plain timer, once from a toast
// library (Notyf). Each page reports what the app stored, so the tests' checks are the app's own.
import { buildSync } from 'esbuild';
import type { FixtureServer } from './fixtureServer.js';
import { packageFolder } from './packageFolder.js';

const page = (title: string, head: string, body: string) =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${title}</title>${head}</head><body>${body}</body></html>`;

export const RULE_TEXT = '# Page the depot lead when a pickup is late\nrule: late-pickups\nwhen: pickup.delay > 30m\nnotify: depot-lead';

export const DEPOTS = ['Paris', 'Lyon', 'Marseille', 'Lille', 'Nantes', 'Bordeaux', 'Toulouse', 'Nice', 'Strasbourg', 'Rennes', 'Dijon', 'Grenoble'];
const PLACES: Record<string, [number, number]> = {
  Paris: [48.86, 2.35], Lyon: [45.76, 4.84], Marseille: [43.3, 5.37], Lille: [50.63, 3.06], Nantes: [47.22, -1.55], Bordeaux: [44.84, -0.58],
  Toulouse: [43.6, 1.44], Nice: [43.7, 7.27], Strasbourg: [48.57, 7.75], Rennes: [48.11, -1.68], Dijon: [47.32, 5.04], Grenoble: [45.19, 5.72],
};

const CARRIERS = ['Geodis', 'DHL', 'Kuehne', 'DB Schenker', 'Dachser'];
/** The shipments the grid shows: 300 rows, 9 columns, the last three out of view. */
export const SHIPMENTS = Array.from({ length: 300 }, (_, i) => ({
  shipment: `SH-${5000 + i}`, carrier: CARRIERS[i % 5], origin: DEPOTS[i % 12], destination: DEPOTS[(i + 5) % 12],
  weight: 100 + (i * 37) % 900, status: ['Booked', 'In transit', 'Delivered'][i % 3],
  price: 250 + (i * 53) % 1750, margin: `${5 + (i * 7) % 30}%`, approved: i % 4 === 0 ? 'no' : 'yes',
}));

export class PortalPages {
  /** What the apps stored: the rule, the archived reports, the imports, the chosen depot. */
  readonly saved: { rule?: string; archived: string[]; imports: { name: string; bytes: number }[]; depot?: string } = { archived: [], imports: [] };

  constructor(server: FixtureServer) {
    const codemirror = buildSync({
      stdin: { contents: "export { EditorView, basicSetup } from 'codemirror';", resolveDir: packageFolder('codemirror'), loader: 'js' },
      bundle: true, format: 'iife', globalName: 'CM', write: false, minify: true, logLevel: 'silent',
    }).outputFiles[0].text;
    server
      .route('/vendor/codemirror.js', (_req, res) => { res.writeHead(200, { 'content-type': 'text/javascript' }).end(codemirror); })
      .files('/vendor/ag-grid', packageFolder('ag-grid-community'))
      .files('/vendor/leaflet', packageFolder('leaflet'))
      .files('/vendor/dropzone', packageFolder('dropzone'))
      .files('/vendor/notyf', packageFolder('notyf'))
      .page('/rules/late-pickups', page('Rule late-pickups', '<script src="/vendor/codemirror.js"></script>', `
<h1>Rule: late-pickups</h1>
<div id="editor"></div>
<button id="save">Save rule</button><p role="status" id="s"></p>
<script>
const view = new CM.EditorView({ doc: ${JSON.stringify(RULE_TEXT)}, extensions: [CM.basicSetup], parent: document.getElementById('editor') });
save.onclick = async () => {
  const r = await fetch('/api/rules/late-pickups', { method: 'POST', body: view.state.doc.toString() });
  s.textContent = r.ok ? 'Saved rule late-pickups' : 'Not saved';
};
</script>`))
      .route('/api/rules/late-pickups', (_req, res, body) => { this.saved.rule = body; res.writeHead(204).end(); })
      .page('/shipments', page('Shipments', '<script src="/vendor/ag-grid/dist/ag-grid-community.min.js"></script>', `
<h1>Shipments</h1>
<div id="grid" style="width: 760px; height: 420px"></div>
<script>
const columns = ['shipment', 'carrier', 'origin', 'destination', 'weight', 'status', 'price', 'margin', 'approved'];
fetch('/api/shipments').then(r => r.json()).then(rows => agGrid.createGrid(document.getElementById('grid'), {
  columnDefs: columns.map(field => ({ field, width: 150 })), rowData: rows,
}));
</script>`))
      .route('/api/shipments', (_req, res) => { res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(SHIPMENTS)); })
      .page('/depots', page('Depots', '<link rel="stylesheet" href="/vendor/leaflet/dist/leaflet.css"><script src="/vendor/leaflet/dist/leaflet.js"></script>', `
<h1>Depots</h1>
<div id="map" style="width: 700px; height: 520px"></div>
<p role="status" id="s"></p>
<script>
const map = L.map('map', { zoomControl: false }).setView([46.6, 2.5], 5);
const places = ${JSON.stringify(PLACES)};
for (const [city, at] of Object.entries(places)) {
  L.marker(at).addTo(map).bindTooltip(city).on('click', () => {
    document.getElementById('s').textContent = 'Selected depot: ' + city;
    fetch('/api/depot', { method: 'POST', body: city });
  });
}
</script>`))
      .route('/api/depot', (_req, res, body) => { this.saved.depot = body; res.writeHead(204).end(); })
      .page('/import', page('Import', '<link rel="stylesheet" href="/vendor/dropzone/dist/dropzone.css"><script src="/vendor/dropzone/dist/dropzone-min.js"></script>', `
<h1>Import pickups</h1>
<form id="drop" class="dropzone" action="/api/import"><div class="dz-message"><strong style="display:block">Drop a CSV file here</strong><span style="display:block">or click to choose a file · max 2 MB</span></div></form>
<p role="status" id="s"></p>
<script>
Dropzone.autoDiscover = false;
new Dropzone('#drop', { maxFilesize: 2, acceptedFiles: '.csv,text/csv', init() {
  this.on('success', file => { document.getElementById('s').textContent = 'Imported ' + file.name; });
} });
</script>`))
      .route('/api/import', (req, res, body) => {
        const name = /filename="([^"]+)"/.exec(body)?.[1] ?? '';
        this.saved.imports.push({ name, bytes: Number(req.headers['content-length'] ?? 0) });
        res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
      })
      .page('/reports', reportsPage('plain', ''))
      .page('/reports-notyf', reportsPage('notyf', '<link rel="stylesheet" href="/vendor/notyf/notyf.min.css"><script src="/vendor/notyf/notyf.min.js"></script>'))
      .route('/api/archive', (_req, res, body) => { this.saved.archived.push(body); res.writeHead(204).end(); });
  }
}

const REPORTS = ['Q2 fleet review', 'Q3 carrier audit', 'Depot staffing'];

/**
 * Reports, each with an Archive button shown on hover; archiving says so for 2 s: in a plain
 * div a timer removes (`plain`), or in a Notyf toast. Another report's archived message shows
 * first, so a program that reads "the text matching /archived/" can take the wrong one.
 */
function reportsPage(kind: 'plain' | 'notyf', head: string): string {
  const toast = kind === 'notyf'
    ? `const notyf = new Notyf({ duration: 2000 });\nconst say = text => notyf.success(text);`
    : `const say = text => { const d = document.createElement('div'); d.className = 'flash'; d.style.cssText = 'position:fixed;bottom:1em;right:1em;background:#333;color:#fff;padding:8px'; d.textContent = text; document.body.append(d); setTimeout(() => d.remove(), 2000); };`;
  return page('Reports', `${head}<style>li .archive{visibility:hidden} li:hover .archive{visibility:visible}</style>`, `
<h1>Reports</h1>
<ul>${REPORTS.map(r => `<li>${r} <button class="archive" data-report="${r}">Archive</button></li>`).join('')}</ul>
<script>
${toast}
for (const b of document.querySelectorAll('button.archive')) b.onclick = async () => {
  await fetch('/api/archive', { method: 'POST', body: b.dataset.report });
  b.closest('li').remove();
  say("Report '" + b.dataset.report + "' archived — undo within 2s");
};
</script>`);
}
