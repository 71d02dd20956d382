/* PetSpot's service worker (its settings, self.PETSPOT, come first in the same answer). It keeps the
   shell and the pages a person opened on the phone, answers from there without signal with a banner
   that says so, opens the one-page report form for a flow, and sends queued reports when it can. */
"use strict";
var SHELL = "petspot-shell-" + self.PETSPOT.version, PAGES = "petspot-pages", MOST_PAGES = 40;
var IMAGES = "petspot-images", MOST_IMAGES = 40, UNSENT = "step-not-sent";
importScripts(self.PETSPOT.queue);

self.addEventListener("install", function (event) {
  event.waitUntil(caches.open(SHELL).then(function (cache) { return cache.addAll(self.PETSPOT.shell); })
    .then(keepForms).then(function () { return self.skipWaiting(); }));
});

/* The one-page forms and the home page, kept as the server gives them now (in the person's language). */
function keepForms() {
  var forms = Object.keys(self.PETSPOT.forms).map(function (base) { return self.PETSPOT.forms[base]; });
  return Promise.all(forms.concat(["/"]).map(function (path) {
    return fetch(path, { credentials: "same-origin" }).then(function (response) { return keep(path, response); }, function () {});
  }));
}

self.addEventListener("activate", function (event) {
  event.waitUntil(caches.keys().then(function (names) {
    return Promise.all(names.filter(function (name) { return name.indexOf("petspot-shell-") === 0 && name !== SHELL; })
      .map(function (name) { return caches.delete(name); }));
  }).then(function () { return caches.open(PAGES); }).then(function (cache) {
    // A private page an older worker kept goes.
    return cache.keys().then(function (keys) {
      return Promise.all(keys.filter(function (key) { var u = new URL(key.url); return isPrivate(u.pathname, u.search) || isFlowStep(u.pathname); })
        .map(function (key) { return cache.delete(key); }));
    });
  }).then(function () { return self.clients.claim(); }));
});

/* A page only an operator, a report's owner or a link's holder may see (the console, a report's
   management, a check-in's, a message's or an alert's link, anything else opened with a token) is never
   kept on the phone, so the next person at a shared computer cannot open it without signal. The owner's
   search plan is kept: it is what a person out searching needs without signal. The list of an address's
   reports is not: it holds alert links that never expire and owner grants. */
/* A report flow's step holds what was typed and, once sent, the management code: it is not kept either.
   Without signal a step is answered with the flow's one-page form, which is kept. */
/* A path as the server's router reads it: `//manage/x/` is `/manage/x`. */
function normal(path) {
  path = path.replace(/\/{2,}/g, "/");
  return path.length > 1 ? path.replace(/\/$/, "") : path;
}

function isFlowStep(path) {
  path = normal(path);
  return Object.keys(self.PETSPOT.forms).some(function (base) {
    return path.indexOf(base + "/") === 0 && path !== self.PETSPOT.forms[base];
  });
}

function isPrivate(path, search) {
  path = normal(path);
  if (/^\/plan\/[^\/]+$/.test(path) || path === "/my-reports") { return false; }
  return /^\/(api|admin|console|manage|my-reports|check-in|messages)(\/|$)/.test(path) || /^\/alerts\//.test(path) ||
    /[?&]token=/.test(search);
}

self.addEventListener("sync", function (event) {
  // A send that has to be tried again fails the sync, so the browser tries again later.
  if (event.tag === "petspot-send") {
    event.waitUntil(PetSpotQueue.flush().then(function (waiting) { if (waiting) { throw new Error("waiting"); } }));
  }
});

self.addEventListener("message", function (event) {
  if (event.data === "petspot-send") { event.waitUntil(PetSpotQueue.flush()); }
  if (event.data === "petspot-forms") { event.waitUntil(keepForms()); }
});

