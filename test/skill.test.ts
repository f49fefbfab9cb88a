// The skill is part of the product: every program it shows runs here, through the real CLI,
// against a small shop served on loopback. Conventions the examples follow (so that they
// stay readable for agents):
// - URLs use https://shop.example; the test rewrites that origin to the fixture server.
// - ```js blocks are programs: each runs in a fresh task that is closed afterwards.
// - ```bash blocks are run line by line: `tabwright ...` (with `<<'JS'` heredocs), `sleep N`,
//   a trailing `&` (runs in the background until `wait`). Task names are prefixed per file
//   so that files cannot collide. A command expects exit 0 unless it ends in `# exits N`.
// - In a bash block, `# receipt: "pageChanges": [{"type": "popup", "page": 3, "opener": 2}]` shows
//   part of the receipt before it: the test checks that receipt has such entries, and page ids
//   differ from run to run, so the ids shown stand for the ones the receipt gave (`tabs.get(3)`
//   in a later program gets the real id).
// - ```text blocks are shown, not run.
// - A program whose first line is `// expect: failed, error.matches ...` must end with that
//   status (and exit code), and every receipt path named after it (error.matches,
//   error.blockedBy, network.deferred, ...) must be present and non-empty.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { FixtureServer } from './harness/fixtureServer.js';
import { WidgetPages } from './harness/widgetPages.js';
import { PortalPages, RULE_TEXT } from './harness/portalPages.js';
import { hasBrowser, PACKAGE_ROOT, TabwrightHome, runtimeLog, type CliResult } from './harness/tabwrightCli.js';

const SKILL_DIR = path.join(PACKAGE_ROOT, 'skill');
const SKILL_FILE = path.join(SKILL_DIR, 'SKILL.md');
const REFERENCES_DIR = path.join(SKILL_DIR, 'references');
const SITE = 'https://shop.example';

const docs = [
  { slug: 'skill', file: SKILL_FILE },
  ...fs.readdirSync(REFERENCES_DIR).filter(f => f.endsWith('.md')).sort()
    .map(f => ({ slug: f.replace(/\.md$/, ''), file: path.join(REFERENCES_DIR, f) })),
];

// ---------------------------------------------------------------- extracting the examples

interface Block { lang: string; code: string; line: number }

function fencedBlocks(markdown: string): Block[] {
  const blocks: Block[] = [];
  const fence = /^```(\w*)[^\n]*\n([\s\S]*?)^```[ \t]*$/gm;
  for (let m = fence.exec(markdown); m; m = fence.exec(markdown)) {
    blocks.push({ lang: m[1], code: m[2], line: markdown.slice(0, m.index).split('\n').length });
  }
  return blocks;
}

interface Expectation { status: 'succeeded' | 'failed' | 'interrupted'; present: string[] }

const EXIT_FOR_STATUS = { succeeded: 0, failed: 1, interrupted: 4 } as const;

/** `// expect: failed, error.matches lists ...` on a program's first line. */
function expectationOf(program: string): Expectation {
  const first = program.trimStart().split('\n')[0];
  const m = /^\/\/ expect: (succeeded|failed|interrupted)\b(.*)$/.exec(first);
  if (!m) return { status: 'succeeded', present: [] };
  const present = [...m[2].matchAll(/\b((?:error|network|result|pageChanges|artifacts|console|hints|pages)\.[A-Za-z.]+[A-Za-z])/g)].map(x => x[1]);
  return { status: m[1] as Expectation['status'], present };
}

type Step =
  | { kind: 'cli'; args: string[]; input?: string; exit: number; background: boolean; expectation?: Expectation; text: string }
  | { kind: 'shows'; fields: Record<string, unknown>; text: string }
  | { kind: 'sleep'; seconds: number }
  | { kind: 'wait' };

function tokens(line: string): string[] {
  return [...line.matchAll(/'([^']*)'|"([^"]*)"|(\S+)/g)].map(t => t[1] ?? t[2] ?? t[3]);
}

