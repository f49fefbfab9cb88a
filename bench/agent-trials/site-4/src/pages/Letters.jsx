import React, { useEffect, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import Chip from '@mui/material/Chip';
import { getJson, fmtDate } from '../api.js';

export default function Letters() {
  const [letters, setLetters] = useState(null);
  useEffect(() => { getJson('/api/letters').then(setLetters); }, []);
  return (
    <>
      <Typography variant="h5" gutterBottom>Draft letters</Typography>
      <Typography color="text.secondary" sx={{ mb: 2 }}>Letters are sent to the patient's GP and the patient once the author signs them off.</Typography>
      <Paper variant="outlined">
        <Table size="small">
          <TableHead><TableRow><TableCell>Letter</TableCell><TableCell>Type</TableCell><TableCell>Patient</TableCell><TableCell>Patient ID</TableCell><TableCell>Author</TableCell><TableCell>Last change</TableCell><TableCell /></TableRow></TableHead>
          <TableBody>
            {(letters || []).map((l) => (
              <TableRow key={l.id} hover>
                <TableCell>{l.id}</TableCell>
                <TableCell>{l.type}</TableCell>
                <TableCell>{l.patient}</TableCell>
                <TableCell>{l.patientId}</TableCell>
                <TableCell>{l.author}</TableCell>
                <TableCell>{fmtDate(l.updated)}{l.saved && <Chip size="small" label="edited" sx={{ ml: 1 }} />}</TableCell>
                <TableCell><Link component={RouterLink} to={`/letters/${l.id}`}>Open draft</Link></TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </Paper>
    </>
  );
}
