// Bummerl's own script: small, no inline code (the Content-Security-Policy
// allows only files from this site). Every page works without it.
"use strict";

// A form marked data-clear-on-send is emptied and refocused the moment
// htmx sends it. htmx has read the values before htmx:beforeRequest, so the
// seller can type the next buyer while the server is still answering and
// no keystroke is lost. Fields with data-clear get that value back instead
// of an empty one.
document.addEventListener("htmx:beforeRequest", function (e) {
  var form = e.target;
  if (!(form instanceof HTMLFormElement) || !form.hasAttribute("data-clear-on-send")) {
    return;
  }
  var first = null;
  Array.prototype.forEach.call(form.elements, function (el) {
    if (!(el instanceof HTMLInputElement) || el.type === "hidden") {
      return;
    }
    el.value = el.dataset.clear || "";
    el.removeAttribute("aria-invalid");
    if (first === null) {
      first = el;
    }
  });
  // The messages of an earlier refusal no longer belong to the empty form.
  form.querySelectorAll(".field-error, .notice.error").forEach(function (m) {
    m.remove();
  });
  if (first !== null) {
    first.focus();
  }
});

// Requests from the sale desk carry the search as it stands in the search
// box, not as it stood when the page was drawn, so the results the server
// sends back match what the seller sees.
document.addEventListener("htmx:configRequest", function (e) {
  var search = document.querySelector("input[data-sale-search]");
  if (search !== null && e.detail.verb === "post" && e.detail.formData.has("q")) {
    e.detail.formData.set("q", search.value);
  }
});

// A refused form comes back with the focus on the field to fix; its text
// is selected so that typing the correction replaces it.
document.addEventListener("htmx:load", function (e) {
  var el = document.activeElement;
  if (e.target instanceof HTMLFormElement && e.target.hasAttribute("data-clear-on-send") &&
      el instanceof HTMLInputElement && e.target.contains(el) && el.getAttribute("aria-invalid") === "true") {
    el.select();
  }
});