function shellSteps(code: string): Step[] {
  const lines = code.split('\n');
  const steps: Step[] = [];
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i].trim();
    const shown = /^# receipt: (.*)$/.exec(line);
    if (shown) { steps.push({ kind: 'shows', fields: JSON.parse(`{${shown[1]}}`) as Record<string, unknown>, text: line }); continue; }
    if (line === '' || line.startsWith('#')) continue;
    if (line === 'wait') { steps.push({ kind: 'wait' }); continue; }
    const sleep = /^sleep (\d+(?:\.\d+)?)$/.exec(line);
    if (sleep) { steps.push({ kind: 'sleep', seconds: Number(sleep[1]) }); continue; }
    assert.ok(line.startsWith('tabwright '), `a bash example line that the test cannot run: ${line}`);
    const comment = line.indexOf(' #');
    let command = comment >= 0 ? line.slice(0, comment).trim() : line;
    const declaredExit = comment >= 0 ? /# exits? (\d)/.exec(line.slice(comment)) : null;
    let background = false;
    if (command.endsWith('&')) { background = true; command = command.slice(0, -1).trim(); }
    let input: string | undefined;
    const heredoc = /<<'(\w+)'$/.exec(command);
    if (heredoc) {
      command = command.slice(0, heredoc.index).trim();
      const body: string[] = [];
      for (i++; i < lines.length && lines[i] !== heredoc[1]; i++) body.push(lines[i]);
      assert.ok(i < lines.length, `unterminated heredoc in: ${line}`);
      input = body.join('\n') + '\n';
    }
    const args = tokens(command).slice(1);
    // A heredoc is a program, except for `playbook save -`, whose answer is not a receipt.
    const expectation = input === undefined || (args[0] === 'playbook' && args[1] === 'save') ? undefined : expectationOf(input);
    const exit = declaredExit ? Number(declaredExit[1]) : expectation ? EXIT_FOR_STATUS[expectation.status] : 0;
    steps.push({ kind: 'cli', args, input, exit, background, expectation, text: line });
  }
  return steps;
}

// ---------------------------------------------------------------- the shop the examples use

interface Order { id: string; ref: string; item: string; amount: string }

const PRODUCTS: Record<number, { name: string; price: string }> = {
  1: { name: 'Green tea', price: '4.50' },
  2: { name: 'Black tea', price: '3.90' },
  3: { name: 'Oolong', price: '6.20' },
  5: { name: 'Teapot', price: '24.00' },
  6: { name: 'Cups (set of 4)', price: '12.00' },
};

const html = (title: string, body: string) =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${title}</title></head><body>${body}</body></html>`;
const delay = (ms: number) => new Promise(resolve => setTimeout(resolve, ms));

class Shop {
  readonly orders: Order[] = [];
  readonly uploads: { name: string; bytes: number }[] = [];
  readonly checkouts: { ref: string; items: string[] }[] = [];

  private pauseReached!: () => void;
  /** Settles when a shell example reaches a `sleep` line; each sleep arms the next one. */
  shellPause: Promise<void> = this.nextPause();

  private nextPause(): Promise<void> {
    return new Promise(resolve => { this.pauseReached = resolve; });
  }

  /** A shell example reached `sleep`: what was held until then goes out now. */
  paused(): void {
    const reached = this.pauseReached;
    this.shellPause = this.nextPause();
    reached();
  }

  constructor(readonly server: FixtureServer) {
    const names = Object.values(PRODUCTS).map(p => p.name);
    for (let i = 0; i < 240; i++) {
      const product = Object.values(PRODUCTS)[i % names.length];
      const quantity = (i % 3) + 1;
      this.orders.push({ id: `T-${1000 + i}`, ref: `ref-${1000 + i}`, item: product.name, amount: (Number(product.price) * quantity).toFixed(2) });
    }
    server
      .page('/', html('Tea Shop', `
