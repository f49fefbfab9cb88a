import { Config } from '@stencil/core';

export const config: Config = {
  namespace: 'lab',
  globalStyle: 'src/global/app.css',
  outputTargets: [{ type: 'www', serviceWorker: null, baseUrl: '/' }],
};
