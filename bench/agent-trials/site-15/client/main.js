import $ from './jq.js';
import * as bootstrap from 'bootstrap';
import htmx from 'htmx.org';
import 'bootstrap-table';
import select2 from 'select2';
import 'summernote/dist/summernote-bs5.js';
import 'bootstrap-fileinput';
import 'bootstrap-fileinput/themes/bs5/theme.js';
import bootbox from 'bootbox';
import { TempusDominus, DateTime } from '@eonasdan/tempus-dominus';
import { success as notifySuccess } from '@pnotify/core';

import 'bootstrap/dist/css/bootstrap.min.css';
import 'bootstrap-icons/font/bootstrap-icons.css';
import 'bootstrap-table/dist/bootstrap-table.min.css';
import 'select2/dist/css/select2.min.css';
import 'select2-bootstrap-5-theme/dist/select2-bootstrap-5-theme.min.css';
import 'summernote/dist/summernote-bs5.min.css';
import 'bootstrap-fileinput/css/fileinput.min.css';
import '@eonasdan/tempus-dominus/dist/css/tempus-dominus.min.css';
import '@pnotify/core/dist/PNotify.css';
import '@pnotify/core/dist/BrightTheme.css';
import './app.css';

window.bootstrap = bootstrap;
window.htmx = htmx;
if (typeof select2 === 'function' && !$.fn.select2) select2(window, $);

