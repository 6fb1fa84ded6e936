/*
 * The crew's installable app: the service worker (public/sw.js) is registered by the Today and
 * job pages of the production build only, so development (Vite's own server) and every other
 * page are left as they were. Once it runs, it is handed the built files this page already
 * loaded, so a reload with no network finds all of them.
 */
let started = false;

export function registerServiceWorker(): void {
  if (started || !import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  started = true;
  navigator.serviceWorker
    .register('/sw.js', { scope: '/' })
    .then(() => navigator.serviceWorker.ready)
    .then((registration) => {
      const urls = performance
        .getEntriesByType('resource')
        .map((e) => e.name)
        .filter((u) => u.startsWith(`${location.origin}/assets/`));
      registration.active?.postMessage({ type: 'cache-urls', urls });
    })
    .catch(() => {
      // No worker (private mode, refused): the app works online as before.
    });
}
