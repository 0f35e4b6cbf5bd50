// The board "Wo spiele ich?" on the projector (issue 23,
// /t/:id/screen/names): what app.js's paging needs for it. Its pages
// load this before app.js; the other pages do without.
window.bummerlBoard = {
  // pages: a list set in columns (two on a wide beamer) fills a column
  // while the next line fits (a line is never split), then the next
  // column; when the last is full, a new page.
  pages: function (items, room, columns) {
    var pages = [[]];
    var column = 0;
    var used = 0;
    items.forEach(function (li) {
      var h = li.getBoundingClientRect().height;
      if (used + h > room && used > 0) {
        used = 0;
        if (++column === columns) {
          pages.push([]);
          column = 0;
        }
      }
      pages[pages.length - 1].push(li);
      used += h;
    });
    return pages;
  },
  // letters is " · F–K", the initials of a page's first and last name
  // (data-letter): a guest sees whether his name is on it or how long
  // to wait.
  letters: function (page) {
    var first = page[0].getAttribute("data-letter");
    var last = page[page.length - 1].getAttribute("data-letter");
    return first === null ? "" : " · " + first + (first === last ? "" : "–" + last);
  }
};
