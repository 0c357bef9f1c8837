// The players' page: the clock and the figures (common.js), the payouts, the busts, the bounties and
// "find my seat", each redrawn when its section of the stream changes. A player who taps "That's me"
// is remembered on the phone: the stream then tells this phone their seat whenever it changes, with a
// banner and a vibration when they are moved or their table breaks.
"use strict";
(function () {
  var T = TD, KEY = "tourneydesk.me", mine = null;
  function remembered() { try { return localStorage.getItem(KEY); } catch (e) { return null; } }
  var rows = T.rows;
  function draw(view, changed) {
    if (changed.payouts || changed.tournament) {
      rows("payouts", view.payouts || [], function (p) {
        return [[p.place, "num"], [T.money(p.amount), "num"], [p.names.join(", "), "name"]];
      });
      T.el("payouts-none").hidden = (view.payouts || []).length > 0;
      var free = !!(view.tournament && view.tournament.points_only);
      T.el("payouts-none").textContent = free ? T.say("payouts_points_only") : T.say("payouts_none");
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
    if (changed.waiting) drawWaiting(view.waiting || { names: [], open: true });
    if (changed.schedule || changed.clock) T.drawSchedule(view);
    if (changed.seating && T.el("seat-query").value.trim().length >= 2) find();
  }
  // The alternates, first first: who takes the next seat that frees.
  function drawWaiting(waiting) {
    var list = T.el("waiting");
    list.textContent = "";
    waiting.names.forEach(function (name) {
      var item = document.createElement("li");
      item.textContent = name;
      list.appendChild(item);
    });
    T.el("waiting-box").classList.toggle("hidden", waiting.names.length === 0);
    T.el("waiting-hint").classList.toggle("hidden", !waiting.open);
    T.el("waiting-closed").classList.toggle("hidden", waiting.open);
  }
  function seatText(s) { return s.table ? T.say("table_seat", { t: s.table, s: s.seat }) : T.say("not_seated"); }
  // "My seat": the remembered player's own line of the server's answer, and news when it changes.
  // Out of play, the card says the place and what was won (the prize, and the bounties won in a bounty event).
  function drawMine(found, out) {
    var name = remembered();
    var s = (found || []).filter(function (f) { return f.name === name; })[0];
    T.el("me-box").classList.toggle("hidden", !name);
    if (!name) return;
    T.el("me-name").textContent = name;
    T.el("me-seat").textContent = s ? seatText(s) : out ? T.say("me_place", { place: out.place + (out.final ? "" : "*") })
      : T.say("me_out");
    T.el("me-moved").textContent = s && s.moved_from ? T.say("moved_from", { t: s.moved_from.table, s: s.moved_from.seat }) : "";
    var facts = [];
    if (s && s.bounty) facts.push(T.say("my_bounty", { amount: T.money(s.bounty) }));
    if (s && s.stack) facts.push(T.say("my_stack", { chips: T.chips(s.stack) }));
    if (!s && out) {
      if (out.prize) facts.push(T.say("me_prize", { amount: T.money(out.prize) }));
      if (out.bounty_won) facts.push(T.say("me_bounties_won", { amount: T.money(out.bounty_won) }));
      var free = T.view().tournament && T.view().tournament.points_only;
      if (!out.prize && !out.bounty_won && !free) facts.push(T.say("me_no_prize"));
    }
    T.el("me-facts").textContent = facts.join(" · ");
    T.el("me-legend").textContent = !s && out && !out.final ? T.say("place_not_final") : "";
    var now = s ? s.table + "/" + s.seat : "out";
    if (mine !== null && now !== mine && s && s.table) {
      var banner = T.el("moved-banner");
      banner.textContent = T.say("you_move", { where: seatText(s) });
      banner.classList.remove("hidden");
      if (navigator.vibrate) navigator.vibrate([200, 100, 200]);
    }
    mine = now;
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
          li.appendChild(T.node("div", seatText(s), "seat"));
          if (s.moved_from) li.appendChild(T.node("div", T.say("moved_from", { t: s.moved_from.table, s: s.moved_from.seat }), "moved"));
          if (s.waits) li.appendChild(T.node("div", T.say("waits"), "muted small"));
          if (s.name !== remembered()) {
            var b = T.node("button", T.say("this_is_me"));
            b.type = "button";
            b.addEventListener("click", function () {
              try { localStorage.setItem(KEY, s.name); } catch (e) { /* a private window keeps nothing */ }
              mine = null;
              T.el("seat-query").value = "";
              list.textContent = "";
              T.follow(s.name);
            });
            li.appendChild(b);
          }
          list.appendChild(li);
        });
      });
  }
  T.el("me-forget").addEventListener("click", function () {
    try { localStorage.removeItem(KEY); } catch (e) { /* nothing kept */ }
    mine = null;
    T.el("me-box").classList.add("hidden");
    T.el("moved-banner").classList.add("hidden");
    T.follow(null);
  });
  T.el("moved-banner").addEventListener("click", function () { T.el("moved-banner").classList.add("hidden"); });
  T.el("seat-query").addEventListener("input", T.debounce(find, 250));
  T.onView(draw);
  T.onSeat(drawMine);
  T.follow(remembered());
})();
