import React, { useEffect } from 'react';
import { NavLink, Outlet, useLocation } from 'react-router';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Drawer from '@mui/material/Drawer';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import ListSubheader from '@mui/material/ListSubheader';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import Avatar from '@mui/material/Avatar';

export const NAV = [
  ['/', 'Dashboard'],
  ['/patients', 'Patients'],
  ['/letters', 'Letters'],
  ['/waiting-list', 'Waiting list'],
  ['/lab-results', 'Lab results'],
  ['/reports', 'Reports'],
  ['/sessions', 'Clinic sessions'],
  ['/staff', 'Staff accounts'],
];
const W = 220;

export default function Layout() {
  const loc = useLocation();
  useEffect(() => {
    const t = NAV.find(([h]) => h !== '/' && loc.pathname.startsWith(h))?.[1] || (loc.pathname === '/' ? 'Dashboard' : 'Not found');
    document.title = `${t} · Quayside Clinic Scheduler`;
  }, [loc.pathname]);
  return (
    <Box sx={{ display: 'flex' }}>
      <AppBar position="fixed" sx={{ zIndex: (t) => t.zIndex.drawer + 1 }}>
        <Toolbar variant="dense">
          <Typography variant="h6" sx={{ flexGrow: 1, fontWeight: 500 }}>Quayside Clinic Scheduler</Typography>
          <Typography variant="body2" sx={{ mr: 1.5 }}>Jordan Pike · Practice manager</Typography>
          <Avatar sx={{ width: 30, height: 30, bgcolor: 'secondary.main', fontSize: 14 }}>JP</Avatar>
        </Toolbar>
      </AppBar>
      <Drawer variant="permanent" sx={{ width: W, flexShrink: 0, '& .MuiDrawer-paper': { width: W, boxSizing: 'border-box' } }}>
        <Toolbar variant="dense" />
        <List component="nav" aria-label="Main" subheader={<ListSubheader>Quayside Clinic Group</ListSubheader>}>
          {NAV.map(([href, label]) => (
            <ListItemButton key={href} component={NavLink} to={href} end={href === '/'}
              sx={{ '&.active': { bgcolor: 'action.selected', fontWeight: 600, borderRight: 3, borderColor: 'primary.main' } }}>
              <ListItemText primary={label} />
            </ListItemButton>
          ))}
        </List>
      </Drawer>
      <Box component="main" sx={{ flexGrow: 1, p: 3, minWidth: 0 }}>
        <Toolbar variant="dense" />
        <Outlet />
      </Box>
    </Box>
  );
}
