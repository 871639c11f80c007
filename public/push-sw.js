// Web Push in the service worker: sw.js (made by vite-plugin-pwa) loads this file with
// importScripts (vite.config.ts, workbox.importScripts). The server sends
// { title, body, url, tag } (src/shared/api/push.ts, src/server/features/push); a click opens
// `url`, the chat the news is about, in a tab of this app that shows it, else a new one.
(function (self) {
  'use strict';

  function readPayload(data) {
    if (!data) return null;
    try {
      var payload = data.json();
      if (typeof payload.title !== 'string' || typeof payload.body !== 'string') return null;
      return payload;
    } catch {
      return null;
    }
  }

  /** Only this app's own pages: a payload never sends the user to another site. */
  function sameOriginUrl(url) {
    try {
      var target = new URL(typeof url === 'string' ? url : '/', self.location.origin);
      return target.origin === self.location.origin ? target : new URL('/', self.location.origin);
    } catch {
      return new URL('/', self.location.origin);
    }
  }

  self.addEventListener('push', function (event) {
    var payload = readPayload(event.data);
    if (!payload) return;
    event.waitUntil(
      self.registration.showNotification(payload.title, {
        body: payload.body,
        tag: typeof payload.tag === 'string' ? payload.tag : undefined,
        // A newer message of the same chat replaces the older one, and still alerts.
        renotify: typeof payload.tag === 'string',
        icon: '/icon-192.png',
        badge: '/icon-192.png',
        data: { url: sameOriginUrl(payload.url).pathname },
      }),
    );
  });

  self.addEventListener('notificationclick', function (event) {
    event.notification.close();
    var target = sameOriginUrl(event.notification.data && event.notification.data.url);
    event.waitUntil(
      self.clients.matchAll({ type: 'window', includeUncontrolled: true }).then(function (windows) {
        for (var i = 0; i < windows.length; i++) {
          var client = windows[i];
          if (new URL(client.url).pathname === target.pathname) return client.focus();
        }
        return self.clients.openWindow(target.href);
      }),
    );
  });
})(self);
