// Third-party widget bundle, mounted by the Stencil pages through window.LabWidgets.
import React, { useState, useMemo, useCallback, useRef, useEffect } from 'react';
import ReactDOM from 'react-dom';
import { DataEditor, GridCellKind } from '@glideapps/glide-data-grid';
import '@glideapps/glide-data-grid/dist/index.css';
import { Editor } from 'react-draft-wysiwyg';
import 'react-draft-wysiwyg/dist/react-draft-wysiwyg.css';
import { EditorState, ContentState, convertToRaw } from 'draft-js';
import * as htdMod from 'html-to-draftjs';
import * as d2hMod from 'draftjs-to-html';
const interop = (m) => (typeof m === 'function' ? m : typeof m.default === 'function' ? m.default : m.default.default);
const htmlToDraft = interop(htdMod);
const draftToHtml = interop(d2hMod);
import { DragDropContext, Droppable, Draggable } from '@hello-pangea/dnd';
import toast, { Toaster } from 'react-hot-toast';
import Uploady, { useItemFinishListener, useItemErrorListener, useItemStartListener } from '@rpldy/uploady';
import UploadButton from '@rpldy/upload-button';
import { Bar } from '@nivo/bar';
import Select from 'rc-select';
import 'rc-select/assets/index.css';
import { DayPicker } from 'react-day-picker';
import 'react-day-picker/dist/style.css';
import Pagination from 'rc-pagination';
import 'rc-pagination/assets/index.css';
import en_GB from 'rc-pagination/lib/locale/en_GB';
import * as AlertDialog from '@radix-ui/react-alert-dialog';

const h = React.createElement;
function mount(el, node) {
  ReactDOM.render(node, el);
  return { unmount: () => ReactDOM.unmountComponentAtNode(el) };
}

/* ---------------- Data grid (Glide Data Grid) ---------------- */
const COLS = [
  { id: 'id', title: 'Case', width: 90 },
  { id: 'dentist', title: 'Dentist', width: 180 },
  { id: 'practice', title: 'Practice', width: 210 },
  { id: 'status', title: 'Status', width: 140, editable: 'select' },
  { id: 'notes', title: 'Notes', width: 220, editable: 'text' },
  { id: 'patientRef', title: 'Patient ref', width: 100 },
  { id: 'received', title: 'Received', width: 110 },
  { id: 'due', title: 'Due', width: 110 },
  { id: 'restoration', title: 'Restoration', width: 150 },
  { id: 'units', title: 'Units', width: 70 },
  { id: 'material', title: 'Material', width: 120 },
  { id: 'shade', title: 'Shade', width: 80 },
  { id: 'technician', title: 'Technician', width: 120 },
  { id: 'priority', title: 'Priority', width: 100 },
  { id: 'scanType', title: 'Scan / impression', width: 170 },
  { id: 'implantSystem', title: 'Implant system', width: 150 },
  { id: 'courier', title: 'Courier', width: 130 },
  { id: 'remake', title: 'Remake', width: 90 },
  { id: 'invoiceNo', title: 'Invoice no.', width: 120 },
  { id: 'labFee', title: 'Lab fee (£)', width: 110 },
];

function StatusEditor(statuses) {
  return function Ed({ value, onFinishedEditing }) {
    return h('div', { style: { padding: 4 } },
      h('select', {
        'aria-label': 'Status', autoFocus: true, value: value.data.value, style: { fontSize: 14, padding: 4, width: '100%' },
        onChange: (e) => onFinishedEditing({ ...value, data: { ...value.data, value: e.target.value } }),
      }, statuses.map((s) => h('option', { key: s, value: s }, s))));
  };
}

