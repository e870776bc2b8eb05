/* The demo's service worker: MSW's own worker, minus the console's static files. MSW would hand
 * every script, style, font and image to the page to decide, and back; on a cold load that round
 * trip per file, behind a busy main thread, cost most of a second. No demo route serves them. */
const staticDestinations = new Set([
  'script',
  'style',
  'font',
  'image',
  'manifest',
  'worker',
  'sharedworker',
]);

self.addEventListener('fetch', (event) => {
  if (staticDestinations.has(event.request.destination)) event.stopImmediatePropagation();
});

importScripts('./mockServiceWorker.js');
