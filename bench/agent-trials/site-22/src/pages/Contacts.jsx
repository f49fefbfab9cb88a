import { Component } from 'inferno';
import { createElement } from 'inferno-create-element';
import Modal from 'bootstrap/js/dist/modal';
import { api } from '../api.js';

export default class Contacts extends Component {
  constructor(p) { super(p); this.state = { q: '', applied: '', page: 1, data: null, loading: true, target: null, deleting: false, msg: null, err: null }; }
  componentDidMount() {
    document.title = 'Trade contacts · Ridgeback back office';
    this.load(1, '');
    this.modal = new Modal(this.modalEl);
    this.onHidden = () => { if (!this.state.deleting) this.setState({ target: null }); };
    this.modalEl.addEventListener('hidden.bs.modal', this.onHidden);
  }
  componentWillUnmount() { if (this.modal) { this.modal.hide(); this.modal.dispose(); } document.querySelectorAll('.modal-backdrop').forEach(b => b.remove()); document.body.classList.remove('modal-open'); document.body.style.overflow = ''; }
  load(page, q) {
    this.setState({ loading: true });
    api('GET', `/api/contacts?q=${encodeURIComponent(q)}&page=${page}`)
      .then(data => this.setState({ data, page: data.page, applied: q, loading: false }))
      .catch(e => this.setState({ err: e.message, loading: false }));
  }
  search(e) { e.preventDefault(); this.setState({ msg: null }); this.load(1, this.state.q.trim()); }
  askDelete(c) { this.setState({ target: c, msg: null, err: null }); this.modal.show(); }
  confirm() {
    const c = this.state.target;
    this.setState({ deleting: true });
    api('DELETE', `/api/contacts/${c.id}`).then(() => {
      this.setState({ deleting: false, target: null, msg: `${c.first} ${c.last} (${c.pub}, ${c.town}) was removed.` });
      this.modal.hide();
      const d = this.state.data;
      const page = d.rows.length === 1 && this.state.page > 1 ? this.state.page - 1 : this.state.page;
      this.load(page, this.state.applied);
    }).catch(e => { this.setState({ deleting: false, err: e.message }); this.modal.hide(); });
  }
  render() {
    const s = this.state, d = s.data, t = s.target;
    return (
      <div>
        <h1 className="page-title">Trade contacts</h1>
        <p className="page-sub">People we deal with at the pubs we supply.</p>
        <form className="toolbar-row" role="search" onSubmit={e => this.search(e)}>
          <label className="visually-hidden" for="contact-q">Search contacts</label>
          <input id="contact-q" type="search" className="form-control" style={{ maxWidth: '340px' }} placeholder="Name, pub, town or phone" value={s.q} onInput={e => this.setState({ q: e.target.value })} />
          <button type="submit" className="btn btn-brew">Search</button>
          {s.applied && <button type="button" className="btn btn-link" onClick={() => { this.setState({ q: '' }); this.load(1, ''); }}>Clear search</button>}
          <span className="ms-auto small text-muted" aria-live="polite">{s.loading ? 'Loading…' : d ? `${d.total} contact${d.total === 1 ? '' : 's'}${s.applied ? ` matching “${s.applied}”` : ''}` : ''}</span>
        </form>
        {s.msg && <div className="alert alert-success py-2" role="status">{s.msg}</div>}
        {s.err && <div className="alert alert-danger py-2" role="alert">{s.err}</div>}
        {d && (
          <table className="table table-hover bg-white contacts-table">
            <thead><tr><th scope="col">Name</th><th scope="col">Role</th><th scope="col">Pub</th><th scope="col">Town</th><th scope="col">Phone</th><th scope="col"><span className="visually-hidden">Actions</span></th></tr></thead>
            <tbody>
              {d.rows.length === 0 && <tr><td colSpan="6" className="text-muted">No contacts found.</td></tr>}
              {d.rows.map(c => (
                <tr key={c.id}>
                  <td>{c.first} {c.last}</td><td>{c.role}</td><td>{c.pub}</td><td>{c.town}</td><td>{c.phone}</td>
                  <td className="text-end"><button type="button" className="btn btn-outline-danger btn-sm" aria-label={`Delete ${c.first} ${c.last}, ${c.pub}, ${c.town}`} onClick={() => this.askDelete(c)}>Delete</button></td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
        {d && d.pages > 1 && (
          <nav aria-label="Contact pages">
            <ul className="pagination">
              <li className={`page-item ${s.page <= 1 ? 'disabled' : ''}`}><button type="button" className="page-link" disabled={s.page <= 1} onClick={() => this.load(s.page - 1, s.applied)}>Previous</button></li>
              {Array.from({ length: d.pages }, (_, i) => i + 1).map(n => (
                <li key={n} className={`page-item ${n === s.page ? 'active' : ''}`}><button type="button" className="page-link" aria-current={n === s.page ? 'page' : null} aria-label={`Page ${n}`} onClick={() => this.load(n, s.applied)}>{n}</button></li>
              ))}
              <li className={`page-item ${s.page >= d.pages ? 'disabled' : ''}`}><button type="button" className="page-link" disabled={s.page >= d.pages} onClick={() => this.load(s.page + 1, s.applied)}>Next</button></li>
            </ul>
          </nav>
        )}
        <div className="modal fade" tabIndex="-1" aria-labelledby="del-title" aria-hidden="true" ref={el => { this.modalEl = el; }}>
          <div className="modal-dialog">
            <div className="modal-content">
              <div className="modal-header"><h2 className="modal-title h5" id="del-title">Delete contact?</h2><button type="button" className="btn-close" data-bs-dismiss="modal" aria-label="Close"></button></div>
              <div className="modal-body">{t && <p>Remove <strong>{t.first} {t.last}</strong> ({t.role}, {t.pub}, {t.town}) from trade contacts? This cannot be undone.</p>}</div>
              <div className="modal-footer">
                <button type="button" className="btn btn-secondary" data-bs-dismiss="modal">Cancel</button>
                <button type="button" className="btn btn-danger" disabled={s.deleting} onClick={() => this.confirm()}>{s.deleting ? 'Deleting…' : 'Delete contact'}</button>
              </div>
            </div>
          </div>
        </div>
      </div>
    );
  }
}