function CasesGrid({ rows, statuses, api }) {
  const [edits, setEdits] = useState({});
  const [filter, setFilter] = useState('');
  const shown = useMemo(() => {
    const q = filter.trim().toLowerCase();
    if (!q) return rows;
    return rows.filter((r) => [r.id, r.dentist, r.practice, r.patientRef].some((v) => v.toLowerCase().includes(q)));
  }, [rows, filter]);
  api.getChanges = () => Object.entries(edits).map(([id, fields]) => ({ id, fields }));
  api.clear = () => setEdits({});
  const val = (r, k) => (edits[r.id] && k in edits[r.id] ? edits[r.id][k] : r[k]);
  const renderers = useMemo(() => [{
    kind: GridCellKind.Custom,
    isMatch: (c) => c.data && c.data.kind === 'status-cell',
    draw: (args, cell) => {
      const { ctx, rect, theme } = args;
      ctx.save();
      ctx.font = `${theme.baseFontStyle} ${theme.fontFamily}`;
      ctx.fillStyle = theme.textDark; ctx.textBaseline = 'middle';
      ctx.fillText(cell.data.value, rect.x + theme.cellHorizontalPadding, rect.y + rect.height / 2);
      ctx.fillStyle = theme.textLight; ctx.fillText('▾', rect.x + rect.width - 18, rect.y + rect.height / 2);
      ctx.restore();
      return true;
    },
    provideEditor: () => ({ editor: StatusEditor(statuses), disablePadding: true }),
  }], [statuses]);
  const getCellContent = useCallback(([col, row]) => {
    const r = shown[row]; const c = COLS[col]; const v = String(val(r, c.id));
    if (c.editable === 'select') return { kind: GridCellKind.Custom, allowOverlay: true, copyData: v, data: { kind: 'status-cell', value: v } };
    if (c.editable === 'text') return { kind: GridCellKind.Text, allowOverlay: true, readonly: false, data: v, displayData: v };
    return { kind: GridCellKind.Text, allowOverlay: false, readonly: true, data: v, displayData: v };
  }, [shown, edits]);
  const onCellEdited = useCallback(([col, row], nv) => {
    const r = shown[row]; const c = COLS[col];
    const v = c.editable === 'select' ? nv.data.value : nv.data;
    setEdits((e) => ({ ...e, [r.id]: { ...(e[r.id] || {}), [c.id]: v } }));
  }, [shown]);
  useEffect(() => { api.onDirty && api.onDirty(Object.keys(edits).length); }, [edits]);
  return h('div', null,
    h('div', { className: 'grid-toolbar' },
      h('label', { htmlFor: 'case-filter' }, 'Filter cases'),
      h('input', { id: 'case-filter', type: 'search', placeholder: 'Case, dentist, practice or patient ref', value: filter, onChange: (e) => setFilter(e.target.value) }),
      h('span', { className: 'muted' }, `${shown.length} of ${rows.length} cases`)),
    h(DataEditor, {
      columns: COLS.map((c) => ({ id: c.id, title: c.title, width: c.width })), rows: shown.length, getCellContent, onCellEdited,
      customRenderers: renderers, freezeColumns: 1, width: '100%', height: 520, smoothScrollX: true, smoothScrollY: true,
      getCellsForSelection: true, rowMarkers: 'none',
    }));
}
function mountGrid(el, { rows, statuses }) {
  const api = {};
  const r = mount(el, h(CasesGrid, { rows, statuses, api }));
  return Object.assign(api, r, { update: (rows2) => ReactDOM.render(h(CasesGrid, { rows: rows2, statuses, api }), el) });
}

/* ---------------- Rich text (react-draft-wysiwyg / Draft.js) ---------------- */
function DocEditor({ html, api }) {
  const [state, setState] = useState(() => {
    const { contentBlocks, entityMap } = htmlToDraft(html);
    return EditorState.createWithContent(ContentState.createFromBlockArray(contentBlocks, entityMap));
  });
  api.getHtml = () => draftToHtml(convertToRaw(state.getCurrentContent()));
  useEffect(() => { api.onChange && api.onChange(); }, [state]);
  return h(Editor, {
    editorState: state, onEditorStateChange: setState, wrapperClassName: 'doc-wrapper', editorClassName: 'doc-editor', toolbarClassName: 'doc-toolbar',
    ariaLabel: 'Document body',
    toolbar: { options: ['inline', 'blockType', 'list', 'link', 'history'], inline: { options: ['bold', 'italic', 'underline', 'strikethrough'] }, blockType: { inDropdown: true, options: ['Normal', 'H2', 'H3', 'Blockquote'] }, list: { options: ['unordered', 'ordered'] }, link: { options: ['link', 'unlink'], defaultTargetOption: '_self' } },
  });
}
function mountEditor(el, { html }) { const api = {}; Object.assign(api, mount(el, h(DocEditor, { html, api }))); return api; }

