// tabwright live view: reads the runtime's event stream (/events) and shows its tasks, their
// pages (live screencast frames) and every receipt. Plain DOM, no build step. All text from
// pages and programs goes in through textContent, never as HTML. Its actions are release and
// close of a task, each confirmed, a hand-over (handoff.js): only a page whose program asked
// for a person takes the person's input, and only while it waits; and "Record a playbook" on a
// task's page (recording.js), which asks the task to hand that page over, recording.
'use strict';

const state = {
  runtime: null,
  /** @type {Array<object>} */
  tasks: [],
  /** task name -> Map(requestId -> receipt view) */
  receipts: new Map(),
  /** page id -> latest frame as a data URL */
  frames: new Map(),
  /** page id shown large in the zoom dialog, or null */
  zoomed: null,
};

/** task name -> { root, parts } so a change re-renders one card, keeping focus and open details. */
const cards = new Map();

const $ = id => document.getElementById(id);

function el(tag, props, ...children) {
  const node = document.createElement(tag);
  if (props) {
    for (const [key, value] of Object.entries(props)) {
      if (value === undefined || value === null || value === false) continue;
      if (key === 'class') node.className = value;
      else if (key === 'text') node.textContent = value;
      else if (key.startsWith('on')) node.addEventListener(key.slice(2), value);
      else if (key in node && key !== 'list') node[key] = value;
      else node.setAttribute(key, value === true ? '' : value);
    }
  }
  for (const child of children.flat()) {
    if (child === null || child === undefined || child === false) continue;
    node.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return node;
}

// ---- the view's session -----------------------------------------------------------------

// The link that opened the view carries a token or a one-time code in its fragment, which no
// browser sends to a server. It is exchanged once for a session that this tab alone keeps
// (sessionStorage: this origin, port included, and this tab) and sends in a header: nothing of
// it is a cookie, so no other server on this machine, and no other tab, is ever sent it.
const SESSION_KEY = 'tabwright-view-session';
const NEEDS_LINK = 'This view needs its link: run `tabwright view --open` (or open the URL `tabwright view --print-token` prints).';

/** The tab's session: from the link's fragment (exchanged, then removed from the address), or kept from before. */
async function startSession() {
  const given = new URLSearchParams(location.hash.slice(1));
  if (location.hash) history.replaceState(null, '', `${location.pathname}${location.search}`);
  const offered = given.get('token') ? { token: given.get('token') } : given.get('code') ? { code: given.get('code') } : null;
  if (offered) {
    const response = await fetch('/session', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(offered) });
    const body = await response.json().catch(() => ({}));
    if (!response.ok || typeof body.session !== 'string') {
      sessionStorage.removeItem(SESSION_KEY);
      return body.error?.message ?? `The view refused its link (HTTP ${response.status}).`;
    }
    sessionStorage.setItem(SESSION_KEY, body.session);
  }
  return sessionStorage.getItem(SESSION_KEY) ? null : NEEDS_LINK;
}

/** A request to the view's API with the tab's session. */
function api(url, init = {}) {
  return fetch(url, { ...init, headers: { ...init.headers, authorization: `Bearer ${sessionStorage.getItem(SESSION_KEY) ?? ''}` } });
}

/** A receipt's file as a blob: URL (an <img> or a link cannot send the session's header). */
const fileUrls = new Map();
function fileUrl(path) {
  if (!fileUrls.has(path)) {
    fileUrls.set(path, api(path).then(async response => {
      if (!response.ok) throw new Error(`HTTP ${response.status}`);
      return URL.createObjectURL(await response.blob());
    }));
    fileUrls.get(path).catch(() => fileUrls.delete(path));
  }
  return fileUrls.get(path);
}

async function downloadFile(path, name) {
  try {
    const link = el('a', { href: await fileUrl(path), download: name });
    link.click();
  } catch (error) {
    showNotice(`Could not download ${name}: ${error.message}`);
  }
}

// ---- the event stream -------------------------------------------------------------------

/** The stream being read, the timer of the next try after it ended, and whether it was ever started. */
const stream = { controller: null, retry: null, started: false };
/** After the stream ends (the runtime stopped, or closed this view for falling behind). */
const RECONNECT_MS = 2000;

