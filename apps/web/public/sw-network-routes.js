/* global self */
// Imported by the generated service worker (vite.config.ts). Requests that change something go straight to the
// network, never through the worker (the Service Worker Static Routing API): with a worker in their path,
// Chromium loses the keepalive report a page sends as it goes (where a story stopped). Where the API is
// missing, the worker's routes let such requests through as before.
self.addEventListener('install', (event) => {
  if (typeof event.addRoutes !== 'function') return;
  event.waitUntil(event.addRoutes(['POST', 'PUT', 'PATCH', 'DELETE'].map((method) => ({ condition: { requestMethod: method }, source: 'network' }))));
});
