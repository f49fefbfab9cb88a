import '@fontsource/roboto/latin-400.css';
import '@fontsource/roboto/latin-500.css';
import '@fontsource/roboto/latin-700.css';
import React from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter, Routes, Route } from 'react-router';
import { ThemeProvider, createTheme } from '@mui/material/styles';
import CssBaseline from '@mui/material/CssBaseline';
import { LocalizationProvider } from '@mui/x-date-pickers/LocalizationProvider';
import { AdapterDayjs } from '@mui/x-date-pickers/AdapterDayjs';
import 'dayjs/locale/en-gb';
import { SnackbarProvider } from 'notistack';
import Layout from './Layout.jsx';
import Home from './pages/Home.jsx';
import Patients from './pages/Patients.jsx';
import Letters from './pages/Letters.jsx';
import LetterEditor from './pages/LetterEditor.jsx';
import WaitingList from './pages/WaitingList.jsx';
import LabResults from './pages/LabResults.jsx';
import Reports from './pages/Reports.jsx';
import Sessions from './pages/Sessions.jsx';
import Staff from './pages/Staff.jsx';
import Register from './pages/Register.jsx';
import NotFound from './pages/NotFound.jsx';

const theme = createTheme({
  palette: { primary: { main: '#0f5f73' }, secondary: { main: '#c2571a' }, background: { default: '#f4f7f8' } },
  shape: { borderRadius: 6 },
});

createRoot(document.getElementById('root')).render(
  <React.StrictMode>
    <ThemeProvider theme={theme}>
      <CssBaseline />
      <LocalizationProvider dateAdapter={AdapterDayjs} adapterLocale="en-gb">
        <SnackbarProvider maxSnack={3} anchorOrigin={{ vertical: 'bottom', horizontal: 'left' }}>
          <BrowserRouter>
            <Routes>
              <Route path="/register/:number" element={<Register />} />
              <Route element={<Layout />}>
                <Route index element={<Home />} />
                <Route path="patients" element={<Patients />} />
                <Route path="letters" element={<Letters />} />
                <Route path="letters/:id" element={<LetterEditor />} />
                <Route path="waiting-list" element={<WaitingList />} />
                <Route path="lab-results" element={<LabResults />} />
                <Route path="reports" element={<Reports />} />
                <Route path="sessions" element={<Sessions />} />
                <Route path="staff" element={<Staff />} />
                <Route path="*" element={<NotFound />} />
              </Route>
            </Routes>
          </BrowserRouter>
        </SnackbarProvider>
      </LocalizationProvider>
    </ThemeProvider>
  </React.StrictMode>,
);
