export const NAV = [
  { path: '/', label: 'Dashboard', desc: 'Today at the yard', exact: true },
  { path: '/register', label: 'Vessel register', desc: 'Every berth holder, boat and contract' },
  { path: '/workshop', label: 'Workshop board', desc: 'Work orders from booking-in to launch' },
  { path: '/lifts', label: 'Crane & lift bookings', desc: 'Book the travel hoist for a lift in or out' },
  { path: '/engine-logs', label: 'Engine hours', desc: 'Upload skippers\u2019 engine-hour logs' },
  { path: '/fuel', label: 'Fuel dock', desc: 'Monthly fuel sales and meter reconciliation' },
  { path: '/notices', label: 'Notices', desc: 'Edit notices sent to berth holders' },
  { path: '/customers', label: 'Customers', desc: 'Customer accounts' },
];
