import { pageTitle } from 'ember-page-title';
import CrewList from '../components/crew-list';
<template>
  {{pageTitle "Crew list"}}
  <h1>Crew list</h1>
  <p class="lede">Everyone on the touring and hall crew rota: stage hands, drivers, riggers, technicians and casuals.</p>
  <CrewList />
</template>
