// Some of the jQuery-era widgets expect globals.
import $ from 'jquery';
import Raphael from 'raphael';
window.jQuery = window.$ = $;
window.Raphael = Raphael;
export { $, Raphael };
