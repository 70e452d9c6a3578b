/**
 * Registers the generated service worker (vite.config.ts `installableApp`, issue 26) once the page has loaded,
 * so its precaching never competes with the page's first paint. Not in development, where there is none.
 */
export function registerServiceWorker(): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  // workbox-window is downloaded only then, outside the code every first paint waits for.
  const register = () =>
    void import('workbox-window')
      .then(({ Workbox }) => new Workbox('/sw.js', { scope: '/' }).register())
      .catch((error: unknown) => console.warn('The service worker was not registered', error));
  if (document.readyState === 'complete') register();
  else window.addEventListener('load', register, { once: true });
}
