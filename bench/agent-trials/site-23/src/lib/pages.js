export const PAGES = [
  { path: '/', title: 'Dashboard', nav: 'Dashboard' },
  { path: '/moves', title: 'Moves register', nav: 'Moves register', blurb: 'Every booked and quoted move: edit status and access notes in the grid, then save.' },
  { path: '/templates', title: 'Letter templates', nav: 'Letter templates', blurb: 'Customer letters sent before moving day, edited in the rich-text editor.' },
  { path: '/pipeline', title: 'Survey pipeline', nav: 'Survey pipeline', blurb: 'Enquiries through to won jobs: drag cards between stages.' },
  { path: '/inventory', title: 'Inventory upload', nav: 'Inventory upload', blurb: 'Upload a customer inventory CSV to estimate the load volume and vehicle.' },
  { path: '/fleet', title: 'Fleet fuel', nav: 'Fleet fuel', blurb: 'Monthly diesel use per vehicle, and the monthly fuel check.' },
  { path: '/surveys/new', title: 'Book a survey', nav: 'Book a survey', blurb: 'Book an in-home or video survey with a surveyor.' },
  { path: '/staff', title: 'Staff directory', nav: 'Staff directory', blurb: 'Porters, drivers, packers and surveyors across the four depots.' },
];
