import { Routes } from '@angular/router';

export const routes: Routes = [
  { path: '', pathMatch: 'full', title: 'Dashboard · Saltmarsh Quay', loadComponent: () => import('./pages/dashboard').then((m) => m.DashboardPage) },
  { path: 'register', title: 'Vessel register · Saltmarsh Quay', loadComponent: () => import('./pages/register').then((m) => m.RegisterPage) },
  { path: 'notices', title: 'Notices · Saltmarsh Quay', loadComponent: () => import('./pages/notices').then((m) => m.NoticesPage) },
  { path: 'workshop', title: 'Workshop board · Saltmarsh Quay', loadComponent: () => import('./pages/workshop').then((m) => m.WorkshopPage) },
  { path: 'engine-logs', title: 'Engine hours · Saltmarsh Quay', loadComponent: () => import('./pages/engine-logs').then((m) => m.EngineLogsPage) },
  { path: 'fuel', title: 'Fuel dock · Saltmarsh Quay', loadComponent: () => import('./pages/fuel').then((m) => m.FuelPage) },
  { path: 'lifts', title: 'Crane & lift bookings · Saltmarsh Quay', loadComponent: () => import('./pages/lifts').then((m) => m.LiftsPage) },
  { path: 'customers', title: 'Customers · Saltmarsh Quay', loadComponent: () => import('./pages/customers').then((m) => m.CustomersPage) },
  { path: '**', title: 'Not found · Saltmarsh Quay', loadComponent: () => import('./pages/not-found').then((m) => m.NotFoundPage) },
];