<header><nav aria-label="Main"><a href="/cart">Cart</a> <a href="/orders">Orders</a> <a href="/account">Account</a> <a href="/help" target="_blank">Help</a></nav></header>
<main><h1>Tea Shop</h1><p>Loose-leaf tea, shipped every Monday.</p>
<section aria-labelledby="featured"><h2 id="featured">Featured</h2><ul>
${[1, 3, 5].map(n => `<li><a href="/product/${n}">${PRODUCTS[n].name}</a> <span>€${PRODUCTS[n].price}</span></li>`).join('\n')}
</ul></section></main>`))
      .page('/help', html('Help', `<main><h1>Help</h1><p>Orders ship every Monday. Contact support@shop.example.</p></main>`))
      .page('/account', html('Account', `
<main><h1>Account</h1>
<form id="f"><label>Display name <input name="name" value="Ada"></label> <label>Email <input name="email" type="email" value="ada@example.com"></label> <button type="submit">Save</button></form>
<p role="status" id="s"></p>
<button id="rm" type="button">Remove avatar</button></main>
<script>
f.onsubmit = async e => {
  e.preventDefault();
  s.textContent = 'Saving';
  const r = await fetch('/api/account', { method: 'POST', body: new URLSearchParams(new FormData(f)) });
  s.textContent = r.ok ? 'Saved' : 'Failed';
};
rm.onclick = () => { fetch('/api/avatar', { method: 'POST' }); };
</script>`))
      .route('/api/account', async (_req, res, body) => {
        await delay(200);
        const name = new URLSearchParams(body).get('name') ?? '';
        res.writeHead(name.trim() ? 200 : 422, { 'content-type': 'application/json' }).end(JSON.stringify({ ok: !!name.trim() }));
      })
      .route('/api/avatar', async (_req, res) => {
        // Held until the example's `sleep` (its first program is final by then), so the 504
        // arrives between programs however slow the machine: deferred to the next receipt.
        await this.shellPause;
        res.writeHead(504, { 'content-type': 'text/plain' }).end('gateway timeout');
      })
      .page('/orders', html('Orders', `
<main><h1>Orders</h1><div id="app">Loading</div></main>
<script>
setTimeout(async () => {
  const data = await (await fetch('/api/orders' + location.search)).json();
  const rows = data.orders.map(o => '<tr data-amount="' + o.amount + '"><td>' + o.id + '</td><td>' + o.ref + '</td><td>' + o.item + '</td><td>' + o.amount + '</td></tr>').join('');
  app.innerHTML = '<table><thead><tr><th>Order</th><th>Reference</th><th>Item</th><th>Amount</th></tr></thead><tbody>' + rows + '</tbody></table>'
    + '<p>' + (data.page ? 'Page ' + data.page + ' of ' + data.pages : 'Showing all ' + data.orders.length + ' orders') + '</p>';
}, 100);
</script>`))
      .route('/api/orders', (req, res) => {
        const page = Number(new URL(req.url ?? '/', 'http://x').searchParams.get('page')) || 0;
        const pages = Math.ceil(this.orders.length / 100);
        const orders = page ? this.orders.slice((page - 1) * 100, page * 100) : this.orders;
        res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(page ? { orders, page, pages } : { orders }));
      })
      .page('/cart', html('Cart', `
