/*
 * Haulpro's service worker (issue 28, the crew's installable app). Registered by the Today and
 * job pages in the production build only (features/move-day/lib/register-sw.ts).
 *
 * - The app shell (index.html, the manifest, the icons) is cached at install.
 * - Built files under /assets/ have hashed names and never change: served from the cache first,
 *   stored on first fetch. The page also hands over the files it loaded before this worker took
 *   control (a 'cache-urls' message), so the first visit is enough to work offline.
 * - Page addresses go to the network first (a deploy is picked up at once) and fall back to the
 *   cached shell when there is no network; the app then reads the job it saved (IndexedDB-free:
 *   localStorage, features/move-day/lib/job-cache.ts).
 * - Everything else (the API, uploads) is left alone: the app owns its offline queue.
 */
const SHELL_CACHE = 'haulpro-shell-v1';
const ASSET_CACHE = 'haulpro-assets-v1';
const SHELL = [
  '/index.html',
  '/manifest.webmanifest',
  '/icons/icon-192.png',
  '/icons/icon-512.png',
  '/favicon.svg',
];
/** Built files kept at most (oldest dropped first): a few releases' worth. */
const MAX_ASSETS = 400;

self.addEventListener('install', (event) => {
  event.waitUntil(
    caches
      .open(SHELL_CACHE)
      .then((cache) => cache.addAll(SHELL))
      .then(() => self.skipWaiting()),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((keys) =>
        Promise.all(keys.filter((k) => k !== SHELL_CACHE && k !== ASSET_CACHE).map((k) => caches.delete(k))),
      )
      .then(() => self.clients.claim()),
  );
});

function isAsset(url) {
  return url.origin === self.location.origin && url.pathname.startsWith('/assets/');
}

async function trim(cache) {
  const keys = await cache.keys();
  for (const key of keys.slice(0, Math.max(0, keys.length - MAX_ASSETS))) await cache.delete(key);
}

async function cacheFirst(request) {
  const cache = await caches.open(ASSET_CACHE);
  const hit = await cache.match(request, { ignoreSearch: true });
  if (hit) return hit;
  const response = await fetch(request);
  if (response.ok) {
    await cache.put(request, response.clone());
    void trim(cache);
  }
  return response;
}

async function networkFirstPage(request) {
  try {
    const response = await fetch(request);
    // A company page carries its own head: not the shell of the others.
    if (response.ok && !new URL(request.url).pathname.startsWith('/profile/')) {
      const cache = await caches.open(SHELL_CACHE);
      // Every page address serves the same shell: keep the newest.
      await cache.put('/index.html', response.clone());
    }
    return response;
  } catch (error) {
    const cache = await caches.open(SHELL_CACHE);
    const shell = await cache.match('/index.html');
    if (shell) return shell;
    throw error;
  }
}

self.addEventListener('fetch', (event) => {
  const { request } = event;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (
    request.mode === 'navigate' &&
    !url.pathname.startsWith('/api') &&
    !url.pathname.startsWith('/uploads')
  ) {
    event.respondWith(networkFirstPage(request));
    return;
  }
  if (isAsset(url)) event.respondWith(cacheFirst(request));
});

/** { type: 'cache-urls', urls: [...] }: the built files the page loaded before this worker ran. */
self.addEventListener('message', (event) => {
  const data = event.data;
  if (data?.type !== 'cache-urls' || !Array.isArray(data.urls)) return;
  const urls = data.urls.filter((u) => typeof u === 'string' && isAsset(new URL(u, self.location.origin)));
  event.waitUntil(
    caches
      .open(ASSET_CACHE)
      .then((cache) =>
        Promise.all(
          urls.map((u) =>
            cache.match(u).then((hit) => (hit ? undefined : cache.add(u).catch(() => undefined))),
          ),
        ),
      ),
  );
});
