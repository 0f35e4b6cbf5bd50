// Bummerl's own script: small, no inline code (the Content-Security-Policy
// allows only files from this site). Every page works without it.
"use strict";

// The sale desk serves a queue: a form marked data-clear-on-send is emptied
// and refocused the moment it is submitted, so the seller can type the
// next buyer at once and no keystroke is lost. What was submitted travels
// as a snapshot (htmx's etc.values), because htmx reads the form again
// when it sends a request that waited behind another (hx-sync queue all).
// The form validates itself at submit time: htmx would check the emptied
// form, so htmx's own check is switched off with noValidate.
document.addEventListener("htmx:confirm", function (e) {
  var form = e.detail.elt;
  if (!(form instanceof HTMLFormElement) || !form.hasAttribute("data-clear-on-send") || e.detail.etc.snapshot) {
    return;
  }
  if (!form.reportValidity()) {
    e.preventDefault();
    return;
  }
  var values = {};
  new FormData(form).forEach(function (v, k) {
    values[k] = v;
  });
  e.detail.etc.values = values;
  e.detail.etc.snapshot = true;
  clearForm(form);
});

// clearForm empties the inputs (a field with data-clear gets that value)
// and the messages of an earlier refusal, and focuses the first field.
function clearForm(form) {
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
  // A choice (how the sale is paid) goes back to its default: cash.
  form.querySelectorAll("select").forEach(function (s) {
    Array.prototype.forEach.call(s.options, function (o) {
      o.selected = o.defaultSelected;
    });
  });
  form.querySelectorAll(".field-error, .notice.error").forEach(function (m) {
    m.remove();
  });
  if (first !== null) {
    first.focus();
  }
}

// Requests from the sale desk carry the search as it stands in the search
// box, not as it stood when the page was drawn, so the results the server
// sends back match what the seller sees.
document.addEventListener("htmx:configRequest", function (e) {
  var search = document.querySelector("input[data-sale-search]");
  if (search !== null && e.detail.verb === "post" && e.detail.formData.has("q")) {
    e.detail.formData.set("q", search.value);
  }
});

// On every page load and swap: forms that clear themselves validate in the
// confirm handler above. A refused form comes back with the focus on the
// field to fix; its text is selected so that typing replaces it.
document.addEventListener("htmx:load", function (e) {
  var root = e.target;
  var forms = root.matches("form[data-clear-on-send]") ? [root] : root.querySelectorAll("form[data-clear-on-send]");
  Array.prototype.forEach.call(forms, function (form) {
    form.noValidate = true;
    var el = document.activeElement;
    if (el instanceof HTMLInputElement && form.contains(el) && el.getAttribute("aria-invalid") === "true") {
      el.select();
    }
  });
});

// The sale desk by keyboard alone (issue 23): selling more or cancelling
// from the search results draws them anew, and the button that had the
// focus goes with them; the focus would fall back to the top of the page.
// It goes to the search box instead, its text selected for the next search.
(function () {
  var lost = false;
  document.addEventListener("htmx:oobBeforeSwap", function (e) {
    lost = lost || (e.detail.target.id === "search-results" && e.detail.target.contains(document.activeElement));
  });
  document.addEventListener("htmx:afterSettle", function () {
    var search = document.querySelector("input[data-sale-search]");
    if (lost && search !== null && (document.activeElement === null || document.activeElement === document.body)) {
      search.focus();
      search.select();
    }
    lost = false;
  });
})();

// htmx 2 leaves 4xx answers unswapped (the page's htmx-config lets only
// 409 and 422 through): a refusal with an HTML body is shown all the same,
// in the place the server chose (HX-Retarget) or the request's target. The
// central error handler's message of an earlier request gives way first.
document.addEventListener("htmx:beforeSwap", function (e) {
  document.querySelectorAll("[data-htmx-error]").forEach(function (m) {
    m.remove();
  });
  var xhr = e.detail.xhr;
  var type = xhr.getResponseHeader("Content-Type") || "";
  if (xhr.status >= 400 && xhr.status < 500 && type.indexOf("text/html") === 0 && e.detail.serverResponse !== "") {
    e.detail.shouldSwap = true;
    e.detail.isError = false;
  }
});