// ------------------------------------------------------------------ grid formatters (bootstrap-table looks these up by name)
const gbp = (n) => '£' + Number(n).toLocaleString('en-GB', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
const escapeHtml = (s) => String(s ?? '').replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' }[c]));
window.feeFormatter = (v) => gbp(v);
window.statusFormatter = (v) => {
  const cls = { Booked: 'secondary', Confirmed: 'primary', 'Checked in': 'info', Completed: 'success', Cancelled: 'dark', 'No-show': 'danger' }[v] || 'secondary';
  return `<span class="badge text-bg-${cls}">${escapeHtml(v)}</span>`;
};
window.editFormatter = (v, row) => `<button type="button" class="btn btn-sm btn-outline-secondary" hx-get="/appointments/${escapeHtml(row.id)}/edit" hx-target="#edit-panel" hx-swap="outerHTML">Edit</button>`;

// ------------------------------------------------------------------ widgets
const charts = [];
function disposeDetachedCharts() {
  for (let i = charts.length - 1; i >= 0; i--) if (!charts[i].dom.isConnected) { charts[i].dispose(); charts.splice(i, 1); }
}

const inits = {
  'appointments-grid'(el) {
    const $t = $(el);
    $t.bootstrapTable({ locale: 'en-GB' });
    $t.on('post-body.bs.table', () => htmx.process(el));
    htmx.process(el);
  },
  'protocol-editor'(el) {
    $(el).summernote({
      height: 440,
      toolbar: [
        ['style', ['style']],
        ['font', ['bold', 'italic', 'underline', 'clear']],
        ['para', ['ul', 'ol', 'paragraph']],
        ['insert', ['link', 'hr']],
        ['view', ['undo', 'redo', 'codeview', 'help']],
      ],
    });
  },
  'lab-upload'(el) {
    $(el).fileinput({
      theme: 'bs5',
      uploadUrl: '/imports/lab-invoices',
      allowedFileExtensions: ['csv'],
      maxFileCount: 1,
      showPreview: true,
      previewFileType: 'text',
      browseLabel: 'Browse…',
      dropZoneTitle: 'Drag & drop the lab invoice CSV here…',
      msgPlaceholder: 'Select lab invoice CSV…',
    }).on('fileuploaded', (ev, data) => {
      const r = data.response || {};
      document.getElementById('import-result').innerHTML = r.summaryHtml || '';
      htmx.ajax('GET', '/imports/history', { target: '#import-history', swap: 'outerHTML' });
    });
  },
  async 'revenue-chart'(el) {
    disposeDetachedCharts();
    const [am5, am5xy, anim] = await Promise.all([
      import('@amcharts/amcharts5'), import('@amcharts/amcharts5/xy'), import('@amcharts/amcharts5/themes/Animated'),
    ]);
    if (!el.isConnected) return;
    const data = JSON.parse(el.dataset.chart);
    const seriesNames = JSON.parse(el.dataset.series);
    const root = am5.Root.new(el);
    charts.push(root);
    root.setThemes([anim.default.new(root)]);
    root.numberFormatter.set('numberFormat', '#,###');
    const chart = root.container.children.push(am5xy.XYChart.new(root, { panX: false, panY: false, wheelX: 'none', wheelY: 'none', layout: root.verticalLayout }));
    const legend = chart.children.push(am5.Legend.new(root, { centerX: am5.p50, x: am5.p50 }));
    const xAxis = chart.xAxes.push(am5xy.CategoryAxis.new(root, {
      categoryField: 'month', renderer: am5xy.AxisRendererX.new(root, { cellStartLocation: 0.1, cellEndLocation: 0.9, minGridDistance: 30 }),
    }));
    xAxis.data.setAll(data);
    const yAxis = chart.yAxes.push(am5xy.ValueAxis.new(root, { min: 0, renderer: am5xy.AxisRendererY.new(root, {}) }));
    for (const name of seriesNames) {
      const s = chart.series.push(am5xy.ColumnSeries.new(root, {
        name, xAxis, yAxis, valueYField: name, categoryXField: 'month',
        tooltip: am5.Tooltip.new(root, { labelText: '{name}, {categoryX}: £{valueY}' }),
      }));
      s.columns.template.setAll({ tooltipText: '{name}, {categoryX}: £{valueY}', width: am5.percent(90), tooltipY: 0, strokeOpacity: 0 });
      s.data.setAll(data);
      s.appear();
    }
    legend.data.setAll(chart.series.values);
    chart.appear(600, 80);
  },
  'select2-single'(el) {
    $(el).select2({ theme: 'bootstrap-5', width: '100%', placeholder: el.dataset.placeholder || '', allowClear: true });
  },
  'select2-multi'(el) {
    $(el).select2({ theme: 'bootstrap-5', width: '100%', placeholder: el.dataset.placeholder || '', closeOnSelect: false });
  },
  'booking-date'(el) {
    const disabled = JSON.parse(el.dataset.disabled || '[]').map((d) => { const [y, m, dd] = d.split('-').map(Number); return new DateTime(y, m - 1, dd); });
    new TempusDominus(el, {
      allowInputToggle: true,
      useCurrent: false,
      viewDate: new DateTime(2027, 4, 18, 9, 0),
      restrictions: {
        minDate: new DateTime(2027, 4, 18, 0, 0),
        maxDate: new DateTime(2027, 7, 31, 23, 59),
        daysOfWeekDisabled: [0],
        disabledDates: disabled,
      },
      display: {
        viewMode: 'calendar',
        components: { calendar: true, date: true, month: true, year: true, decades: false, clock: false, hours: false, minutes: false, seconds: false },
        buttons: { today: false, clear: true, close: true },
        icons: {
          type: 'icons', time: 'bi bi-clock', date: 'bi bi-calendar', up: 'bi bi-arrow-up', down: 'bi bi-arrow-down',
          previous: 'bi bi-chevron-left', next: 'bi bi-chevron-right', today: 'bi bi-calendar-check', clear: 'bi bi-trash', close: 'bi bi-x-lg',
        },
      },
      localization: { locale: 'en-GB', format: 'dd/MM/yyyy', startOfTheWeek: 1, dayViewHeaderFormat: { month: 'long', year: 'numeric' } },
    });
  },
};

htmx.onLoad((root) => {
  const els = [];
  if (root.matches?.('[data-fh-widget]')) els.push(root);
  root.querySelectorAll?.('[data-fh-widget]').forEach((e) => els.push(e));
  for (const el of els) {
    if (el.dataset.fhReady) continue;
    el.dataset.fhReady = '1';
    const fn = inits[el.dataset.fhWidget];
    if (fn) Promise.resolve(fn(el)).catch((e) => console.error('widget init failed', el.dataset.fhWidget, e));
  }
});

// ------------------------------------------------------------------ htmx glue
document.addEventListener('htmx:configRequest', (evt) => {
  const form = evt.detail.elt;
  if (form && form.id === 'protocol-form') {
    evt.detail.parameters.html = $('#protocol-editor').summernote('code');
  }
});

document.addEventListener('htmx:confirm', (evt) => {
  if (!evt.detail.question) return;
  evt.preventDefault();
  bootbox.confirm({
    title: 'Delete supplier',
    message: escapeHtml(evt.detail.question),
    buttons: { cancel: { label: 'Cancel', className: 'btn-outline-secondary' }, confirm: { label: 'Delete', className: 'btn-danger' } },
    callback: (ok) => { if (ok) evt.detail.issueRequest(true); },
  });
});

document.body.addEventListener('reminder-sent', (evt) => {
  const d = evt.detail || {};
  notifySuccess({ title: 'Reminder sent', text: `${d.owner} — ${d.pet}. Reference ${d.code}`, delay: 2000 });
});

document.body.addEventListener('appointments-changed', () => {
  const t = document.getElementById('appt-table');
  if (t) $(t).bootstrapTable('refresh', { silent: true });
});

function markNav() {
  const p = location.pathname;
  document.querySelectorAll('#side-nav .nav-link').forEach((a) => {
    const h = a.getAttribute('href');
    a.classList.toggle('active', h === '/' ? p === '/' : p.startsWith(h.replace(/\/new$/, '')));
  });
}
document.addEventListener('htmx:pushedIntoHistory', markNav);
document.addEventListener('htmx:afterSettle', markNav);
document.addEventListener('htmx:beforeSwap', () => {
  // close any picker / select popups belonging to content that is about to be replaced
  document.querySelectorAll('.select2-container--open').forEach((c) => c.remove());
});
