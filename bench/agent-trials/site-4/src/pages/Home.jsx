import React from 'react';
import { Link as RouterLink } from 'react-router';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import CardContent from '@mui/material/CardContent';
import Grid from '@mui/material/Grid';
import Typography from '@mui/material/Typography';

const CARDS = [
  ['/patients', 'Patients', 'Registered patients of all four clinics, contact details and reminder preferences.'],
  ['/letters', 'Letters', 'Draft clinic, referral and discharge letters waiting to be finalised.'],
  ['/waiting-list', 'Waiting list', 'Slots offered to patients on the waiting list.'],
  ['/lab-results', 'Lab results', 'Import result files sent by the pathology lab.'],
  ['/reports', 'Reports', 'Attendance and missed-appointment figures for 2026.'],
  ['/sessions', 'Clinic sessions', 'Plan group sessions and special clinics.'],
  ['/staff', 'Staff accounts', 'Accounts of salaried and locum staff.'],
];
export default function Home() {
  return (
    <>
      <Typography variant="h5" gutterBottom>Good evening, Jordan</Typography>
      <Typography color="text.secondary" sx={{ mb: 3 }}>Saturday 5 December 2026 · Harbour Street, Pier Road, Chandlers Wharf and Lighthouse Lane</Typography>
      <Grid container spacing={2}>
        {CARDS.map(([to, title, text]) => (
          <Grid key={to} size={{ xs: 12, sm: 6, md: 4 }}>
            <Card variant="outlined" sx={{ height: '100%' }}>
              <CardActionArea component={RouterLink} to={to} sx={{ height: '100%' }}>
                <CardContent>
                  <Typography variant="h6">{title}</Typography>
                  <Typography variant="body2" color="text.secondary">{text}</Typography>
                </CardContent>
              </CardActionArea>
            </Card>
          </Grid>
        ))}
      </Grid>
    </>
  );
}