async function connect() {
  if (stream.controller) return;
  stream.started = true;
  clearTimeout(stream.retry);
  const controller = new AbortController();
  stream.controller = controller;
  setConnection('Connecting…', '');
  try {
    // A hidden tab gets the news (a task asks for a person) without the pictures.
    const response = await api(document.hidden ? '/events?frames=0' : '/events', { signal: controller.signal, headers: { accept: 'text/event-stream' } });
    if (response.status === 401) {
      stream.controller = null;
      setConnection('Disconnected: this view\'s session ended (the runtime stopped or restarted, or its link was used twice). Run `tabwright view --open` for a new link.', 'down');
      return;
    }
    if (!response.ok) throw new Error(`HTTP ${response.status}`);
    setConnection(document.hidden ? 'Pictures paused while this tab is hidden' : 'Live', document.hidden ? '' : 'live');
    await readEvents(response.body, onEvent);
  } catch {
    if (controller.signal.aborted) return;
  }
  if (stream.controller !== controller) return;
  stream.controller = null;
  setConnection('Reconnecting…', 'down');
  stream.retry = setTimeout(connect, RECONNECT_MS);
}

/** Server-sent events off a fetch body: `event:` and `data:` lines, a blank line ending each; `:` lines are comments. */
async function readEvents(body, handle) {
  const reader = body.pipeThrough(new TextDecoderStream()).getReader();
  let buffered = '';
  for (;;) {
    const { value, done } = await reader.read();
    if (done) return;
    buffered += value;
    let end;
    while ((end = buffered.indexOf('\n\n')) >= 0) {
      const block = buffered.slice(0, end);
      buffered = buffered.slice(end + 2);
      let event = 'message';
      let data = '';
      for (const line of block.split('\n')) {
        if (line.startsWith('event: ')) event = line.slice(7);
        else if (line.startsWith('data: ')) data += line.slice(6);
      }
      if (data) handle(event, JSON.parse(data));
    }
  }
}

function onEvent(event, data) {
  switch (event) {
    case 'snapshot': return onSnapshot(data);
    case 'tasks': return onTasks(data);
    case 'receipt': return onReceipt(data);
    case 'frame': return onFrame(data);
  }
}

function reconnect() {
  if (!stream.started) return;
  stream.controller?.abort();
  stream.controller = null;
  connect();
}

// Screencasts run only while someone looks: a hidden tab keeps a stream without pictures.
document.addEventListener('visibilitychange', reconnect);

function setConnection(text, kind) {
  const node = $('connection');
  node.textContent = text;
  node.className = `connection ${kind}`;
}

function onSnapshot(snapshot) {
  state.runtime = snapshot.runtime;
  state.receipts = new Map();
  for (const [task, list] of Object.entries(snapshot.receipts)) {
    const byId = new Map();
    for (const receipt of list) byId.set(receipt.requestId, receipt);
    state.receipts.set(task, byId);
  }
  for (const card of cards.values()) card.root.remove();
  cards.clear();
  onTasks(snapshot.tasks);
}

function onTasks(tasks) {
  state.tasks = tasks;
  const names = new Set(tasks.map(t => t.name));
  for (const [name, card] of cards) {
    if (!names.has(name)) {
      card.root.remove();
      cards.delete(name);
    }
  }
  const container = $('tasks');
  tasks.forEach((task, index) => {
    let card = cards.get(task.name);
    if (!card) {
      card = createCard(task.name);
      cards.set(task.name, card);
    }
    // Keep the server's order (by name) without moving cards that are already in place.
    if (container.children[index] !== card.root) container.insertBefore(card.root, container.children[index] ?? null);
    renderTaskHead(card, task);
    renderPages(card, task);
    renderReceipts(card, task.name);
  });
  const livePages = new Set(tasks.flatMap(t => t.pages.map(p => p.id)));
  for (const id of state.frames.keys()) if (!livePages.has(id)) state.frames.delete(id);
  if (state.zoomed !== null && !livePages.has(state.zoomed)) $('zoom').close();
  $('empty').hidden = tasks.length > 0;
  renderSummary();
  handoffTasks(tasks);
}

