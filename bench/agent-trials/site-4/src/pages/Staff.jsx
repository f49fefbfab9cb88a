import React, { useEffect, useMemo, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import InputLabel from '@mui/material/InputLabel';
import Link from '@mui/material/Link';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Select from '@mui/material/Select';
import Switch from '@mui/material/Switch';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TablePagination from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { getJson, postJson, fmtDate } from '../api.js';

const surname = (n) => n.split(' ').pop();

export default function Staff() {
  const [staff, setStaff] = useState([]);
  const [q, setQ] = useState('');
  const [clinic, setClinic] = useState('All');
  const [contract, setContract] = useState('All');
  const [showInactive, setShowInactive] = useState(false);
  const [page, setPage] = useState(0);
  const [confirm, setConfirm] = useState(null);
  const [msg, setMsg] = useState(null);
  const load = () => getJson('/api/staff').then(setStaff);
  useEffect(() => { load(); }, []);
  useEffect(() => setPage(0), [q, clinic, contract, showInactive]);

  const rows = useMemo(() => staff
    .filter((s) => showInactive || s.active)
    .filter((s) => clinic === 'All' || s.clinic === clinic)
    .filter((s) => contract === 'All' || s.contract === contract)
    .filter((s) => !q.trim() || `${s.name} ${s.role} ${s.email}`.toLowerCase().includes(q.trim().toLowerCase()))
    .sort((a, b) => surname(a.name).localeCompare(surname(b.name)) || a.name.localeCompare(b.name)), [staff, q, clinic, contract, showInactive]);
  const PER = 10;

  const deactivate = async () => {
    const s = confirm; setConfirm(null);
    try {
      await postJson(`/api/staff/${s.id}/deactivate`);
      setMsg({ sev: 'success', text: `The account of ${s.name} (${s.contract.toLowerCase()} ${s.role}, ${s.clinic}) has been deactivated.` });
      load();
    } catch (e) { setMsg({ sev: 'error', text: e.message }); }
  };

  return (
    <>
      <Typography variant="h5" gutterBottom>Staff accounts</Typography>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        Deactivated accounts are signed out at once and can no longer sign in. Registration numbers link to the professional register.
      </Typography>
      <Box sx={{ display: 'flex', gap: 2, mb: 2, flexWrap: 'wrap', alignItems: 'center' }}>
        <TextField size="small" label="Search name, role or email" value={q} onChange={(e) => setQ(e.target.value)} sx={{ width: 280 }} />
        <FormControl size="small" sx={{ minWidth: 170 }}>
          <InputLabel id="f-clinic">Clinic</InputLabel>
          <Select labelId="f-clinic" label="Clinic" value={clinic} onChange={(e) => setClinic(e.target.value)}>
            {['All', 'Harbour Street', 'Pier Road', 'Chandlers Wharf', 'Lighthouse Lane'].map((c) => <MenuItem key={c} value={c}>{c}</MenuItem>)}
          </Select>
        </FormControl>
        <FormControl size="small" sx={{ minWidth: 140 }}>
          <InputLabel id="f-contract">Contract</InputLabel>
          <Select labelId="f-contract" label="Contract" value={contract} onChange={(e) => setContract(e.target.value)}>
            {['All', 'Salaried', 'Locum'].map((c) => <MenuItem key={c} value={c}>{c}</MenuItem>)}
          </Select>
        </FormControl>
        <FormControlLabel control={<Switch checked={showInactive} onChange={(e) => setShowInactive(e.target.checked)} />} label="Show deactivated" />
      </Box>
      {msg && <Alert severity={msg.sev} sx={{ mb: 2 }} onClose={() => setMsg(null)}>{msg.text}</Alert>}
      <Paper variant="outlined">
        <Table size="small">
          <TableHead><TableRow>
            <TableCell>Name</TableCell><TableCell>Role</TableCell><TableCell>Clinic</TableCell><TableCell>Contract</TableCell>
            <TableCell>Registration</TableCell><TableCell>Email</TableCell><TableCell>Last sign-in</TableCell><TableCell>Status</TableCell><TableCell />
          </TableRow></TableHead>
          <TableBody>
            {rows.slice(page * PER, page * PER + PER).map((s) => (
              <TableRow key={s.id} hover>
                <TableCell>{s.name}</TableCell>
                <TableCell>{s.role}</TableCell>
                <TableCell>{s.clinic}</TableCell>
                <TableCell>{s.contract}</TableCell>
                <TableCell>
                  {s.body === 'GMC' ? <Link href={`/register/${s.reg}`} target="_blank" rel="noopener">GMC {s.reg}</Link>
                    : s.body ? `${s.body} ${s.reg}` : '—'}
                </TableCell>
                <TableCell>{s.email}</TableCell>
                <TableCell>{fmtDate(s.lastSignIn)}</TableCell>
                <TableCell>{s.active ? <Chip size="small" color="success" variant="outlined" label="Active" /> : <Chip size="small" label="Deactivated" />}</TableCell>
                <TableCell>{s.active && <Button size="small" color="error" onClick={() => setConfirm(s)}>Deactivate</Button>}</TableCell>
              </TableRow>
            ))}
            {!rows.length && <TableRow><TableCell colSpan={9}>No staff match these filters.</TableCell></TableRow>}
          </TableBody>
        </Table>
        <TablePagination component="div" count={rows.length} page={page} onPageChange={(e, p) => setPage(p)} rowsPerPage={PER} rowsPerPageOptions={[PER]} />
      </Paper>
      <Dialog open={!!confirm} onClose={() => setConfirm(null)} aria-labelledby="deact-title">
        <DialogTitle id="deact-title">Deactivate account?</DialogTitle>
        <DialogContent>
          <DialogContentText>
            {confirm && <>Deactivate the account of <b>{confirm.name}</b> ({confirm.contract.toLowerCase()} {confirm.role}, {confirm.clinic}, {confirm.email})?
              They are signed out at once and can no longer sign in.</>}
          </DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button autoFocus onClick={() => setConfirm(null)}>Keep account</Button>
          <Button color="error" variant="contained" onClick={deactivate}>Deactivate</Button>
        </DialogActions>
      </Dialog>
    </>
  );
}
