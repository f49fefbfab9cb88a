import { useEffect, useState } from 'react';
import { api } from '../api.js';
export default function Dashboard() {
  const [d, setD] = useState(null);
  useEffect(() => { api('/api/dashboard').then(setD); }, []);
  return (
    <>
      <h1 className="page">Dashboard</h1>
      <p className="hint">Green coffee in our warehouses, contracts, arrivals and cuppings.</p>
      {d && <div className="cards">
        <div className="card"><b>{d.lots}</b>green lots</div>
        <div className="card"><b>{d.contractsAwaiting}</b>contracts awaiting confirmation</div>
        <div className="card"><b>{d.activeReservations}</b>active reservations</div>
        <div className="card"><b>{d.cuppings}</b>cupping sessions booked</div>
        <div className="card"><b>{d.arrivals}</b>packing lists imported today</div>
      </div>}
    </>
  );
}
