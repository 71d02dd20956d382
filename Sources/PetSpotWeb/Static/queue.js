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

  /* Sends one waiting report. 201: sent, the code kept to show; 400, 403, 409: it needs a correction;
     no connection, 429 or a server error: it stays waiting. */
  function send(item) {
    // As the form would have sent it: multipart with the photo, or url-encoded.
    var body = item.multipart === false ? new URLSearchParams() : new FormData();
    item.fields.forEach(function (pair) { body.append(pair[0], pair[1]); });
    if (item.photo) { body.append("photo", item.photo, item.photoName || "photo.jpg"); }
    body.append("idempotencyKey", item.key);
    return fetch(item.action, { method: "POST", body: body, headers: { Accept: "application/json" }, credentials: "same-origin" })
      .then(function (response) {
        return response.json().catch(function () { return {}; }).then(function (answer) {
          if (response.status === 201) {
            item.state = "sent";
            item.result = answer;
            item.photo = null;
            return put(item);
          }
          if ([400, 403, 409, 413, 422].indexOf(response.status) >= 0) {
            item.state = "problem";
            item.problems = (answer.errors || []).map(function (e) { return e.message; });
            if (!item.problems.length && answer.error) { item.problems = [answer.error.message]; }
            return put(item);
          }
        });
      }, function () { /* no connection: later */ });
  }

  var sending = null;

  /* Sends every waiting report, one after another; one run at a time in this page or worker. */
  function flush() {
    if (sending) { return sending; }
    sending = all().then(function (items) {
      return items.filter(function (item) { return item.state === "waiting"; }).reduce(function (done, item) {
        return done.then(function () { return send(item); });
      }, Promise.resolve());
    }).then(tell, tell).then(function () { sending = null; });
    return sending;
  }

  scope.PetSpotQueue = { all: all, put: put, remove: remove, flush: flush };
})(self);
