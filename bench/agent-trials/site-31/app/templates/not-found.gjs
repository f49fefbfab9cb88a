import { LinkTo } from '@ember/routing';
<template>
  <h1>Page not found</h1>
  <p>There is nothing here. Go back to the <LinkTo @route="index">dashboard</LinkTo>.</p>
</template>
