import { LightningElement } from 'lwc';
import { api } from 'x/api';

export default class Members extends LightningElement {
  static renderMode = 'light';
  query = '';
  page = 1;
  pages = 1;
  total = 0;
  per = 10;
  items = [];
  loading = true;
  message = '';
  messageKind = 'ok';
  requestSeq = 0;

  connectedCallback() {
    this.fetchPage(1);
  }

  // The page number shown only changes once the new rows have arrived.
  async fetchPage(pageNo = this.page) {
    const seq = ++this.requestSeq;
    this.loading = true;
    try {
      const params = new URLSearchParams({ q: this.query.trim(), page: String(pageNo) });
      const data = await api(`/api/members?${params}`);
      if (seq !== this.requestSeq) return;
      this.items = data.items;
      this.page = data.page;
      this.pages = data.pages;
      this.total = data.total;
      this.per = data.per;
    } catch (e) {
      if (seq === this.requestSeq) { this.message = e.message; this.messageKind = 'error'; }
    } finally {
      if (seq === this.requestSeq) this.loading = false;
    }
  }

  get rangeLabel() {
    if (this.loading && !this.items.length) return '';
    if (!this.total) return 'No members';
    const from = (this.page - 1) * this.per + 1;
    const to = Math.min(this.total, this.page * this.per);
    return `Showing ${from}–${to} of ${this.total} members${this.query ? ` matching “${this.query}”` : ''}`;
  }
  get isEmpty() {
    return !this.loading && this.total === 0;
  }
  get isFirst() {
    return this.page <= 1;
  }
  get isLast() {
    return this.page >= this.pages;
  }
  get pageButtons() {
    const out = [];
    const start = Math.max(1, Math.min(this.page - 3, this.pages - 6));
    const end = Math.min(this.pages, start + 6);
    for (let n = start; n <= end; n++) out.push({ n, cls: n === this.page ? 'btn btn-small page-current' : 'btn btn-small' });
    return out;
  }
  get messageClass() {
    return this.messageKind === 'error' ? 'banner banner-error' : 'banner banner-ok';
  }

  handleQueryInput(e) {
    this.query = e.target.value;
    clearTimeout(this.debounce);
    this.debounce = setTimeout(() => { this.fetchPage(1); }, 350);
  }
  handleSearch(e) {
    e.preventDefault();
    clearTimeout(this.debounce);
    this.fetchPage(1);
  }
  handleClear() {
    clearTimeout(this.debounce);
    this.query = '';
    this.fetchPage(1);
  }
  handlePrev() { if (this.page > 1) this.fetchPage(this.page - 1); }
  handleNext() { if (this.page < this.pages) this.fetchPage(this.page + 1); }
  handlePage(e) { this.fetchPage(Number(e.currentTarget.dataset.page)); }

  async handleRemove(e) {
    const id = e.currentTarget.dataset.id;
    const m = this.items.find((x) => x.id === id);
    if (!m) return;
    const { default: AlertDialog } = await import('elix/define/AlertDialog.js');
    const dialog = new AlertDialog();
    dialog.classList.add('confirm-dialog');
    dialog.choices = ['Remove member', 'Keep'];
    dialog.innerHTML = '';
    const h = document.createElement('strong');
    h.textContent = 'Remove this member?';
    const p = document.createElement('p');
    p.textContent = `${m.name} (${m.id}), Block ${m.block}, member since ${m.joined}, will be taken off the members list.`;
    dialog.append(h, p);
    document.body.appendChild(dialog);
    dialog.open();
    const result = await dialog.whenClosed();
    const choice = result && result.choice;
    dialog.remove();
    if (choice !== 'Remove member') return;
    try {
      await api(`/api/members/${encodeURIComponent(id)}`, { method: 'DELETE' });
      this.message = `${m.name} (${m.id}) was removed from the members list.`;
      this.messageKind = 'ok';
      await this.fetchPage(this.items.length === 1 && this.page > 1 ? this.page - 1 : this.page);
    } catch (err) {
      this.message = `Could not remove ${m.name}: ${err.message}`;
      this.messageKind = 'error';
    }
  }
}