function onReceipt(receipt) {
  let byId = state.receipts.get(receipt.task);
  if (!byId) {
    byId = new Map();
    state.receipts.set(receipt.task, byId);
  }
  byId.set(receipt.requestId, receipt);
  const card = cards.get(receipt.task);
  if (card) renderReceipts(card, receipt.task);
}

function onFrame(frame) {
  const url = `data:image/jpeg;base64,${frame.data}`;
  state.frames.set(frame.page, url);
  for (const img of document.querySelectorAll(`img[data-page="${frame.page}"]`)) img.src = url;
  if (state.zoomed === frame.page) $('zoom-image').src = url;
  for (const waiting of document.querySelectorAll(`[data-waiting="${frame.page}"]`)) waiting.replaceWith(thumbImage(frame.page));
  handoffFrame(frame);
}

function renderSummary() {
  const active = state.tasks.filter(t => t.state === 'active').length;
  const pages = state.tasks.reduce((n, t) => n + t.pages.length, 0);
  const max = state.runtime ? ` of ${state.runtime.maxTasks}` : '';
  const version = state.runtime ? ` · runtime ${state.runtime.version}, pid ${state.runtime.pid}` : '';
  $('summary').textContent = `${state.tasks.length} task${state.tasks.length === 1 ? '' : 's'} (${active}${max} active) · ${pages} page${pages === 1 ? '' : 's'}${version}`;
}

// ---- a task's card ----------------------------------------------------------------------

function domId(prefix, name) {
  return `${prefix}-${name.replace(/[^A-Za-z0-9_-]/g, '_')}`;
}

function createCard(name) {
  const titleId = domId('task', name);
  const parts = {
    title: el('h2', { id: titleId, text: name }),
    badges: el('ul', { class: 'badges', 'aria-label': 'Task state' }),
    actions: el('div', { class: 'actions' },
      el('button', { type: 'button', text: 'Release', title: 'Stop the worker; the tabs stay open, owned by no task', onclick: () => act('release', name) }),
      el('button', { type: 'button', class: 'danger', text: 'Close', title: 'Stop the worker and close the task\'s tabs', onclick: () => act('close', name) })),
    pages: el('ul', { class: 'pages', 'aria-label': `Pages of ${name}` }),
    receipts: el('ol', { class: 'receipts', 'aria-label': `Receipts of ${name}, newest first` }),
  };
  const root = el('section', { class: 'task', 'aria-labelledby': titleId, 'data-task': name },
    el('div', { class: 'task-head' }, parts.title, parts.badges, parts.actions),
    parts.pages,
    el('h3', { class: 'receipts-title', text: 'Receipts' }),
    parts.receipts);
  return { root, parts, receiptNodes: new Map(), pageNodes: new Map() };
}

function renderTaskHead(card, task) {
  const badges = [
    el('li', { class: `badge ${task.state}`, text: task.state }),
    el('li', { class: 'badge', text: task.isolated ? 'isolated' : 'shared profile' }),
    el('li', { class: `badge ${task.worker === 'running' ? 'running' : ''}`, text: workerText(task) }),
    el('li', { class: 'badge', text: `queue ${task.queued}` }),
  ];
  if (task.handoff) {
    badges.unshift(el('li', { class: 'badge person' }, `waiting for a person: ${task.handoff.reason} `,
      el('button', { type: 'button', class: 'link', text: 'Take over', onclick: () => openHandoff(task.name) })));
  }
  card.parts.badges.replaceChildren(...badges);
}

function workerText(task) {
  if (task.worker === 'running') return `running ${task.running}`;
  if (task.worker === 'ready') return 'worker ready';
  return `no worker · idle since ${clock(task.lastActivity)}`;
}

