// <inventory-upload>: VxeUpload (vxe-pc-ui, Vue 3) drop zone that posts an inventory CSV to the server.
// Emits `uploaded` with the server's analysis, or `uploaderror`.
import { createApp, h, ref } from 'vue';
import { VxeUI } from '@vxe-ui/core';
import { VxeUpload } from 'vxe-pc-ui/es/upload/index.js';
import { VxeButton } from 'vxe-pc-ui/es/button/index.js';
import enUS from 'vxe-pc-ui/es/language/en-US';
import 'vxe-pc-ui/lib/style.css';
import { emit } from '../api.js';

VxeUI.setI18n('en-US', enUS);
VxeUI.setLanguage('en-US');

function postFile(file, onProgress) {
  // XHR so that the widget's progress bar moves
  return new Promise((resolve, reject) => {
    const fd = new FormData();
    fd.append('file', file, file.name);
    const xhr = new XMLHttpRequest();
    xhr.open('POST', '/api/inventory/uploads');
    xhr.upload.onprogress = (e) => { if (e.lengthComputable) onProgress(Math.round((e.loaded / e.total) * 90)); };
    xhr.onload = () => {
      let data = null;
      try { data = JSON.parse(xhr.responseText); } catch { data = null; }
      if (xhr.status >= 200 && xhr.status < 300) resolve(data);
      else reject(new Error((data && data.error) || `Upload failed (${xhr.status})`));
    };
    xhr.onerror = () => reject(new Error('Network error while uploading'));
    xhr.send(fd);
  });
}

class InventoryUpload extends HTMLElement {
  connectedCallback() {
    if (this._app) return;
    const mount = document.createElement('div');
    this.appendChild(mount);
    const files = ref([]);
    const host = this;
    this._app = createApp({
      render: () => h(VxeUpload, {
        modelValue: files.value,
        'onUpdate:modelValue': (v) => { files.value = v; },
        mode: 'all',
        multiple: false,
        dragToUpload: true,
        autoSubmit: true,
        showProgress: true,
        showErrorStatus: true,
        showDownloadButton: false,
        showPreview: false,
        fileTypes: ['csv'],
        limitSize: 2,
        buttonText: 'Choose inventory file',
        tipText: 'Drop a .csv inventory sheet here, or choose a file. Columns: move_ref, customer, room, item, quantity, cubic_ft_each.',
        dragPlaceholder: 'Release to upload the inventory sheet',
        uploadMethod: ({ file, updateProgress }) => postFile(file, updateProgress).then((data) => {
          updateProgress(100);
          emit(host, 'uploaded', data);
          return { name: file.name };
        }).catch((e) => {
          emit(host, 'uploaderror', { message: e.message, name: file.name });
          throw e;
        }),
      }),
    });
    this._app.use(VxeButton);
    this._app.use(VxeUpload);
    this._app.mount(mount);
  }

  disconnectedCallback() {
    if (this._app) { this._app.unmount(); this._app = null; this.innerHTML = ''; }
  }
}

customElements.define('inventory-upload', InventoryUpload);
