import * as fileUpload from '@zag-js/file-upload';
import { VanillaMachine, normalizeProps, spreadProps } from '@zag-js/vanilla';
import { toast } from '../toast.js';
import { api, h } from '../api.js';

export function mount(host) {
  const machine = new VanillaMachine(fileUpload.machine, { id: 'returns-upload', accept: { 'text/csv': ['.csv'] }, maxFiles: 1, name: 'sheet' });
  const root = h('div', { class: 'fu-root' });
  const label = h('label', { text: 'Count sheet (CSV)' });
  const dropzone = h('div', { class: 'fu-dropzone' }, h('p', { text: 'Drag the returns sheet here' }), h('p', { class: 'muted small', text: 'CSV with part, issued and returned columns' }));
  const trigger = h('button', { type: 'button', class: 'btn', text: 'Choose file…' });
  const input = h('input', {});
  const list = h('ul', { class: 'fu-list' });
  const uploadBtn = h('button', { type: 'button', class: 'btn primary', text: 'Upload sheet', disabled: true });
  const result = h('div', { class: 'result', role: 'status', 'aria-live': 'polite' });
  dropzone.append(trigger);
  root.append(label, dropzone, input, list);
  host.append(h('div', { class: 'doc-card' }, root, h('div', { class: 'actions' }, uploadBtn), result));
  let busy = false;
  function render() {
    const a = fileUpload.connect(machine.service, normalizeProps);
    spreadProps(root, a.getRootProps()); spreadProps(label, a.getLabelProps()); spreadProps(dropzone, a.getDropzoneProps());
    spreadProps(trigger, a.getTriggerProps()); spreadProps(input, a.getHiddenInputProps());
    spreadProps(list, a.getItemGroupProps());
    list.replaceChildren(...a.acceptedFiles.map((file) => {
      const li = h('li', { class: 'fu-item' }); spreadProps(li, a.getItemProps({ file }));
      const name = h('span', { class: 'fu-name', text: file.name }); spreadProps(name, a.getItemNameProps({ file }));
      const size = h('span', { class: 'muted small', text: a.getFileSize(file) }); spreadProps(size, a.getItemSizeTextProps({ file }));
      const del = h('button', { type: 'button', class: 'btn small', text: 'Remove', 'aria-label': `Remove ${file.name}` }); spreadProps(del, a.getItemDeleteTriggerProps({ file }));
      li.append(name, size, del); return li;
    }));
    uploadBtn.disabled = busy || a.acceptedFiles.length === 0;
    return a;
  }
  machine.subscribe(() => render());
  machine.start();
  render();
  uploadBtn.addEventListener('click', async () => {
    const a = fileUpload.connect(machine.service, normalizeProps);
    const file = a.acceptedFiles[0]; if (!file || busy) return;
    busy = true; uploadBtn.textContent = 'Uploading…'; render();
    try {
      const r = await api('/api/returns/upload', { method: 'POST', body: await file.text(), headers: { 'x-file-name': encodeURIComponent(file.name), 'content-type': 'text/csv' } });
      result.replaceChildren(h('h2', { text: `Checked: ${r.name}` }), h('dl', { class: 'facts' },
        h('dt', { text: 'Receipt' }), h('dd', { text: r.id }),
        h('dt', { text: 'Lines on sheet' }), h('dd', { text: String(r.rows) }),
        h('dt', { text: 'Parts issued' }), h('dd', { text: String(r.issued) }),
        h('dt', { text: 'Parts returned' }), h('dd', { text: String(r.returned) }),
        h('dt', { text: 'Parts still outstanding' }), h('dd', { class: 'big', text: String(r.outstanding) })));
      toast.success('Returns sheet checked');
      a.clearFiles();
    } catch (e) { result.replaceChildren(h('p', { class: 'error', text: e.message })); }
    busy = false; uploadBtn.textContent = 'Upload sheet'; render();
  });
  return () => machine.stop();
}