function renderPages(card, task) {
  const seen = new Set();
  task.pages.forEach((page, index) => {
    seen.add(page.id);
    let node = card.pageNodes.get(page.id);
    if (!node) {
      node = createPage(page.id);
      card.pageNodes.set(page.id, node);
    }
    if (card.parts.pages.children[index] !== node.root) card.parts.pages.insertBefore(node.root, card.parts.pages.children[index] ?? null);
    const label = page.title || page.url || 'untitled';
    node.title.textContent = '';
    node.title.append(el('span', { text: `#${page.id} ` }), page.id === task.selectedPage ? el('span', { class: 'selected-mark', text: '(selected) ', title: 'The page the next program gets as `page`' }) : '', label);
    node.title.title = label;
    node.url.textContent = page.url;
    node.url.title = page.url;
    node.button.setAttribute('aria-label', `Show page ${page.id} large: ${label}`);
    node.record.setAttribute('aria-label', `Record a playbook on page ${page.id} of task ${task.name}`);
    node.page = page;
    node.task = task.name;
  });
  for (const [id, node] of card.pageNodes) {
    if (!seen.has(id)) {
      node.root.remove();
      card.pageNodes.delete(id);
    }
  }
}

function thumbImage(pageId) {
  return el('img', { src: state.frames.get(pageId), alt: `Live picture of page ${pageId}`, 'data-page': String(pageId) });
}

function createPage(pageId) {
  const inner = state.frames.has(pageId)
    ? thumbImage(pageId)
    : el('span', { class: 'waiting', 'data-waiting': String(pageId), text: 'waiting for a frame…' });
  const node = { page: null };
  node.button = el('button', { type: 'button', class: 'thumb', onclick: () => zoomPage(node.page) }, inner);
  node.title = el('span', { class: 'title' });
  node.url = el('span', { class: 'url' });
  // "Show me once": the person does a flow on this page and it is saved as a playbook (recording.js).
  node.record = el('button', { type: 'button', class: 'link', text: 'Record a playbook', onclick: () => openRecordStart(node.task, node.page) });
  node.root = el('li', {}, el('figure', { class: 'page' }, node.button, el('figcaption', {}, node.title, node.url, node.record)));
  return node;
}

// ---- receipts ---------------------------------------------------------------------------

function renderReceipts(card, taskName) {
  const byId = state.receipts.get(taskName) ?? new Map();
  const ordered = [...byId.values()].sort((a, b) => (b.queuedAt > a.queuedAt ? 1 : b.queuedAt < a.queuedAt ? -1 : 0));
  const list = card.parts.receipts;
  ordered.forEach((receipt, index) => {
    const key = receipt.requestId;
    const signature = `${receipt.status}|${receipt.mutationState}|${receipt.finishedAt ?? ''}|${receipt.startedAt ?? ''}`;
    let node = card.receiptNodes.get(key);
    if (!node || node.signature !== signature) {
      const fresh = renderReceipt(receipt, node);
      if (node) node.root.replaceWith(fresh.root);
      node = fresh;
      node.signature = signature;
      card.receiptNodes.set(key, node);
    }
    if (list.children[index] !== node.root) list.insertBefore(node.root, list.children[index] ?? null);
  });
  if (ordered.length === 0 && !list.firstChild) list.append(el('li', { class: 'meta', text: 'No receipts yet.' }));
  else for (const child of [...list.children]) if (!child.dataset.requestId) child.remove();
}

/** Which <details> a viewer opened survive a re-render of the same receipt. */
function openSections(previous) {
  const open = new Set();
  if (previous) for (const details of previous.root.querySelectorAll('details[open]')) open.add(details.dataset.section);
  return open;
}

