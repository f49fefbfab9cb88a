// tabwright live view: recording a playbook ("show me once"). A hand-over that records (a
// program's `handoff({ record })`, or "Record a playbook" on a task's page here) shows, beside
// the page, the steps as they are written: Playwright code, each value the person typed as a
// named parameter (rename it in place), each step removable. Done proposes the final check
// (what the page shows as the flow's result), which the person confirms or edits, and saves the
// draft. A password or one-time code never reaches this page: its step says only that a secret
// was typed. Loaded after handoff.js and before view.js; uses their `el`, `$`, `state`,
// `handoff`, `showNotice` and `closeHandoff`.
'use strict';

const recording = {
  /** The shown hand-over's recording, as the task list last gave it, or null. */
  view: null,
  /** The person is reviewing the draft before saving it. */
  reviewing: false,
};

/** Called by handoff.js with the task of the shown hand-over (or null when none is shown). */
function renderRecording(task) {
  const view = task?.handoff?.recording ?? null;
  recording.view = view;
  $('recording').hidden = !view;
  $('handoff').classList.toggle('recording-on', Boolean(view));
  $('handoff-done').textContent = view ? 'Done…' : 'Done';
  if (!view) {
    recording.reviewing = false;
    $('recording-review').hidden = true;
    return;
  }
  $('recording-title').textContent = `Recording playbook ${view.name}`;
  const elsewhere = handoff.current && handoff.current.page !== view.page ? ` Only page ${view.page} is recorded: what you do on this one is not.` : '';
  const stateText = view.state === 'starting' ? 'Starting the recorder…' : view.state === 'failed' ? 'The page cannot be recorded (see below).' : `${view.steps.length} step${view.steps.length === 1 ? '' : 's'} so far.`;
  $('recording-state').textContent = `${stateText}${elsewhere}`;
  renderSteps(view);
  $('recording-notes').replaceChildren(...view.notes.map(note => el('li', { text: note })));
}

function renderSteps(view) {
  const list = $('recording-steps');
  const focused = document.activeElement?.closest?.('li[data-step]');
  const kept = new Map([...list.children].map(li => [li.dataset.step, li]));
  const items = view.steps.map((step, index) => {
    const id = String(step.id);
    // The name the person is typing stays as they type it.
    if (focused && focused.dataset.step === id && kept.has(id)) return kept.get(id);
    return stepItem(step, index);
  });
  list.replaceChildren(...items);
}

function stepItem(step, index) {
  const number = index + 1;
  const code = el('code', { class: 'step-code' });
  const param = step.param;
  const pieces = param ? step.code.split(`params.${param.name}`) : [step.code];
  if (param && pieces.length === 2) {
    const input = el('input', {
      class: 'param-name', value: param.name, size: Math.max(4, param.name.length), spellcheck: false, autocomplete: 'off',
      'aria-label': `Parameter name of step ${number}`,
      oninput: event => { event.currentTarget.size = Math.max(4, event.currentTarget.value.length); },
      onchange: event => renameStep(step.id, event.currentTarget),
      onkeydown: event => { if (event.key === 'Enter') event.currentTarget.blur(); },
    });
    code.append(pieces[0], 'params.', input, pieces[1]);
  } else {
    code.append(step.code);
  }
  const about = param
    ? param.secret
      ? el('span', { class: 'meta secret', text: 'a secret: its value stayed in the page and is not recorded' })
      : el('span', { class: 'meta', text: `${param.type} · you gave ${param.example}` })
    : null;
  return el('li', { 'data-step': String(step.id) },
    el('span', { class: 'step-number', text: `${number}.` }), code, about,
    el('button', { type: 'button', class: 'link remove-step', text: 'Remove', 'aria-label': `Remove step ${number}`, onclick: () => removeStep(step.id) }));
}

async function recordingRequest(path, body) {
  const current = handoff.current;
  if (!current) throw new Error('No hand-over is shown.');
  const response = await api(`/api/tasks/${encodeURIComponent(current.task)}/handoff/record/${path}`, {
    method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ key: current.key, ...body }),
  });
  const answer = await response.json().catch(() => ({}));
  if (!response.ok) throw new Error(answer.error?.message ?? `HTTP ${response.status}`);
  return answer;
}

