import { html, render } from 'uhtml';
const BLURB = {
  '/roster': 'Volunteer roster, certificates and status.',
  '/notice': 'Public notice shown at the booking office.',
  '/works': 'Carriage & wagon works orders board.',
  '/imports': 'Import gift shop till exports.',
  '/ridership': 'Passenger journeys by service, 2025 season.',
  '/footplate': 'Book footplate experience turns.',
  '/members': 'Supporters’ association members.',
};
export function mount(el, { ROUTES }) {
  render(el, html`
    <h1>Good morning</h1>
    <p class="lead">Everything for running the line from Ashby Road to Kestrel Bridge.</p>
    <div class="tiles">
      ${ROUTES.filter(r => r.path !== '/').map(r => html`
        <a class="tile" href=${r.path}><strong>${r.title}</strong><span>${BLURB[r.path]}</span></a>`)}
    </div>`);
}
