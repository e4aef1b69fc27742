// The page's service worker: it keeps the page's own files (its HTML, scripts, styles, language
// catalogs, icons), so the page opens at once from a phone's home screen, network or not. It
// never keeps anything a table sends: a seat link rides in the address's fragment, which no
// request carries, and every request but those for the page's files goes to the network as if
// there were no worker.
//
// The server writes VERSION and FILES above this text (fatekit/server/pagefiles.py): FILES lists
// the page ("/", as the server writes it) and the files it loads (its script and style named by
// their contents), and VERSION changes whenever one of them does, which installs this worker
// anew; the page then offers to reload into the new files.

const CACHE = `fatekit-page-${VERSION}`;
const PAGE = "/"; // the page's address, whatever its query (the home screen adds one)
const KEPT = new Set(FILES);

self.addEventListener("install", (event) => {
  event.waitUntil(
    (async () => {
      const cache = await caches.open(CACHE);
      // "reload": the files as the server has them now, never an older copy from the HTTP cache.
      // The server answers "/" with the page only to those that accept HTML.
      const asked = (file) =>
        new Request(file, { cache: "reload", headers: file === PAGE ? { accept: "text/html" } : {} });
      await cache.addAll(FILES.map(asked));
      await self.skipWaiting();
    })(),
  );
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    (async () => {
      for (const key of await caches.keys()) {
        if (key.startsWith("fatekit-page-") && key !== CACHE) await caches.delete(key);
      }
      await self.clients.claim();
    })(),
  );
});

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET") return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  let path = url.pathname;
  if (request.mode === "navigate") {
    if (path !== "/") return; // /docs and the like are the server's own pages
    path = PAGE;
  } else if (url.search || !KEPT.has(path)) {
    return; // a table's data, an API answer: straight to the network, never kept
  }
  event.respondWith(
    (async () => {
      const kept = await (await caches.open(CACHE)).match(path);
      return kept || fetch(request);
    })(),
  );
});
