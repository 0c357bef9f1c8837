// What every page shares: its words, money and chips as the device's language writes them, the clock
// ticking on the device from the server's time, the stream of changes and the paired device's requests.
"use strict";
var TD = (function () {
  var W = JSON.parse(document.getElementById("words").textContent);
  var T = null;
  var lang = document.documentElement.lang || "en";
  var view = {}, offset = 0, currency = "EUR", listeners = [], seatListeners = [], me = null;
  // Events of their own kind on the stream (the venue's logo changed), by name; "open" is the stream (re)opened.
  var told = {};

  function say(key, values) {
    var text = W[key] || key;
    Object.keys(values || {}).forEach(function (k) { text = text.split("{" + k + "}").join(values[k]); });
    return text;
  }
  function el(id) { return document.getElementById(id); }
  function node(tag, text, cls) {
    var n = document.createElement(tag);
    if (text !== undefined && text !== null) n.textContent = text;
    if (cls) n.className = cls;
    return n;
  }
  function money(minor) {
    var f = new Intl.NumberFormat(lang, { style: "currency", currency: currency });
    var digits = f.resolvedOptions().maximumFractionDigits;
    var whole = minor % Math.pow(10, digits) === 0;
    return new Intl.NumberFormat(lang, { style: "currency", currency: currency,
      minimumFractionDigits: whole ? 0 : digits }).format(minor / Math.pow(10, digits));
  }
  function chips(n) { return new Intl.NumberFormat(lang).format(n); }
  function duration(ms) {
    var s = Math.max(0, Math.ceil(ms / 1000));
    var h = Math.floor(s / 3600), m = Math.floor((s % 3600) / 60), r = s % 60;
    function pad(n) { return (n < 10 ? "0" : "") + n; }
    return h ? h + ":" + pad(m) + ":" + pad(r) : pad(m) + ":" + pad(r);
  }
  function serverNow() { return Date.now() + offset; }
  function left(clock, key, atKey) {
    if (clock[atKey] !== undefined && clock[atKey] !== null) return clock[atKey] - serverNow();
    return clock[key];
  }

  // -- the clock ------------------------------------------------------------------------------------
  function drawClock() {
    var c = view.clock, t = view.tournament;
    if (!c || !el("clock")) return;
    el("clock").className = "clock " + (c.running ? "running" : "paused");
    el("clock-level").textContent = (c.on_break ? say("break") : say("level", { n: c.level })) +
      (c.overtime ? " " + say("repeating") : "");
    el("clock-time").textContent = duration(left(c, "remaining_ms", "ends_at_ms"));
    var state = t && t.status === "finished" ? (t.winner ? say("winner", { name: t.winner }) : say("finished"))
      : !c.started ? say("not_started") : !c.running ? say("paused") : "";
    el("clock-state").textContent = state;
    var blinds = say("blinds") + " " + chips(c.small_blind) + " / " + chips(c.big_blind) +
      (c.ante ? " · " + say("ante") + " " + chips(c.ante) : "");
    el("clock-blinds").textContent = blinds;
    var n = c.next, next = n.is_break ? say("break") : chips(n.small_blind) + " / " + chips(n.big_blind) +
      (n.ante ? " · " + say("ante") + " " + chips(n.ante) : "");
    var brk = left(c, "break_in_ms", "break_at_ms");
    el("clock-next").textContent = say("next_line", { next: next +
      (brk !== null && brk !== undefined && !c.on_break ? " · " + say("break_in", { t: duration(brk) }) : "") });
  }
  function drawNotes() {
    var list = el("notes");
    if (!list || !view.notes) return;
    list.textContent = "";
    view.notes.forEach(function (n) {
      var text = n.kind === "message" ? n.text
        : n.kind === "registration_closes" ? say("notes_registration_closes", { m: n.minutes })
        : n.kind === "color_up" ? say("notes_color_up", { chips: (n.chips || []).join(", ") })
        : n.kind === "hand_for_hand" ? say("hand_for_hand", { n: n.hand })
        : W["notes_" + n.kind] || "";
      if (text) list.appendChild(node("li", text, n.kind === "message" ? "message" : null));
    });
  }
  function drawStats() {
    var s = view.stats;
    if (!s || !el("stats")) return;
    el("stat-left").textContent = chips(s.players_left) + " / " + chips(s.players);
    el("stat-average").textContent = chips(s.average);
    el("stat-pool").textContent = s.points_only ? W.points_only : money(s.prize_pool);
    el("stat-bounty-box").classList.toggle("hidden", !s.bounty_pool);
    el("stat-bounty").textContent = money(s.bounty_pool);
  }
  function drawCommon() {
    if (view.tournament) {
      currency = view.tournament.currency;
      el("tournament-name").textContent = view.tournament.name;
    }
    drawClock(); drawNotes(); drawStats();
  }

  // -- the stream -----------------------------------------------------------------------------------
  // The server sends a beat every 15 s: a stream silent for longer is dead (the phone slept, the Wi-Fi
  // went) even when the browser has not noticed, and is opened anew; the catch-up comes with it.
  var source = null, heard = Date.now(), SILENT_MS = 40000;
  function online(yes) { el("conn").hidden = yes; document.body.dataset.online = yes ? "yes" : "no"; }
  function stale() {
    if (source && Date.now() - heard > SILENT_MS) {
      online(false);
      source.close();
      follow();
    }
  }
  setInterval(stale, 5000);
  document.addEventListener("visibilitychange", function () { if (!document.hidden) stale(); });
  // `who`: the player whose seat this phone follows (the server tells it with every change).
  function follow(who) {
    if (who !== undefined) me = who;
    if (source) source.close();
    heard = Date.now();
    source = new EventSource("/api/stream" + (me ? "?me=" + encodeURIComponent(me) : ""));
    source.addEventListener("seat", function (e) {
      heard = Date.now();
      var msg = JSON.parse(e.data);
      seatListeners.forEach(function (fn) { fn(msg.found, msg.out); });
    });
    source.addEventListener("open", function () {
      heard = Date.now(); online(true);
      (told.open || []).forEach(function (fn) { fn(); });
    });
    Object.keys(told).forEach(function (name) {
      if (name === "open") return;
      source.addEventListener(name, function (e) {
        heard = Date.now();
        var msg = JSON.parse(e.data);
        told[name].forEach(function (fn) { fn(msg); });
      });
    });
    source.addEventListener("beat", function () { heard = Date.now(); online(true); });
    source.addEventListener("view", function (e) {
      heard = Date.now();
      var msg = JSON.parse(e.data);
      offset = msg.now_ms - Date.now();
      if (msg.full) view = {};
      Object.keys(msg.sections).forEach(function (k) { view[k] = msg.sections[k]; });
      document.body.dataset.eventId = e.lastEventId;
      online(true);
      drawCommon();
      listeners.forEach(function (fn) { fn(view, msg.sections); });
    });
    source.addEventListener("error", function () {
      online(false);
      // The browser retries by itself; a stream it gave up on (the server was away) is opened anew.
      if (source.readyState === 2) setTimeout(follow, 2000);
    });
  }
  window.addEventListener("online", function () { if (!source || source.readyState === 2) follow(); });
  setInterval(drawClock, 250);

  // -- the paired device's requests -------------------------------------------------------------------
  function pairing() {
    try { return JSON.parse(localStorage.getItem("tourneydesk.pairing") || "null"); } catch (e) { return null; }
  }
  function headers() {
    var p = pairing(), h = { "Content-Type": "application/json" };
    if (p && p.token) h.Authorization = "Bearer " + p.token;
    return h;
  }
  function getJson(path) {
    return fetch(path, { headers: headers(), cache: "no-store" }).then(function (r) {
      return r.json().then(function (body) { body.status = r.status; return body; });
    });
  }
  function newId() {
    var bytes = new Uint8Array(16);
    crypto.getRandomValues(bytes);
    return Array.prototype.map.call(bytes, function (b) { return (b < 16 ? "0" : "") + b.toString(16); }).join("");
  }
  // A command keeps its command_id through every retry: the desk answers a repeat with the first
  // result, so a buy-in sent again after the Wi-Fi dropped is never charged twice.
  function send(cmd, tries) {
    if (!cmd.dry_run && !cmd.command_id) cmd.command_id = newId();
    return post("/api/command", cmd, tries);
  }
  // A POST sent again, the same body, while the answer is lost (the Wi-Fi dropped).
  function post(path, body, tries) {
    tries = tries === undefined ? 6 : tries;
    return fetch(path, { method: "POST", headers: headers(), body: JSON.stringify(body) })
      .then(function (r) { return r.json().then(function (answer) { answer.status = r.status; return answer; }); })
      .catch(function (err) {
        if (tries <= 1) throw err;
        return new Promise(function (ok) { setTimeout(ok, 700); }).then(function () {
          return post(path, body, tries - 1).then(function (answer) { answer.retried = true; return answer; });
        });
      });
  }
  function show(id, text, error) {
    var box = el(id);
    box.hidden = !text;
    box.textContent = text || "";
    box.classList.toggle("error", !!error);
  }
  // A page for some roles only: the device's pairing (`/api/me`) opens it, or the page says why not.
  function gate(roles, hide, open) {
    function refuse(me) {
      if (me && me.role) el("unpaired-text").textContent = say("wrong_role", {
        needs: roles.map(function (r) { return say("role_" + r); }).join(" / "), role: say("role_" + me.role) });
      el("unpaired").classList.remove("hidden");
      el(hide).classList.add("hidden");
    }
    getJson("/api/me").then(function (me) {
      if (me.status !== 200) return refuse(null);
      if (!roles.some(function (r) { return me.opens.indexOf(r) >= 0; })) return refuse(me);
      open(me);
    });
    return refuse;
  }
  // A table's body drawn anew: one row per item, its cells [text, class] as `cells(item)` gives them.
  function rows(table, items, cells) {
    var body = el(table).querySelector("tbody");
    body.textContent = "";
    items.forEach(function (item) {
      var tr = document.createElement("tr");
      cells(item).forEach(function (c) { tr.appendChild(node("td", c[0], c[1])); });
      body.appendChild(tr);
    });
  }
  // The whole structure, the level being played marked: the players' page and the remote.
  function drawSchedule(v) {
    var now = v.clock ? v.clock.index : -1;
    rows("schedule", v.schedule || [], function (l) {
      return l.is_break ? [[say("break"), "num"], ["", "num"], ["", "num"], [l.minutes, "num"]]
        : [[l.level, "num"], [chips(l.small_blind) + " / " + chips(l.big_blind), "num"],
           [l.ante ? chips(l.ante) : "", "num"], [l.minutes, "num"]];
    });
    Array.prototype.forEach.call(el("schedule").querySelectorAll("tbody tr"), function (tr, i) {
      tr.classList.toggle("now", i === now);
      tr.classList.toggle("past", i < now);
    });
  }
  function debounce(fn, ms) {
    var timer = null;
    return function () { var args = arguments; clearTimeout(timer); timer = setTimeout(function () { fn.apply(null, args); }, ms); };
  }

  T = { say: say, el: el, node: node, money: money, chips: chips, duration: duration, follow: follow,
    onView: function (fn) { listeners.push(fn); }, onSeat: function (fn) { seatListeners.push(fn); },
    onTold: function (name, fn) { (told[name] = told[name] || []).push(fn); }, view: function () { return view; }, pairing: pairing,
    getJson: getJson, send: send, post: post, newId: newId, show: show, debounce: debounce, lang: lang, gate: gate, rows: rows,
    drawSchedule: drawSchedule };
  return T;
})();
