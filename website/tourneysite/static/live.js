// The live page keeps itself up to date: no reload. The server sends the page's figures once over a
// stream (server-sent events), then only what each push from the venue changed; the clock and the
// countdowns tick here, from the seconds they were given. When a countdown runs out (a new level by time
// alone), the page asks for the figures again. A lost connection is said on the page and caught up.
(function () {
  "use strict";
  var root = document.getElementById("live");
  if (!root) return;
  var id = root.dataset.tournament, version = root.dataset.version, base = root.dataset.root || "";
  var model = null, words = {}, deadlines = {}, refetching = false, source = null;

  function pad(n) { return (n < 10 ? "0" : "") + n; }
  function clockText(s) {
    s = Math.max(0, s);
    var h = Math.floor(s / 3600), m = Math.floor((s % 3600) / 60), r = s % 60;
    return h ? h + ":" + pad(m) + ":" + pad(r) : pad(m) + ":" + pad(r);
  }
  function get(obj, path) {
    return path.split(".").reduce(function (o, k) { return o == null ? o : o[k]; }, obj);
  }
  function truthy(v) { return Array.isArray(v) ? v.length > 0 : !!v || v === 0; }
  function cell(text, cls) { var td = document.createElement("td"); td.className = cls; td.textContent = text; return td; }

  var rowBuilders = {
    payouts: function (r) { return [cell(r[0], "num"), cell(r[1], "num"), cell(r[2], "name")]; },
    in_play: function (r, body) {
      // the stack as last counted, and when ("counted at level 4"): the column shows once one is counted
      var stack = cell(r[5] || "", "num stack");
      if (r[6]) { var when = document.createElement("small"); when.textContent = r[6]; stack.appendChild(when); }
      var cells = [cell(r[1], "name"), cell(r[2], "num"), cell(r[3], "num"), stack];
      if (body.dataset.bounties === "yes") cells.push(cell(r[4], "num"));
      return cells;
    },
    out: function (r) {
      var place = cell(r[1], "num");
      if (!r[4]) {
        var star = document.createElement("span");
        star.className = "prov"; star.title = words.provisional || ""; star.textContent = "*";
        place.appendChild(star);
      }
      return [place, cell(r[2], "name"), cell(r[3], "num")];
    }
  };

  function applyList(name, rows, keys) {
    // The table's rows made to follow `keys`: new or changed rows built, the rest kept as they are.
    var body = root.querySelector('[data-list="' + name + '"]');
    if (!body) return;
    var byKey = {};
    Array.prototype.forEach.call(body.children, function (tr) { byKey[tr.dataset.key] = tr; });
    (rows || []).forEach(function (r) {
      var tr = document.createElement("tr");
      tr.dataset.key = String(r[0]);
      rowBuilders[name](r, body).forEach(function (td) { tr.appendChild(td); });
      var old = byKey[String(r[0])];
      if (old && old.parentNode === body) body.replaceChild(tr, old);
      byKey[String(r[0])] = tr;
    });
    var wanted = {};
    keys.forEach(function (k) { wanted[String(k)] = true; });
    Array.prototype.slice.call(body.children).forEach(function (tr) {
      if (!wanted[tr.dataset.key]) body.removeChild(tr);
    });
    keys.forEach(function (k, i) {
      var tr = byKey[String(k)];
      if (tr && body.children[i] !== tr) body.insertBefore(tr, body.children[i] || null);
    });
  }

  function render() {
    var m = model;
    root.querySelectorAll("[data-bind]").forEach(function (el) {
      var key = el.dataset.bind;
      if (key === "link") return;
      if (key === "stats.left") {
        el.textContent = m.stats.players_left;
        var small = document.createElement("small");
        small.textContent = " / " + m.stats.players;
        el.appendChild(small);
        return;
      }
      var v = get(m, key);
      el.textContent = v == null ? "" : v;
    });
    var stillIn = root.querySelector("#still-in .muted");  // a widget shows only some of the page
    if (stillIn) stillIn.textContent = "(" + m.in_play.count + ")";
    root.querySelectorAll("[data-show]").forEach(function (el) { el.hidden = !truthy(get(m, el.dataset.show)); });
    root.querySelectorAll("[data-hide]").forEach(function (el) { el.hidden = truthy(get(m, el.dataset.hide)); });
    root.querySelectorAll("[data-stacks]").forEach(function (el) {
      el.classList.toggle("no-stacks", !get(m, el.dataset.stacks));
    });
    ["in_play", "out"].forEach(function (name) {
      var el = root.querySelector('[data-more="' + name + '"]');
      if (!el) return;
      var more = m[name].more;
      el.hidden = !more;
      var target = el.querySelector("a") || el;
      if (more) target.textContent = (name === "out" ? words.more_out : words.more).replace("{count}", more);
    });
    var notes = root.querySelector('[data-list="notes"]') || document.createElement("ul");
    var texts = Array.prototype.map.call(notes.children, function (li) { return li.textContent; });
    if (texts.join("\n") !== m.notes.join("\n")) {
      // The list is a live region: a screen reader reads what is added to it. Only the new notes are
      // added (the ones it read already stay), and the ones gone are removed.
      Array.prototype.slice.call(notes.children).forEach(function (li) {
        if (m.notes.indexOf(li.textContent) < 0) notes.removeChild(li);
      });
      m.notes.forEach(function (t, i) {
        var here = notes.children[i];
        if (here && here.textContent === t) return;
        var li = document.createElement("li");
        li.textContent = t;
        notes.insertBefore(li, here || null);
      });
      while (notes.children.length > m.notes.length) notes.removeChild(notes.lastChild);
    }
    var section = root.querySelector("section.clock");
    section.classList.toggle("running", m.clock.running);
    section.classList.toggle("paused", !m.clock.running);
    var now = Date.now();
    deadlines = {
      main: now + m.clock.remaining_s * 1000,
      break_in: m.clock.break_in_s == null ? null : now + m.clock.break_in_s * 1000,
      closes_in: m.clock.registration_closes_in_s == null ? null : now + m.clock.registration_closes_in_s * 1000
    };
    tick();
  }

  function secondsTo(at) { return Math.max(0, Math.ceil((at - Date.now()) / 1000)); }
  function tick() {
    if (!model) return;
    var running = model.clock.running;
    var time = root.querySelector(".clock .time");
    if (!time) return;
    var left = running ? secondsTo(deadlines.main) : model.clock.remaining_s;
    time.textContent = clockText(left);
    [["break_in", "break_in", model.clock.break_in_s], ["closes_in", "closes_in", model.clock.registration_closes_in_s]]
      .forEach(function (c) {
        var el = root.querySelector('[data-countdown="' + c[0] + '"]');
        if (!el || c[2] == null) return;
        var s = running ? secondsTo(deadlines[c[1]]) : c[2];
        el.textContent = (words[c[0]] || "{time}").replace("{time}", clockText(s));
        if (running && s === 0) refetch();
      });
    if (running && left === 0) refetch();
  }

  function refetch() {
    // A countdown ran out: the level or the break changed by time alone, with no push to tell of it.
    if (refetching) return;
    refetching = true;
    setTimeout(function () {
      fetch(base + "/t/" + encodeURIComponent(id) + "/live.json", { cache: "no-store" })
        .then(function (r) { return r.ok ? r.json() : null; })
        .then(function (m) { if (m) { take(m); } })
        .catch(function () {})
        .then(function () { setTimeout(function () { refetching = false; }, 5000); });
    }, 1500);
  }

  function take(m) { model = m; words = m.words || words; version = m.v; render(); }

  function patch(p) {
    if (!model) return;
    Object.keys(p).forEach(function (key) {
      if (key === "v" || key === "at") return;
      var value = p[key];
      if (rowBuilders[key] && value && value.edits) {
        Object.keys(value).forEach(function (k) { if (k !== "rows" && k !== "edits") model[key][k] = value[k]; });
        var rows = {};
        model[key].rows.forEach(function (r) { rows[String(r[0])] = r; });
        value.rows.forEach(function (r) { rows[String(r[0])] = r; });
        var keys = model[key].rows.map(function (r) { return r[0]; });
        value.edits.forEach(function (e) {
          if (e[0] === "d") keys.splice(e[1], e[2]);
          else Array.prototype.splice.apply(keys, [e[1], 0].concat(e[2]));
        });
        model[key].rows = keys.map(function (k) { return rows[String(k)]; });
        applyList(key, value.rows, keys);
      } else {
        model[key] = value;
      }
    });
    version = p.v;
    render();
  }

  function say(text) {
    var el = root.querySelector('[data-bind="link"]');
    el.hidden = !text;
    el.textContent = text || "";
  }

  function connect() {
    if (!window.EventSource) return;
    source = new EventSource(base + "/t/" + encodeURIComponent(id) + "/stream");
    source.addEventListener("model", function (e) { take(JSON.parse(e.data)); say(""); });
    source.addEventListener("patch", function (e) { patch(JSON.parse(e.data)); say(""); });
    source.addEventListener("open", function () { say(""); });
    source.addEventListener("error", function () {
      say(root.dataset.lost || "Connection lost: reconnecting…");
    });
  }

  // The stream's first message is the whole model; after a lost connection, the browser says which
  // version it holds (Last-Event-ID) and is sent the whole model again only if it has moved on.
  connect();
  setInterval(tick, 1000);
})();
