import { LightningElement } from 'lwc';
import { api } from 'x/api';

export default class Dashboard extends LightningElement {
  static renderMode = 'light';
  summary = null;

  connectedCallback() {
    api('/api/summary').then((s) => { this.summary = s; }).catch(() => {});
  }

  get tiles() {
    const s = this.summary;
    const stat = (v, word) => (s ? `${v} ${word}` : '…');
    return [
      { path: '/trees', title: 'Tree register', text: 'Every tree by block, row and position: health, yields, tags and felling decisions.', stat: stat(s && s.trees, 'trees') },
      { path: '/notices', title: 'Notices', text: 'Notices for the members’ board and the newsletter.', stat: stat(s && s.notices, 'published') },
      { path: '/work-orders', title: 'Work orders', text: 'Repairs and maintenance jobs around the orchard and sheds.', stat: stat(s && s.openWorkOrders, 'open') },
      { path: '/intake', title: 'Weighbridge intake', text: 'Send the weighbridge sheets to the intake ledger.', stat: stat(s && s.uploads, 'sheets received') },
      { path: '/yields', title: 'Weekly yields', text: 'Fruit brought in per block, week by week, and spot checks.', stat: 'weeks 36–42' },
      { path: '/bookings', title: 'Press bookings', text: 'Book presses, mills and pasteurisers for members.', stat: stat(s && s.bookings, 'upcoming') },
      { path: '/members', title: 'Members', text: 'The members list: growers, pickers and volunteers.', stat: stat(s && s.members, 'members') },
    ];
  }
}
