// The players' page: the clock and the figures (common.js), the payouts, the busts, the bounties and
// "find my seat", each redrawn when its section of the stream changes.
"use strict";
(function () {
  var T = TD;
  function rows(table, items, cells) {
    var body = T.el(table).querySelector("tbody");
    body.textContent = "";
    items.forEach(function (item) {
      var tr = document.createElement("tr");
      cells(item).forEach(function (c) { tr.appendChild(T.node("td", c[0], c[1])); });
      body.appendChild(tr);
    });
  }
  function draw(view, changed) {
    if (changed.payouts || changed.tournament) {
      rows("payouts", view.payouts || [], function (p) {
        return [[p.place, "num"], [T.money(p.amount), "num"], [p.names.join(", "), "name"]];
      });
      T.el("payouts-none").hidden = (view.payouts || []).length > 0;
    }
    if (changed.busts || changed.tournament) {
      rows("busts", view.busts || [], function (b) {
        return [[b.place + (b.final ? "" : "*"), "num"], [b.name, "name"], [b.prize ? T.money(b.prize) : "", "num"]];
      });
      T.el("busts-none").hidden = (view.busts || []).length > 0;
      T.el("busts-legend").classList.toggle("hidden", !(view.busts || []).some(function (b) { return !b.final; }));
    }
    if (changed.bounties || changed.tournament) {
      var bounties = view.bounties || [];
      T.el("bounties-box").classList.toggle("hidden", bounties.length === 0);
      rows("bounties", bounties, function (b) { return [[b.name, "name"], [T.money(b.bounty), "num"]]; });
    }
    if (changed.seating && T.el("seat-query").value.trim().length >= 2) find();
  }
  function find() {
    var q = T.el("seat-query").value.trim();
    var list = T.el("seat-found");
    if (q.length < 2) { list.textContent = ""; return; }
    fetch("/api/seat?q=" + encodeURIComponent(q), { cache: "no-store" }).then(function (r) { return r.json(); })
      .then(function (body) {
        list.textContent = "";
        if (!body.found.length) list.appendChild(T.node("li", T.say("nobody_found"), "muted"));
        body.found.forEach(function (s) {
          var li = T.node("li");
          li.appendChild(T.node("div", s.name, "strong"));
          li.appendChild(T.node("div", s.table ? T.say("table_seat", { t: s.table, s: s.seat }) : T.say("not_seated"), "seat"));
          if (s.moved_from) li.appendChild(T.node("div", T.say("moved_from", { t: s.moved_from.table, s: s.moved_from.seat }), "moved"));
          if (s.waits) li.appendChild(T.node("div", T.say("waits"), "muted small"));
          list.appendChild(li);
        });
      });
  }
  T.el("seat-query").addEventListener("input", T.debounce(find, 250));
  T.onView(draw);
  T.follow();
})();
