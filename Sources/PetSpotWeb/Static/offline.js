/* The phone's queue on a page: the one-page form keeps a report in the queue (queue.js) and the panel at
   the top of every page shows what waits, what was sent (with its code) and what needs a correction.
   Loaded by app.js only where it is needed. */
(function () {
  "use strict";
  var panel = document.getElementById("offline-queue");

  function sendQueued() {
    showQueue();
    window.PetSpotQueue.flush().then(showQueue);
  }

  function element(tag, text, className) {
    var node = document.createElement(tag);
    if (text) { node.textContent = text; }
    if (className) { node.className = className; }
    return node;
  }

  function showQueue() {
    window.PetSpotQueue.all().then(function (items) {
      panel.textContent = "";
      items.sort(function (a, b) { return a.typedAt - b.typedAt; }).forEach(function (item) {
        var box = element("div", null, "offline-item offline-item--" + item.state);
        box.setAttribute("data-testid", "queued-" + item.state);
        var typed = new Date(item.typedAt).toLocaleTimeString(document.documentElement.lang, { hour: "2-digit", minute: "2-digit" });
        if (item.state === "sent") {
          box.appendChild(element("h2", panel.dataset.sent));
          var sent = item.kind === "message" ? panel.dataset.sentMessage : panel.dataset.sentSighting;
          var code = element("p", item.result.managementCode ? panel.dataset.sentCode.replace("%@", item.result.managementCode) : sent);
          code.setAttribute("data-testid", "queued-code");
          box.appendChild(code);
          var link = element("a", panel.dataset.see);
          link.href = item.result.details;
          box.appendChild(link);
        } else {
          box.appendChild(element("h2", item.state === "problem" ? panel.dataset.problem : panel.dataset.waiting));
          box.appendChild(element("p", panel.dataset.waitingIntro.replace("%@", typed) + " " + item.summary));
          (item.problems || []).forEach(function (problem) { box.appendChild(element("p", problem, "field-error")); });
        }
        if (item.state !== "waiting") {
          var dismiss = element("button", panel.dataset.dismiss, "button button--link");
          dismiss.type = "button";
          dismiss.onclick = function () { window.PetSpotQueue.remove(item.key).then(showQueue); };
          box.appendChild(dismiss);
        }
        panel.appendChild(box);
      });
      panel.hidden = items.length === 0;
      if (items.length) { localStorage.setItem("petspot-queued", "1"); } else { localStorage.removeItem("petspot-queued"); }
    }).catch(function () {});
  }

  /* A photo made smaller on the phone (at most 1600 px, JPEG), so it waits and travels light. */
  function smaller(file) {
    if (!file || !file.size || !window.createImageBitmap) { return Promise.resolve(file && file.size ? file : null); }
    return createImageBitmap(file).then(function (bitmap) {
      var scale = Math.min(1, 1600 / Math.max(bitmap.width, bitmap.height));
      var canvas = document.createElement("canvas");
      canvas.width = Math.round(bitmap.width * scale);
      canvas.height = Math.round(bitmap.height * scale);
      canvas.getContext("2d").drawImage(bitmap, 0, 0, canvas.width, canvas.height);
      return new Promise(function (resolve) { canvas.toBlob(function (blob) { resolve(blob || file); }, "image/jpeg", 0.85); });
    }, function () { return file; });
  }

  function keepOnThePhone(form) {
    form.addEventListener("submit", function (event) {
      // A sighting's or a message's form is sent as usual while there is signal; only without it is it kept.
      if (form.hasAttribute("data-offline-only") && navigator.onLine) { return; }
      event.preventDefault();
      var data = new FormData(form), fields = [], photo = null;
      data.forEach(function (value, name) {
        if (typeof value === "string") { fields.push([name, value]); } else if (name === "photo") { photo = value; }
      });
      var words = ["species", "race", "date", "place", "note", "message"].map(function (name) { return data.get(name); }).filter(Boolean);
      smaller(photo).then(function (small) {
        var key = window.crypto && crypto.randomUUID ? crypto.randomUUID() : String(Date.now()) + Math.random().toString(16).slice(2);
        return window.PetSpotQueue.put({
          key: key, action: form.dataset.offlineAction || form.action, multipart: form.enctype === "multipart/form-data", kind: form.dataset.offlineForm, fields: fields, photo: small, photoName: "photo.jpg", typedAt: Date.now(),
          state: "waiting", summary: words.join(" · ")
        });
      }).then(function () {
        form.reset();
        window.PetSpotToast(panel.dataset.saved);
        window.scrollTo(0, 0);
        sendQueued();
        // Where the browser has Background Sync, the worker sends it even if this page is closed first.
        if (navigator.serviceWorker && navigator.serviceWorker.controller) {
          navigator.serviceWorker.ready.then(function (registration) {
            if (registration.sync) { return registration.sync.register("petspot-send"); }
          }).catch(function () {});
        }
      });
    });
  }


  navigator.serviceWorker.addEventListener("message", function (event) { if (event.data === "petspot-queue") { showQueue(); } });
  window.addEventListener("online", sendQueued);
  window.addEventListener("petspot-queue", showQueue);
  document.querySelectorAll("form[data-offline-form]").forEach(keepOnThePhone);
  sendQueued();
})();
