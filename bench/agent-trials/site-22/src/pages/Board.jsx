import { Component } from 'inferno';
import { createElement } from 'inferno-create-element';
import interact from 'interactjs';
import Toast from 'bootstrap/js/dist/toast';
import { api } from '../api.js';

const STAGES = [['planned', 'Planned'], ['brewing', 'Brewing'], ['fermenting', 'Fermenting'], ['conditioning', 'Conditioning'], ['packaging', 'Ready to package']];

export default class Board extends Component {
  constructor(p) { super(p); this.state = { batches: [], loading: true, busy: null, err: null, toast: '' }; }
  componentDidMount() {
    document.title = 'Brew schedule · Ridgeback back office';
    api('GET', '/api/batches').then(b => this.setState({ batches: b, loading: false })).catch(e => this.setState({ err: e.message, loading: false }));
    this.drag = interact('.bcard').draggable({
      listeners: {
        start: ev => ev.target.classList.add('dragging'),
        move: ev => {
          const t = ev.target;
          const x = (parseFloat(t.dataset.x) || 0) + ev.dx, y = (parseFloat(t.dataset.y) || 0) + ev.dy;
          t.style.transform = `translate(${x}px, ${y}px)`; t.dataset.x = x; t.dataset.y = y;
        },
        end: ev => { const t = ev.target; t.classList.remove('dragging'); t.style.transform = ''; t.dataset.x = 0; t.dataset.y = 0; },
      },
    });
    this.drop = interact('.board-col').dropzone({
      accept: '.bcard', overlap: 'pointer',
      ondropactivate: ev => ev.target.classList.add('drop-active'),
      ondropdeactivate: ev => ev.target.classList.remove('drop-active', 'drop-target'),
      ondragenter: ev => ev.target.classList.add('drop-target'),
      ondragleave: ev => ev.target.classList.remove('drop-target'),
      ondrop: ev => this.move(ev.relatedTarget.dataset.id, ev.target.dataset.stage),
    });
  }
  componentWillUnmount() { this.drag && this.drag.unset(); this.drop && this.drop.unset(); }
  move(id, stage) {
    const b = this.state.batches.find(x => x.id === id);
    if (!b || b.stage === stage) return;
    const prev = b.stage;
    this.setState({ batches: this.state.batches.map(x => x.id === id ? { ...x, stage } : x), busy: id, err: null });
    api('POST', `/api/batches/${id}/move`, { stage }).then(r => {
      this.setState({ busy: null, toast: `Batch ${id} moved to ${STAGES.find(s => s[0] === stage)[1]}. Movement ref ${r.ref}` });
      this.toastObj = this.toastObj || new Toast(this.toastEl, { delay: 2000, autohide: true });
      this.toastObj.show();
    }).catch(e => this.setState({ busy: null, err: e.message, batches: this.state.batches.map(x => x.id === id ? { ...x, stage: prev } : x) }));
  }
  render() {
    return (
      <div>
        <h1 className="page-title">Brew schedule</h1>
        <p className="page-sub">Drag a batch card to the stage it has reached. Each move is logged with a movement reference.</p>
        {this.state.err && <div className="alert alert-danger py-2" role="alert">{this.state.err}</div>}
        {this.state.loading ? <p>Loading batches…</p> : (
          <div className="board">
            {STAGES.map(([key, label]) => {
              const items = this.state.batches.filter(b => b.stage === key);
              return (
                <section className="board-col" data-stage={key} key={key} aria-label={label}>
                  <h2><span>{label}</span><span className="badge text-bg-light">{items.length}</span></h2>
                  {items.map(b => (
                    <article className="bcard" data-id={b.id} key={b.id} aria-label={`Batch ${b.id} ${b.beer}`}>
                      <div className="bid">{b.id}{this.state.busy === b.id && <span className="spinner-border spinner-border-sm ms-2" aria-label="Saving" />}</div>
                      <div>{b.beer}</div>
                      <div className="meta">Vessel {b.vessel} · {b.brewer}</div>
                    </article>
                  ))}
                </section>
              );
            })}
          </div>
        )}
        <div className="toast-container position-fixed bottom-0 end-0 p-3">
          <div className="toast align-items-center text-bg-dark border-0" role="status" aria-live="polite" aria-atomic="true" ref={el => { this.toastEl = el; }}>
            <div className="d-flex">
              <div className="toast-body">{this.state.toast}</div>
              <button type="button" className="btn-close btn-close-white me-2 m-auto" data-bs-dismiss="toast" aria-label="Close"></button>
            </div>
          </div>
        </div>
      </div>
    );
  }
}