self.addEventListener("fetch", function (event) {
  var request = event.request, url = new URL(request.url);
  if (url.origin !== self.location.origin) { return; }
  // A step of a flow sent without signal: the flow's one-page form, which keeps a report on the phone,
  // saying the step was not sent (Back still has what was typed in the step); at the form's own address,
  // so the step's token does not stay in the address bar.
  if (request.method === "POST" && request.mode === "navigate" && isFlowStep(url.pathname)) {
    // Back or Forward to a step's answer (a page with an error): the browser asks its cache only, which never
    // has it. The step as it stands now, not a second send and not "no signal" (found by a walk-through).
    if (request.cache === "only-if-cached") {
      event.respondWith(Response.redirect(url.origin + url.pathname, 303));
      return;
    }
    event.respondWith(fetch(request).catch(function () {
      var base = Object.keys(self.PETSPOT.forms).filter(function (path) { return normal(url.pathname).indexOf(path + "/") === 0; })[0];
      return Response.redirect(self.PETSPOT.forms[base] + "?" + UNSENT, 303);
    }));
    return;
  }
  if (request.method !== "GET") { return; }
  if (isPrivate(url.pathname, url.search)) { return; }
  if (request.mode === "navigate") {
    // A page reached by Back or Forward through a step's answer asks the browser's cache only, which never
    // has it: it comes from the network as any visit (the phone's copy only without signal).
    var live = request.cache === "only-if-cached" ? new Request(request.url, { credentials: "same-origin", redirect: "manual" }) : request;
    event.respondWith(fetch(live).then(function (response) {
      if (response.ok && !response.redirected) { keep(url.pathname + url.search, response.clone()); }
      return response;
    }, function () { return fromPhone(url, url.search === "?" + UNSENT ? self.PETSPOT.notSent : null); }));
  } else if (normal(url.pathname).indexOf("/images/") === 0) {
    // A report's photo (as public as its pages): from the network, and kept, so a kept report, list or
    // flyer shows it without signal.
    event.respondWith(fetch(request).then(function (response) {
      if (response.ok) { keepLast(IMAGES, request, response.clone(), MOST_IMAGES); }
      return response;
    }, function () {
      return caches.open(IMAGES).then(function (cache) { return cache.match(request); }).then(function (kept) { return kept || Response.error(); });
    }));
  } else if (url.pathname.indexOf("/static/") === 0) {
    event.respondWith(caches.match(request).then(function (kept) {
      return kept || fetch(request).then(function (response) {
        if (response.ok) { var copy = response.clone(); caches.open(SHELL).then(function (cache) { cache.put(request, copy); }); }
        return response;
      });
    }));
  }
});

/* Keeps `response` for `request` in the cache `name`, and only the newest `most` there. */
function keepLast(name, request, response, most) {
  return caches.open(name).then(function (cache) {
    return cache.put(request, response).then(function () { return cache.keys(); })
      .then(function (keys) { return Promise.all(keys.slice(0, Math.max(0, keys.length - most)).map(function (key) { return cache.delete(key); })); });
  }).catch(function () {});
}

/* Keeps a page with when it was saved, and only the newest MOST_PAGES. */
function keep(path, response) {
  if (isFlowStep(path.split("?")[0]) || !response.ok || (response.headers.get("Content-Type") || "").indexOf("text/html") !== 0) { return Promise.resolve(); }
  return response.text().then(function (html) {
    var headers = { "Content-Type": "text/html; charset=utf-8", "X-PetSpot-Saved-At": String(Date.now()) };
    return keepLast(PAGES, path, new Response(html, { headers: headers }), MOST_PAGES);
  });
}

/* A page from the phone: for a flow's step its one-page form (a step page needs the server), else the
   page asked for, else the start page; with a banner saying when it was saved, or `texts` (by language). */
function fromPhone(url, texts) {
  var form = Object.keys(self.PETSPOT.forms).filter(function (base) { return url.pathname.indexOf(base) === 0; })[0];
  return caches.open(PAGES).then(function (cache) {
    return (form ? cache.match(self.PETSPOT.forms[form]) : Promise.resolve(null))
      .then(function (page) { return page || cache.match(url.pathname + url.search); })
      .then(function (page) { return page || cache.match("/"); });
  }).then(function (page) {
    if (!page) { return Response.error(); }
    var saved = new Date(Number(page.headers.get("X-PetSpot-Saved-At")) || Date.now());
    return page.text().then(function (html) {
      var lang = (/<html lang="(\w+)"/.exec(html) || [])[1] || "en";
      var time = saved.toLocaleTimeString(lang, { hour: "2-digit", minute: "2-digit" });
      texts = texts || self.PETSPOT.saved;
      var text = (texts[lang] || texts.en).replace("%@", time);
      var banner = '<p class="offline-banner" role="status" data-testid="offline-banner">' + text + "</p>";
      html = html.replace('<main id="main" tabindex="-1">', '<main id="main" tabindex="-1">' + banner);
      return new Response(html, { headers: { "Content-Type": "text/html; charset=utf-8" } });
    });
  });
}
