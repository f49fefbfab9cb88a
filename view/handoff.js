// tabwright live view: hand-overs. A task's program asked for a person (`handoff()`): the view
// says so (a notice, the card, the tab's title, a browser notification where allowed) and
// shows that page large and interactive. The person's mouse, wheel, keys and pastes go to that
// page only, in order, one request at a time; Done or "Cannot do this" ends the hand-over.
// Nothing the person types is stored here or by the runtime (a recording keeps the values it
// drafts as parameters: recording.js). A page asking for a file gets one the person picks on
// their own machine. Loaded before view.js, which calls handoffTasks() and handoffFrame(); this
// file uses its `el`, `$`, `state` and `api`, and recording.js's renderRecording and reviewRecording.
'use strict';

const handoff = {
  /** The open hand-over shown in the dialog: { task, key, page, reason }, or null. */
  current: null,
  /** Hand-over keys already announced, so each is announced once. */
  announced: new Set(),
  /** Events waiting to be sent, and whether a request is in flight. */
  queue: [],
  sending: false,
  /** Called once the queue is empty and nothing is in flight (Done waits for the last input). */
  drained: [],
  /** Where the view was opened for (`tabwright view --task T`): shown at once. */
  wanted: new URLSearchParams(location.search).get('task'),
  scrolled: false,
  title: document.title,
};

const MODIFIER_BITS = { altKey: 1, ctrlKey: 2, metaKey: 4, shiftKey: 8 };
const ALT_AND_CTRL = MODIFIER_BITS.altKey | MODIFIER_BITS.ctrlKey;
const MOUSE_BUTTONS = ['left', 'middle', 'right', 'back', 'forward'];
const MAX_BATCH = 200;
/** runtime/view/personInput.ts MAX_CLICK_COUNT: a count past it would refuse the whole batch. */
const MAX_CLICK_COUNT = 100;

function modifiersOf(event) {
  let bits = 0;
  for (const [name, bit] of Object.entries(MODIFIER_BITS)) if (event[name]) bits |= bit;
  // AltGr on Windows reports Ctrl and Alt held: the key is a character of the layout (`@`, `€`,
  // `{`), not a shortcut, and the runtime types a key with Ctrl held as a shortcut. Sent as
  // Linux and macOS report it, without the two.
  if (event.getModifierState?.('AltGraph')) bits &= ~ALT_AND_CTRL;
  return bits;
}

// ---- what the task list says --------------------------------------------------------------

/**
 * The person asked for this task's next hand-over (Record a playbook): it opens as soon as the
 * task hands the page over, or now when it already has (its news can come before the answer
 * to the request that started it).
 */
function wantHandoff(taskName) {
  handoff.wanted = taskName;
  const waiting = (state.tasks ?? []).find(t => t.name === taskName && t.handoff);
  if (waiting && !handoff.current) {
    handoff.wanted = null;
    openHandoff(taskName);
  }
}

/** Called by view.js with every task list. */
function handoffTasks(tasks) {
  const waiting = tasks.filter(t => t.handoff);
  renderAsks(waiting);
  for (const task of waiting) {
    if (handoff.announced.has(task.handoff.key)) continue;
    handoff.announced.add(task.handoff.key);
    notifyPerson(task);
    // The view was opened for this task (`tabwright view --task T`): its hand-over opens by itself, once.
    if (handoff.wanted === task.name && !handoff.current) {
      handoff.wanted = null;
      openHandoff(task.name);
    }
  }
  document.title = waiting.length ? `(${waiting.length}) a person is needed · ${handoff.title}` : handoff.title;
  // The shown hand-over ended (Done elsewhere, `until` held, the program stopped): close it.
  const current = handoff.current && tasks.find(t => t.name === handoff.current.task);
  if (handoff.current && current?.handoff?.key !== handoff.current.key) closeHandoff(current?.handoff ? null : 'The hand-over ended.');
  else if (current) {
    renderHandoffPages(current);
    renderRecording(current);
    renderFileChooser(current);
    renderPageDialog(current);
  }
  if (handoff.wanted && !handoff.scrolled) {
    const card = document.querySelector(`section.task[data-task="${CSS.escape(handoff.wanted)}"]`);
    if (card) {
      handoff.scrolled = true;
      card.classList.add('wanted');
      card.scrollIntoView({ block: 'start' });
    }
  }
}