<main><h1>Cart</h1>
<table><tbody>
${[1, 2, 5].map(n => `<tr><th scope="row">${PRODUCTS[n].name}</th><td>€${PRODUCTS[n].price}</td><td><button data-item="${PRODUCTS[n].name}">Add</button></td></tr>`).join('\n')}
</tbody></table>
<p>Items: <span data-testid="cart-count">0</span></p>
<label>Your reference <input id="ref"></label> <button id="checkout">Check out</button>
<p role="status" id="s"></p></main>
<script>
const items = [];
document.querySelectorAll('button[data-item]').forEach(b => b.onclick = async () => {
  await fetch('/api/cart', { method: 'POST', body: b.dataset.item });
  items.push(b.dataset.item);
  document.querySelector('[data-testid=cart-count]').textContent = String(items.length);
});
checkout.onclick = async () => {
  s.textContent = 'Placing order';
  const r = await fetch('/api/checkout', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ ref: ref.value, items }) });
  s.textContent = r.ok ? 'Order ' + (await r.json()).id + ' placed' : 'Failed: ' + await r.text();
};
</script>`))
      .route('/api/cart', async (_req, res) => {
        await delay(100);
        res.writeHead(204).end();
      })
      .route('/api/checkout', async (_req, res, body) => {
        await delay(150);
        const { ref, items } = JSON.parse(body) as { ref: string; items: string[] };
        if (!items.length) {
          res.writeHead(422).end('the cart is empty');
          return;
        }
        this.checkouts.push({ ref, items });
        const amount = items.reduce((sum, item) => sum + Number(Object.values(PRODUCTS).find(p => p.name === item)?.price ?? 0), 0);
        const order = { id: `T-${1000 + this.orders.length}`, ref, item: items.join(', '), amount: amount.toFixed(2) };
        this.orders.push(order);
        res.writeHead(201, { 'content-type': 'application/json' }).end(JSON.stringify({ id: order.id }));
      })
      .page('/settings', html('Settings', `
<main><h1>Settings</h1>
<section aria-labelledby="profile"><h2 id="profile">Profile</h2><label>Bio <input></label> <button>Save</button><p role="status"></p></section>
<section aria-labelledby="notifications"><h2 id="notifications">Notifications</h2><label><input type="checkbox"> Weekly email</label> <button>Save</button><p role="status"></p></section>
<button id="reset">Reset settings</button><p id="note"></p></main>
<script>
document.querySelectorAll('section button').forEach(b => b.onclick = () => setTimeout(() => { b.nextElementSibling.textContent = 'Saved'; }, 150));
reset.onclick = () => { note.textContent = confirm('Reset all settings?') ? 'Settings reset' : 'Reset cancelled'; };
</script>`))
      .page('/deals', html('Deals', `
<main><h1>Deals</h1><p>Ten percent off every Monday.</p><button id="sub">Subscribe</button><p role="status" id="s"></p></main>
<div id="cookie-banner" style="position:fixed;inset:0;background:rgba(0,0,0,.4)"><div style="background:#fff;margin:30vh auto;width:320px;padding:1em">We use cookies. <button id="acc">Accept cookies</button></div></div>
<script>
acc.onclick = () => document.getElementById('cookie-banner').remove();
sub.onclick = () => { s.textContent = 'Subscribed'; };
</script>`))
      .page('/upload', html('Upload', `
<main><h1>Upload</h1><form id="f"><label>Invoice <input type="file" name="invoice"></label> <button>Upload</button></form><p role="status" id="s"></p></main>
<script>
f.onsubmit = async e => {
  e.preventDefault();
  const file = f.invoice.files[0];
  await fetch('/api/upload', { method: 'POST', headers: { 'x-name': file.name }, body: await file.text() });
  s.textContent = 'Uploaded ' + file.name + ' (' + file.size + ' bytes)';
};
</script>`))
      .route('/api/upload', (req, res, body) => {
        this.uploads.push({ name: String(req.headers['x-name']), bytes: Buffer.byteLength(body) });
        res.writeHead(204).end();
      })
      .page('/report', html('Reports', `
