import EmberRouter from '@embroider/router';
import config from 'northgate-sinfonia-backoffice/config/environment';

export default class Router extends EmberRouter {
  location = config.locationType;
  rootURL = config.rootURL;
}

Router.map(function () {
  this.route('tour-legs');
  this.route('loading-notice');
  this.route('load-board');
  this.route('hire-imports');
  this.route('chair-hire');
  this.route('site-visits');
  this.route('crew');
  this.route('not-found', { path: '/*path' });
});
