// jQuery plugins in this app (jQuery UI, Trumbowyg) expect a global jQuery.
import $ from 'jquery';
window.$ = window.jQuery = $;
export default $;