<main><h1>Reports</h1><a href="/report.csv">Download CSV</a> <button id="build">Build report</button><p role="status" id="s"></p></main>
<script>
build.onclick = () => { s.textContent = 'Building'; setTimeout(() => { s.textContent = 'Report ready'; }, 3000); };
</script>`))
      .route('/report.csv', (_req, res) => {
        res.writeHead(200, { 'content-type': 'text/csv', 'content-disposition': 'attachment; filename="orders-report.csv"' })
          .end('order,amount\nT-1000,4.50\n');
      });
    for (const [n, product] of Object.entries(PRODUCTS)) {
      server.page(`/product/${n}`, html(product.name, `<main><h1>${product.name}</h1><p class="price">€${product.price}</p><p>In stock</p></main>`));
    }
  }

  /** Programs use https://shop.example; they run against this server. */
  rewrite(text: string): string {
    const rewritten = text.split(SITE).join(this.server.origin);
    const unknown = /https?:\/\/[a-z0-9.-]+\.example\b/i.exec(rewritten);
    assert.equal(unknown, null, `an example uses a site the test does not serve: ${unknown?.[0]}`);
    return rewritten;
  }
}

// ---------------------------------------------------------------- running them

function present(value: unknown, dotted: string): boolean {
  let current: unknown[] = [value];
  for (const key of dotted.split('.')) {
    current = current.flatMap(v => {
      const next = v !== null && typeof v === 'object' ? (v as Record<string, unknown>)[key] : undefined;
      return Array.isArray(next) ? next : next === undefined ? [] : [next];
    });
  }
  return current.some(v => v !== null && v !== false && v !== '');
}

function describeResult(result: CliResult): string {
  return `exit ${result.code}\nstdout: ${result.stdout.slice(0, 3000)}\nstderr: ${result.stderr.slice(0, 1000)}`;
}

/** TABWRIGHT_SKILL_RECEIPTS=DIR keeps every example's receipt, to read what the skill's programs return. */
const keepDir = process.env.TABWRIGHT_SKILL_RECEIPTS;
function keep(name: string, result: CliResult): void {
  if (!keepDir) return;
  fs.mkdirSync(keepDir, { recursive: true });
  fs.writeFileSync(path.join(keepDir, `${name.replace(/[^\w.-]+/g, '_')}.json`), result.json ? JSON.stringify(result.json, null, 2) : result.stdout);
}

/**
 * Bounds each example in time without moving its line numbers: a 10 s default timeout on the
 * first line (explicit timeouts in the example still win), so an example that hangs on a
 * missing feature fails in seconds with Playwright's own message.
 */
function bounded(program: string): string {
  return `context.setDefaultTimeout(10000); ${program}`;
}

function checkReceipt(where: string, result: CliResult, expectation: Expectation, exit: number): void {
  assert.equal(result.code, exit, `${where}: expected exit ${exit}\n${describeResult(result)}`);
  if (exit === 3) return;
  assert.ok(result.json, `${where}: no JSON receipt\n${describeResult(result)}`);
  assert.equal(result.json.status, expectation.status, `${where}: expected ${expectation.status}\n${describeResult(result)}`);
  for (const dotted of expectation.present) {
    assert.ok(present(result.json, dotted), `${where}: the receipt has no ${dotted}\n${describeResult(result)}`);
  }
  // What the skill promises about every receipt: files are on disk as described, and an
  // example returns only what the next decision needs.
  for (const artifact of result.json.artifacts ?? []) {
    assert.equal(fs.statSync(artifact.path).size, artifact.bytes, `${where}: artifact ${artifact.path}`);
  }
  const resultSize = JSON.stringify(result.json.result ?? null).length;
  assert.ok(resultSize <= 4000, `${where}: the example returns ${resultSize} characters; return less`);
}

/**
 * A `# receipt:` line's fields are in the receipt before it: each shown `pageChanges` entry as an
 * entry of the same type there, its `page` and `opener` ids mapped to the receipt's own.
 */
