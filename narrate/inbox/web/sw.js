// The inbox's service worker: what makes the page an installable app (and so a share
// target) on browsers that still ask for one. It caches nothing: every request goes to
// the server as usual, which must be reachable to add an article anyway.
self.addEventListener("install", function () { self.skipWaiting(); });
self.addEventListener("activate", function (event) { event.waitUntil(self.clients.claim()); });
self.addEventListener("fetch", function (event) {
  if (event.request.mode === "navigate") { event.respondWith(fetch(event.request)); }
});
