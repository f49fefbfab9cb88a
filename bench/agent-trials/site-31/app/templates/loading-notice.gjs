import { pageTitle } from 'ember-page-title';
import LoadingNoticeEditor from '../components/loading-notice-editor';
<template>
  {{pageTitle "Loading-bay notice"}}
  <h1>Loading-bay notice</h1>
  <p class="lede">Sent to every visiting promoter with their hire confirmation. Edit, then save to publish.</p>
  <LoadingNoticeEditor />
</template>
