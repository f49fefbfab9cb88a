import React, { useEffect, useState } from 'react';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { BarChart, Bar, LineChart, Line, XAxis, YAxis, CartesianGrid, Tooltip, Legend, ResponsiveContainer } from 'recharts';
import { getJson } from '../api.js';

const COLORS = ['#0f5f73', '#c2571a', '#6b8e23', '#7b4fa0'];

export default function Reports() {
  const [d, setD] = useState(null);
  useEffect(() => { getJson('/api/reports/dna').then(setD); }, []);
  if (!d) return <Typography>Loading…</Typography>;
  const dna = d.months.map((m, i) => Object.fromEntries([['month', m], ...d.clinics.map((c) => [c, d.dna[c][i]])]));
  const att = d.months.map((m, i) => Object.fromEntries([['month', m], ...d.clinics.map((c) => [c, d.attended[c][i]])]));
  return (
    <>
      <Typography variant="h5" gutterBottom>Reports</Typography>
      <Typography color="text.secondary" sx={{ mb: 2 }}>Figures for {d.year}, January to November. December is added once the month is closed.</Typography>
      <Paper variant="outlined" sx={{ p: 2, mb: 3, maxWidth: 1000 }}>
        <Typography variant="h6">Missed appointments (did not attend) per month</Typography>
        <div style={{ width: '100%', height: 340 }} aria-label="Missed appointments chart">
          <ResponsiveContainer>
            <BarChart data={dna} margin={{ top: 16, right: 16, bottom: 4, left: 0 }}>
              <CartesianGrid strokeDasharray="3 3" vertical={false} />
              <XAxis dataKey="month" />
              <YAxis />
              <Tooltip />
              <Legend />
              {d.clinics.map((c, i) => <Bar key={c} dataKey={c} fill={COLORS[i]} isAnimationActive={false} />)}
            </BarChart>
          </ResponsiveContainer>
        </div>
      </Paper>
      <Paper variant="outlined" sx={{ p: 2, maxWidth: 1000 }}>
        <Typography variant="h6">Appointments attended per month</Typography>
        <div style={{ width: '100%', height: 300 }} aria-label="Attended appointments chart">
          <ResponsiveContainer>
            <LineChart data={att} margin={{ top: 16, right: 16, bottom: 4, left: 8 }}>
              <CartesianGrid strokeDasharray="3 3" vertical={false} />
              <XAxis dataKey="month" />
              <YAxis />
              <Tooltip />
              <Legend />
              {d.clinics.map((c, i) => <Line key={c} dataKey={c} stroke={COLORS[i]} dot={false} isAnimationActive={false} />)}
            </LineChart>
          </ResponsiveContainer>
        </div>
      </Paper>
    </>
  );
}