function renderAsks(waiting) {
  const box = $('asks');
  box.replaceChildren(...waiting.map(task => el('p', { class: 'ask' },
    el('strong', { text: `Task ${task.name} asks for a person: ` }), task.handoff.reason, ' ',
    el('button', { type: 'button', class: 'primary', text: 'Take over', 'aria-label': `Take over the page of task ${task.name}`, onclick: () => openHandoff(task.name) }))));
  box.hidden = waiting.length === 0;
}

/** The browser's own notification where the person allowed it, and only when the view is not in front. */
function notifyPerson(task) {
  if (!('Notification' in window) || Notification.permission !== 'granted') return;
  if (!document.hidden && document.hasFocus()) return;
  const note = new Notification(`tabwright: task ${task.name} asks for a person`, { body: task.handoff.reason, tag: task.handoff.key });
  note.onclick = () => { window.focus(); openHandoff(task.name); note.close(); };
}

// Chrome asks for the permission only from a person's gesture: the first click in the view.
document.addEventListener('click', () => {
  if ('Notification' in window && Notification.permission === 'default') Notification.requestPermission().catch(() => {});
}, { once: true });

// ---- the dialog ---------------------------------------------------------------------------

function openHandoff(taskName) {
  const task = state.tasks.find(t => t.name === taskName);
  if (!task?.handoff) return;
  handoff.current = { task: task.name, key: task.handoff.key, page: task.handoff.page, reason: task.handoff.reason };
  handoff.queue = [];
  $('handoff-title').textContent = `Task ${task.name} asks: ${task.handoff.reason}`;
  $('handoff-status').textContent = 'Click the page, then type: your keys, clicks, scrolling and pastes go to this page only. What you type is not recorded.';
  $('handoff-note').value = '';
  $('handoff-decline-form').hidden = true;
  renderHandoffPages(task);
  renderRecording(task);
  renderFileChooser(task);
  renderPageDialog(task);
  showHandoffFrame();
  const dialog = $('handoff');
  if (!dialog.open) dialog.showModal();
  $('handoff-screen').focus();
}

function closeHandoff(message) {
  handoff.current = null;
  handoff.queue = [];
  renderRecording(null);
  renderFileChooser(null);
  renderPageDialog(null);
  const dialog = $('handoff');
  if (dialog.open) dialog.close();
  if (message) showNotice(message);
}

/** The task's pages as tabs when it has more than one (a sign-in's popup, say). */
function renderHandoffPages(task) {
  const list = $('handoff-pages');
  const current = handoff.current;
  if (!current) return;
  if (!task.pages.some(p => p.id === current.page)) current.page = task.handoff.page;
  list.replaceChildren(...(task.pages.length > 1 ? task.pages.map(page => el('button', {
    type: 'button', class: page.id === current.page ? 'tab current' : 'tab', 'aria-pressed': String(page.id === current.page),
    text: `#${page.id} ${page.title || page.url}`,
    onclick: () => { current.page = page.id; renderHandoffPages(task); showHandoffFrame(); $('handoff-screen').focus(); },
  })) : []));
  const page = task.pages.find(p => p.id === current.page);
  $('handoff-url').textContent = page ? page.url : '';
}

function showHandoffFrame() {
  const current = handoff.current;
  if (!current) return;
  const frame = state.frames.get(current.page);
  const image = $('handoff-image');
  if (frame) image.src = frame;
  image.alt = `Page ${current.page}, live; you control it`;
  $('handoff-waiting').hidden = Boolean(frame);
}

/** Called by view.js with every frame. */
function handoffFrame(frame) {
  if (handoff.current && frame.page === handoff.current.page) showHandoffFrame();
}

// ---- the person's input -------------------------------------------------------------------

/** Where on the picture, as fractions of it: the runtime places them on the page. */
function position(event) {
  const rect = $('handoff-image').getBoundingClientRect();
  if (rect.width === 0 || rect.height === 0) return null;
  const clamp = v => Math.min(1, Math.max(0, v));
  return { x: clamp((event.clientX - rect.left) / rect.width), y: clamp((event.clientY - rect.top) / rect.height) };
}

function queueInput(event) {
  if (!handoff.current) return;
  const last = handoff.queue[handoff.queue.length - 1];
  // Moves between two other events say one thing: where the pointer is now.
  if (event.type === 'mouse' && event.action === 'move' && last?.type === 'mouse' && last.action === 'move' && last.buttons === event.buttons) handoff.queue.pop();
  handoff.queue.push(event);
  void sendQueued();
}

