import { pageTitle } from 'ember-page-title';
import ChairHireChart from '../components/chair-hire-chart';
<template>
  {{pageTitle "Chair hire & returns"}}
  <h1>Chair hire &amp; returns</h1>
  <p class="lede">Chairs hired out to outside promoters at each of our four halls. File each month's return for the council arts grant.</p>
  <ChairHireChart />
</template>