// Live pages (docs/web.md, "Live updates"). The element with data-live
// (the body of a live page) names the stream of its tournament or table;
// each part of the page marked data-live-src is kept current through it.
// A visitor's stream brings the parts themselves ("parts": one connection
// per phone); a logged-in helper's stream says only that something changed
// ("rev"), and the page fetches its parts again as htmx would (header
// HX-Request: true, the answer is the part alone), with the fields of the
// form named by data-live-include as the query. A part is put in place
// keeping the scroll position; then "bummerl:live" is dispatched on
// document with detail.revision, for the page's own reactions.
// All tabs of a browser share one stream through a SharedWorker
// (live-worker.js); where there is none, the page holds its own. A page
// leaving (or going into the browser's back/forward cache) lets its
// stream go; a page coming back from that cache follows again at once.
// Without JavaScript the page reloads itself (<noscript> refresh).
(function () {
  var root = document.querySelector("[data-live]");
  if (root === null || typeof EventSource === "undefined" || typeof fetch === "undefined") {
    return;
  }
  var stream = root.getAttribute("data-live");
  var staff = root.hasAttribute("data-live-staff"); // logged in: another stream
  var current = root.getAttribute("data-live-rev"); // null: the stream brings the parts at once
  var id = Math.random().toString(36).slice(2);
  var busy = false;
  var queued = null;

  function elements() {
    return Array.prototype.slice.call(document.querySelectorAll("[data-live-src]"));
  }

  function partURL(el) {
    var url = el.getAttribute("data-live-src");
    var sel = el.getAttribute("data-live-include");
    var form = sel ? document.querySelector(sel) : null;
    if (form instanceof HTMLFormElement) {
      var query = new URLSearchParams(new FormData(form)).toString();
      if (query !== "") {
        url += (url.indexOf("?") < 0 ? "?" : "&") + query;
      }
    }
    return url;
  }

  function swap(el, html) {
    if (el.bummerlLive === html) {
      return; // unchanged: no flicker, nothing read out again
    }
    el.bummerlLive = html;
    var x = window.scrollX;
    var y = window.scrollY;
    var top = el.scrollTop;
    el.innerHTML = html;
    el.scrollTop = top;
    window.scrollTo(x, y);
    if (window.htmx) {
      window.htmx.process(el);
    }
  }

  function done(rev) {
    current = rev;
    document.dispatchEvent(new CustomEvent("bummerl:live", {detail: {revision: Number(rev)}}));
  }

  // fetchParts fetches the given parts (a helper's page, or a part the
  // stream did not bring), one round at a time.
  function fetchParts(rev, els) {
    if (busy) {
      queued = rev; // once the running fetches are done, all parts
      return;
    }
    busy = true;
    Promise.all(els.map(function (el) {
      return fetch(partURL(el), {headers: {"HX-Request": "true"}, credentials: "same-origin", cache: "no-store"})
        .then(function (r) {
          if (!r.ok) {
            throw new Error(r.status);
          }
          return r.text();
        })
        .then(function (html) {
          swap(el, html);
        });
    })).then(function () {
      busy = false;
      done(rev);
    }, function () {
      // Refused or cut (a busy server answers 503): again in a few
      // seconds; the stream itself has moved on to this revision.
      busy = false;
      if (queued === null) {
        setTimeout(function () {
          fetchParts(rev, elements());
        }, 2000 + Math.random() * 2000);
      }
    }).then(function () {
      if (queued !== null) {
        var next = queued;
        queued = null;
        fetchParts(next, elements());
      }
    });
  }

  function receive(type, data, rev) {
    if (type === "rev") {
      if (rev !== current) {
        fetchParts(rev, elements());
      }
      return;
    }
    var parts = JSON.parse(data).parts;
    var missing = [];
    elements().forEach(function (el) {
      var html = parts[partURL(el)];
      if (html === undefined) {
        missing.push(el); // its query changed since the stream began
      } else {
        swap(el, html);
      }
    });
    if (missing.length > 0) {
      fetchParts(rev, missing);
      follow(); // with the parts as they are now
    } else {
      done(rev);
    }
  }

  // The transport: the browser's shared worker, or a stream of the page's
  // own.
  var worker = null;
  var own = null;
  var wait = 0;
  if (typeof SharedWorker !== "undefined") {
    try {
      worker = new SharedWorker("/static/live-worker.js", {name: "bummerl-live"});
      worker.port.onmessage = function (m) {
        if (m.data.stream === stream && m.data.staff === staff) {
          receive(m.data.type, m.data.data, m.data.rev);
        }
      };
    } catch (err) {
      worker = null;
    }
  }

  function follow() {
    var parts = elements().map(partURL);
    if (worker !== null) {
      worker.port.postMessage({type: "watch", id: id, stream: stream, staff: staff, parts: parts, rev: current});
      return;
    }
    leave();
    var q = new URLSearchParams();
    if (current !== null) {
      q.set("rev", current);
    }
    parts.forEach(function (p) {
      q.append("part", p);
    });
    var source = new EventSource(stream + "?" + q.toString());
    own = source;
    ["parts", "rev"].forEach(function (type) {
      source.addEventListener(type, function (e) {
        wait = 0;
        receive(type, e.data, e.lastEventId);
      });
    });
    source.addEventListener("error", function () {
      if (source.readyState === EventSource.CLOSED && own === source) {
        // Refused or gone: again later, as the shared worker does.
        wait = Math.min(60000, wait === 0 ? 5000 : wait * 2);
        own = null;
        setTimeout(follow, wait / 2 + Math.random() * wait);
      }
    });
  }

  function leave() {
    if (worker !== null) {
      worker.port.postMessage({type: "bye", id: id, stream: stream, staff: staff});
    } else if (own !== null) {
      own.close();
      own = null;
    }
  }

  window.addEventListener("pagehide", leave);
  window.addEventListener("pageshow", function (e) {
    if (e.persisted) {
      follow(); // back from the back/forward cache: catch up at once
    }
  });
  follow();
})();

