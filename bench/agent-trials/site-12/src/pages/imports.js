import { Upload } from 'tus-js-client';
import { api, fmtDate } from '../util.js';

export function importsPage() {
  return {
    file: null,
    uploading: false,
    progress: 0,
    error: '',
    result: null,
    fmtDate,
    pick(ev) {
      this.file = ev.target.files[0] || null;
      this.error = '';
      this.result = null;
      this.progress = 0;
    },
    start() {
      if (!this.file) return;
      this.uploading = true;
      this.error = '';
      this.result = null;
      const upload = new Upload(this.file, {
        endpoint: '/api/uploads',
        chunkSize: Infinity,
        retryDelays: [0, 1000],
        storeFingerprintForResuming: false,
        metadata: { filename: this.file.name, filetype: this.file.type || 'text/csv' },
        onProgress: (sent, total) => { this.progress = Math.round((sent / total) * 100); },
        onError: (err) => { this.uploading = false; this.error = 'Upload failed: ' + err.message; },
        onSuccess: async () => {
          try {
            const summary = await api(new URL(upload.url, location.href).pathname + '/summary');
            if (!summary.ok) throw new Error(summary.error);
            this.result = summary;
          } catch (e) {
            this.error = 'Import failed: ' + e.message;
          } finally {
            this.uploading = false;
            this.$refs.file.value = '';
            this.file = null;
          }
        },
      });
      upload.start();
    },
  };
}
