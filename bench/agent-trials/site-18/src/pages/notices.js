import van from 'vanjs-core';
import {
  createEditor, $getRoot, $getSelection, $setSelection, $isRangeSelection, $insertNodes,
  FORMAT_TEXT_COMMAND, UNDO_COMMAND, REDO_COMMAND, CAN_UNDO_COMMAND, CAN_REDO_COMMAND,
  CLEAR_HISTORY_COMMAND, COMMAND_PRIORITY_LOW,
} from 'lexical';
import { registerRichText, HeadingNode, QuoteNode } from '@lexical/rich-text';
import { LinkNode, TOGGLE_LINK_COMMAND, $toggleLink, $isLinkNode } from '@lexical/link';
import { createEmptyHistoryState, registerHistory } from '@lexical/history';
import { $generateHtmlFromNodes, $generateNodesFromDOM } from '@lexical/html';
import { mergeRegister } from '@lexical/utils';
import { api, fmtDate } from '../api.js';

const { div, h1, p, button, span, input, ul, li, a } = van.tags;

const theme = {
  paragraph: 'ed-p',
  heading: { h1: 'ed-h1', h2: 'ed-h2', h3: 'ed-h3' },
  link: 'ed-link',
  text: { bold: 'ed-bold', italic: 'ed-italic', underline: 'ed-underline' },
};