function renderReceipt(receipt, previous) {
  const open = openSections(previous);
  const section = (name, summary, ...content) =>
    el('details', { 'data-section': name, open: open.has(name) }, el('summary', { text: summary }), ...content);

  const head = el('div', { class: 'receipt-head' },
    el('span', { class: 'status', text: receipt.status }),
    el('code', { class: 'rid', text: receipt.requestId }),
    receipt.durationMs !== undefined ? el('span', { class: 'meta', text: duration(receipt.durationMs) }) : null,
    el('span', { class: `meta mutation-${receipt.mutationState}`, text: `mutation ${receipt.mutationState}` }),
    receipt.outcome ? el('span', { class: 'outcome', text: receipt.outcome }) : null,
    el('time', { class: 'meta', dateTime: receipt.queuedAt, text: clock(Date.parse(receipt.queuedAt)) }));

  const body = [head];
  if (receipt.error) body.push(renderError(receipt.error));
  const shots = (receipt.artifacts ?? [])
    .map((file, index) => ({ file, index }))
    .filter(({ file }) => file.mime === 'image/png' || file.mime === 'image/jpeg');
  if (shots.length) {
    body.push(el('div', { class: 'shots' }, shots.map(({ file, index }) => {
      const src = `/api/tasks/${encodeURIComponent(receipt.task)}/receipts/${encodeURIComponent(receipt.requestId)}/files/${index}`;
      const alt = `Screenshot returned by ${receipt.requestId}${file.width ? ` (${file.width}×${file.height})` : ''}`;
      const img = el('img', { alt, class: 'screenshot' });
      fileUrl(src).then(url => { img.src = url; }, () => { img.alt = `${alt}: could not be loaded`; });
      return el('button', { type: 'button', class: 'shot', 'aria-label': `Show ${alt} large`, onclick: () => zoomImage(src, alt, file.path) }, img);
    })));
  }
  // Other files (a --trace zip, a --har): buttons that download them.
  const files = (receipt.artifacts ?? [])
    .map((file, index) => ({ file, index }))
    .filter(({ file }) => file.mime !== 'image/png' && file.mime !== 'image/jpeg');
  if (files.length) {
    body.push(el('ul', { class: 'files' }, files.map(({ file, index }) => {
      const name = file.path.split('/').pop();
      const href = `/api/tasks/${encodeURIComponent(receipt.task)}/receipts/${encodeURIComponent(receipt.requestId)}/files/${index}`;
      const note = /-trace(-\d+)?\.zip$/.test(name) ? ' (open with npx playwright show-trace)' : name.endsWith('.har') ? ' (HAR)' : '';
      return el('li', {}, el('button', { type: 'button', class: 'link', text: name, 'aria-label': `Download ${name}`, onclick: () => downloadFile(href, name) }), note);
    })));
  }
  if (receipt.result !== undefined) {
    const compact = JSON.stringify(receipt.result) ?? String(receipt.result);
    body.push(compact.length <= 200
      ? el('pre', { class: 'result', 'aria-label': 'Result', text: compact })
      : section('result', `Result (${compact.length} characters)`, el('pre', { class: 'result', text: JSON.stringify(receipt.result, null, 2) })));
  } else if (receipt.resultPreview !== undefined) {
    body.push(section('result', `Result (${receipt.resultChars} characters, first ${receipt.resultPreview.length} shown)`,
      el('pre', { class: 'result', text: `${receipt.resultPreview}\n…` }),
      el('button', { type: 'button', class: 'link', text: 'Load the whole result', onclick: event => loadWholeResult(receipt, event.currentTarget) })));
  }
  const failedNetwork = (receipt.network ?? []);
  if (failedNetwork.length) {
    body.push(section('network', `Network (${failedNetwork.length} failed or pending)`,
      el('ul', {}, failedNetwork.map(entry => el('li', {},
        el('code', { text: `${entry.method} ${entry.url}` }), ' → ',
        entry.pending ? 'still pending' : entry.status !== undefined ? `HTTP ${entry.status}` : (entry.failure ?? 'failed'),
        entry.deferred ? ` (deferred, since ${entry.since ?? 'an earlier program'})` : '',
        ` · page ${entry.page}`)))));
  }
  if (receipt.pageChanges?.length) {
    body.push(section('pages', `Page changes (${receipt.pageChanges.length})`,
      el('ul', {}, receipt.pageChanges.map(change => el('li', { text: pageChangeText(change) })))));
  }
  if (receipt.console?.length) {
    body.push(section('console', `Console (${receipt.console.length})`,
      el('ul', {}, receipt.console.map(entry => el('li', {}, el('code', { text: `[${entry.type}${entry.page !== undefined ? ` page ${entry.page}` : ''}] ` }), entry.text)))));
  }
  if (receipt.hints?.length) {
    body.push(section('hints', `Hints (${receipt.hints.length})`, el('ul', {}, receipt.hints.map(hint => el('li', { text: hint })))));
  }
  body.push(el('div', { class: 'row-actions' },
    el('button', { type: 'button', class: 'link', text: 'Program', 'aria-label': `Show the program of ${receipt.requestId}`, onclick: () => showProgram(receipt) }),
    el('button', { type: 'button', class: 'link', text: 'Receipt JSON', 'aria-label': `Show the whole receipt of ${receipt.requestId}`, onclick: () => showReceiptJson(receipt) })));
  const root = el('li', { class: `receipt status-${receipt.status}`, 'data-request-id': receipt.requestId }, body);
  return { root };
}

