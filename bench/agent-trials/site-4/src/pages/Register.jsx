import React, { useEffect, useState } from 'react';
import { useParams } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { getJson, fmtDate } from '../api.js';

export default function Register() {
  const { number } = useParams();
  const [e, setE] = useState(null);
  const [err, setErr] = useState('');
  useEffect(() => {
    document.title = `GMC ${number} · Register check`;
    getJson(`/api/register/${number}`).then(setE).catch(() => setErr(`No doctor with reference number ${number} is on the register.`));
  }, [number]);
  return (
    <Box sx={{ maxWidth: 760, mx: 'auto', p: 4 }}>
      <Typography variant="overline" color="text.secondary">Quayside Clinic Group · professional register check</Typography>
      <Typography variant="h5" gutterBottom>Medical register entry</Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>Copy of the public register, refreshed nightly. Reference number {number}.</Typography>
      {err && <Alert severity="warning">{err}</Alert>}
      {e && (
        <Paper variant="outlined">
          <Table size="small">
            <TableBody>
              {[
                ['Name', e.name], ['Reference number', e.number], ['Gender', e.gender], ['Registration status', e.status],
                ['Registered since', fmtDate(e.registeredSince)], ['Licence to practise valid until', fmtDate(e.licenceUntil)],
                ['Next revalidation submission due', fmtDate(e.revalidation)], ['Specialist / GP register', e.gpRegister],
                ['Primary medical qualification', e.qualification],
              ].map(([k, v]) => <TableRow key={k}><TableCell component="th" sx={{ fontWeight: 500, width: 300 }}>{k}</TableCell><TableCell>{v}</TableCell></TableRow>)}
            </TableBody>
          </Table>
        </Paper>
      )}
    </Box>
  );
}
