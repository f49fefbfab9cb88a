import { Component } from 'inferno';
import { createElement } from 'inferno-create-element';
import '@mux/mux-uploader';
import { api } from '../api.js';

export default class Lab extends Component {
  constructor(p) { super(p); this.state = { logs: [], latest: null, err: null, busy: false }; }
  componentDidMount() {
    document.title = 'Lab: gravity logs · Ridgeback back office';
    this.load();
    const up = this.uploader;
    up.endpoint = '/api/lab/gravity-logs';
    const input = up.shadowRoot && up.shadowRoot.querySelector('#hidden-file-input');
    if (input) { input.setAttribute('accept', '.csv,text/csv'); input.setAttribute('aria-label', 'Gravity log file'); }
    this.onStart = () => this.setState({ busy: true, err: null, latest: null });
    this.onSuccess = () => { this.load(true); };
    this.onError = (e) => this.setState({ busy: false, err: 'Upload failed: the file could not be read as a gravity log.' + (e.detail && e.detail.message ? ` (${e.detail.message})` : '') });
    up.addEventListener('uploadstart', this.onStart);
    up.addEventListener('success', this.onSuccess);
    up.addEventListener('uploaderror', this.onError);
  }
  componentWillUnmount() {
    const up = this.uploader; if (!up) return;
    up.removeEventListener('uploadstart', this.onStart); up.removeEventListener('success', this.onSuccess); up.removeEventListener('uploaderror', this.onError);
  }
  load(fromUpload) {
    api('GET', '/api/lab/gravity-logs').then(logs => this.setState({ logs, busy: false, latest: fromUpload ? logs[logs.length - 1] : this.state.latest }))
      .catch(e => this.setState({ err: e.message, busy: false }));
  }
  another() { this.uploader.dispatchEvent(new CustomEvent('reset')); this.setState({ latest: null, err: null }); }
  render() {
    const l = this.state.latest;
    return (
      <div>
        <h1 className="page-title">Lab: gravity logs</h1>
        <p className="page-sub">Upload the hydrometer log exported from the fermenter logger (CSV). We work out original and final gravity and the strength of the batch.</p>
        <div className="row g-3">
          <div className="col-lg-6">
            <div className="uploader-box">
              <mux-uploader id="gravity-uploader" no-drop no-status ref={el => { this.uploader = el; }}></mux-uploader>
              <mux-uploader-drop mux-uploader="gravity-uploader" overlay overlay-text="Release to upload">
                <span slot="heading" className="fw-semibold">Drop a gravity log (.csv) here</span>
                <span slot="separator" className="text-muted small">or</span>
                <mux-uploader-file-select mux-uploader="gravity-uploader">
                  <button type="button" className="btn btn-brew">Choose gravity log…</button>
                </mux-uploader-file-select>
                <mux-uploader-progress mux-uploader="gravity-uploader" type="bar" style={{ width: '100%' }}></mux-uploader-progress>
              </mux-uploader-drop>
              <mux-uploader-status mux-uploader="gravity-uploader"></mux-uploader-status>
              {this.state.busy && <p className="small text-muted mt-2" aria-live="polite">Uploading and analysing…</p>}
              {this.state.err && <div className="alert alert-danger py-2 mt-2" role="alert">{this.state.err} <button type="button" className="btn btn-link btn-sm" onClick={() => this.another()}>Try another file</button></div>}
              {l && (
                <div className="alert alert-success mt-3" role="status">
                  <h2 className="h6 mb-1">Analysis for batch {l.batch} ({l.id})</h2>
                  <div>{l.readings} readings · OG {l.og.toFixed(3)} · FG {l.fg.toFixed(3)} · Apparent attenuation {l.attenuation}%</div>
                  <div className="fs-5">ABV <strong>{l.abv.toFixed(2)}%</strong></div>
                  <button type="button" className="btn btn-outline-secondary btn-sm mt-2" onClick={() => this.another()}>Upload another log</button>
                </div>
              )}
            </div>
          </div>
          <div className="col-lg-6">
            <h2 className="h6">Logs uploaded today</h2>
            {this.state.logs.length === 0 ? <p className="text-muted small">None yet.</p> : (
              <table className="table table-sm bg-white">
                <thead><tr><th>Ref</th><th>Batch</th><th>OG</th><th>FG</th><th>ABV</th></tr></thead>
                <tbody>{this.state.logs.map(x => <tr key={x.id}><td>{x.id}</td><td>{x.batch}</td><td>{x.og.toFixed(3)}</td><td>{x.fg.toFixed(3)}</td><td>{x.abv.toFixed(2)}%</td></tr>)}</tbody>
              </table>
            )}
          </div>
        </div>
      </div>
    );
  }
}
