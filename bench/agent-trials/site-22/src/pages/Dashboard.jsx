import { Component } from 'inferno';
import { createElement } from 'inferno-create-element';
import { Link } from 'inferno-router';
import { api } from '../api.js';

const CARDS = [
  ['/accounts', 'Trade accounts', 'Delivery days, cellar notes and duty references for every pub we supply.', 'accounts', 'accounts'],
  ['/documents/cellar-guide', 'Cellar care guide', 'The guide we send to licensees with their first delivery.', null, ''],
  ['/brewing/schedule', 'Brew schedule', 'Move batches between brewing stages.', 'fermenting', 'batches fermenting'],
  ['/lab/gravity', 'Lab: gravity logs', 'Upload hydrometer logs to work out strength.', null, ''],
  ['/sales', 'Sales report', 'Monthly hectolitres sold, by beer.', null, ''],
  ['/tours/new', 'Book a brewery tour', 'Tours and tastings for trade customers.', 'tours', 'tours booked'],
  ['/contacts', 'Trade contacts', 'People at the pubs we supply.', 'contacts', 'contacts'],
];

export default class Dashboard extends Component {
  constructor(p) { super(p); this.state = { stats: null }; }
  componentDidMount() { document.title = 'Dashboard · Ridgeback back office'; api('GET', '/api/dashboard').then(stats => this.setState({ stats })).catch(() => {}); }
  render() {
    const s = this.state.stats;
    return (
      <div>
        <h1 className="page-title">Good morning, Jess</h1>
        <p className="page-sub">Here is what needs looking after at the brewery today.</p>
        <div className="row g-3">
          {CARDS.map(([to, title, text, key, unit]) => (
            <div className="col-md-6 col-xl-4" key={to}>
              <Link className="dash-card" to={to}>
                <h2 className="h5">{title}</h2>
                <p className="mb-2 small">{text}</p>
                {key && <div><span className="num">{s ? s[key] : '…'}</span> <span className="small">{unit}</span></div>}
              </Link>
            </div>
          ))}
        </div>
      </div>
    );
  }
}
