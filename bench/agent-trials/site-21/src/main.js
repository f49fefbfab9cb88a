import { createApp, reactive } from 'petite-vue';
import 'regular-table';
import Muuri from 'muuri';
import { toast } from 'wc-toast';
import '@github/file-attachment-element';
import accessibleAutocomplete from 'accessible-autocomplete';
import 'accessible-autocomplete/dist/accessible-autocomplete.min.css';
import { defineCustomElements as defineDuet } from '@duetds/date-picker/custom-element';
import '@duetds/date-picker/dist/duet/themes/default.css';
import HystModal from 'hystmodal';
import 'hystmodal/css';
import 'sceditor/minified/sceditor.min.js';
import 'sceditor/minified/formats/xhtml.js';
import 'sceditor/minified/icons/monocons.js';
import 'sceditor/minified/themes/default.min.css';
import $ from 'flot';
import './styles.css';

defineDuet();

// ---------- helpers ----------
const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];
const DAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];
const pad = (n) => String(n).padStart(2, '0');
function fmtDate(iso) {
  if (!iso) return '';
  const [y, m, d] = iso.split('-').map(Number);
  const dow = new Date(Date.UTC(y, m - 1, d)).getUTCDay();
  return `${DAYS[dow].slice(0, 3)} ${d} ${MONTHS[m - 1].slice(0, 3)} ${y}`;
}
const monthLong = (ym) => { const [y, m] = ym.split('-').map(Number); return `${MONTHS[m - 1]} ${y}`; };
const monthShort = (ym) => { const [y, m] = ym.split('-').map(Number); return `${MONTHS[m - 1].slice(0, 3)} ${String(y).slice(2)}`; };
const fmtKwh = (n) => Number(n).toLocaleString('en-GB', { minimumFractionDigits: 1, maximumFractionDigits: 1 });
const isoLocal = (d) => `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;

async function api(path, opts = {}) {
  const init = { method: opts.method || 'GET', headers: {} };
  if (opts.json !== undefined) { init.body = JSON.stringify(opts.json); init.headers['Content-Type'] = 'application/json'; }
  if (opts.body !== undefined) { init.body = opts.body; init.headers['Content-Type'] = opts.type || 'application/octet-stream'; }
  const res = await fetch(path, init);
  let data = null;
  try { data = await res.json(); } catch { /* ignore */ }
  if (!res.ok) throw new Error(data?.error || `Request failed (${res.status})`);
  return data;
}

// ---------- Dashboard ----------
function DashboardPage() {
  return {
    stats: {},
    async mount() { try { this.stats = await api('/api/dashboard'); } catch { /* shown as … */ } },
  };
}

// ---------- Work orders (regular-table) ----------
function WorkOrdersPage() {
  let rows = [], view = [], cols = [], statuses = [], table = null, wrap = null, editor = null;
  const edits = new Map(); // `${id}|${field}` -> value
  const keyOf = (id, f) => `${id}|${f}`;
  const valueOf = (r, k) => (edits.has(keyOf(r.id, k)) ? edits.get(keyOf(r.id, k)) : r[k]);

  return {
    loading: true, filter: '', count: 0, total: 0, dirtyCount: 0, saving: false, message: '', error: '',
    async mount(el) {
      table = el.querySelector('regular-table');
      wrap = el.querySelector('.grid-wrap');
      const scope = this;
      try {
        const d = await api('/api/work-orders');
        rows = d.rows; cols = d.columns; statuses = d.statuses;
      } catch (e) { this.error = e.message; this.loading = false; return; }
      this.total = rows.length;
      this.loading = false;
      view = rows;
      this.count = view.length;
      table.setDataListener((x0, y0, x1, y1) => ({
        num_rows: view.length,
        num_columns: cols.length,
        column_headers: cols.slice(x0, x1).map((c) => [c.label]),
        row_headers: view.slice(y0, y1).map((r) => [r.id]),
        data: cols.slice(x0, x1).map((c) => view.slice(y0, y1).map((r) => String(valueOf(r, c.key) ?? ''))),
      }));
      table.addStyleListener(() => {
        for (const td of table.querySelectorAll('tbody td')) {
          const meta = table.getMeta(td);
          if (!meta) continue;
          const col = cols[meta.x], row = view[meta.y];
          if (!col || !row) continue;
          const editable = !!col.editor;
          td.classList.toggle('editable', editable);
          td.classList.toggle('dirty', edits.has(keyOf(row.id, col.key)));
          td.dataset.col = col.key;
          if (editable) { td.tabIndex = 0; td.title = `Double-click to edit ${col.label}`; }
          else { td.removeAttribute('tabindex'); td.removeAttribute('title'); }
        }
        for (const th of table.querySelectorAll('thead th')) {
          const meta = table.getMeta(th);
          const col = meta && cols[meta.x];
          th.classList.toggle('editable-head', !!(col && col.editor));
        }
      });
      table.addEventListener('dblclick', (e) => {
        const td = e.target.closest('td');
        if (td) scope.openEditor(td);
      });
      table.addEventListener('keydown', (e) => {
        const td = e.target.closest && e.target.closest('td');
        if (td && (e.key === 'Enter' || e.key === 'F2')) { e.preventDefault(); scope.openEditor(td); }
      });
      table.addEventListener('scroll', () => { if (editor) editor.commit(); });
      await table.draw();
    },
    unmount() { if (editor) editor.cancel(); },
    applyFilter() {
      const q = this.filter.trim().toLowerCase();
      view = q ? rows.filter((r) => [r.id, ...cols.map((c) => valueOf(r, c.key))].join(' ').toLowerCase().includes(q)) : rows;
      this.count = view.length;
      if (editor) editor.cancel();
      if (table) { table.scrollTop = 0; table.draw(); }
    },
    openEditor(td) {
      const meta = table.getMeta(td);
      if (!meta) return;
      const col = cols[meta.x], row = view[meta.y];
      if (!col || !row || !col.editor) return;
      if (editor) editor.commit();
      const scope = this;
      const current = valueOf(row, col.key);
      const rect = td.getBoundingClientRect();
      const wrect = wrap.getBoundingClientRect();
      let input;
      if (col.editor === 'select') {
        input = document.createElement('select');
        for (const s of statuses) { const o = document.createElement('option'); o.value = s; o.textContent = s; input.appendChild(o); }
      } else {
        input = document.createElement('input');
        input.type = 'text';
        input.maxLength = 200;
      }
      input.value = current;
      input.className = 'cell-editor';
      input.setAttribute('aria-label', `${col.label} for ${row.id}`);
      Object.assign(input.style, { left: rect.left - wrect.left + 'px', top: rect.top - wrect.top + 'px', width: Math.max(rect.width, col.editor === 'text' ? 220 : 140) + 'px', height: rect.height + 'px' });
      let done = false;
      const close = (save) => {
        if (done) return; done = true;
        editor = null;
        if (save) {
          const v = input.value;
          const k = keyOf(row.id, col.key);
          if (v === row[col.key]) edits.delete(k); else edits.set(k, v);
          scope.dirtyCount = edits.size;
          scope.message = '';
        }
        input.remove();
        table.draw().then(() => {
          // return focus to the edited cell
          for (const c of table.querySelectorAll('tbody td')) {
            const m = table.getMeta(c);
            if (m && m.x === meta.x && m.y === meta.y) { c.focus({ preventScroll: true }); break; }
          }
        });
      };
      editor = { commit: () => close(true), cancel: () => close(false) };
      input.addEventListener('keydown', (e) => {
        if (e.key === 'Enter') { e.preventDefault(); close(true); }
        else if (e.key === 'Escape') { e.preventDefault(); close(false); }
      });
      if (col.editor === 'select') input.addEventListener('change', () => close(true));
      input.addEventListener('blur', () => setTimeout(() => close(true), 0));
      wrap.appendChild(input);
      input.focus();
      if (input.select) input.select();
    },
    discard() {
      edits.clear(); this.dirtyCount = 0; this.message = '';
      if (editor) editor.cancel();
      this.applyFilter();
    },
    async save() {
      if (editor) editor.commit();
      if (!edits.size) return;
      this.saving = true; this.error = ''; this.message = '';
      const changes = [...edits].map(([k, value]) => { const [id, field] = k.split('|'); return { id, field, value }; });
      try {
        const res = await api('/api/work-orders/bulk', { method: 'POST', json: { changes } });
        rows = res.rows; edits.clear(); this.dirtyCount = 0;
        this.message = `Saved ${res.saved} change${res.saved === 1 ? '' : 's'}.`;
        this.applyFilter();
      } catch (e) { this.error = e.message; }
      this.saving = false;
    },
  };
}

// ---------- Briefing (SCEditor) ----------
function BriefingPage() {
  let instance = null;
  return {
    loading: true, saving: false, savedAt: '', message: '', error: '',
    async mount(el) {
      const ta = el.querySelector('#briefing-editor');
      let doc;
      try { doc = await api('/api/documents/safety-briefing'); } catch (e) { this.error = e.message; this.loading = false; return; }
      if (!ta.isConnected) return;
      window.sceditor.create(ta, {
        format: 'xhtml',
        icons: 'monocons',
        style: '/sceditor-content.css',
        toolbar: 'bold,italic,underline|bulletlist,orderedlist|link,unlink|removeformat|undo,redo',
        emoticonsEnabled: false,
        width: '100%',
        height: 360,
        resizeEnabled: false,
        autoUpdate: true,
      });
      instance = window.sceditor.instance(ta);
      instance.val(doc.html);
      const frame = el.querySelector('.sceditor-container iframe');
      if (frame) frame.title = 'Briefing text editor';
      this.savedAt = doc.savedAt ? new Date(doc.savedAt).toLocaleTimeString('en-GB') : '';
      this.loading = false;
    },
    unmount() { try { instance?.destroy(); } catch { /* ignore */ } instance = null; },
    async save() {
      if (!instance) return;
      this.saving = true; this.error = ''; this.message = '';
      try {
        const res = await api('/api/documents/safety-briefing', { method: 'PUT', json: { html: instance.val() } });
        this.savedAt = new Date(res.savedAt).toLocaleTimeString('en-GB');
        this.message = 'Briefing saved.';
      } catch (e) { this.error = e.message; }
      this.saving = false;
    },
  };
}

// ---------- Crew board (Muuri + wc-toast) ----------
function BoardPage() {
  let grids = [];
  return {
    loading: true,
    async mount(el) {
      const boardEl = el.querySelector('#board');
      let data;
      try { data = await api('/api/board'); } catch (e) { toast.error(e.message); return; }
      if (!boardEl.isConnected) return;
      this.loading = false;
      const cardById = Object.fromEntries(data.cards.map((c) => [c.id, c]));
      for (const col of data.columns) {
        const colEl = document.createElement('section');
        colEl.className = 'board-col';
        colEl.setAttribute('aria-labelledby', `col-${col.id}-h`);
        const count = data.cards.filter((c) => c.column === col.id).length;
        colEl.innerHTML = `<h2 id="col-${col.id}-h">${col.name} <span class="count">${count}</span></h2><div class="board-items" data-column="${col.id}" role="list" aria-label="${col.name}"></div>`;
        const items = colEl.querySelector('.board-items');
        for (const c of data.cards.filter((x) => x.column === col.id)) {
          const it = document.createElement('div');
          it.className = 'board-item';
          it.dataset.id = c.id;
          it.setAttribute('role', 'listitem');
          it.innerHTML = `<article class="board-card" aria-label="${c.title} · ${c.turbine}"><div class="card-title">${c.title} · ${c.turbine}</div><div class="card-site">${c.site}</div><div class="card-detail">${c.detail}</div></article>`;
          items.appendChild(it);
        }
        boardEl.appendChild(colEl);
      }
      const colName = Object.fromEntries(data.columns.map((c) => [c.id, c.name]));
      const updateCounts = () => {
        for (const g of grids) {
          const e = g.getElement();
          e.parentElement.querySelector('.count').textContent = g.getItems().length;
        }
      };
      const onRelease = async (item) => {
        const id = item.getElement().dataset.id;
        const grid = item.getGrid();
        if (!grid) return;
        const to = grid.getElement().dataset.column;
        const card = cardById[id];
        updateCounts();
        if (!card || card.column === to) return;
        const from = card.column;
        card.column = to;
        try {
          const res = await api('/api/board/moves', { method: 'POST', json: { cardId: id, toColumn: to } });
          toast.success(`${card.title} · ${card.turbine} moved to ${colName[to]}. Dispatch ref ${res.ref}`, { duration: 2000 });
        } catch (e) {
          card.column = from;
          toast.error(`Could not move card: ${e.message}`, { duration: 4000 });
        }
      };
      grids = [...boardEl.querySelectorAll('.board-items')].map((itemsEl) => new Muuri(itemsEl, {
        items: '.board-item',
        dragEnabled: true,
        dragContainer: document.body,
        dragSort: () => grids,
        dragStartPredicate: { distance: 4, delay: 0 },
        dragRelease: { duration: 200 },
        layoutDuration: 200,
      }));
      for (const g of grids) g.on('dragReleaseEnd', onRelease);
    },
    unmount() { for (const g of grids) { try { g.destroy(); } catch { /* ignore */ } } grids = []; },
  };
}

// ---------- SCADA import (file-attachment) ----------
function ScadaPage() {
  return {
    uploading: false, uploadingName: '', error: '', result: null, imports: [],
    async mount(el) {
      const scope = this;
      const drop = el.querySelector('file-attachment');
      drop.addEventListener('file-attachment-accepted', (e) => {
        const att = e.detail.attachments[e.detail.attachments.length - 1];
        if (att) scope.upload(att.file);
        const input = el.querySelector('#scada-file');
        if (input) input.value = '';
      });
      try { this.imports = (await api('/api/scada/imports')).imports; } catch { /* ignore */ }
    },
    async upload(file) {
      this.error = ''; this.result = null;
      if (!/\.csv$/i.test(file.name)) { this.error = 'Please choose a .csv SCADA export.'; return; }
      this.uploading = true; this.uploadingName = file.name;
      try {
        const res = await api('/api/scada/imports?filename=' + encodeURIComponent(file.name), { method: 'POST', body: file, type: 'text/csv' });
        this.result = res;
        this.imports = [...this.imports, res];
      } catch (e) { this.error = e.message; }
      this.uploading = false;
    },
  };
}

// ---------- Performance (flot) ----------
function PerformancePage() {
  let plot = null, onResize = null;
  return {
    sites: [], months: [], legend: [], saving: false, error: '', message: '',
    form: { site: '', month: '', availability: '' },
    async mount(el) {
      let d;
      try { d = await api('/api/performance'); } catch (e) { this.error = e.message; return; }
      this.sites = Object.keys(d.series); this.months = d.months;
      const chartEl = el.querySelector('#perf-chart');
      const tip = el.querySelector('#perf-tip');
      if (!chartEl.isConnected) return;
      const colors = ['#0f5c63', '#d9822b', '#7a5cc7'];
      this.legend = this.sites.map((s, i) => ({ label: s, color: colors[i] }));
      const series = this.sites.map((s, i) => ({ label: s, data: d.series[s].map((v, x) => [x, v]), color: colors[i] }));
      const draw = () => {
        plot = $.plot(chartEl, series, {
          series: { lines: { show: true, lineWidth: 2 }, points: { show: true, radius: 4, fill: true, fillColor: '#fff' } },
          grid: { hoverable: true, borderWidth: 1, borderColor: '#d6dde3', margin: 8 },
          xaxis: { ticks: d.months.map((m, i) => [i, monthShort(m)]), min: -0.3, max: d.months.length - 0.7 },
          yaxis: { min: 93, max: 98, tickSize: 0.5 },
          legend: { show: false },
        });
      };
      draw();
      $(chartEl).on('plothover', (ev, pos, item) => {
        if (item) {
          const [x, y] = item.datapoint;
          tip.textContent = `${item.series.label} · ${monthLong(d.months[x])}: ${y.toFixed(1)}%`;
          tip.hidden = false;
          const box = chartEl.getBoundingClientRect();
          tip.style.left = (pos.pageX - window.scrollX - box.left + 14) + 'px';
          tip.style.top = (pos.pageY - window.scrollY - box.top - 36) + 'px';
        } else tip.hidden = true;
      });
      chartEl.addEventListener('mouseleave', () => { tip.hidden = true; });
      onResize = () => draw();
      window.addEventListener('resize', onResize);
    },
    unmount() { if (onResize) window.removeEventListener('resize', onResize); plot?.shutdown?.(); },
    async submit() {
      this.error = ''; this.message = '';
      if (!this.form.site || !this.form.month || this.form.availability === '') { this.error = 'Choose a site and month and enter the availability.'; return; }
      this.saving = true;
      try {
        const s = await api('/api/performance/signoffs', { method: 'POST', json: { site: this.form.site, month: this.form.month, availability: Number(this.form.availability) } });
        this.message = `Signed off ${s.site}, ${monthLong(s.month)} at ${s.availability.toFixed(1)}% (${s.id}).`;
      } catch (e) { this.error = e.message; }
      this.saving = false;
    },
  };
}

// ---------- Site visits (accessible-autocomplete + duet date picker) ----------
function VisitsPage() {
  let contractors = [], calendar = null, acInput = null;
  const times = [];
  for (let h = 8; h < 16; h++) for (const m of ['00', '30']) times.push(`${pad(h)}:${m}`);
  return {
    times, saving: false, error: '', booking: null,
    form: { contractor: '', site: '', date: '', time: '', note: '' },
    async mount(el) {
      const scope = this;
      try {
        [contractors, calendar] = await Promise.all([api('/api/contractors').then((d) => d.contractors), api('/api/calendar')]);
      } catch (e) { this.error = e.message; return; }
      const acWrap = el.querySelector('#contractor-wrap');
      if (!acWrap || !acWrap.isConnected) return;
      accessibleAutocomplete({
        element: acWrap,
        id: 'contractor',
        source: contractors.map((c) => c.name),
        showAllValues: true,
        dropdownArrow: () => '<svg class="autocomplete__dropdown-arrow-down" style="top:10px" viewBox="0 0 512 512" aria-hidden="true" focusable="false"><path d="M256 384L96 192h320z"/></svg>',
        placeholder: 'Search contractors',
        onConfirm: (v) => { if (v) scope.form.contractor = v; },
        tNoResults: () => 'No matching contractor',
      });
      acInput = acWrap.querySelector('input');
      const today = calendar.today;
      const tomorrow = new Date(today + 'T12:00:00'); tomorrow.setDate(tomorrow.getDate() + 1);
      const picker = document.createElement('duet-date-picker');
      picker.setAttribute('identifier', 'visit-date');
      picker.setAttribute('first-day-of-week', '1');
      picker.localization = {
        buttonLabel: 'Choose date', placeholder: 'DD/MM/YYYY', selectedDateMessage: 'Selected date is',
        prevMonthLabel: 'Previous month', nextMonthLabel: 'Next month', monthSelectLabel: 'Month', yearSelectLabel: 'Year',
        closeLabel: 'Close window', calendarHeading: 'Choose a date', dayNames: DAYS,
        monthNames: MONTHS, monthNamesShort: MONTHS.map((m) => m.slice(0, 3)), locale: 'en-GB',
      };
      picker.min = isoLocal(tomorrow);
      picker.max = '2026-08-31';
      picker.dateAdapter = {
        parse(value = '', createDate) {
          const m = value.trim().match(/^(\d{1,2})[./-](\d{1,2})[./-](\d{4})$/);
          if (m) return createDate(m[3], m[2], m[1]);
        },
        format: (date) => `${pad(date.getDate())}/${pad(date.getMonth() + 1)}/${date.getFullYear()}`,
      };
      picker.isDateDisabled = (date) => {
        const iso = isoLocal(date);
        return date.getDay() === 0 || date.getDay() === 6 || iso <= today || !!calendar.closedDays[iso];
      };
      // Open on the office's current month (the office calendar runs on its own "today").
      picker.addEventListener('duetOpen', () => {
        setTimeout(() => { if (!picker.value && typeof picker.setFocusedDay === 'function') picker.setFocusedDay(new Date(tomorrow)); }, 0);
      });
      picker.addEventListener('duetChange', (e) => { scope.form.date = e.detail.value || ''; });
      el.querySelector('#date-wrap').appendChild(picker);
    },
    async submit() {
      this.error = '';
      const name = this.form.contractor && acInput && acInput.value === this.form.contractor ? this.form.contractor : acInput?.value;
      const c = contractors.find((x) => x.name === name);
      if (!c) { this.error = 'Choose a contractor from the list.'; return; }
      if (!this.form.site) { this.error = 'Choose a site.'; return; }
      if (!this.form.date) { this.error = 'Choose a visit date.'; return; }
      if (!this.form.time) { this.error = 'Choose an arrival time.'; return; }
      this.saving = true;
      try {
        this.booking = await api('/api/bookings', { method: 'POST', json: { contractorId: c.id, site: this.form.site, date: this.form.date, time: this.form.time, note: this.form.note } });
        toast.success(`Visit booked: ${this.booking.ref}`, { duration: 4000 });
      } catch (e) { this.error = e.message; }
      this.saving = false;
    },
  };
}

// ---------- Personnel (paged list + hystmodal confirm) ----------
let modal = null;
function PersonnelPage() {
  return {
    q: '', page: 1, pages: 1, total: 0, items: [], loading: true, pending: null, deleting: false,
    async mount() {
      if (!modal) modal = new HystModal({ linkAttributeName: false, catchFocus: true, closeOnEsc: true, backscroll: true, afterClose: () => {} });
      await this.load();
    },
    async load() {
      this.loading = true;
      try {
        const d = await api(`/api/personnel?q=${encodeURIComponent(this.q)}&page=${this.page}`);
        this.items = d.items; this.pages = d.pages; this.total = d.total; this.page = d.page;
      } catch (e) { toast.error(e.message); }
      this.loading = false;
    },
    search() { this.page = 1; this.load(); },
    go(n) { if (n >= 1 && n <= this.pages) { this.page = n; this.load(); } },
    pageList() {
      const out = [];
      const from = Math.max(1, Math.min(this.page - 2, this.pages - 4));
      for (let i = from; i <= Math.min(this.pages, from + 4); i++) out.push(i);
      return out;
    },
    ask(p) { this.pending = p; modal.open('#confirm-remove'); },
    async confirmRemove() {
      if (!this.pending || this.deleting) return;
      this.deleting = true;
      const p = this.pending;
      try {
        await api(`/api/personnel/${p.id}`, { method: 'DELETE' });
        modal.close();
        toast.success(`${p.firstName} ${p.surname} removed from the register.`, { duration: 3000 });
        this.pending = null;
        await this.load();
      } catch (e) { toast.error(e.message); modal.close(); }
      this.deleting = false;
    },
  };
}

// ---------- App shell + router ----------
const NAV = [
  { path: '/', label: 'Dashboard' },
  { path: '/work-orders', label: 'Work orders' },
  { path: '/briefing', label: 'Safety briefing' },
  { path: '/crew-board', label: 'Crew board' },
  { path: '/scada-import', label: 'SCADA import' },
  { path: '/performance', label: 'Performance' },
  { path: '/site-visits', label: 'Site visits' },
  { path: '/personnel', label: 'Personnel' },
];
const TITLES = Object.fromEntries(NAV.map((n) => [n.path, n.label]));
const norm = (p) => (p.length > 1 ? p.replace(/\/+$/, '') : p);

createApp({
  route: norm(location.pathname),
  today: '',
  nav: NAV,
  fmtDate, monthLong, fmtKwh,
  DashboardPage, WorkOrdersPage, BriefingPage, BoardPage, ScadaPage, PerformancePage, VisitsPage, PersonnelPage,
  known() { return !!TITLES[this.route]; },
  start() {
    const app = this;
    const setTitle = () => { document.title = `${TITLES[app.route] || 'Not found'} · Gale Ridge Wind`; };
    setTitle();
    api('/api/meta').then((m) => { app.today = m.today; }).catch(() => {});
    document.addEventListener('click', (e) => {
      const a = e.target.closest && e.target.closest('a[data-link]');
      if (!a || e.ctrlKey || e.metaKey || e.shiftKey || e.button !== 0) return;
      const url = new URL(a.href, location.href);
      if (url.origin !== location.origin) return;
      e.preventDefault();
      if (norm(url.pathname) === app.route) return;
      history.pushState({}, '', url.pathname);
      app.route = norm(url.pathname);
      setTitle();
      window.scrollTo(0, 0);
    });
    window.addEventListener('popstate', () => { app.route = norm(location.pathname); setTitle(); });
  },
}).mount('#app');
