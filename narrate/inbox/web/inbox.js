// The inbox page: send without leaving it, and keep the queue current.
// Only the jobs whose state or progress changed are replaced, so a player keeps playing.
(function () {
  "use strict";
  var csrf = document.querySelector('meta[name="csrf-token"]').content;
  var queue = document.getElementById("queue");
  var message = document.getElementById("message");
  var timer = null;

  function say(text, failed) {
    message.textContent = text;
    message.className = failed ? "error" : "";
  }

  function send(form) {
    var body = new FormData(form);
    return fetch(form.action, {
      method: "POST", body: body, credentials: "same-origin",
      headers: { "Accept": "application/json", "X-CSRF-Token": csrf }
    }).then(function (response) {
      return response.json().catch(function () { return {}; }).then(function (data) {
        if (!response.ok) { throw new Error(data.error || ("HTTP " + response.status)); }
        return data;
      });
    });
  }

  document.addEventListener("submit", function (event) {
    var form = event.target;
    if (!form.matches("form.add, form.retry")) { return; }
    event.preventDefault();
    var button = form.querySelector("button");
    button.disabled = true;
    send(form).then(function (data) {
      if (form.matches(".retry")) { say("Trying again: " + data.title); }
      else { say((data.added === false ? "Already in the queue: " : "Added: ") + data.title); form.reset(); }
      refresh();
    }).catch(function (error) {
      say("Not added: " + error.message, true);
    }).then(function () { button.disabled = false; });
  });

  function refresh() {
    clearTimeout(timer);
    fetch("/add/queue", { credentials: "same-origin", headers: { "Accept": "text/html" } })
      .then(function (response) {
        if (response.status === 401) { location.href = "/login"; throw new Error("logged out"); }
        if (!response.ok) { throw new Error("HTTP " + response.status); }
        return response.text();
      }).then(function (html) {
        var fresh = document.createElement("template");
        fresh.innerHTML = html;
        var old = {};
        queue.querySelectorAll("li.job").forEach(function (li) { old[li.dataset.id] = li; });
        var items = Array.prototype.slice.call(fresh.content.querySelectorAll("li.job"));
        items.forEach(function (li, index) {
          var kept = old[li.dataset.id];
          var node = kept && kept.dataset.version === li.dataset.version ? kept : li;
          if (queue.children[index] !== node) { queue.insertBefore(node, queue.children[index] || null); }
          if (kept && kept !== node) { kept.remove(); }
          delete old[li.dataset.id];
        });
        Object.keys(old).forEach(function (id) { old[id].remove(); });
        schedule(items.some(function (li) { return li.dataset.final !== "1"; }) ? 1500 : 15000);
      }).catch(function () { schedule(5000); });
  }

  function schedule(ms) {
    clearTimeout(timer);
    timer = setTimeout(function () { if (!document.hidden) { refresh(); } else { schedule(ms); } }, ms);
  }

  document.addEventListener("visibilitychange", function () { if (!document.hidden) { refresh(); } });

  var origin = location.origin;
  document.getElementById("bookmarklet").href = "javascript:void(open('" + origin +
    "/add?url='+encodeURIComponent(location.href)+'&title='+encodeURIComponent(document.title)))";
  document.getElementById("api-url").textContent = origin + "/api/articles";

  if ("serviceWorker" in navigator) {
    navigator.serviceWorker.register("/add/sw.js", { scope: "/add" }).catch(function () {});
  }
  refresh();
})();
