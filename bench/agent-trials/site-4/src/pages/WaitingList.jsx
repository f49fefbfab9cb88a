import React, { useEffect, useState } from 'react';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useSnackbar } from 'notistack';
import { getJson, postJson, fmtDate, fmtSlot } from '../api.js';

const PRIO = { Urgent: 'error', Soon: 'warning', Routine: 'default' };

export default function WaitingList() {
  const [rows, setRows] = useState([]);
  const [busy, setBusy] = useState(null);
  const { enqueueSnackbar } = useSnackbar();
  useEffect(() => { getJson('/api/waitlist').then(setRows); }, []);
  const book = async (w) => {
    setBusy(w.id);
    try {
      const r = await postJson(`/api/waitlist/${w.id}/book`);
      setRows((rs) => rs.map((x) => (x.id === w.id ? { ...x, booked: true } : x)));
      enqueueSnackbar(`Booked ${w.patient}: ${w.service}, ${w.clinic}, ${fmtSlot(w.slot)}. Booking reference ${r.reference}`,
        { variant: 'success', autoHideDuration: 2000 });
    } catch (e) { enqueueSnackbar('Booking failed: ' + e.message, { variant: 'error', autoHideDuration: 2000 }); }
    setBusy(null);
  };
  return (
    <>
      <Typography variant="h5" gutterBottom>Waiting list — offered slots</Typography>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        These patients have accepted the slot offered to them by phone. Booking the slot confirms it and texts the patient.
      </Typography>
      <Paper variant="outlined">
        <Table size="small">
          <TableHead><TableRow>
            <TableCell>Entry</TableCell><TableCell>Patient</TableCell><TableCell>Patient ID</TableCell><TableCell>Service</TableCell>
            <TableCell>Clinic</TableCell><TableCell>Clinician</TableCell><TableCell>Offered slot</TableCell><TableCell>Waiting since</TableCell>
            <TableCell>Priority</TableCell><TableCell />
          </TableRow></TableHead>
          <TableBody>
            {rows.map((w) => (
              <TableRow key={w.id} hover>
                <TableCell>{w.id}</TableCell>
                <TableCell>{w.patient}</TableCell>
                <TableCell>{w.patientId}</TableCell>
                <TableCell>{w.service}</TableCell>
                <TableCell>{w.clinic}</TableCell>
                <TableCell>{w.clinician}</TableCell>
                <TableCell>{fmtSlot(w.slot)}</TableCell>
                <TableCell>{fmtDate(w.since)}</TableCell>
                <TableCell><Chip size="small" label={w.priority} color={PRIO[w.priority]} variant="outlined" /></TableCell>
                <TableCell>
                  {w.booked ? <Chip size="small" color="success" label="Booked" />
                    : <Button size="small" variant="outlined" disabled={busy === w.id} onClick={() => book(w)}>Book slot</Button>}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </Paper>
    </>
  );
}
