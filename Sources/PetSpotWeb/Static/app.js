// Progressive enhancement only: every page works without this file.
(function () {
  "use strict";

  function formatChip(value) {
    var digits = value.replace(/[^0-9]/g, "").slice(0, 15);
    return (digits.match(/.{1,5}/g) || []).join("-");
  }

  function showToast(message) {
    var toast = document.getElementById("toast");
    if (!toast) { return; }
    toast.textContent = message;
    toast.hidden = false;
    clearTimeout(showToast.timer);
    showToast.timer = setTimeout(function () { toast.hidden = true; }, 2000);
  }

  // The owner's photo form posts to an address carrying its form token and grant (checked before the upload
  // is read); the owner's view it answers with keeps neither in the address bar nor in the history.
  if (/[?&](grant|token)=/.test(location.search) && /^\/manage\/[^\/]+\/photo$/.test(location.pathname) && history.replaceState) {
    history.replaceState(null, "", location.pathname.replace(/\/photo$/, ""));
  }

  // Formats as you type, keeping the caret after the same digit (a correction mid-number stays there).
  document.querySelectorAll("input[data-microchip]").forEach(function (input) {
    input.addEventListener("input", function () {
      var caret = input.selectionStart === null ? input.value.length : input.selectionStart;
      var digitsBefore = input.value.slice(0, caret).replace(/[^0-9]/g, "").length;
      var formatted = formatChip(input.value);
      if (formatted === input.value) { return; }
      input.value = formatted;
      var position = 0;
      for (var seen = 0; position < formatted.length && seen < digitsBefore; position++) {
        if (/[0-9]/.test(formatted[position])) { seen++; }
      }
      if (document.activeElement === input && input.setSelectionRange) { input.setSelectionRange(position, position); }
    });
  });

  document.querySelectorAll("[data-copy]").forEach(function (button) {
    if (!navigator.clipboard) { return; }
    button.hidden = false;
    button.addEventListener("click", function () {
      var text = document.getElementById(button.getAttribute("data-copy")).textContent.trim();
      navigator.clipboard.writeText(text).then(function () { showToast(button.getAttribute("data-copied")); });
    });
  });

  // The device's time zone, so "today" is the device's: a date field's latest day, and for the sighting
  // form its own "now" while the form is fresh.
  var today = new Date(Date.now() - new Date().getTimezoneOffset() * 60000).toISOString().slice(0, 10);
  document.querySelectorAll("input[type=date][max]").forEach(function (field) {
    // A "today" field's latest day is the device's today, later too (a one-page form kept days ago).
    if (today < field.max || field.hasAttribute("data-today")) { field.max = today; }
    if (field.value > today && !document.querySelector(".error-summary")) { field.value = today; }
    // The server's today, filled in for a form not yet touched: the device's today instead.
    if (field.hasAttribute("data-today") && !document.querySelector(".error-summary")) { field.value = today; }
  });
  document.querySelectorAll("[data-tz-offset]").forEach(function (field) {
    field.value = String(-new Date().getTimezoneOffset());
    var when = document.getElementById("field-seenAt");
    var local = Date.now() - new Date().getTimezoneOffset() * 60000;
    // The latest time the server takes is the device's now and its ten minutes of skew.
    if (when) { when.max = new Date(local + 10 * 60000).toISOString().slice(0, 16); }
    if (when && !document.querySelector(".error-summary")) {
      when.value = new Date(local).toISOString().slice(0, 16);
    }
  });

  document.querySelectorAll("[data-geolocate]").forEach(function (button) {
    if (!navigator.geolocation) { return; }
    button.hidden = false;
    // The message next to the button says why nothing was filled in (permission denied, no fix).
    var status = document.createElement("p");
    status.className = "geo-status";
    status.setAttribute("role", "status");
    status.setAttribute("data-testid", "geo-status");
    button.insertAdjacentElement("afterend", status);
    button.addEventListener("click", function () {
      status.textContent = "";
      navigator.geolocation.getCurrentPosition(function (position) {
        document.getElementById(button.getAttribute("data-lat")).value = position.coords.latitude.toFixed(5);
        document.getElementById(button.getAttribute("data-lng")).value = position.coords.longitude.toFixed(5);
      }, function (error) {
        status.textContent = button.getAttribute(error.code === 1 ? "data-denied" : "data-unavailable");
      }, { timeout: 15000 });
    });
  });

  // The Missing flow's questions for one species: the cat's when a cat is chosen, the dog's for a dog;
  // a hidden question's answer goes back to "Not sure", so nothing unseen is sent.
  var speciesField = document.getElementById("field-species");
  var speciesOnly = { "field-lifestyle": "CAT", "field-temperament": "DOG" };
  if (speciesField) {
    var syncQuestions = function () {
      Object.keys(speciesOnly).forEach(function (id) {
        var question = document.getElementById(id);
        if (!question) { return; }
        question.hidden = speciesField.value !== "" && speciesField.value !== speciesOnly[id];
        if (question.hidden) { question.querySelectorAll("input").forEach(function (input) { input.checked = input.value === ""; }); }
      });
    };
    speciesField.addEventListener("change", syncQuestions);
    syncQuestions();
  }

  // A chosen photo is shown before it is sent.
  document.querySelectorAll("input[type=file][accept]").forEach(function (input) {
    if (!window.URL || !URL.createObjectURL) { return; }
    var preview = document.createElement("img");
    preview.className = "photo-preview";
    preview.alt = input.getAttribute("data-preview-alt") || "";
    preview.hidden = true;
    preview.setAttribute("data-testid", "photo-preview");
    input.insertAdjacentElement("afterend", preview);
    input.addEventListener("change", function () {
      var file = input.files && input.files[0];
      if (preview.src) { URL.revokeObjectURL(preview.src); }
      if (!file || !/^image\//.test(file.type)) { preview.hidden = true; preview.removeAttribute("src"); return; }
      preview.src = URL.createObjectURL(file);
      preview.hidden = false;
    });
  });

  document.querySelectorAll("[data-print]").forEach(function (button) {
    button.hidden = false;
    button.addEventListener("click", function () { window.print(); });
  });

  // The phone's own share sheet, where the browser has one.
  document.querySelectorAll("[data-share]").forEach(function (button) {
    if (!navigator.share) { return; }
    button.hidden = false;
    button.addEventListener("click", function () {
      var text = document.getElementById("share-text");
      navigator.share({ title: button.getAttribute("data-share-title"), url: button.getAttribute("data-share-url"),
                        text: text ? text.value : "" }).catch(function () { /* closed without sharing */ });
    });
  });

  // Place suggestions: the browser's own list (a <datalist>), filled from the place search as you type.
  // A name shared by two places of one country carries its point, so the server knows which was meant.
  document.querySelectorAll("input[data-place-search]").forEach(function (input) {
    var list = document.getElementById(input.getAttribute("list"));
    if (!list || !window.fetch) { return; }
    var timer = null, pending = null;
    input.addEventListener("input", function () {
      clearTimeout(timer);
      var query = input.value.trim();
      if (query.length < 2 || /\)$/.test(query)) { return; }
      timer = setTimeout(function () {
        if (pending) { pending.abort(); }
        pending = window.AbortController ? new AbortController() : null;
        // In the page's language, which ranks its readers' country first (Kraków before Caracas in Polish).
        var options = { headers: { "Accept-Language": document.documentElement.lang } };
        if (pending) { options.signal = pending.signal; }
        fetch("/api/v1/places?limit=8&q=" + encodeURIComponent(query), options)
          .then(function (answer) { return answer.ok ? answer.json() : { data: [] }; })
          .then(function (answer) {
            var seen = {};
            answer.data.forEach(function (place) { var key = place.name + "|" + place.countryCode; seen[key] = (seen[key] || 0) + 1; });
            list.textContent = "";
            answer.data.forEach(function (place) {
              var option = document.createElement("option");
              var value = place.name + ", " + place.countryCode;
              if (seen[place.name + "|" + place.countryCode] > 1) {
                value += " (" + place.latitude.toFixed(3) + ", " + place.longitude.toFixed(3) + ")";
              }
              option.value = value;
              list.appendChild(option);
            });
          })
          .catch(function () { /* a newer search replaced this one, or the network failed: keep typing */ });
      }, 200);
    });
  });

  // Maps (Leaflet, loaded after this file): a pin to pick the place with, or a report's public area.
  window.addEventListener("load", function () {
    if (!window.L) { return; }
    document.querySelectorAll("[data-map]").forEach(function (element) {
      element.hidden = false;
      var lat = parseFloat(element.getAttribute("data-lat")), lng = parseFloat(element.getAttribute("data-lng"));
      var known = isFinite(lat) && isFinite(lng);
      var map = L.map(element, { scrollWheelZoom: false, zoomControl: false }).setView(known ? [lat, lng] : [52.1, 19.4], known ? 14 : 6);
      // The zoom buttons named in the page's language; Leaflet's credit without its English title.
      L.control.zoom({ zoomInTitle: element.getAttribute("data-zoom-in"), zoomOutTitle: element.getAttribute("data-zoom-out") }).addTo(map);
      map.attributionControl.setPrefix('<a href="https://leafletjs.com" hreflang="en">Leaflet</a>');
      L.tileLayer(element.getAttribute("data-tiles"), { maxZoom: 19, attribution: element.getAttribute("data-attribution") }).addTo(map);
      if (element.getAttribute("data-map") === "area") {
        var circle = L.circle([lat, lng], { radius: parseFloat(element.getAttribute("data-radius")) || 450 }).addTo(map);
        // Sightings: numbered markers, as in the timeline; the view fits them all.
        var bounds = circle.getBounds();
        // A missing pet's likely area: a wider dashed circle round the same centre; areas searched, grey.
        var likely = parseFloat(element.getAttribute("data-likely"));
        if (isFinite(likely) && likely > 0) {
          var ring = L.circle([lat, lng], { radius: likely, dashArray: "6 6", fill: false, weight: 2 }).addTo(map);
          bounds = ring.getBounds();
          map.fitBounds(bounds, { padding: [12, 12], maxZoom: 15 });
        }
        (element.getAttribute("data-searched") || "").split(";").forEach(function (area) {
          var parts = area.split(","), centre = [parseFloat(parts[0]), parseFloat(parts[1])], radius = parseFloat(parts[2]);
          if (parts.length !== 3 || !isFinite(centre[0]) || !isFinite(centre[1]) || !isFinite(radius)) { return; }
          L.circle(centre, { radius: radius, color: "#555", fillColor: "#888", fillOpacity: 0.25, weight: 1 }).addTo(map);
        });
        (element.getAttribute("data-markers") || "").split(";").forEach(function (marker) {
          var parts = marker.split(","), point = [parseFloat(parts[1]), parseFloat(parts[2])];
          if (parts.length !== 3 || !isFinite(point[0]) || !isFinite(point[1])) { return; }
          var icon = L.divIcon({ className: "sighting-marker", html: "<span>" + String(parseInt(parts[0], 10)) + "</span>", iconSize: [26, 26] });
          L.marker(point, { icon: icon, keyboard: false, title: "#" + parseInt(parts[0], 10) }).addTo(map);
          bounds.extend(point);
        });
        if (element.getAttribute("data-markers")) { map.fitBounds(bounds, { padding: [24, 24], maxZoom: 15 }); }
        return;
      }
      var latField = document.getElementById("field-latitude"), lngField = document.getElementById("field-longitude");
      var pin = null, loaded = latField.value + "|" + lngField.value;
      function place(point) {
        if (!pin) {
          pin = L.marker(point, { draggable: true, keyboard: true, title: element.getAttribute("aria-label") }).addTo(map);
          pin.on("dragend", function () { fill(pin.getLatLng()); });
        } else {
          pin.setLatLng(point);
        }
      }
      function fill(point) {
        latField.value = point.lat.toFixed(5);
        lngField.value = point.lng.toFixed(5);
      }
      if (known) { place([lat, lng]); }
      // A place typed (or picked from the suggestions) moves the map there, to click the exact spot.
      var placeField = document.getElementById("field-place");
      if (placeField && window.fetch) {
        placeField.addEventListener("change", function () {
          var name = placeField.value.replace(/\s*\(.*\)$/, "").replace(/,\s*[A-Za-z]{2}$/, "").trim();
          // A pin that came with the page (the place's centre, from an earlier visit) gives way to the
          // new place; coordinates changed on this page (a click, a drag, typing) stay.
          if (pin && latField.value + "|" + lngField.value === loaded) {
            map.removeLayer(pin);
            pin = null;
            latField.value = "";
            lngField.value = "";
          }
          if (!name || pin) { return; }
          fetch("/api/v1/places?limit=1&q=" + encodeURIComponent(name), { headers: { "Accept-Language": document.documentElement.lang } })
            .then(function (answer) { return answer.ok ? answer.json() : { data: [] }; })
            .then(function (answer) { if (answer.data[0]) { map.setView([answer.data[0].latitude, answer.data[0].longitude], 13); } })
            .catch(function () {});
        });
      }
      map.on("click", function (event) { place(event.latlng); fill(event.latlng); });
      [latField, lngField].forEach(function (field) {
        field.addEventListener("change", function () {
          var a = parseFloat(latField.value.replace(",", ".")), b = parseFloat(lngField.value.replace(",", "."));
          if (isFinite(a) && isFinite(b) && Math.abs(a) <= 90 && Math.abs(b) <= 180) { place([a, b]); map.setView([a, b]); }
        });
      });
    });
  });

  // The installable app: the service worker keeps pages and the one-page forms on the phone; reports
  // filed on those forms wait in the phone's queue (queue.js) until they can be sent.
  // The queue (queue.js, shared with the service worker) and its page part (offline.js) load only where
  // they are needed: a one-page form, or a phone with reports in its queue. Other pages weigh what they did.
  var queuePanel = document.getElementById("offline-queue");
  if ("serviceWorker" in navigator && window.indexedDB && queuePanel) {
    navigator.serviceWorker.register("/sw.js").catch(function () {});
    // The one-page forms were kept in the language of the first visit: kept again when it changes.
    var language = document.documentElement.lang;
    if (navigator.onLine && localStorage.getItem("petspot-forms-lang") !== language) {
      navigator.serviceWorker.ready.then(function (registration) {
        registration.active.postMessage("petspot-forms");
        localStorage.setItem("petspot-forms-lang", language);
      }).catch(function () {});
    }
    if (document.querySelector("form[data-offline-form]") || localStorage.getItem("petspot-queued")) {
      window.PetSpotToast = showToast;
      [queuePanel.dataset.queueScript, queuePanel.dataset.offlineScript].reduce(function (loaded, source) {
        return loaded.then(function () {
          return new Promise(function (resolve) {
            var script = document.createElement("script");
            script.src = source;
            script.onload = resolve;
            document.head.appendChild(script);
          });
        });
      }, Promise.resolve());
    }
  }

  var installButton = document.querySelector("[data-install]");
  window.addEventListener("beforeinstallprompt", function (event) {
    if (!installButton) { return; }
    event.preventDefault();
    installButton.hidden = false;
    installButton.onclick = function () { installButton.hidden = true; event.prompt(); };
  });

  // A form that throws work away (the flow's Cancel) asks first.
  document.querySelectorAll("form[data-confirm]").forEach(function (form) {
    form.addEventListener("submit", function (event) {
      if (!window.confirm(form.dataset.confirm)) { event.preventDefault(); }
    });
  });

  var summary = document.querySelector(".error-summary");
  if (summary) { summary.focus(); }
})();
