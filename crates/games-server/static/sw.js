// The service worker of the static site (`games site`): on install it keeps every file of the
// site in a cache named after the site's version, and then answers from that cache, so the page
// opens and plays with the network off after the first visit. A new version replaces the old
// cache when it activates. `games site` fills in the version and the file list.
const CACHE = 'games-site-__VERSION__';
const FILES = __FILES__;

self.addEventListener('install', (event) => {
  event.waitUntil(caches.open(CACHE).then((cache) => cache.addAll(FILES)).then(() => self.skipWaiting()));
});

self.addEventListener('activate', (event) => {
  event.waitUntil(caches.keys()
    .then((keys) => Promise.all(keys.filter((key) => key.startsWith('games-site-') && key !== CACHE).map((key) => caches.delete(key))))
    .then(() => self.clients.claim()));
});

self.addEventListener('fetch', (event) => {
  if (event.request.method !== 'GET') return;
  // `./?game=ID` is the page itself: the query does not change the file.
  event.respondWith(caches.match(event.request, { ignoreSearch: true })
    .then((hit) => hit || fetch(event.request)));
});
