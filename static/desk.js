// The sale desk's own script (loaded by the desk only: views.withAssets).
"use strict";

// The sale desk's typeahead (issue 24): the name field (data-typeahead,
// a combobox) fetches the register's persons as one types (htmx, into its
// listbox). Arrow Down and Up choose one, Enter (or a click) sells to him:
// his id goes into the form's hidden field "person" and the form is sent
// as a plain Enter would send it. Tab takes the chosen one into the form
// without selling, and the focus goes on to the number of cards, so two
// cards are: type, Down, Tab, 2, Enter. Enter with none chosen sells the
// name as typed; Escape closes the list. An answer for an older text is
// dropped. Typing clears the hidden field again.
(function () {
  function list(input) {
    return document.getElementById(input.getAttribute("aria-controls"));
  }
  function options(input) {
    var l = list(input);
    return l === null ? [] : Array.prototype.slice.call(l.querySelectorAll("[role=option]"));
  }
  function choose(input, opt) {
    options(input).forEach(function (o) {
      o.setAttribute("aria-selected", o === opt ? "true" : "false");
    });
    if (opt === null) {
      input.removeAttribute("aria-activedescendant");
    } else {
      input.setAttribute("aria-activedescendant", opt.id);
      opt.scrollIntoView({block: "nearest"});
    }
  }
  function close(input) {
    list(input).replaceChildren();
    input.setAttribute("aria-expanded", "false");
    input.removeAttribute("aria-activedescendant");
  }
  function take(input, opt) {
    input.form.elements.person.value = opt.dataset.person;
    input.value = opt.dataset.name;
    close(input);
  }
  function pick(input, opt) {
    take(input, opt);
    input.form.requestSubmit();
  }
  function typeahead(el) {
    return el instanceof HTMLInputElement && el.hasAttribute("data-typeahead") ? el : null;
  }
  document.addEventListener("keydown", function (e) {
    var input = typeahead(e.target);
    var opts = input === null ? [] : options(input);
    if (opts.length === 0) {
      return;
    }
    var cur = opts.findIndex(function (o) {
      return o.getAttribute("aria-selected") === "true";
    });
    if (e.key === "ArrowDown" || e.key === "ArrowUp") {
      e.preventDefault();
      // Past either end: none chosen, as typed.
      var next = cur + (e.key === "ArrowDown" ? 1 : -1);
      if (cur < 0 && e.key === "ArrowUp") {
        next = opts.length - 1;
      }
      choose(input, next >= 0 && next < opts.length ? opts[next] : null);
    } else if (e.key === "Enter" && cur >= 0) {
      e.preventDefault();
      pick(input, opts[cur]);
    } else if (e.key === "Tab" && cur >= 0) {
      take(input, opts[cur]); // the Tab itself moves the focus on
    } else if (e.key === "Escape") {
      e.preventDefault();
      close(input);
    }
  });
  // A sale sent empties the form (app.js): the list goes too. The picked
  // person stays in the hidden field until the next buyer is typed.
  document.addEventListener("htmx:confirm", function (e) {
    var form = e.detail.elt;
    var input = form instanceof HTMLFormElement ? typeahead(form.querySelector("[data-typeahead]")) : null;
    if (input !== null) {
      close(input);
    }
  });
  document.addEventListener("input", function (e) {
    var input = typeahead(e.target);
    if (input !== null) {
      input.form.elements.person.value = "";
      choose(input, null);
    }
  });
  // A click picks too; the press keeps the focus in the field.
  document.addEventListener("mousedown", function (e) {
    if (e.target instanceof Element && e.target.closest(".typeahead-list [role=option]")) {
      e.preventDefault();
    }
  });
  document.addEventListener("click", function (e) {
    var opt = e.target instanceof Element ? e.target.closest(".typeahead-list [role=option]") : null;
    var input = opt === null ? null : document.querySelector('[aria-controls="' + opt.parentElement.id + '"]');
    if (input !== null) {
      pick(input, opt);
    }
  });
  // Both events fire on the list; the request's element is the field.
  document.addEventListener("htmx:beforeSwap", function (e) {
    var input = typeahead((e.detail.requestConfig || {}).elt);
    if (input !== null && new URL(e.detail.xhr.responseURL).searchParams.get("name") !== input.value) {
      e.detail.shouldSwap = false;
    }
  });
  document.addEventListener("htmx:afterSwap", function (e) {
    var input = typeahead((e.detail.requestConfig || {}).elt);
    if (input !== null) {
      input.setAttribute("aria-expanded", options(input).length > 0 ? "true" : "false");
    }
  });
})();
