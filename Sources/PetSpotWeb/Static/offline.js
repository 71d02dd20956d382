/* The phone's queue on a page: the one-page form keeps a report in the queue (queue.js) and the panel at
   the top of every page shows what waits, what was sent (with its code) and what needs a correction.
   Loaded by app.js only where it is needed. */
(function () {
  "use strict";
  var panel = document.getElementById("offline-queue");

  var timer = null;

  /* Sends what waits (a page opened or signal back: everything; later, by itself, what is due), and while
     the page stays open tries again when the earliest waiting report's time comes (the server's
     Retry-After, or a minute). */
  function sendQueued(onlyDue) {
    showQueue();
    window.PetSpotQueue.flush(onlyDue === true).then(function () {
      showQueue();
      return window.PetSpotQueue.all();
    }).then(function (items) {
      var next = items.filter(function (item) { return item.state === "waiting" && item.retryAt; })
        .reduce(function (soonest, item) { return Math.min(soonest, item.retryAt); }, Infinity);
      clearTimeout(timer);
      if (next < Infinity) { timer = setTimeout(function () { sendQueued(true); }, Math.max(1000, next - Date.now())); }
    }).catch(function () {});
  }

  function element(tag, text, className) {
    var node = document.createElement(tag);
    if (text) { node.textContent = text; }
    if (className) { node.className = className; }
    return node;
  }

  function showQueue() {
    window.PetSpotQueue.forgetOldCodes(1000 * Number(panel.dataset.codeShownSeconds)).then(window.PetSpotQueue.all).then(function (items) {
      panel.textContent = "";
      items.sort(function (a, b) { return a.typedAt - b.typedAt; }).forEach(function (item) {
        var box = element("div", null, "offline-item offline-item--" + item.state);
        box.setAttribute("data-testid", "queued-" + item.state);
        var typed = new Date(item.typedAt).toLocaleTimeString(document.documentElement.lang, { hour: "2-digit", minute: "2-digit" });
        if (item.state === "sent") {
          box.appendChild(element("h2", panel.dataset.sent));
          var sent = item.kind === "message" ? panel.dataset.sentMessage
            : item.kind === "sighting" ? panel.dataset.sentSighting : panel.dataset.sentCodeGone;
          var codeText = item.result.codeMailed === false ? panel.dataset.sentCodeKept
            : item.result.codeMailed === true ? panel.dataset.sentCode : panel.dataset.sentCodeNoted;
          var code = element("p", item.result.managementCode ? codeText.replace("%@", item.result.managementCode) : sent);
          code.setAttribute("data-testid", "queued-code");
          box.appendChild(code);
          var link = element("a", panel.dataset.see);
          link.href = item.result.details;
          box.appendChild(link);
        } else {
          box.appendChild(element("h2", item.gone ? panel.dataset.gone : item.removed ? panel.dataset.notFiled
            : item.state === "problem" ? panel.dataset.problem : panel.dataset.waiting));
          box.appendChild(element("p", panel.dataset.waitingIntro.replace("%@", typed) + " " + item.summary));
          // Each problem under its field's label, as the form showed it ("Phone: Enter at least 7 digits").
          (item.problems || []).forEach(function (problem, index) {
            var label = item.labels && item.problemFields && item.labels[item.problemFields[index]];
            box.appendChild(element("p", label ? label + ": " + problem : problem, "field-error"));
          });
          if (item.state === "waiting" && item.triedAt) {
            var tried = new Date(item.triedAt).toLocaleTimeString(document.documentElement.lang, { hour: "2-digit", minute: "2-digit" });
            box.appendChild(element("p", panel.dataset.retry.replace("%@", tried)));
          }
          if (item.state === "problem" && item.form && !item.gone && !item.removed) {
            var fix = element("a", panel.dataset.fix, "button");
            fix.href = item.form + "#fix-" + item.key;
            box.appendChild(fix);
          }
        }
        // A waiting report may be let go too (its report closed, its sighting no longer news), once confirmed.
        var dismiss = element("button", panel.dataset.dismiss, "button button--link");
        dismiss.type = "button";
        dismiss.onclick = function () {
          if (item.state === "waiting" && !window.confirm(panel.dataset.discard)) { return; }
          window.PetSpotQueue.remove(item.key).then(showQueue);
        };
        box.appendChild(dismiss);
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
      // What the phone can tell (a field left empty, a day to come) is told now, not after the wait.
      if (!form.checkValidity()) { form.reportValidity(); return; }
      var data = new FormData(form), fields = [], photo = null, labels = {};
      Array.prototype.forEach.call(form.elements, function (control) {
        var fieldset = control.closest("fieldset"), label = control.type === "radio" && fieldset ? fieldset.querySelector("legend") : control.labels && control.labels[0];
        if (control.name && label && !labels[control.name]) { labels[control.name] = label.textContent.trim(); }
      });
      data.forEach(function (value, name) {
        if (typeof value === "string") { fields.push([name, value]); } else if (name === "photo") { photo = value; }
      });
      // What tells one waiting report from another: the option's words, the name, the start of the texts.
      var words = ["species", "petName", "race", "date", "place", "description", "note", "message"].map(function (name) {
        var control = form.elements[name], value = data.get(name);
        if (control && control.tagName === "SELECT") { return control.selectedIndex > 0 ? control.options[control.selectedIndex].text : ""; }
        return typeof value === "string" && value.length > 60 ? value.slice(0, 59) + "…" : value;
      }).filter(Boolean);
      smaller(photo).then(function (small) {
        var action = form.dataset.offlineAction || form.action;
        var key = window.crypto && crypto.randomUUID ? crypto.randomUUID() : String(Date.now()) + Math.random().toString(16).slice(2);
        return window.PetSpotQueue.put({
          key: key, action: action, form: /^(missing|found)$/.test(form.dataset.offlineForm) ? action.replace(/\/send$/, "/offline") : location.pathname, multipart: form.enctype === "multipart/form-data", kind: form.dataset.offlineForm, fields: fields, photo: small, photoName: "photo.jpg", typedAt: Date.now(), labels: labels,
          state: "waiting", summary: words.join(" · ")
        });
      }).then(function () {
        // The report it was a correction of leaves the queue now that this one is in it.
        var replaced = form.dataset.replaces;
        delete form.dataset.replaces;
        return replaced ? window.PetSpotQueue.remove(replaced) : undefined;
      }).then(function () {
        form.reset();
        clearProblems(form);
        if (/^#fix-/.test(location.hash)) { history.replaceState(null, "", location.pathname); }
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


  /* "Fix and send again": the report that came back with problems is put into its form again, photo and
     all, each problem at its field; it stays in the queue until the form queues it anew. */
  function refill(key) {
    window.PetSpotQueue.all().then(function (items) {
      var item = items.filter(function (candidate) { return candidate.key === key; })[0];
      var form = item && Array.prototype.filter.call(document.querySelectorAll("form[data-offline-form]"), function (candidate) {
        return (candidate.dataset.offlineAction || candidate.action) === item.action;
      })[0];
      if (!form) { return; }
      item.fields.forEach(function (pair) {
        var control = form.elements[pair[0]];
        if (!control || control.type === "hidden") { return; }
        if (control.length !== undefined && control.tagName !== "SELECT") {
          Array.prototype.forEach.call(control, function (choice) { choice.checked = choice.value === pair[1]; });
        } else if (control.type === "checkbox" || control.type === "radio") {
          control.checked = control.value === pair[1];
        } else {
          control.value = pair[1];
        }
      });
      var input = form.elements.photo;
      if (item.photo && input && window.DataTransfer) {
        var files = new DataTransfer();
        files.items.add(new File([item.photo], item.photoName || "photo.jpg", { type: item.photo.type || "image/jpeg" }));
        input.files = files.files;
      }
      form.dataset.replaces = key;
      showProblems(form, item);
    }).catch(function () {});
  }

  /* Takes away the problems `showProblems` put at the fields, and what tied the controls to them. */
  function clearProblems(form) {
    form.querySelectorAll(".field-error[data-refill]").forEach(function (node) { node.remove(); });
    form.querySelectorAll("[aria-invalid]").forEach(function (control) {
      var described = (control.getAttribute("aria-describedby") || "").split(" ").filter(function (id) { return id && id.indexOf("refill-error-") !== 0; });
      if (!control.closest(".field--error")) { control.removeAttribute("aria-invalid"); }
      if (described.length) { control.setAttribute("aria-describedby", described.join(" ")); } else { control.removeAttribute("aria-describedby"); }
    });
  }

  /* The problems a report came back with, each under its field's label as the server's pages show them
     (tied to the control for screen readers); one without a field of this form is said in a toast. */
  function showProblems(form, item) {
    clearProblems(form);
    var first = null;
    (item.problems || []).forEach(function (problem, index) {
      var name = (item.problemFields || [])[index], control = name && form.elements[name];
      var field = control && (control.length !== undefined && control.tagName !== "SELECT" ? control[0] : control);
      var box = field && field.closest(".field, fieldset");
      if (!box) { window.PetSpotToast(problem); return; }
      var note = element("p", problem, "field-error");
      note.setAttribute("data-refill", "");
      note.id = "refill-error-" + name;
      var label = box.querySelector("legend, label");
      box.insertBefore(note, label ? label.nextSibling : box.firstChild);
      (control.length !== undefined && control.tagName !== "SELECT" ? Array.prototype.slice.call(control) : [control]).forEach(function (each) {
        each.setAttribute("aria-invalid", "true");
        var described = (each.getAttribute("aria-describedby") || "").split(" ").filter(function (id) { return id && id !== note.id; });
        each.setAttribute("aria-describedby", described.concat([note.id]).join(" "));
      });
      first = first || field;
    });
    if (first) { first.focus(); }
  }

  navigator.serviceWorker.addEventListener("message", function (event) { if (event.data === "petspot-queue") { showQueue(); } });
  window.addEventListener("online", sendQueued);
  window.addEventListener("petspot-queue", showQueue);
  document.querySelectorAll("form[data-offline-form]").forEach(keepOnThePhone);
  // Without signal the switch would open a kept page in place of this form and lose what was typed.
  document.querySelectorAll(".language-switch").forEach(function (control) {
    control.addEventListener("click", function (event) {
      if (navigator.onLine || !document.querySelector("form[data-offline-form]")) { return; }
      event.preventDefault();
      window.PetSpotToast(panel.dataset.noLanguage);
    });
  });
  // "Fix and send again" links to this page's own #fix-<key> when the panel is on the form: no load then,
  // so the change of hash refills the form too.
  function refillFromHash() {
    var fixing = /^#fix-(.+)$/.exec(location.hash);
    if (fixing) { refill(decodeURIComponent(fixing[1])); }
  }
  window.addEventListener("hashchange", refillFromHash);
  refillFromHash();
  sendQueued();
})();