/** One request at a time, so the page gets the events in the order the person made them. */
async function sendQueued() {
  if (handoff.sending) return;
  if (!handoff.current || handoff.queue.length === 0) {
    for (const resolve of handoff.drained.splice(0)) resolve();
    return;
  }
  const { task, key, page } = handoff.current;
  const events = handoff.queue.splice(0, MAX_BATCH);
  handoff.sending = true;
  try {
    const response = await api(`/api/tasks/${encodeURIComponent(task)}/handoff/input`, {
      method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ key, page, events }),
    });
    if (!response.ok) {
      const body = await response.json().catch(() => ({}));
      $('handoff-status').textContent = `Not delivered: ${body.error?.message ?? `HTTP ${response.status}`}`;
      if (response.status === 404) handoff.queue = [];
    }
  } catch (error) {
    $('handoff-status').textContent = `Not delivered: ${error.message}`;
  } finally {
    handoff.sending = false;
    void sendQueued();
  }
}

function mouseInput(action) {
  return event => {
    const at = position(event);
    if (!at) return;
    if (action !== 'move') event.preventDefault();
    if (action === 'down') $('handoff-screen').focus();
    queueInput({
      type: 'mouse', action, ...at,
      button: action === 'move' ? 'none' : (MOUSE_BUTTONS[event.button] ?? 'none'),
      buttons: event.buttons, clickCount: action === 'move' ? 0 : Math.min(Math.max(1, event.detail), MAX_CLICK_COUNT), modifiers: modifiersOf(event),
    });
  };
}

function keyInput(action) {
  return event => {
    if (event.isComposing || event.key === 'Dead' || event.key === 'Unidentified') return;
    // Ctrl/Cmd+V is left to the browser: its paste event carries the text (see below).
    if ((event.ctrlKey || event.metaKey) && event.key.toLowerCase() === 'v') return;
    event.preventDefault();
    queueInput({
      type: 'key', action, key: event.key, code: event.code, keyCode: event.keyCode, location: event.location,
      repeat: event.repeat, modifiers: modifiersOf(event),
    });
  };
}

function setUpScreen() {
  const screen = $('handoff-screen');
  const image = $('handoff-image');
  image.draggable = false;
  image.addEventListener('mousedown', mouseInput('down'));
  image.addEventListener('mouseup', mouseInput('up'));
  image.addEventListener('mousemove', mouseInput('move'));
  image.addEventListener('contextmenu', event => event.preventDefault());
  image.addEventListener('wheel', event => {
    const at = position(event);
    if (!at) return;
    event.preventDefault();
    // Lines and pages become pixels, as Chrome counts a wheel's travel.
    const scale = event.deltaMode === 1 ? 40 : event.deltaMode === 2 ? 800 : 1;
    queueInput({ type: 'wheel', ...at, deltaX: event.deltaX * scale, deltaY: event.deltaY * scale, modifiers: modifiersOf(event) });
  }, { passive: false });
  screen.addEventListener('keydown', keyInput('down'));
  screen.addEventListener('keyup', keyInput('up'));
  screen.addEventListener('paste', event => {
    const text = event.clipboardData?.getData('text/plain');
    event.preventDefault();
    if (text) queueInput({ type: 'text', text: text.slice(0, 10_000) });
  });

  const dialog = $('handoff');
  // Escape belongs to the page while the person works on it; the Close button leaves the dialog.
  dialog.addEventListener('cancel', event => { if (document.activeElement === screen) event.preventDefault(); });
  dialog.addEventListener('close', () => { if (handoff.current) handoff.current = null; });
  $('handoff-close').addEventListener('click', () => closeHandoff(null));
  // A recording's Done first shows its draft's final check for the person to confirm (recording.js).
  $('handoff-done').addEventListener('click', () => (recording.view ? reviewRecording() : endHandoff('done')));
  $('handoff-file-input').addEventListener('change', event => giveFiles([...event.currentTarget.files]));
  $('handoff-file-cancel').addEventListener('click', () => giveFiles([]));
  $('handoff-dialog').addEventListener('submit', event => {
    event.preventDefault();
    answerPageDialog(true);
  });
  $('handoff-dialog-cancel').addEventListener('click', () => answerPageDialog(false));
  $('handoff-decline').addEventListener('click', () => {
    $('handoff-decline-form').hidden = false;
    $('handoff-note').focus();
  });
  $('handoff-decline-form').addEventListener('submit', event => {
    event.preventDefault();
    endHandoff('declined', $('handoff-note').value);
  });
}

