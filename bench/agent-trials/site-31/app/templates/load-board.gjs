import { pageTitle } from 'ember-page-title';
import LoadBoard from '../components/load-board';
<template>
  {{pageTitle "Truck load board"}}
  <h1>Truck load board</h1>
  <p class="lede">Winter tour get-out, Northgate Hall dock. Drag kit between the dock, the trucks and the held-back pile. Every move is logged with a load reference.</p>
  <LoadBoard />
</template>
