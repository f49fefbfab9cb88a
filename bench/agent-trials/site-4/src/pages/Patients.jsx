import React, { useEffect, useMemo, useState } from 'react';
import Box from '@mui/material/Box';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import Alert from '@mui/material/Alert';
import { DataGrid } from '@mui/x-data-grid';
import { useSnackbar } from 'notistack';
import { getJson, postJson, fmtDate } from '../api.js';

export default function Patients() {
  const [rows, setRows] = useState([]);
  const [loading, setLoading] = useState(true);
  const [busy, setBusy] = useState(null);
  const [error, setError] = useState('');
  const { enqueueSnackbar } = useSnackbar();

  useEffect(() => { getJson('/api/patients').then((r) => { setRows(r); setLoading(false); }).catch((e) => setError(String(e.message))); }, []);

  const columns = useMemo(() => {
    const toggle = (channel, field, label) => ({
      field, headerName: label, width: 150, type: 'boolean', sortable: true,
      renderCell: ({ row }) => (
        <Switch size="small" checked={row[field]} disabled={busy === row.id + channel}
          slotProps={{ input: { 'aria-label': `${label} for ${row.firstName} ${row.surname} (${row.id})` } }}
          onChange={async (e) => {
            const enabled = e.target.checked;
            setBusy(row.id + channel);
            try {
              const p = await postJson(`/api/patients/${row.id}/reminders`, { channel, enabled });
              setRows((rs) => rs.map((r) => (r.id === p.id ? p : r)));
              enqueueSnackbar(`${label} turned ${enabled ? 'on' : 'off'} for ${row.firstName} ${row.surname}`, { variant: 'success' });
            } catch (err) { enqueueSnackbar('Could not save: ' + err.message, { variant: 'error' }); }
            setBusy(null);
          }} />
      ),
    });
    return [
      { field: 'id', headerName: 'Patient ID', width: 115 },
      { field: 'surname', headerName: 'Surname', width: 140 },
      { field: 'firstName', headerName: 'First name', width: 120 },
      { field: 'dob', headerName: 'Date of birth', width: 125, valueFormatter: (v) => fmtDate(v) },
      { field: 'sex', headerName: 'Sex', width: 60 },
      { field: 'clinic', headerName: 'Clinic', width: 145 },
      { field: 'nhsNumber', headerName: 'NHS number', width: 130 },
      { field: 'phone', headerName: 'Mobile', width: 135 },
      { field: 'email', headerName: 'Email', width: 240 },
      { field: 'address', headerName: 'Address', width: 190 },
      { field: 'postcode', headerName: 'Postcode', width: 100 },
      { field: 'gp', headerName: 'Usual clinician', width: 135 },
      { field: 'lastVisit', headerName: 'Last visit', width: 120, valueFormatter: (v) => fmtDate(v) },
      { field: 'nextRecall', headerName: 'Next recall', width: 120, valueFormatter: (v) => fmtDate(v) },
      { field: 'conditions', headerName: 'Long-term conditions', width: 220 },
      { field: 'allergies', headerName: 'Allergies', width: 120 },
      { field: 'medications', headerName: 'Repeat meds', width: 110, type: 'number' },
      { field: 'language', headerName: 'Language', width: 110 },
      { field: 'interpreter', headerName: 'Interpreter', width: 105 },
      { field: 'carer', headerName: 'Carer', width: 80 },
      { field: 'emergencyContact', headerName: 'Emergency contact', width: 220 },
      { field: 'consentShare', headerName: 'Record sharing', width: 125 },
      { field: 'portal', headerName: 'Patient portal', width: 135 },
      toggle('email', 'emailReminders', 'Email reminders'),
      toggle('sms', 'smsReminders', 'SMS reminders'),
    ];
  }, [busy, enqueueSnackbar]);

  return (
    <>
      <Typography variant="h5" gutterBottom>Patients</Typography>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        All patients registered with the Quayside Clinic Group. Appointment reminders are sent by email and SMS two days before each visit.
      </Typography>
      {error && <Alert severity="error">{error}</Alert>}
      <Box sx={{ height: 640, width: '100%', bgcolor: 'background.paper' }}>
        <DataGrid
          rows={rows}
          columns={columns}
          loading={loading}
          density="compact"
          disableRowSelectionOnClick
          showToolbar
          pageSizeOptions={[25, 50, 100]}
          initialState={{ pagination: { paginationModel: { pageSize: 100, page: 0 } }, sorting: { sortModel: [{ field: 'id', sort: 'asc' }] } }}
        />
      </Box>
    </>
  );
}