async function endHandoff(ended, note) {
  const current = handoff.current;
  if (!current) return;
  // What the person did last reaches the page before the program goes on.
  if (handoff.queue.length || handoff.sending) await new Promise(resolve => handoff.drained.push(resolve));
  try {
    const response = await api(`/api/tasks/${encodeURIComponent(current.task)}/handoff/end`, {
      method: 'POST', headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ key: current.key, ended, ...(note?.trim() ? { note: note.trim() } : {}) }),
    });
    const body = await response.json().catch(() => ({}));
    if (!response.ok) throw new Error(body.error?.message ?? `HTTP ${response.status}`);
    closeHandoff(ended === 'done' ? `Task ${current.task} goes on.` : `Task ${current.task} was told you could not do it.`);
  } catch (error) {
    $('handoff-status').textContent = `Could not end the hand-over: ${error.message}`;
  }
}

// ---- a dialog the page shows ------------------------------------------------------------------

/** The page's alert, confirm or prompt, which its picture does not show: its text, OK and Cancel. */
function renderPageDialog(task) {
  const dialog = task?.handoff?.dialog;
  const form = $('handoff-dialog');
  const shown = Boolean(dialog && handoff.current);
  if (shown && (form.hidden || form.dataset.message !== dialog.message)) {
    form.dataset.message = dialog.message;
    $('handoff-dialog-message').textContent = `The page ${dialog.type === 'alert' ? 'says' : 'asks'}: ${dialog.message}`;
    $('handoff-dialog-text').hidden = dialog.type !== 'prompt';
    $('handoff-dialog-text').value = dialog.defaultPrompt ?? '';
    $('handoff-dialog-cancel').hidden = dialog.type === 'alert';
  }
  form.hidden = !shown;
}

async function answerPageDialog(accept) {
  const current = handoff.current;
  if (!current) return;
  const prompt = !$('handoff-dialog-text').hidden;
  try {
    const response = await api(`/api/tasks/${encodeURIComponent(current.task)}/handoff/dialog`, {
      method: 'POST', headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ key: current.key, accept, ...(accept && prompt ? { promptText: $('handoff-dialog-text').value } : {}) }),
    });
    const answer = await response.json().catch(() => ({}));
    if (!response.ok) throw new Error(answer.error?.message ?? `HTTP ${response.status}`);
    $('handoff-dialog').hidden = true;
    $('handoff-screen').focus();
  } catch (error) {
    $('handoff-status').textContent = `Could not answer the page: ${error.message}`;
  }
}

// ---- a file the page asks for ---------------------------------------------------------------

/** The page of the shown hand-over asks for a file: the person's own file picker, here. */
function renderFileChooser(task) {
  const chooser = task?.handoff?.fileChooser;
  const form = $('handoff-file');
  const shown = Boolean(chooser && handoff.current);
  if (shown && form.hidden) {
    $('handoff-file-input').value = '';
    $('handoff-file-input').multiple = chooser.multiple;
  }
  form.hidden = !shown;
}

function base64Of(file) {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result).replace(/^data:[^,]*,/, ''));
    reader.onerror = () => reject(reader.error);
    reader.readAsDataURL(file);
  });
}

async function giveFiles(files) {
  const current = handoff.current;
  if (!current) return;
  try {
    const body = { key: current.key, files: await Promise.all(files.map(async file => ({ name: file.name, data: await base64Of(file) }))) };
    const response = await api(`/api/tasks/${encodeURIComponent(current.task)}/handoff/files`, {
      method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body),
    });
    const answer = await response.json().catch(() => ({}));
    if (!response.ok) throw new Error(answer.error?.message ?? `HTTP ${response.status}`);
    $('handoff-file').hidden = true;
    $('handoff-status').textContent = files.length ? `Gave the page ${files.map(f => f.name).join(', ')}.` : 'Told the page no file was chosen.';
    $('handoff-screen').focus();
  } catch (error) {
    $('handoff-status').textContent = `Could not give the file: ${error.message}`;
  }
}

// After view.js has run (it defines `$`, `el` and `state`): both are deferred, so both ran by then.
document.addEventListener('DOMContentLoaded', setUpScreen);
