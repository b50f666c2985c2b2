import { defineAsset } from './assets.js';

/**
 * Focus where a form's answer says the person was: an element with `data-focus="<id>"` hands the
 * focus to the element of that id once the page has loaded (the profile builder's "Add criterion"
 * lands on the new row's first field). A fragment in the form's action (`#criterion-3`) has
 * already scrolled there and, without script, focused the target itself; `autofocus` cannot do
 * this job, since browsers skip it when the URL has a fragment. Plain ES2017, served from this
 * server (the pages' CSP allows no inline script).
 */
const SOURCE = `(function () {
  'use strict';
  var marker = document.querySelector('[data-focus]');
  var target = marker && document.getElementById(marker.getAttribute('data-focus'));
  if (!target) return;
  function focusTarget() {
    // The fragment's own target is already scrolled to its top: keep that (a fieldset can be
    // taller than the window, and focusing it would scroll its top away).
    target.focus({ preventScroll: location.hash === '#' + target.id });
  }
  if (document.readyState === 'complete') focusTarget();
  else window.addEventListener('load', focusTarget);
})();
`;

export const FOCUS_ON_LOAD_SCRIPT = defineAsset('focus-on-load', 'js', SOURCE);
