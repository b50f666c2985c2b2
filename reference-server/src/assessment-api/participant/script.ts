import { defineAsset } from '../../pages/index.js';

/**
 * Conveniences for a participant's browser; the pages work the same without them.
 * - Keyboard answering: on a 1–6 scale, typing a digit chooses that answer and moves to the next
 *   statement (the radios' own arrow keys and Space still work).
 * - Autosave: a change is saved to the draft in the background (the same form POST, marked
 *   `go=autosave`), and a polite live region says so.
 * Plain ES2017 in a string: served as is from this server under the pages' CSP.
 */
const SOURCE = `(function () {
  'use strict';
  var form = document.getElementById('answers');
  if (!form) return;
  var status = document.getElementById('autosave-status');
  var timer = null;
  function save() {
    var data = new URLSearchParams(new FormData(form));
    data.set('go', 'autosave');
    fetch(form.action, { method: 'POST', body: data, credentials: 'same-origin', headers: { accept: 'application/json' } })
      .then(function (response) { if (status) status.textContent = response.ok ? 'Your answers are saved.' : 'Not saved yet: your answers are sent when you continue.'; })
      .catch(function () { if (status) status.textContent = 'Not saved yet: your answers are sent when you continue.'; });
  }
  form.addEventListener('change', function () {
    if (timer) clearTimeout(timer);
    timer = setTimeout(save, 600);
  });
  var groups = Array.prototype.slice.call(form.querySelectorAll('.scale')).map(function (scale) { return scale.closest('fieldset'); });
  groups.forEach(function (group, index) {
    group.addEventListener('keydown', function (event) {
      if (event.altKey || event.ctrlKey || event.metaKey || !/^[1-6]$/.test(event.key)) return;
      var radio = group.querySelector('input[type=radio][value="' + event.key + '"]');
      if (!radio) return;
      event.preventDefault();
      radio.checked = true;
      radio.dispatchEvent(new Event('change', { bubbles: true }));
      var next = groups[index + 1];
      var target = next ? (next.querySelector('input:checked') || next.querySelector('input[type=radio]')) : form.querySelector('button[type=submit]');
      if (target) target.focus();
    });
  });
})();
`;

export const PARTICIPANT_SCRIPT = defineAsset('participant', 'js', SOURCE);
