import { useEffect, useState } from 'react';
import { Link } from 'wouter';
import { api, fmtDate } from '../api.js';
export default function OfferSheets() {
  const [list, setList] = useState([]);
  useEffect(() => { api('/api/offer-sheets').then(setList); }, []);
  return (
    <>
      <h1 className="page">Offer sheets</h1>
      <p className="hint">The offer sheet of each coffee, as sent to roasters and shown on our website.</p>
      <table className="plain"><thead><tr><th>Sheet</th><th>Coffee</th><th>Last updated</th></tr></thead>
        <tbody>{list.map((s) => <tr key={s.id}><td>{s.id}</td><td><Link href={`/offer-sheets/${s.id}`}>{s.title}</Link></td><td>{fmtDate(s.updated)}</td></tr>)}</tbody></table>
    </>
  );
}
