// daterangepicker's UMD wrapper looks for window.jQuery / window.moment first.
import $ from 'jquery';
import moment from 'moment';
window.jQuery = window.$ = $;
window.moment = moment;
