/* Einwurf service worker: keeps the app shell for offline starts; never touches API or monitoring. */
// Bump VERSION when this file's caching rules change: activate then drops every older cache.
const VERSION = 'einwurf-shell-v1';
const BASE = '/publish/';
const INDEX = '/publish/index.html';

self.addEventListener('install', (event) => {
  event.waitUntil(
    caches
      .open(VERSION)
      .then((cache) => cache.add(INDEX))
      .catch(() => undefined)
      .then(() => self.skipWaiting()),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((keys) => Promise.all(keys.filter((key) => key !== VERSION).map((key) => caches.delete(key))))
      .then(() => self.clients.claim()),
  );
});

function isUncacheable(url) {
  return (
    url.origin !== self.location.origin ||
    url.pathname.startsWith('/api/') ||
    url.pathname === '/healthz' ||
    url.pathname.startsWith('/healthz/') ||
    url.pathname === '/metrics' ||
    url.pathname.startsWith('/metrics/')
  );
}

// A new deployment ships a new index.html; hashed assets the old one used are dropped from the cache then
// (assets still needed are fetched again on first use).
async function storeShell(cache, response) {
  const html = await response.clone().text();
  const previous = await cache.match(INDEX);
  await cache.put(INDEX, response.clone());
  if (!previous || (await previous.text()) === html) return;
  for (const request of await cache.keys()) {
    const path = new URL(request.url).pathname;
    if (path.startsWith(`${BASE}assets/`) && !html.includes(path)) await cache.delete(request);
  }
}

async function networkFirstNavigation(request) {
  const cache = await caches.open(VERSION);
  try {
    const response = await fetch(request);
    const type = response.headers.get('content-type') || '';
    if (response.ok && type.includes('text/html')) await storeShell(cache, response);
    return response;
  } catch (error) {
    const cached = await cache.match(INDEX);
    if (cached) return cached;
    throw error;
  }
}

async function cacheFirstAsset(request) {
  const cache = await caches.open(VERSION);
  const cached = await cache.match(request);
  if (cached) return cached;
  const response = await fetch(request);
  if (response.ok) await cache.put(request, response.clone());
  return response;
}

self.addEventListener('fetch', (event) => {
  const { request } = event;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (isUncacheable(url)) return;
  if (request.mode === 'navigate' && url.pathname.startsWith(BASE)) {
    event.respondWith(networkFirstNavigation(request));
    return;
  }
  if (url.pathname.startsWith(`${BASE}assets/`)) {
    event.respondWith(cacheFirstAsset(request));
  }
});
