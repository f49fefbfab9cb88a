import React, { useEffect, useState } from 'react';
import dayjs from 'dayjs';
import Alert from '@mui/material/Alert';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControl from '@mui/material/FormControl';
import InputLabel from '@mui/material/InputLabel';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Select from '@mui/material/Select';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { DatePicker } from '@mui/x-date-pickers/DatePicker';
import { TimePicker } from '@mui/x-date-pickers/TimePicker';
import { getJson, postJson, fmtDate } from '../api.js';

export default function Sessions() {
  const [opts, setOpts] = useState(null);
  const [sessions, setSessions] = useState([]);
  const [clinic, setClinic] = useState('Pier Road');
  const [type, setType] = useState('');
  const [date, setDate] = useState(null);
  const [time, setTime] = useState(null);
  const [staff, setStaff] = useState([]);
  const [msg, setMsg] = useState(null);
  const [busy, setBusy] = useState(false);
  const load = () => getJson('/api/sessions').then(setSessions);
  useEffect(() => { getJson('/api/session-options').then((o) => { setOpts(o); setStaff(o.defaultStaff); }); load(); }, []);
  if (!opts) return <Typography>Loading…</Typography>;

  const submit = async (e) => {
    e.preventDefault();
    if (!type || !date || !date.isValid() || !time || !time.isValid() || !staff.length) {
      setMsg({ sev: 'warning', text: 'Please fill in the session type, date, start time and at least one member of staff.' });
      return;
    }
    setBusy(true);
    try {
      const s = await postJson('/api/sessions', { clinic, type, date: date.format('YYYY-MM-DD'), start: time.format('HH:mm'), staff });
      setMsg({ sev: 'success', text: `Session ${s.id} planned: ${s.type} at ${s.clinic} on ${fmtDate(s.date)}, ${s.start}.` });
      setType(''); setDate(null); setTime(null); setStaff(opts.defaultStaff);
      load();
    } catch (err) { setMsg({ sev: 'error', text: err.message }); }
    setBusy(false);
  };
  const cancel = async (s) => {
    await postJson(`/api/sessions/${s.id}/cancel`);
    setMsg({ sev: 'info', text: `Session ${s.id} cancelled.` });
    load();
  };

  return (
    <>
      <Typography variant="h5" gutterBottom>Clinic sessions</Typography>
      <Typography color="text.secondary" sx={{ mb: 2 }}>Plan group sessions and special clinics. Rooms are allocated by the clinic's reception team.</Typography>
      <Paper variant="outlined" component="form" onSubmit={submit} sx={{ p: 3, maxWidth: 720 }} aria-label="Plan a session">
        <Typography variant="h6" gutterBottom>Plan a session</Typography>
        <Stack spacing={2.5}>
          <FormControl fullWidth>
            <InputLabel id="clinic-l">Clinic</InputLabel>
            <Select labelId="clinic-l" label="Clinic" value={clinic} onChange={(e) => setClinic(e.target.value)}>
              {opts.clinics.map((c) => <MenuItem key={c} value={c}>{c}</MenuItem>)}
            </Select>
          </FormControl>
          <FormControl fullWidth>
            <InputLabel id="type-l">Session type</InputLabel>
            <Select labelId="type-l" label="Session type" value={type} onChange={(e) => setType(e.target.value)}>
              {opts.types.map((c) => <MenuItem key={c} value={c}>{c}</MenuItem>)}
            </Select>
          </FormControl>
          <Box sx={{ display: 'flex', gap: 2 }}>
            <DatePicker label="Date" value={date} onChange={setDate} disablePast format="DD/MM/YYYY" sx={{ flex: 1 }} />
            <TimePicker label="Start time" value={time} onChange={setTime} ampm={false} timeSteps={{ minutes: 15 }}
              minTime={dayjs().hour(8).minute(0)} maxTime={dayjs().hour(18).minute(0)} sx={{ flex: 1 }} />
          </Box>
          <Autocomplete multiple options={opts.staff} value={staff} onChange={(e, v) => setStaff(v)} filterSelectedOptions
            renderInput={(params) => <TextField {...params} label="Staff running the session" placeholder="Type a name" />} />
          <Box><Button type="submit" variant="contained" disabled={busy}>Plan session</Button></Box>
        </Stack>
      </Paper>
      {msg && <Alert severity={msg.sev} sx={{ mt: 2, maxWidth: 720 }}>{msg.text}</Alert>}
      <Typography variant="h6" sx={{ mt: 4, mb: 1 }}>Planned sessions</Typography>
      <Paper variant="outlined">
        <Table size="small">
          <TableHead><TableRow><TableCell>Session</TableCell><TableCell>Type</TableCell><TableCell>Clinic</TableCell><TableCell>Date</TableCell><TableCell>Start</TableCell><TableCell>Staff</TableCell><TableCell /></TableRow></TableHead>
          <TableBody>
            {sessions.map((s) => (
              <TableRow key={s.id}>
                <TableCell>{s.id}</TableCell><TableCell>{s.type}</TableCell><TableCell>{s.clinic}</TableCell>
                <TableCell>{fmtDate(s.date)}</TableCell><TableCell>{s.start}</TableCell><TableCell>{s.staff.join(', ')}</TableCell>
                <TableCell><Button size="small" color="error" onClick={() => cancel(s)}>Cancel session</Button></TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </Paper>
    </>
  );
}
