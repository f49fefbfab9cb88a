import { LightningElement } from 'lwc';
import { api, formatDate } from 'x/api';

export default class Intake extends LightningElement {
  static renderMode = 'light';
  uploads = [];
  loading = true;
  sending = false;
  error = '';
  result = null;
  mounted = false;

  connectedCallback() {
    this.refresh();
  }

  async renderedCallback() {
    if (this.mounted) return;
    this.mounted = true;
    const { FileUpload } = await import('govuk-frontend');
    const zone = this.querySelector('[data-module="govuk-file-upload"]');
    if (zone && !zone.hasAttribute('data-govuk-file-upload-init')) {
      try { new FileUpload(zone); } catch (e) { console.error(e); }
    }
  }

  async refresh() {
    try {
      this.uploads = await api('/api/intake/uploads');
    } finally {
      this.loading = false;
    }
  }

  get uploadRows() {
    return this.uploads.map((u) => ({ ...u, when: `${formatDate(u.receivedAt)} ${u.receivedAt.slice(11, 16)}` }));
  }
  get groupClass() {
    return this.error ? 'govuk-form-group govuk-form-group--error' : 'govuk-form-group';
  }
  get buttonLabel() {
    return this.sending ? 'Sending…' : 'Send to intake';
  }

  handleChange() {
    this.error = '';
  }

  async handleSubmit(event) {
    event.preventDefault();
    const input = this.querySelector('input[type="file"]');
    const file = input && input.files && input.files[0];
    this.result = null;
    if (!file) {
      this.error = 'Select the weighbridge sheet';
      return;
    }
    const form = new FormData();
    form.append('sheet', file, file.name);
    this.sending = true;
    this.error = '';
    try {
      this.result = await api('/api/intake/uploads', { method: 'POST', raw: form });
      this.sending = false;
      await this.refresh();
    } catch (e) {
      this.error = e.message;
    } finally {
      this.sending = false;
    }
  }
}