function renderError(error) {
  const [firstLine, ...rest] = String(error.message ?? '').split('\n');
  // Newer receipts keep Playwright's call log apart, in `log`.
  const moreLines = error.log ? String(error.log).split('\n') : rest;
  const box = el('div', { class: 'error', role: 'group', 'aria-label': 'Error' },
    el('p', {}, el('strong', { class: 'error-name', text: error.name }), error.call ? [' in ', el('code', { class: 'error-call', text: error.call })] : null,
      error.line !== undefined ? el('span', { class: 'meta', text: ` (line ${error.line}${error.column !== undefined ? `, column ${error.column}` : ''})` }) : null),
    el('p', { class: 'error-message', text: firstLine }));
  // Playwright's call log follows the first line: useful, long, and folded away.
  if (moreLines.length) {
    box.append(el('details', { 'data-section': 'error-log' },
      el('summary', { text: `${error.log ? 'Call log' : 'The rest of the message'} (${moreLines.length} lines)` }), el('pre', { text: moreLines.join('\n') })));
  }
  if (error.blockedBy) box.append(el('p', { class: 'blocked-by' }, 'Blocked by ', el('code', { text: error.blockedBy })));
  if (error.matches?.length) {
    box.append(el('p', { text: `The locator matched ${error.matchCount ?? error.matches.length} elements:` }),
      el('ul', { class: 'matches' }, error.matches.map(match => el('li', {}, el('code', { text: match.locator }), ` ${match.element}`))));
  }
  if (error.expected !== undefined || error.received !== undefined)
    box.append(el('p', { class: 'meta', text: `expected ${error.expected ?? '?'} · received ${error.received ?? '?'}` }));
  return box;
}

function pageChangeText(change) {
  const where = `page ${change.page}${change.deferred ? ' (before this program)' : ''}`;
  switch (change.type) {
    case 'navigated': return `${where} navigated ${change.from ?? ''} → ${change.to ?? ''}`;
    case 'popup': return `${where} opened as a popup of page ${change.opener} at ${change.url ?? ''}`;
    case 'closed': return `${where} closed`;
    case 'dialog': return `${where} ${change.dialog} "${change.message ?? ''}" ${change.handled ?? ''}${change.by ? ` by ${change.by}` : ''}`;
    case 'download': return `${where} downloaded ${change.suggestedFilename ?? change.url ?? ''}${change.path ? ` to ${change.path}` : ''}${change.failure ? ` (failed: ${change.failure})` : ''}`;
    case 'released': return `${where} released (${change.reason ?? ''}): ${change.url ?? ''}`;
    default: return `${where} ${change.type}`;
  }
}

// ---- on demand: large pictures, program source, whole receipts --------------------------

function apiPath(receipt, suffix = '') {
  return `/api/tasks/${encodeURIComponent(receipt.task)}/receipts/${encodeURIComponent(receipt.requestId)}${suffix}`;
}

async function fetchText(url) {
  const response = await api(url, { headers: { accept: 'application/json, text/plain' } });
  const text = await response.text();
  if (!response.ok) {
    let message = text;
    try { message = JSON.parse(text).error.message; } catch { /* plain text */ }
    throw new Error(message);
  }
  return text;
}

function openDialog(id) {
  const dialog = $(id);
  if (!dialog.open) dialog.showModal();
}

function zoomPage(page) {
  if (!page) return;
  state.zoomed = page.id;
  $('zoom-title').textContent = `Page ${page.id}: ${page.title || 'untitled'}`;
  const image = $('zoom-image');
  image.src = state.frames.get(page.id) ?? '';
  image.alt = `Live picture of page ${page.id}`;
  $('zoom-url').textContent = page.url;
  openDialog('zoom');
}