/* ---------------- Kanban (@hello-pangea/dnd) ---------------- */
function Board({ columns, cards: initial, onMove }) {
  const [cards, setCards] = useState(initial);
  const byCol = (col) => cards.filter((c) => c.column === col).sort((a, b) => a.order - b.order);
  const onDragEnd = (res) => {
    const { destination, source, draggableId } = res;
    if (!destination) return;
    if (destination.droppableId === source.droppableId && destination.index === source.index) return;
    const list = cards.map((c) => ({ ...c }));
    const card = list.find((c) => c.id === draggableId);
    const dest = list.filter((c) => c.column === destination.droppableId && c.id !== card.id).sort((a, b) => a.order - b.order);
    dest.splice(destination.index, 0, card);
    card.column = destination.droppableId;
    dest.forEach((c, i) => { c.order = i; });
    setCards(list);
    if (destination.droppableId !== source.droppableId) onMove(card, destination.droppableId, destination.index, () => setCards(initial));
  };
  return h(DragDropContext, { onDragEnd },
    h('div', { className: 'board' }, columns.map((col) => h(Droppable, { droppableId: col, key: col }, (prov, snap) =>
      h('section', { className: 'board-col' + (snap.isDraggingOver ? ' over' : ''), 'aria-label': col },
        h('h3', null, col, h('span', { className: 'count' }, byCol(col).length)),
        h('div', { ref: prov.innerRef, ...prov.droppableProps, className: 'board-list' },
          byCol(col).map((c, i) => h(Draggable, { draggableId: c.id, index: i, key: c.id }, (p) =>
            h('article', { ref: p.innerRef, ...p.draggableProps, ...p.dragHandleProps, className: 'card', 'aria-label': `${c.caseNo} ${c.work}, ${c.dentist}` },
              h('strong', null, c.caseNo), h('div', null, c.work), h('div', { className: 'muted' }, c.dentist)))),
          prov.placeholder))))));
}
function mountBoard(el, props) { return mount(el, h(Board, props)); }

/* ---------------- Toasts (react-hot-toast) ---------------- */
function mountToaster(el) { return mount(el, h(Toaster, { position: 'top-right', toastOptions: { style: { fontSize: 14 } } })); }

/* ---------------- Upload (React Uploady) ---------------- */
function UploadStatus({ onResult }) {
  const [msg, setMsg] = useState('');
  useItemStartListener((item) => setMsg(`Uploading ${item.file.name}…`));
  useItemFinishListener((item) => {
    let d = item.uploadResponse && item.uploadResponse.data;
    if (typeof d === 'string') { try { d = JSON.parse(d); } catch {} }
    setMsg(''); onResult(null, d);
  });
  useItemErrorListener((item) => {
    let d = item.uploadResponse && item.uploadResponse.data;
    if (typeof d === 'string') { try { d = JSON.parse(d); } catch {} }
    setMsg(''); onResult((d && d.error) || 'Upload failed');
  });
  return msg ? h('p', { role: 'status' }, msg) : null;
}
function mountUploader(el, { url, onResult }) {
  return mount(el, h(Uploady, { destination: { url }, accept: '.csv,text/csv', inputFieldName: 'file', multiple: false },
    h(UploadButton, { className: 'btn primary', text: 'Choose order file…' }),
    h(UploadStatus, { onResult })));
}