// The projector (/t/:id/screen): every list marked data-pages shows the
// lines that fit in its box, a page at a time, turning every 10 s; the
// page a list shows survives the live refreshes. Without JavaScript the
// first lines show (class "later" hides the rest) and "…and N more".
(function () {
  if (!document.body.classList.contains("screen")) {
    return;
  }
  var shown = {}; // list → the index of the page it shows

  function lists() {
    return Array.prototype.slice.call(document.querySelectorAll(".screen [data-pages]"));
  }

  function paginate(list) {
    var panel = list.parentElement;
    var more = panel.querySelector("[data-more]");
    if (more !== null) {
      more.hidden = true;
    }
    var items = Array.prototype.slice.call(list.children);
    list.style.flex = "";
    items.forEach(function (li) {
      li.classList.remove("later");
      li.hidden = false;
    });
    var room = list.clientHeight;
    // The list keeps this height whatever page it shows: a panel sized by
    // its content would otherwise grow with a taller page and push the
    // panel below it past the bottom of the screen.
    list.style.flex = "0 0 " + room + "px";
    // A list set in columns is the board "Wo spiele ich?" (names.js).
    var columns = parseInt(getComputedStyle(list).columnCount, 10);
    var pages = isNaN(columns) ? rowPages(items, room) : bummerlBoard.pages(items, room, columns);
    list.bummerlPages = pages;
    var key = list.getAttribute("data-pages");
    shown[key] = (shown[key] || 0) % pages.length;
    show(list);
  }

  // rowPages: pages of the list's height, a grid's row kept together.
  function rowPages(items, room) {
    var pages = [[]];
    var start = null;
    items.forEach(function (li) {
      var top = li.offsetTop;
      if (start === null) {
        start = top;
      }
      var page = pages[pages.length - 1];
      if (top + li.offsetHeight - start > room && page.length > 0 && top > page[page.length - 1].offsetTop) {
        pages.push([]);
        start = top;
      }
      pages[pages.length - 1].push(li);
    });
    return pages;
  }

  function show(list) {
    var pages = list.bummerlPages;
    var at = shown[list.getAttribute("data-pages")];
    pages.forEach(function (page, i) {
      page.forEach(function (li) {
        li.hidden = i !== at;
      });
    });
    var info = list.parentElement.querySelector("[data-page-info]");
    if (info !== null) {
      info.textContent = pages.length < 2 ? "" :
        info.getAttribute("data-page-info").replace("{page}", at + 1).replace("{pages}", pages.length) +
        (window.bummerlBoard ? bummerlBoard.letters(pages[at]) : "");
    }
  }

  // Twice: the first pass writes each list's page count into its heading,
  // which may take room the second pass then measures.
  function layout() {
    lists().forEach(paginate);
    lists().forEach(paginate);
  }

  layout();
  window.addEventListener("load", layout);
  window.addEventListener("resize", layout);
  document.addEventListener("bummerl:live", layout);
  setInterval(function () {
    lists().forEach(function (list) {
      var pages = list.bummerlPages;
      if (pages && pages.length > 1) {
        var key = list.getAttribute("data-pages");
        shown[key] = (shown[key] + 1) % pages.length;
        show(list);
      }
    });
  }, 10000);
})();

