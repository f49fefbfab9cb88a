// The widgets the skill's references/widgets.md shows a program for, built with the libraries
// real apps use (served from node_modules, no bundler): a SortableJS board that drags with
// pointer events (its fallback mode, as touch-friendly boards run), a Chart.js bar chart on a
// canvas, a virtualised grid of 2,000 rows with a filter, a flatpickr date-and-time picker and a
// Tom Select assignee picker that searches the server as you type. Each page reports what the
// app stored, so the examples' checks are the app's own.
import type { FixtureServer } from './fixtureServer.js';
import { packageFolder } from './packageFolder.js';

const page = (title: string, head: string, body: string) =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${title}</title>${head}</head><body>${body}</body></html>`;

const PEOPLE = ['Ada Lovelace', 'Adam Smith', 'Grace Hopper', 'Alan Turing', 'Katherine Johnson', 'Margaret Hamilton'];

/**
 * The Tom Select assignee picker; `extra` is more of the page's own script (a test's stand-in
 * person learns from it where the picker's options are: show-me-once.test.ts).
 */
export function assignPage(extra = ''): string {
  return page('Assign', '<link rel="stylesheet" href="/vendor/tom-select/dist/css/tom-select.css"><script src="/vendor/tom-select/dist/js/tom-select.complete.min.js"></script>', `
<h1>Assign ticket TCK-1041</h1>
<label for="assignee">Assignee</label> <select id="assignee" placeholder="Search people"></select>
<button id="save">Assign</button><p role="status" id="s"></p>
<script>
const picker = new TomSelect('#assignee', { valueField: 'name', labelField: 'name', searchField: 'name', loadThrottle: 150,
  shouldLoad: q => q.length >= 2,
  load: (q, done) => fetch('/api/people?q=' + encodeURIComponent(q)).then(r => r.json()).then(done, () => done()) });
save.onclick = async () => {
  await fetch('/api/assign', { method: 'POST', body: picker.getValue() });
  s.textContent = 'Assigned to ' + picker.getValue();
};
</script>${extra}`);
}

export class WidgetPages {
  /** What the apps stored: the board's order, the schedule, the assignee. */
  readonly saved: Record<string, unknown> = {};

  constructor(server: FixtureServer) {
    server
      .files('/vendor/sortablejs', packageFolder('sortablejs'))
      .files('/vendor/chart.js', packageFolder('chart.js'))
      .files('/vendor/flatpickr', packageFolder('flatpickr'))
      .files('/vendor/tom-select', packageFolder('tom-select'))
      .page('/board', page('Board', '<script src="/vendor/sortablejs/Sortable.min.js"></script><style>ul{min-height:120px;width:220px;border:1px solid #999;padding:8px;display:inline-block;vertical-align:top;margin:8px} li{padding:10px;margin:4px;background:#eef;list-style:none;cursor:grab}</style>', `
<h1>Sprint board</h1>
<ul id="todo" aria-label="To do"><li>Fix login</li><li>Write release notes</li><li>Update icons</li></ul>
<ul id="done" aria-label="Done"><li>Plan sprint</li></ul>
<p role="status" id="s"></p>
<script>
for (const list of [todo, done]) Sortable.create(list, { group: 'board', forceFallback: true, animation: 0,
  onEnd: e => { fetch('/api/board', { method: 'POST', body: JSON.stringify({ todo: [...todo.children].map(li => li.textContent), done: [...done.children].map(li => li.textContent) }) });
    s.textContent = 'Moved ' + e.item.textContent; } });
</script>`))
      .route('/api/board', (_req, res, body) => { this.saved.board = JSON.parse(body); res.writeHead(204).end(); })
      .page('/sales', page('Sales', '<script src="/vendor/chart.js/dist/chart.umd.min.js"></script>', `
<h1>Sales by region</h1><div style="width:600px"><canvas id="sales" aria-label="Sales by region" role="img"></canvas></div>
<script>
new Chart(document.getElementById('sales'), { type: 'bar', options: { animation: false },
  data: { labels: ['North', 'South', 'East', 'West'], datasets: [{ label: 'Q1 2027', data: [120, 95, 143, 88] }] } });
</script>`))
      .page('/grid', page('Tickets grid', '<style>#viewport{height:300px;overflow:auto;border:1px solid #999} .row{display:flex;height:30px} .row span{width:160px}</style>', `
<h1>All tickets</h1>
<label>Filter <input id="filter"></label>
<div id="viewport" role="grid" aria-label="Tickets" aria-rowcount="2000"><div id="spacer" style="position:relative"></div></div>
<script>
const all = Array.from({ length: 2000 }, (_, i) => ({ id: 'TCK-' + (1000 + i), title: ['Printer jams', 'VPN drops', 'Laptop slow', 'Badge broken'][i % 4] + ' #' + i, owner: ['ada', 'grace', 'alan'][i % 3] }));
let shown = all;
function render() {
  const first = Math.floor(viewport.scrollTop / 30);
  spacer.style.height = shown.length * 30 + 'px';
  spacer.replaceChildren(...shown.slice(first, first + 12).map((t, k) => {
    const row = document.createElement('div');
    row.className = 'row'; row.setAttribute('role', 'row'); row.setAttribute('aria-rowindex', String(first + k + 1));
    row.style.position = 'absolute'; row.style.top = (first + k) * 30 + 'px';
    row.innerHTML = '<span role="gridcell">' + t.id + '</span><span role="gridcell">' + t.title + '</span><span role="gridcell">' + t.owner + '</span>';
    return row;
  }));
}
viewport.onscroll = render;
filter.oninput = () => { shown = all.filter(t => (t.id + ' ' + t.title + ' ' + t.owner).toLowerCase().includes(filter.value.toLowerCase())); viewport.scrollTop = 0; render(); };
render();
</script>`))
      .page('/schedule', page('Schedule', '<link rel="stylesheet" href="/vendor/flatpickr/dist/flatpickr.min.css"><script src="/vendor/flatpickr/dist/flatpickr.min.js"></script>', `
<h1>Schedule maintenance</h1>
<label>Starts <input id="starts" placeholder="Pick a date and time"></label>
<button id="save">Save</button><p role="status" id="s"></p>
<script>
// altInput, as many sites set it: the labelled input is flatpickr's display copy, the instance is on the hidden original before it.
flatpickr('#starts', { enableTime: true, time_24hr: true, dateFormat: 'Y-m-d H:i', altInput: true, altFormat: 'j F Y, H:i' });
save.onclick = async () => {
  await fetch('/api/schedule', { method: 'POST', body: starts.value });
  s.textContent = 'Scheduled for ' + starts.value;
};
</script>`))
      .route('/api/schedule', (_req, res, body) => { this.saved.schedule = body; res.writeHead(204).end(); })
      .page('/assign', assignPage())
      .route('/api/people', (req, res) => {
        const q = new URL(req.url ?? '/', 'http://x').searchParams.get('q')?.toLowerCase() ?? '';
        // Slow on purpose, as a search endpoint is: the list arrives after the keystrokes.
        setTimeout(() => res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(PEOPLE.filter(p => p.toLowerCase().includes(q)).map(name => ({ name })))), 200);
      })
      .route('/api/assign', (_req, res, body) => { this.saved.assignee = body; res.writeHead(204).end(); });
  }
}
