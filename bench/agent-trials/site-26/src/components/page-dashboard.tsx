import { Component, State, h } from '@stencil/core';
import { api } from '../lib';

@Component({ tag: 'page-dashboard', shadow: false })
export class PageDashboard {
  @State() d: any = null;
  async componentWillLoad() { this.d = await api('/api/dashboard'); }
  render() {
    const d = this.d || {};
    const tiles = [
      ['/cases', 'Case register', `${d.openCases ?? '…'} open cases, ${d.rush ?? '…'} rush`],
      ['/documents', 'Lab documents', 'Procedures and handling guides'],
      ['/board', 'Production board', 'Cases moving through the lab'],
      ['/imports', 'Order imports', 'Upload practice order sheets (CSV)'],
      ['/remakes', 'Remake analysis', 'Monthly remakes by material'],
      ['/appointments', 'Shade appointments', `${d.bookings ?? '…'} booked this week`],
      ['/dentists', 'Dentist directory', `${d.dentists ?? '…'} registered dentists`],
    ];
    return (
      <section>
        <h1>Dashboard</h1>
        <p class="muted">Good morning. {d.dueToday ?? '…'} cases are due out today.</p>
        <div class="tiles">
          {tiles.map(([href, title, sub]) => (
            <a class="tile" href={href}><strong>{title}</strong><span>{sub}</span></a>
          ))}
        </div>
      </section>
    );
  }
}
