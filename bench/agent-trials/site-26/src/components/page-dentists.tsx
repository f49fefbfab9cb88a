import { Component, State, h } from '@stencil/core';
import { api, W } from '../lib';

@Component({ tag: 'page-dentists', shadow: false })
export class PageDentists {
  @State() q = '';
  @State() page = 1;
  @State() data: any = null;
  @State() busy = false;
  pagEl: HTMLElement;
  pag: any;
  timer: any;
  componentDidLoad() { this.load(); }
  disconnectedCallback() { this.pag && this.pag.unmount(); }
  async load() {
    this.busy = true;
    const q = this.q, page = this.page;
    const d = await api(`/api/dentists?q=${encodeURIComponent(q)}&page=${page}&pageSize=10`);
    if (q !== this.q || page !== this.page) return;
    this.data = d; this.busy = false;
    const props = { current: this.page, total: d.total, pageSize: 10, onChange: (p: number) => { this.page = p; this.load(); } };
    if (this.pag) this.pag.update(props); else this.pag = W().mountPagination(this.pagEl, props);
  }
  onSearch(v: string) { this.q = v; this.page = 1; clearTimeout(this.timer); this.timer = setTimeout(() => this.load(), 250); }
  async remove(d: any) {
    const ok = await W().confirm({ title: `Delete Dr ${d.name}?`, description: `Dr ${d.name} (${d.practice}, GDC ${d.gdc}) will be removed from the directory. This cannot be undone.`, confirmLabel: 'Delete dentist' });
    if (!ok) return;
    try { await api(`/api/dentists/${d.id}`, { method: 'DELETE' }); W().toast.success(`Dr ${d.name} removed from the directory`); }
    catch (e) { W().toast.error('Delete failed: ' + e.message); }
    this.load();
  }
  render() {
    const d = this.data;
    return (
      <section>
        <h1>Dentist directory</h1>
        <div class="searchbar">
          <label htmlFor="dentist-search">Search dentists</label>
          <input id="dentist-search" type="search" placeholder="Name, practice, GDC number or email" value={this.q} onInput={(e: any) => this.onSearch(e.target.value)} />
          {d && <span class="muted" aria-live="polite">{d.total} dentist{d.total === 1 ? '' : 's'}</span>}
        </div>
        <table class="table" aria-busy={this.busy ? 'true' : 'false'}>
          <thead><tr><th>Name</th><th>Practice</th><th>GDC no.</th><th>Email</th><th>Phone</th><th><span class="sr-only">Actions</span></th></tr></thead>
          <tbody>
            {d && d.items.map((x: any) => (
              <tr>
                <td>Dr {x.name}</td><td>{x.practice}</td><td>{x.gdc}</td><td>{x.email}</td><td>{x.phone}</td>
                <td><button class="btn small danger" onClick={() => this.remove(x)}>Delete</button></td>
              </tr>
            ))}
            {d && d.items.length === 0 && <tr><td colSpan={6} class="muted">No dentists match your search.</td></tr>}
          </tbody>
        </table>
        <div class="pager" ref={(el) => (this.pagEl = el)}></div>
      </section>
    );
  }
}