function matchShown(where: string, result: CliResult | undefined, fields: Record<string, unknown>, pageIds: Map<number, number>): void {
  assert.ok(result?.json, `${where}: no receipt before it`);
  for (const [field, shown] of Object.entries(fields)) {
    if (field !== 'pageChanges') { assert.deepEqual(result.json[field], shown, `${where}\n${describeResult(result)}`); continue; }
    const actual = [...(result.json.pageChanges ?? [])] as Record<string, unknown>[];
    for (const entry of shown as Record<string, unknown>[]) {
      const at = actual.findIndex(change => change.type === entry.type
        && Object.entries(entry).every(([key, value]) => key === 'page' || key === 'opener' || key === 'type' || change[key] === value));
      assert.ok(at >= 0, `${where}: no such entry in the receipt\n${describeResult(result)}`);
      const [change] = actual.splice(at, 1);
      for (const key of ['page', 'opener'] as const) {
        if (typeof entry[key] !== 'number') continue;
        const known = pageIds.get(entry[key] as number);
        assert.ok(known === undefined || known === change[key], `${where}: ${key} ${entry[key]} stands for ${known} earlier, ${String(change[key])} here`);
        pageIds.set(entry[key] as number, change[key] as number);
      }
    }
  }
}

const browser = hasBrowser();

describe('the skill', { skip: browser ? false : 'no browser on this machine', timeout: 900_000 }, () => {
  let home: TabwrightHome;
  let server: FixtureServer;
  let shop: Shop;
  let widgets: WidgetPages;
  let portal: PortalPages;

  before(async () => {
    home = new TabwrightHome('tabwright-skill-');
    server = await FixtureServer.start();
    shop = new Shop(server);
    // references/widgets.md's pages, built with the libraries real apps use.
    widgets = new WidgetPages(server);
    // Its grid, map and code editor pages, built with AG Grid, Leaflet and CodeMirror.
    portal = new PortalPages(server);
    // The first program starts the runtime and Chromium: on a loaded machine that outlasts the default --wait.
    const warm = await home.program('warmup', 'warmup-01', 'return 1', ['--wait', '600']);
    assert.equal(warm.code, 0, `the runtime did not start\n${describeResult(warm)}\n${runtimeLog(home)}`);
    await home.run(['close', '--task', 'warmup']);
  });

  after(async () => {
    await home?.dispose();
    await server?.close();
  });

  for (const doc of docs) {
    const relative = path.relative(PACKAGE_ROOT, doc.file);
    describe(relative, () => {
      const markdown = fs.readFileSync(doc.file, 'utf8');
      const blocks = fencedBlocks(markdown).filter(b => b.lang === 'js' || b.lang === 'bash');
      const shellTasks = new Set<string>();
      let count = 0;

      after(async () => {
        for (const task of shellTasks) await home.run(['close', '--task', task]);
      });

      for (const block of blocks) {
        const where = `${relative}:${block.line}`;
        const n = ++count;
        if (block.lang === 'js') {
          const expectation = expectationOf(block.code);
          it(`${where} program ${n} (${expectation.status})`, async () => {
            const task = `${doc.slug}.ex${n}`;
            try {
              const result = await home.program(task, `${doc.slug}-ex${n}`, bounded(shop.rewrite(block.code)), ['--timeout', '40', '--wait', '60']);
              keep(`${doc.slug}-${n}`, result);
              checkReceipt(where, result, expectation, EXIT_FOR_STATUS[expectation.status]);
            } finally {
              await home.run(['close', '--task', task]);
            }
          });
        } else {
          it(`${where} shell ${n}`, async () => {
            const background: Promise<void>[] = [];
            let last: CliResult | undefined;
            /** Page ids a `# receipt:` line shows -> the ones the receipt gave. */
            const pageIds = new Map<number, number>();
            for (const step of shellSteps(block.code)) {
              if (step.kind === 'sleep') { shop.paused(); await delay(step.seconds * 1000); continue; }
              if (step.kind === 'wait') { await Promise.all(background.splice(0)); continue; }
              if (step.kind === 'shows') { matchShown(`${where} \`${step.text}\``, last, step.fields, pageIds); continue; }
              const args = step.args.map((arg, i) => {
                if (step.args[i - 1] !== '--task') return arg;
                shellTasks.add(`${doc.slug}.${arg}`);
                return `${doc.slug}.${arg}`;
              });
              // A playbook file must open with its front matter: it is saved as written, not bounded.
              const program = step.input?.replace(/\btabs\.get\((\d+)\)/g, (whole, id: string) => (pageIds.has(Number(id)) ? `tabs.get(${pageIds.get(Number(id))})` : whole));
              const input = program === undefined ? undefined : args[0] === 'playbook' ? shop.rewrite(program) : bounded(shop.rewrite(program));
              const running = home.run(args, input === undefined ? {} : { input }).then(result => {
                last = result;
                const what = `${where} \`${step.text}\``;
                keep(`${doc.slug}-${n}-${args.join('_')}`, result);
                if (step.expectation) checkReceipt(what, result, step.expectation, step.exit);
                else assert.equal(result.code, step.exit, `${what}: expected exit ${step.exit}\n${describeResult(result)}`);
              });
              if (step.background) background.push(running);
              else await running;
            }
            await Promise.all(background);
          });
        }
      }
    });
  }

  it('the examples placed exactly one order with ref-2041 and uploaded 40 bytes once', () => {
    assert.deepEqual(shop.checkouts.filter(c => c.ref === 'ref-2041'), [{ ref: 'ref-2041', items: ['Green tea', 'Teapot'] }]);
    assert.deepEqual(shop.uploads, [{ name: 'invoice.csv', bytes: 40 }]);
  });

  it('the widget examples did what they say, as the apps stored it', () => {
    assert.deepEqual(widgets.saved, {
      board: { todo: ['Write release notes', 'Update icons'], done: ['Plan sprint', 'Fix login'] },
      schedule: '2027-06-15 14:30',
      assignee: 'Ada Lovelace',
    });
    assert.equal(portal.saved.depot, 'Lyon');
    assert.equal(portal.saved.rule, RULE_TEXT.replace('30m', '45m'));
  });
});

