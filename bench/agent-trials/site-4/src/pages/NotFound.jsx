import React from 'react';
import { Link } from 'react-router';
import Typography from '@mui/material/Typography';
export default function NotFound() {
  return (<><Typography variant="h5" gutterBottom>Page not found</Typography><Link to="/">Back to the dashboard</Link></>);
}