// The player's page: when a live refresh shows a call to a table the page
// did not show before, the tab's title says so ("▶ Tisch 5 – …") and the
// phone vibrates briefly where it may (browsers allow it only once the
// page was touched).
(function () {
  var part = document.querySelector("[data-page-title]");
  if (part === null) {
    return;
  }
  function callKey() {
    var call = part.querySelector("[data-call]");
    return call === null ? "" : call.getAttribute("data-call");
  }
  var seen = callKey();
  document.addEventListener("bummerl:live", function () {
    var call = part.querySelector("[data-call]");
    var key = callKey();
    var base = part.getAttribute("data-page-title");
    document.title = call === null ? base : call.getAttribute("data-call-title") + " – " + base;
    var touched = !navigator.userActivation || navigator.userActivation.hasBeenActive;
    if (key !== "" && key !== seen && typeof navigator.vibrate === "function" && touched) {
      navigator.vibrate(200);
    }
    seen = key;
  });
})();

// Print sheets (issue 10): a button with data-print opens the browser's
// print dialog (the CSP allows no inline onclick).
document.addEventListener("click", function (ev) {
  var b = ev.target.closest && ev.target.closest("[data-print]");
  if (b) {
    ev.preventDefault();
    window.print();
  }
});

// The round page (issue 9): after a result typed into a match's row is
// saved, the row comes back marked data-saved and the focus moves on to
// the winner field of the next open match (after the last, the first one
// still open), so a whole round is entered with the keyboard alone:
// winner, Tab, score, Enter.
// A refused row comes back with the focus on the field at fault, its text
// selected so that typing replaces it.
document.addEventListener("htmx:load", function (e) {
  var row = e.target;
  if (!(row instanceof HTMLElement) || !row.matches("tr[data-match-row]")) {
    return;
  }
  var active = document.activeElement;
  if (active instanceof HTMLInputElement && row.contains(active) && active.getAttribute("aria-invalid") === "true") {
    active.select();
  }
  if (!row.matches("tr[data-saved]")) {
    return;
  }
  var inputs = Array.prototype.slice.call(document.querySelectorAll("input[data-inline-winner]"));
  var next = inputs.find(function (el) {
    return (row.compareDocumentPosition(el) & Node.DOCUMENT_POSITION_FOLLOWING) !== 0;
  }) || inputs[0];
  if (next !== undefined) {
    next.focus();
  }
});

// At the sale desk Enter on the payment choice sells, as on any field of
// the form (a select keeps Enter to itself otherwise).
document.addEventListener("keydown", function (e) {
  var el = e.target;
  if (e.key !== "Enter" || !(el instanceof HTMLSelectElement) || el.form === null || !el.form.hasAttribute("data-clear-on-send")) {
    return;
  }
  e.preventDefault();
  el.form.requestSubmit();
});

// The digital table (/play/TOKEN, docs/play.md): when a move of the other
// player makes it this phone's turn, the tab's title says so ("▶ …") and
// the phone vibrates briefly where it may (once the page was touched).
(function () {
  var title = document.title;
  function myTurn() {
    var st = document.querySelector("[data-testid=status][data-seat]");
    return st !== null && st.getAttribute("data-to-move") === st.getAttribute("data-seat");
  }
  if (document.querySelector("[data-testid=status][data-seat]") === null) {
    return;
  }
  var was = myTurn();
  function update() {
    var now = myTurn();
    document.title = now ? "▶ " + title : title;
    var touched = !navigator.userActivation || navigator.userActivation.hasBeenActive;
    if (now && !was && typeof navigator.vibrate === "function" && touched) {
      navigator.vibrate(200);
    }
    was = now;
  }
  update();
  document.addEventListener("bummerl:live", update);
  document.addEventListener("htmx:afterSettle", update);
})();

// A move's answer (htmx) can arrive after the table's stream has shown a
// newer state already: the bot of a practice game (issue 25), or a quick
// opponent, answered at once. An older table never replaces a newer one:
// the move numbers (data-seq) of a table only grow.
document.addEventListener("htmx:beforeSwap", function (e) {
  var target = e.detail.target;
  if (!target || target.id !== "table") {
    return;
  }
  var shown = target.querySelector("[data-testid=status][data-seq]");
  var got = /data-seq="(\d+)"/.exec(e.detail.serverResponse || "");
  if (shown !== null && got !== null && Number(got[1]) < Number(shown.getAttribute("data-seq"))) {
    e.detail.shouldSwap = false;
  }
});