/* ---------------- Chart (nivo bar) ---------------- */
const COLORS = ['#4e79a7', '#59a14f', '#e15759', '#b07aa1'];
function mountChart(el, { series, data }) {
  return mount(el, h(Bar, {
    width: 980, height: 400, data, keys: series, indexBy: 'label', groupMode: 'grouped', colors: COLORS, animate: false,
    margin: { top: 20, right: 130, bottom: 50, left: 56 }, padding: 0.22, innerPadding: 1, enableLabel: false,
    axisBottom: { tickSize: 5, tickPadding: 5 }, axisLeft: { legend: 'Remakes', legendPosition: 'middle', legendOffset: -44 },
    legends: [{ dataFrom: 'keys', anchor: 'right', direction: 'column', translateX: 120, itemWidth: 100, itemHeight: 22, symbolSize: 14 }],
    role: 'img', ariaLabel: 'Remakes per month by material, grouped bar chart', barAriaLabel: (d) => `${d.id}, ${d.indexValue}`,
  }));
}

/* ---------------- Booking widgets (rc-select, react-day-picker) ---------------- */
function mountPracticeSelect(el, { practices, onChange }) {
  function P() {
    const [v, setV] = useState(undefined);
    return h(Select, { id: 'practice', showSearch: true, allowClear: true, placeholder: 'Type to search practices', value: v, style: { width: '100%' },
      options: practices.map((p) => ({ value: p, label: p })), optionFilterProp: 'label', notFoundContent: 'No matching practice',
      onChange: (x) => { setV(x); onChange(x || null); } });
  }
  return mount(el, h(P));
}
const ymd = (d) => `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
const parse = (s) => { const [y, m, d] = s.split('-').map(Number); return new Date(y, m - 1, d); };
function mountDatePicker(el, { today, closed, onChange }) {
  function D() {
    const [sel, setSel] = useState();
    const t = parse(today);
    const closedDates = closed.map((c) => parse(c.date));
    return h(DayPicker, { mode: 'single', selected: sel, weekStartsOn: 1, defaultMonth: t, fromMonth: t, showOutsideDays: true,
      disabled: [{ dayOfWeek: [0, 6] }, { before: t }, ...closedDates], modifiers: { closed: closedDates }, modifiersClassNames: { closed: 'day-closed' },
      onSelect: (d) => { setSel(d); onChange(d ? ymd(d) : null); },
      footer: h('p', { className: 'muted' }, sel ? `Selected: ${sel.toDateString()}` : 'Pick a day. Weekends and lab closure days are unavailable.') });
  }
  return mount(el, h(D));
}

/* ---------------- Pagination (rc-pagination) ---------------- */
function mountPagination(el, props) {
  const render = (p) => ReactDOM.render(h(Pagination, { locale: en_GB, showTitle: true, ...p }), el);
  render(props);
  return { update: render, unmount: () => ReactDOM.unmountComponentAtNode(el) };
}

/* ---------------- Confirm dialog (Radix AlertDialog) ---------------- */
let confirmHost = null;
function ConfirmHost() {
  const [st, setSt] = useState(null);
  confirmHost = setSt;
  const close = (v) => { st && st.resolve(v); setSt(null); };
  return h(AlertDialog.Root, { open: !!st, onOpenChange: (o) => { if (!o) close(false); } },
    h(AlertDialog.Portal, null,
      h(AlertDialog.Overlay, { className: 'dlg-overlay' }),
      st && h(AlertDialog.Content, { className: 'dlg' },
        h(AlertDialog.Title, { className: 'dlg-title' }, st.title),
        h(AlertDialog.Description, { className: 'dlg-desc' }, st.description),
        h('div', { className: 'dlg-actions' },
          h(AlertDialog.Cancel, { className: 'btn', onClick: () => close(false) }, 'Cancel'),
          h(AlertDialog.Action, { className: 'btn danger', onClick: () => close(true) }, st.confirmLabel || 'Delete')))));
}
function mountConfirmHost(el) { return mount(el, h(ConfirmHost)); }
function confirm(opts) { return new Promise((resolve) => confirmHost({ ...opts, resolve })); }

window.LabWidgets = { mountGrid, mountEditor, mountBoard, mountToaster, toast, mountUploader, mountChart, mountPracticeSelect, mountDatePicker, mountPagination, mountConfirmHost, confirm };