function zoomImage(src, alt, filePath) {
  state.zoomed = null;
  $('zoom-title').textContent = alt;
  const image = $('zoom-image');
  image.removeAttribute('src');
  fileUrl(src).then(url => { image.src = url; }, () => {});
  image.alt = alt;
  $('zoom-url').textContent = filePath;
  openDialog('zoom');
}

async function showProgram(receipt) {
  $('source-title').textContent = `Program of ${receipt.task} / ${receipt.requestId}`;
  $('source-text').textContent = 'Loading…';
  openDialog('source');
  try {
    $('source-text').textContent = await fetchText(apiPath(receipt, '/program'));
  } catch (error) {
    $('source-text').textContent = `Could not load the program: ${error.message}`;
  }
}

async function showReceiptJson(receipt) {
  $('source-title').textContent = `Receipt ${receipt.task} / ${receipt.requestId}`;
  $('source-text').textContent = 'Loading…';
  openDialog('source');
  try {
    $('source-text').textContent = JSON.stringify(JSON.parse(await fetchText(apiPath(receipt))).receipt, null, 2);
  } catch (error) {
    $('source-text').textContent = `Could not load the receipt: ${error.message}`;
  }
}

async function loadWholeResult(receipt, button) {
  button.disabled = true;
  try {
    const whole = JSON.parse(await fetchText(apiPath(receipt))).receipt;
    button.previousElementSibling.textContent = JSON.stringify(whole.result, null, 2);
    button.remove();
  } catch (error) {
    button.disabled = false;
    showNotice(`Could not load the result: ${error.message}`);
  }
}

for (const dialog of document.querySelectorAll('dialog:not(#handoff)')) {
  dialog.addEventListener('click', event => {
    // A click on the backdrop (the dialog element itself, outside its content) closes it.
    if (event.target === dialog || event.target.closest('[data-close]')) dialog.close();
  });
  dialog.addEventListener('close', () => {
    if (dialog.id === 'zoom') state.zoomed = null;
  });
}

// ---- the two actions --------------------------------------------------------------------

async function act(action, name) {
  const task = state.tasks.find(t => t.name === name);
  const tabs = task ? task.pages.length : 0;
  const question = action === 'close'
    ? `Close task "${name}"? Its ${tabs} tab${tabs === 1 ? '' : 's'} will close, and a running or queued program is interrupted.`
    : `Release task "${name}"? Its worker stops (a running or queued program is interrupted); its ${tabs} tab${tabs === 1 ? '' : 's'} stay open, owned by no task.`;
  if (!window.confirm(question)) return;
  try {
    const response = await api(`/api/tasks/${encodeURIComponent(name)}/${action}`, {
      method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}',
    });
    const body = await response.json();
    if (!response.ok) throw new Error(body.error?.message ?? `HTTP ${response.status}`);
    const pages = body.closed ?? body.released ?? [];
    showNotice(`${action === 'close' ? 'Closed' : 'Released'} task ${name} (${pages.length} tab${pages.length === 1 ? '' : 's'}).`);
  } catch (error) {
    showNotice(`Could not ${action} task ${name}: ${error.message}`);
  }
}

let noticeTimer;
function showNotice(text) {
  const notice = $('notice');
  notice.textContent = text;
  notice.hidden = false;
  clearTimeout(noticeTimer);
  noticeTimer = setTimeout(() => { notice.hidden = true; }, 8000);
}

// ---- small formatting -------------------------------------------------------------------

function duration(ms) {
  return ms < 1000 ? `${ms} ms` : `${(ms / 1000).toFixed(ms < 10_000 ? 2 : 1)} s`;
}

function clock(ms) {
  if (!Number.isFinite(ms)) return '';
  return new Date(ms).toLocaleTimeString([], { hour: '2-digit', minute: '2-digit', second: '2-digit' });
}

startSession().then(refused => (refused ? setConnection(refused, 'down') : connect()), error => setConnection(`Could not open the view: ${error.message}`, 'down'));
