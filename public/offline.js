// The offline page's one script (public/offline.html): the service worker shows that page when
// a page request fails, which is either no connection at all or a server that does not answer.
// navigator.onLine tells them apart; the events keep the page right as the connection changes.
(function () {
  function show() {
    var online = navigator.onLine;
    document.getElementById('no-connection').hidden = online;
    document.getElementById('unreachable').hidden = !online;
    document.title = online ? "Can't reach AgentChat" : 'You are offline – AgentChat';
  }
  show();
  window.addEventListener('online', show);
  window.addEventListener('offline', show);
})();