// ---------------------------------------------------------------- the files themselves

describe('the skill files', () => {
  const skill = fs.readFileSync(SKILL_FILE, 'utf8');
  const references = fs.readdirSync(REFERENCES_DIR).filter(f => f.endsWith('.md'));

  it('SKILL.md is at most 9,000 characters and the references at most 25,000 together', () => {
    assert.ok(skill.length <= 9000, `SKILL.md has ${skill.length} characters`);
    const total = references.reduce((sum, f) => sum + fs.readFileSync(path.join(REFERENCES_DIR, f), 'utf8').length, 0);
    assert.ok(total <= 25000, `the references have ${total} characters together`);
  });

  it('has Agent Skills front matter: name tabwright and a description of when (not) to use it', () => {
    const m = /^---\n([\s\S]*?)\n---\n/.exec(skill);
    assert.ok(m, 'SKILL.md starts with YAML front matter');
    const fields = Object.fromEntries(m[1].split('\n').map(line => {
      const colon = line.indexOf(':');
      return [line.slice(0, colon).trim(), line.slice(colon + 1).trim()];
    }));
    assert.equal(fields.name, 'tabwright');
    const description: string = fields.description ?? '';
    assert.ok(description.length > 0 && description.length <= 1024, 'a description of at most 1,024 characters');
    for (const word of [/logged-in/i, /JavaScript/i, /multi-step/i, /forms?/i, /static/i, /fetch/i]) {
      assert.match(description, word);
    }
  });

  it('lists every reference by the name `tabwright skill show` takes, and every listed one exists', () => {
    const section = skill.slice(skill.indexOf('## References'));
    assert.match(section, /`tabwright skill show NAME`/);
    const linked = [...section.matchAll(/^- `([\w-]+)`:/gm)].map(m => `${m[1]}.md`);
    assert.deepEqual([...new Set(linked)].sort(), [...references].sort());
    for (const wanted of ['receipts-and-recovery.md', 'observing-pages.md', 'files-and-screenshots.md', 'concurrency-and-tasks.md']) {
      assert.ok(references.includes(wanted), `references/${wanted}`);
    }
  });

  it('every example block is runnable by this test (js, bash) or marked as shown only (text)', () => {
    for (const doc of docs) {
      for (const block of fencedBlocks(fs.readFileSync(doc.file, 'utf8'))) {
        assert.ok(['js', 'bash', 'text'].includes(block.lang), `${doc.file}:${block.line} uses \`\`\`${block.lang}`);
        if (block.lang === 'bash') shellSteps(block.code);
      }
    }
  });
});

