/* The phone's queue of reports filed without signal, in IndexedDB: shared by the pages and the service
   worker (`self` is the window in one, the worker in the other). Each report keeps its idempotency key,
   so sending it again, from a page, the worker or a second tab, files it once. */
(function (scope) {
  "use strict";
  var NAME = "petspot", STORE = "reports";

  function open() {
    return new Promise(function (resolve, reject) {
      var request = scope.indexedDB.open(NAME, 1);
      request.onupgradeneeded = function () { request.result.createObjectStore(STORE, { keyPath: "key" }); };
      request.onsuccess = function () { resolve(request.result); };
      request.onerror = function () { reject(request.error); };
    });
  }

  /* Runs `work` on the store in one transaction; resolves with what its request (if any) gave. */
  function transaction(mode, work) {
    return open().then(function (db) {
      return new Promise(function (resolve, reject) {
        var tx = db.transaction(STORE, mode), request = work(tx.objectStore(STORE));
        tx.oncomplete = function () { db.close(); resolve(request ? request.result : undefined); };
        tx.onerror = tx.onabort = function () { db.close(); reject(tx.error); };
      });
    });
  }

  function all() { return transaction("readonly", function (store) { return store.getAll(); }); }
  function put(item) { return transaction("readwrite", function (store) { store.put(item); }); }
  function remove(key) { return transaction("readwrite", function (store) { store.delete(key); }); }

  function tell() {
    if (scope.clients) {
      scope.clients.matchAll().then(function (list) { list.forEach(function (client) { client.postMessage("petspot-queue"); }); });
    } else if (scope.dispatchEvent) {
      scope.dispatchEvent(new Event("petspot-queue"));
    }
  }

  /* Changes the kept item `key` in one transaction (a page and the worker may both be sending it). */
  function update(key, change) {
    return transaction("readwrite", function (store) {
      var request = store.get(key);
      request.onsuccess = function () { if (request.result && change(request.result) !== false) { store.put(request.result); } };
    });
  }

  /* A sent report's code stays on the phone for `keptMs` (the code page's hour, which the page gives),
     time to note it (it may not have been e-mailed), then only "sent" does: the next person at a shared
     device does not find it. What was typed goes as soon as it is sent. */
  function forgetOldCodes(keptMs) {
    if (!(keptMs > 0)) { return Promise.resolve(); }
    return all().then(function (items) {
      return Promise.all(items.filter(function (item) { return item.state === "sent" && item.result && item.result.managementCode; })
        .map(function (item) {
          return update(item.key, function (kept) {
            if (!kept.sentAt) { kept.sentAt = Date.now(); return; }
            if (Date.now() - kept.sentAt < keptMs) { return false; }
            delete kept.result.managementCode;
            forgetTyped(kept);
          });
        }));
    });
  }

  function forgetTyped(item) {
    item.photo = null;
    item.fields = [];
    item.labels = {};
    item.summary = "";
  }

  /* Sends one waiting report; resolves true when it has to be tried again. 201: sent, the code kept to
     show (what the first answer said of its e-mail is not undone by a retry's); 400, 403, 409, 413:
     it needs a correction; 404, 409, 410 for a sighting or a message: its report is gone (`gone`); 410 for
     a report: filed before and removed since (`removed`);
     no connection, 429 or a server error: it waits, with when it was tried and when to try again
     (`Retry-After`, or a minute). */
  function send(item) {
    // As the form would have sent it: multipart with the photo, or url-encoded.
    var body = item.multipart === false ? new URLSearchParams() : new FormData();
    item.fields.forEach(function (pair) { body.append(pair[0], pair[1]); });
    if (item.photo) { body.append("photo", item.photo, item.photoName || "photo.jpg"); }
    body.append("idempotencyKey", item.key);
    function later(seconds) {
      return update(item.key, function (kept) {
        if (kept.state !== "waiting") { return false; }
        kept.triedAt = Date.now();
        kept.retryAt = Date.now() + 1000 * Math.max(5, seconds || 60);
      }).then(function () { return true; });
    }
    return fetch(item.action, { method: "POST", body: body, headers: { Accept: "application/json" }, credentials: "same-origin" })
      .then(function (response) {
        return response.json().catch(function () { return {}; }).then(function (answer) {
          if (response.status === 201) {
            return update(item.key, function (kept) {
              // A retry's answer cannot tell whether the first send's e-mail went (null): what the first said stays.
              var first = kept.state === "sent" && kept.result ? kept.result.codeMailed : null;
              kept.state = "sent";
              kept.sentAt = kept.sentAt || Date.now();
              kept.result = answer;
              if (first === true || (first === false && answer.codeMailed == null)) { kept.result.codeMailed = first; }
              forgetTyped(kept);
            }).then(function () { return false; });
          }
          if ([400, 403, 404, 409, 410, 413, 422].indexOf(response.status) >= 0) {
            return update(item.key, function (kept) {
              if (kept.state === "sent") { return false; }
              kept.state = "problem";
              kept.problems = (answer.errors || []).map(function (e) { return e.message; });
              kept.problemFields = (answer.errors || []).map(function (e) { return e.field; });
              if (!kept.problems.length && answer.error) { kept.problems = [answer.error.message]; }
              // A sighting or message whose report was closed or removed since (or takes none): nothing to correct.
              kept.gone = (kept.kind === "sighting" || kept.kind === "message") && [404, 409, 410].indexOf(response.status) >= 0;
              // A report filed by an earlier send of this one and removed since: there is nothing to correct either.
              kept.removed = !kept.gone && response.status === 410;
            }).then(function () { return false; });
          }
          return later(parseInt(response.headers.get("Retry-After"), 10));
        });
      }, function () { return later(60); });
  }

  var sending = null;

  /* Sends every waiting report (with `onlyDue`, those whose time to try again has come), one after
     another; one run at a time in this page or worker. Resolves with how many still wait for a later try. */
  function flush(onlyDue) {
    if (sending) { return sending; }
    var now = Date.now();
    sending = all().then(function (items) {
      var due = items.filter(function (item) { return item.state === "waiting" && !(onlyDue && item.retryAt > now); });
      var waiting = items.filter(function (item) { return item.state === "waiting"; }).length - due.length;
      return due.reduce(function (done, item) {
        return done.then(function (count) { return send(item).then(function (again) { return count + (again ? 1 : 0); }); });
      }, Promise.resolve(waiting));
    }).then(function (count) { tell(); return count; }, function () { tell(); return 0; }).then(function (count) { sending = null; return count; });
    return sending;
  }

  scope.PetSpotQueue = { all: all, put: put, remove: remove, flush: flush, forgetOldCodes: forgetOldCodes };
})(self);
