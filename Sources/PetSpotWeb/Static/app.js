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
    button.addEventListener("click", function () {
      navigator.geolocation.getCurrentPosition(function (position) {
        document.getElementById(button.getAttribute("data-lat")).value = position.coords.latitude.toFixed(5);
        document.getElementById(button.getAttribute("data-lng")).value = position.coords.longitude.toFixed(5);
      });
    });
  });

  var summary = document.querySelector(".error-summary");
  if (summary) { summary.focus(); }
})();
