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

  document.querySelectorAll("input[data-microchip]").forEach(function (input) {
    input.addEventListener("input", function () { input.value = formatChip(input.value); });
  });

  document.querySelectorAll("[data-copy]").forEach(function (button) {
    if (!navigator.clipboard) { return; }
    button.hidden = false;
    button.addEventListener("click", function () {
      var text = document.getElementById(button.getAttribute("data-copy")).textContent.trim();
      navigator.clipboard.writeText(text).then(function () { showToast(button.getAttribute("data-copied")); });
    });
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

  var summary = document.querySelector(".error-summary");
  if (summary) { summary.focus(); }
})();
