import { defineAsset } from './assets.js';

/**
 * Live updates of a page whose content still moves (a submission being scored, a webhook delivery
 * under way), without reloading it: every `data-live-seconds` seconds the script fetches the page
 * again and swaps in the new content of each `[data-live-region]` element (matched by id), so
 * forms, focus and scroll position stay as they are. It stops once the fresh page no longer asks
 * for updates (the content settled), and a polite live region says when something changed. Without
 * script, the page's Refresh link does the same by hand. Plain ES2017, served from this server.
 */
const SOURCE = `(function () {
  'use strict';
  var main = document.querySelector('main[data-live-seconds]');
  if (!main) return;
  var seconds = Math.max(1, Number(main.getAttribute('data-live-seconds')) || 5);
  var status = document.getElementById('live-status');
  function tick() {
    fetch(location.href, { credentials: 'same-origin', headers: { accept: 'text/html' } })
      .then(function (response) { return response.ok ? response.text() : Promise.reject(new Error(String(response.status))); })
      .then(function (html) {
        var fresh = new DOMParser().parseFromString(html, 'text/html');
        var changed = false;
        Array.prototype.forEach.call(document.querySelectorAll('[data-live-region]'), function (region) {
          var next = fresh.getElementById(region.id);
          if (next && next.innerHTML !== region.innerHTML) { region.innerHTML = next.innerHTML; changed = true; }
        });
        if (changed && status) status.textContent = 'Updated at ' + new Date().toISOString().slice(11, 19) + ' UTC.';
        var freshMain = fresh.querySelector('main');
        if (freshMain && freshMain.hasAttribute('data-live-seconds')) setTimeout(tick, seconds * 1000);
      })
      .catch(function () { setTimeout(tick, seconds * 4000); });
  }
  setTimeout(tick, seconds * 1000);
})();
`;

export const LIVE_UPDATES_SCRIPT = defineAsset('live-updates', 'js', SOURCE);
