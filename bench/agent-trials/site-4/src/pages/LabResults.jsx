import React, { useCallback, useState } from 'react';
import { useDropzone } from 'react-dropzone';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';

export default function LabResults() {
  const [file, setFile] = useState(null);
  const [status, setStatus] = useState(null);
  const [busy, setBusy] = useState(false);
  const onDrop = useCallback((accepted, rejected) => {
    if (rejected.length) setStatus({ sev: 'warning', text: `${rejected[0].file.name} was not accepted: only .csv result files can be imported.` });
    else setStatus(null);
    if (accepted.length) setFile(accepted[0]);
  }, []);
  const { getRootProps, getInputProps, isDragActive } = useDropzone({ onDrop, accept: { 'text/csv': ['.csv'] }, maxFiles: 1, multiple: false });
  const upload = async () => {
    setBusy(true);
    const fd = new FormData();
    fd.append('file', file, file.name);
    try {
      const r = await fetch('/api/results/import', { method: 'POST', body: fd });
      const j = await r.json();
      if (!r.ok) throw new Error(j.error || r.status);
      setStatus({ sev: j.outside ? 'warning' : 'success',
        text: `Batch ${j.batch}: imported ${j.imported} results for ${j.patients} patients from ${j.name}` +
          (j.rejected ? ` (${j.rejected} row${j.rejected > 1 ? 's' : ''} could not be read)` : '') +
          `. ${j.outside} result${j.outside === 1 ? ' is' : 's are'} outside the reference range and ${j.outside === 1 ? 'has' : 'have'} been sent to the duty doctor.` });
      setFile(null);
    } catch (e) { setStatus({ sev: 'error', text: 'Import failed: ' + e.message }); }
    setBusy(false);
  };
  return (
    <>
      <Typography variant="h5" gutterBottom>Import lab results</Typography>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        The pathology lab sends a monthly CSV export. Results are matched to patients by patient ID and checked against the reference ranges.
      </Typography>
      <Paper variant="outlined" sx={{ p: 2, maxWidth: 720 }}>
        <Box {...getRootProps()} sx={{ border: '2px dashed', borderColor: isDragActive ? 'primary.main' : 'grey.400', borderRadius: 2, p: 5,
          textAlign: 'center', cursor: 'pointer', bgcolor: isDragActive ? 'action.hover' : 'grey.50' }}>
          <input {...getInputProps()} aria-label="Lab result file" />
          <Typography>{isDragActive ? 'Drop the file here…' : 'Drag the lab result file here, or click to choose it'}</Typography>
          <Typography variant="body2" color="text.secondary">CSV only, one file at a time</Typography>
        </Box>
        {file && (
          <Box sx={{ mt: 2, display: 'flex', alignItems: 'center', gap: 2 }}>
            <Chip label={`${file.name} · ${(file.size / 1024).toFixed(1)} KB`} onDelete={() => setFile(null)} />
            <Button variant="contained" disabled={busy} onClick={upload}>Import results</Button>
          </Box>
        )}
        {busy && <LinearProgress sx={{ mt: 2 }} />}
      </Paper>
      {status && <Alert severity={status.sev} sx={{ mt: 2, maxWidth: 720 }} role="status">{status.text}</Alert>}
    </>
  );
}