describe('tabwright skill', () => {
  let home: TabwrightHome;
  let dir: string;

  before(() => {
    home = new TabwrightHome('tabwright-skill-cli-');
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tabwright-skill-dir-'));
  });

  after(() => {
    fs.rmSync(home.home, { recursive: true, force: true });
    fs.rmSync(dir, { recursive: true, force: true });
  });

  const sameTree = (target: string) => {
    assert.equal(fs.readFileSync(path.join(target, 'SKILL.md'), 'utf8'), fs.readFileSync(SKILL_FILE, 'utf8'));
    const want = fs.readdirSync(REFERENCES_DIR).sort();
    assert.deepEqual(fs.readdirSync(path.join(target, 'references')).sort(), want);
    for (const f of want) {
      assert.equal(fs.readFileSync(path.join(target, 'references', f), 'utf8'), fs.readFileSync(path.join(REFERENCES_DIR, f), 'utf8'));
    }
  };

  it('prints SKILL.md as it is', async () => {
    const result = await home.run(['skill']);
    assert.equal(result.code, 0, describeResult(result));
    assert.equal(result.stdout.trimEnd(), fs.readFileSync(SKILL_FILE, 'utf8').trimEnd());
  });

  it('skill show NAME prints that reference as it is; an unknown name exits 2 listing them', async () => {
    for (const file of fs.readdirSync(REFERENCES_DIR).filter(f => f.endsWith('.md'))) {
      const result = await home.run(['skill', 'show', file.replace(/\.md$/, '')]);
      assert.equal(result.code, 0, describeResult(result));
      assert.equal(result.stdout.trimEnd(), fs.readFileSync(path.join(REFERENCES_DIR, file), 'utf8').trimEnd());
    }
    const unknown = await home.run(['skill', 'show', 'recipes']);
    assert.equal(unknown.code, 2, describeResult(unknown));
    assert.equal(unknown.json.error.name, 'UnknownReference');
    assert.match(unknown.json.error.message, /receipts-and-recovery.*widgets/);
  });

  it('install --dir DIR writes DIR/tabwright, says so, and is idempotent', async () => {
    const target = path.join(dir, 'tabwright');
    fs.mkdirSync(path.join(target, 'references'), { recursive: true });
    fs.writeFileSync(path.join(target, 'references', 'stale.md'), 'from an older version');
    for (let round = 0; round < 2; round++) {
      const result = await home.run(['skill', 'install', '--dir', dir]);
      assert.equal(result.code, 0, describeResult(result));
      assert.ok(JSON.stringify(result.json).includes(target), `the reply names ${target}: ${result.stdout}`);
      sameTree(target);
    }
  });

  it('install without --dir writes the user-level skill dirs of Claude Code and Codex', async () => {
    const fakeHome = path.join(dir, 'home');
    fs.mkdirSync(fakeHome);
    const result = await home.run(['skill', 'install'], { env: { HOME: fakeHome } });
    assert.equal(result.code, 0, describeResult(result));
    for (const host of ['.claude', '.codex']) {
      const target = path.join(fakeHome, host, 'skills', 'tabwright');
      assert.ok(result.stdout.includes(target), `the reply names ${target}: ${result.stdout}`);
      sameTree(target);
    }
  });
});
