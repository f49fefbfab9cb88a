import { pageTitle } from 'ember-page-title';
import SiteVisitForm from '../components/site-visit-form';
<template>
  {{pageTitle "Promoter site visits"}}
  <h1>Promoter site visits</h1>
  <p class="lede">Book a promoter in to walk round Northgate Hall with the duty manager before their hire. Weekdays only.</p>
  <SiteVisitForm />
</template>
