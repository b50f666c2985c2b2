import { defineAsset } from './assets.js';

/**
 * "Copy" buttons beside text people paste elsewhere (a request body, a curl command, a secret shown
 * once in a read-only text box): every element
 * with `data-copy="<what>"` gets a button before it that puts the element's text on the clipboard
 * and says so in a status line. Without script (or without the Clipboard API) there is no button:
 * the text is plain, selectable text in a `<pre>` or the text box. Plain ES2017, served from this server.
 */
const SOURCE = `(function () {
  'use strict';
  if (!navigator.clipboard) return;
  Array.prototype.forEach.call(document.querySelectorAll('[data-copy]'), function (source) {
    var button = document.createElement('button');
    button.type = 'button';
    button.className = 'button secondary copy-button';
    button.textContent = 'Copy ' + source.getAttribute('data-copy');
    var status = document.createElement('span');
    status.className = 'hint';
    status.setAttribute('role', 'status');
    button.addEventListener('click', function () {
      navigator.clipboard.writeText((source.tagName === 'TEXTAREA' ? source.value : source.textContent) || '').then(
        function () { status.textContent = 'Copied.'; },
        function () { status.textContent = 'Could not copy: select the text and copy it.'; }
      );
    });
    // A text box keeps its label right above it: the button goes after it.
    var before = source.tagName === 'TEXTAREA' ? source.nextSibling : source;
    source.parentNode.insertBefore(button, before);
    source.parentNode.insertBefore(status, before);
  });
})();
`;

export const COPY_BUTTONS_SCRIPT = defineAsset('copy-buttons', 'js', SOURCE);
