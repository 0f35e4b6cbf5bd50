// Bummerl's live connection, shared by every tab and window of a browser
// (docs/web.md, "Live updates"). Browsers allow six connections to one
// server; one stream per tab would take them all after a few tabs and
// leave the organiser's result waiting. Each tab tells this SharedWorker
// which stream it follows (the tournament's or a seat's), which parts it
// shows and at which revision; the worker holds one EventSource per stream
// with the parts of all its tabs and hands every event to each of them.
"use strict";

// name (the stream's URL, marked for a logged-in user: a login while a
// visitor's stream is open needs a stream of its own) →
// {url, tabs: {id: {port, parts, rev}}, source, key, rev, last, wait}:
// rev is the revision the open stream stands at, last its newest event.
var streams = {};

function nameOf(msg) {
  return msg.stream + (msg.staff ? " staff" : "");
}

function watch(port, msg) {
  var name = nameOf(msg);
  var s = streams[name];
  if (s === undefined) {
    s = streams[name] = {url: msg.stream, tabs: {}, source: null, key: null, rev: null, last: null, wait: 0};
  }
  var tab = s.tabs[msg.id] = {port: port, parts: msg.parts, rev: msg.rev};
  // A tab that comes late (or back from the browser's history) and shows
  // another revision gets the newest event at once, or a new stream that
  // brings it.
  if (s.source !== null && msg.rev !== s.rev) {
    if (s.last !== null && s.last.rev === s.rev) {
      port.postMessage(s.last);
      tab.rev = s.rev;
    } else {
      s.key = null;
    }
  }
  connect(name);
}

function leave(name, id) {
  var s = streams[name];
  if (s === undefined || s.tabs[id] === undefined) {
    return;
  }
  delete s.tabs[id];
  connect(name);
}

// connect opens the stream with the parts of its tabs, again when that set
// changed, and closes it when no tab is left.
function connect(name) {
  var s = streams[name];
  var stream = s.url;
  var ids = Object.keys(s.tabs);
  if (ids.length === 0) {
    if (s.source !== null) {
      s.source.close();
    }
    clearTimeout(s.timer);
    delete streams[name];
    return;
  }
  var parts = [];
  var revs = {};
  ids.forEach(function (id) {
    s.tabs[id].parts.forEach(function (p) {
      if (parts.indexOf(p) < 0) {
        parts.push(p);
      }
    });
    revs[s.tabs[id].rev] = true;
  });
  parts.sort();
  var q = new URLSearchParams();
  var known = Object.keys(revs);
  s.rev = null;
  if (known.length === 1 && known[0] !== "null") {
    s.rev = known[0]; // all tabs show the same revision
    q.set("rev", s.rev);
  }
  parts.forEach(function (p) {
    q.append("part", p);
  });
  var key = parts.join("\n");
  if (s.source !== null && s.key === key && s.source.readyState !== EventSource.CLOSED) {
    return;
  }
  if (s.source !== null) {
    s.source.close();
  }
  clearTimeout(s.timer);
  s.key = key;
  var source = new EventSource(stream + "?" + q.toString());
  s.source = source;
  function relay(type) {
    return function (e) {
      s.wait = 0;
      var msg = {type: type, stream: stream, staff: name !== stream, data: e.data, rev: e.lastEventId};
      s.last = msg;
      s.rev = e.lastEventId;
      Object.keys(s.tabs).forEach(function (id) {
        s.tabs[id].rev = e.lastEventId;
        s.tabs[id].port.postMessage(msg);
      });
    };
  }
  source.addEventListener("parts", relay("parts"));
  source.addEventListener("rev", relay("rev"));
  source.addEventListener("error", function () {
    if (source.readyState !== EventSource.CLOSED || s.source !== source) {
      return; // EventSource reconnects by itself
    }
    // Refused (the server is full or the address has too many streams,
    // with Retry-After) or gone: try again later, each time twice as
    // late up to a minute, at a random moment so a hall does not return
    // at once.
    s.wait = Math.min(60000, s.wait === 0 ? 5000 : s.wait * 2);
    s.timer = setTimeout(function () {
      s.source = null;
      if (streams[name] === s) {
        connect(name);
      }
    }, s.wait / 2 + Math.random() * s.wait);
  });
}

self.addEventListener("connect", function (e) {
  var port = e.ports[0];
  var mine = {}; // this port's tabs: id → stream, to clean up when it closes
  port.addEventListener("message", function (m) {
    var msg = m.data;
    if (msg.type === "watch") {
      mine[msg.id] = nameOf(msg);
      watch(port, msg);
    } else if (msg.type === "bye") {
      delete mine[msg.id];
      leave(nameOf(msg), msg.id);
    }
  });
  // Where browsers tell that a tab's port is gone (a crashed tab says no
  // goodbye).
  port.addEventListener("close", function () {
    Object.keys(mine).forEach(function (id) {
      leave(mine[id], id);
    });
  });
  port.start();
});
