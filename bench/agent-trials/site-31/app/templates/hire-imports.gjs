import { pageTitle } from 'ember-page-title';
import HireImports from '../components/hire-imports';
<template>
  {{pageTitle "Hire-request imports"}}
  <h1>Hire-request imports</h1>
  <p class="lede">Import the season's hire requests from outside promoters. The office checks each file before it goes to the venue managers.</p>
  <HireImports />
</template>
