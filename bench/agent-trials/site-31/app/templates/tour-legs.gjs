import { pageTitle } from 'ember-page-title';
import TourLegsGrid from '../components/tour-legs-grid';
<template>
  {{pageTitle "Tour legs"}}
  <h1>Tour legs</h1>
  <p class="lede">All 300 legs on the 2025–26 touring calendar. Scroll sideways for trucks, kit counts, insurance and manifests.</p>
  <TourLegsGrid />
</template>