async function removeStep(id) {
  try {
    await recordingRequest('edit', { step: id, remove: true });
  } catch (error) {
    $('recording-state').textContent = `Could not remove the step: ${error.message}`;
  }
}

async function renameStep(id, input) {
  const name = input.value.trim();
  try {
    await recordingRequest('edit', { step: id, name });
  } catch (error) {
    $('recording-state').textContent = `Could not rename it: ${error.message}`;
    const step = recording.view?.steps.find(s => s.id === id);
    if (step?.param) input.value = step.param.name;
  }
}

/** Done on a recording: the draft's description and final check, proposed by the page, for the person to confirm or edit. */
async function reviewRecording() {
  // What the person did last reaches the page before it proposes what it shows.
  if (handoff.queue.length || handoff.sending) await new Promise(resolve => handoff.drained.push(resolve));
  $('recording-state').textContent = 'Asking the page what the flow ended on…';
  try {
    const proposal = await recordingRequest('proposal', {});
    if (!$('recording-description').value.trim()) $('recording-description').value = proposal.description;
    $('recording-check').value = proposal.check;
    recording.reviewing = true;
    $('recording-review').hidden = false;
    $('recording-state').textContent = 'Check the final check: it is what proves a run worked. Then save.';
    $('recording-check').focus();
  } catch (error) {
    $('recording-state').textContent = `Could not propose a check: ${error.message}`;
  }
}

async function saveRecording(event) {
  event.preventDefault();
  const current = handoff.current;
  if (!current) return;
  try {
    const answer = await recordingRequest('save', { check: $('recording-check').value, description: $('recording-description').value.trim() || 'A flow a person showed in the live view.' });
    const { playbook } = answer;
    $('recording-review').hidden = true;
    $('recording-description').value = '';
    recording.reviewing = false;
    closeHandoff(`Saved playbook ${playbook.name} version ${playbook.version} (${playbook.status}: a run that passes its final check verifies it). Task ${current.task} goes on.`);
  } catch (error) {
    $('recording-state').textContent = `Not saved: ${error.message}`;
  }
}

// ---- "Record a playbook" on a task's page ---------------------------------------------------

/** A name to start from: the page's host as words, then `.flow`. */
function suggestedName(url) {
  let host = '';
  try { host = new URL(url).hostname; } catch { /* no host */ }
  const words = host.toLowerCase().split('.').map(w => w.replace(/[^a-z0-9-]/g, '').replace(/^-+|-+$/g, '')).filter(Boolean);
  return `${(words.length ? words : ['site']).join('.')}.flow`;
}

function openRecordStart(task, page) {
  recording.start = { task, page: page.id };
  $('record-start-title').textContent = `Record a playbook on page ${page.id} of task ${task}`;
  $('record-start-name').value = suggestedName(page.url);
  $('record-start-reason').value = '';
  $('record-start-status').textContent = '';
  $('record-start').showModal();
  $('record-start-name').select();
}

async function startRecording(event) {
  event.preventDefault();
  const start = recording.start;
  if (!start) return;
  try {
    const response = await api(`/api/tasks/${encodeURIComponent(start.task)}/record`, {
      method: 'POST', headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ page: start.page, name: $('record-start-name').value.trim(), reason: $('record-start-reason').value.trim() || undefined }),
    });
    const answer = await response.json().catch(() => ({}));
    if (!response.ok) throw new Error(answer.error?.message ?? `HTTP ${response.status}`);
    $('record-start').close();
    // The page opens for you as soon as the task hands it over (after its running program, if any).
    wantHandoff(start.task);
    showNotice(answer.after ? `Recording starts after ${answer.after} ends.` : `Recording ${$('record-start-name').value.trim()}: the page opens for you.`);
  } catch (error) {
    $('record-start-status').textContent = `Could not start: ${error.message}`;
  }
}

document.addEventListener('DOMContentLoaded', () => {
  $('recording-review').addEventListener('submit', saveRecording);
  $('recording-back').addEventListener('click', () => {
    $('recording-review').hidden = true;
    recording.reviewing = false;
    $('handoff-screen').focus();
  });
  $('record-start-form').addEventListener('submit', startRecording);
});