export default function notices(root) {
  let docs = [];
  let currentId = null;
  let dirty = false;
  let loading = false;

  const list = ul({ class: 'doc-list' });
  const title = div({ class: 'doc-title' }, 'Loading…');
  const meta = span({ class: 'muted' });
  const status = span({ class: 'save-status' });
  const tb = (label, titleText, fn) => button({ class: 'tb-btn', type: 'button', title: titleText, onmousedown: (e) => e.preventDefault(), onclick: fn }, label);
  const undoBtn = tb('↶', 'Undo', () => editor.dispatchCommand(UNDO_COMMAND, undefined));
  const redoBtn = tb('↷', 'Redo', () => editor.dispatchCommand(REDO_COMMAND, undefined));
  const boldBtn = tb('B', 'Bold (Ctrl+B)', () => editor.dispatchCommand(FORMAT_TEXT_COMMAND, 'bold'));
  const italicBtn = tb('I', 'Italic (Ctrl+I)', () => editor.dispatchCommand(FORMAT_TEXT_COMMAND, 'italic'));
  const underlineBtn = tb('U', 'Underline (Ctrl+U)', () => editor.dispatchCommand(FORMAT_TEXT_COMMAND, 'underline'));
  const linkBtn = tb('🔗 Link', 'Insert link', openLinkBar);
  const unlinkBtn = tb('Remove link', 'Remove link', () => editor.dispatchCommand(TOGGLE_LINK_COMMAND, null));
  boldBtn.classList.add('b'); italicBtn.classList.add('i'); underlineBtn.classList.add('u');
  undoBtn.disabled = redoBtn.disabled = true;

  const urlInput = input({ class: 'input', type: 'text', placeholder: 'https://' });
  let savedSelection = null;
  const linkBar = div({ class: 'link-bar', hidden: true },
    span('Link to:'), urlInput,
    button({ class: 'btn primary small', type: 'button', onclick: applyLink }, 'Apply'),
    button({ class: 'btn small', type: 'button', onclick: () => { linkBar.hidden = true; } }, 'Cancel'));
  urlInput.onkeydown = (e) => { if (e.key === 'Enter') { e.preventDefault(); applyLink(); } if (e.key === 'Escape') linkBar.hidden = true; };

  const editable = div({ class: 'editor-content', contenteditable: 'true', spellcheck: 'true' });
  const saveBtn = button({ class: 'btn primary', onclick: save }, 'Save document');

  van.add(root,
    h1('Notices'),
    p({ class: 'muted' }, 'Shared documents for the centre teams. Edit and press Save document; the front desks see the new version straight away.'),
    div({ class: 'notices' },
      div({ class: 'panel doc-panel' }, div({ class: 'panel-title' }, 'Documents'), list),
      div({ class: 'panel editor-panel' },
        div({ class: 'editor-head' }, title, meta),
        div({ class: 'editor-toolbar' }, undoBtn, redoBtn, span({ class: 'tb-sep' }), boldBtn, italicBtn, underlineBtn, span({ class: 'tb-sep' }), linkBtn, unlinkBtn),
        linkBar,
        div({ class: 'editor-shell' }, editable),
        div({ class: 'editor-foot' }, status, span({ class: 'spacer' }), saveBtn),
      ),
    ),
  );

  const editor = createEditor({ namespace: 'cruxline-notices', theme, nodes: [HeadingNode, QuoteNode, LinkNode], onError: (e) => { throw e; } });
  editor.setRootElement(editable);
  const unregister = mergeRegister(
    registerRichText(editor),
    registerHistory(editor, createEmptyHistoryState(), 300),
    editor.registerCommand(TOGGLE_LINK_COMMAND, (url) => { $toggleLink(url); return true; }, COMMAND_PRIORITY_LOW),
    editor.registerCommand(CAN_UNDO_COMMAND, (v) => { undoBtn.disabled = !v; return false; }, COMMAND_PRIORITY_LOW),
    editor.registerCommand(CAN_REDO_COMMAND, (v) => { redoBtn.disabled = !v; return false; }, COMMAND_PRIORITY_LOW),
    editor.registerUpdateListener(({ editorState, dirtyElements, dirtyLeaves }) => {
      editorState.read(() => {
        const sel = $getSelection();
        const on = (btn, f) => btn.classList.toggle('active', !!(sel && $isRangeSelection(sel) && sel.hasFormat(f)));
        on(boldBtn, 'bold'); on(italicBtn, 'italic'); on(underlineBtn, 'underline');
        let inLink = false;
        if (sel && $isRangeSelection(sel)) {
          const n = sel.anchor.getNode();
          inLink = $isLinkNode(n) || $isLinkNode(n.getParent());
        }
        linkBtn.classList.toggle('active', inLink);
      });
      if (!loading && (dirtyElements.size || dirtyLeaves.size)) setDirty(true);
    }),
  );

  function setDirty(v) {
    dirty = v;
    status.textContent = v ? 'Unsaved changes' : status.textContent;
  }

  function openLinkBar() {
    let ok = false;
    editor.getEditorState().read(() => {
      const sel = $getSelection();
      if (sel && $isRangeSelection(sel) && !sel.isCollapsed()) { savedSelection = sel.clone(); ok = true; }
    });
    if (!ok) { status.textContent = 'Select the text you want to link first.'; return; }
    urlInput.value = 'https://';
    linkBar.hidden = false;
    urlInput.focus();
    urlInput.select();
  }
  function applyLink() {
    const url = urlInput.value.trim();
    linkBar.hidden = true;
    if (!url || url === 'https://' || !savedSelection) return;
    const sel = savedSelection;
    savedSelection = null;
    editor.update(() => {
      $setSelection(sel.clone());
      $toggleLink(url);
    });
    editor.focus();
  }

  function renderList() {
    list.replaceChildren(...docs.map((d) => li({ class: d.id === currentId ? 'active' : '' },
      a({ href: '#', onclick: (e) => { e.preventDefault(); openDoc(d.id); } }, d.title),
      div({ class: 'muted small' }, 'Updated ', fmtDate(d.updated), ' ', d.updated.slice(11, 16)))));
  }

  async function openDoc(id) {
    if (dirty && id !== currentId && !window.confirm('Discard unsaved changes?')) return;
    currentId = id;
    renderList();
    title.textContent = 'Loading…';
    const d = await api(`/api/documents/${id}`);
    if (currentId !== id) return;
    title.textContent = d.title;
    meta.textContent = `Last saved ${fmtDate(d.updated)} at ${d.updated.slice(11, 16)}`;
    loading = true;
    editor.update(() => {
      const dom = new DOMParser().parseFromString(d.html.replace(/>\s+</g, '><'), 'text/html');
      const nodes = $generateNodesFromDOM(editor, dom);
      const rootNode = $getRoot();
      rootNode.clear();
      rootNode.select();
      $insertNodes(nodes);
      $setSelection(null);
    }, { discrete: true });
    editor.dispatchCommand(CLEAR_HISTORY_COMMAND, undefined);
    loading = false;
    dirty = false;
    status.textContent = '';
  }

  async function save() {
    if (!currentId) return;
    let html = '';
    editor.getEditorState().read(() => { html = $generateHtmlFromNodes(editor, null); });
    const json = editor.getEditorState().toJSON();
    saveBtn.disabled = true;
    status.textContent = 'Saving…';
    try {
      const r = await api(`/api/documents/${currentId}`, { method: 'PUT', body: { html, json } });
      const d = docs.find((x) => x.id === currentId);
      if (d) d.updated = r.updated;
      renderList();
      meta.textContent = `Last saved ${fmtDate(r.updated)} at ${r.updated.slice(11, 16)}`;
      dirty = false;
      status.textContent = 'Saved.';
    } catch (e) {
      status.textContent = 'Could not save: ' + e.message;
    } finally {
      saveBtn.disabled = false;
    }
  }

  let alive = true;
  api('/api/documents').then((list) => {
    if (!alive) return;
    docs = list;
    renderList();
    openDoc(docs[0].id);
  });
  return () => { alive = false; unregister(); editor.setRootElement(null); };
}
