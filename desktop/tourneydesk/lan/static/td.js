// The TD's remote (and the floor's, without the clock, the sales and undo): the clock's buttons, a bust
// with the desk's dry run shown before the last tap, the plan's next step with its reason and its
// question answered here (where the button is), hand-for-hand's next hand, undo saying what it takes
// back, and the paired devices, a lost one revoked from here.
"use strict";
(function () {
  var T = TD, td = null, victim = null, winner = null, role = null;
  var revokeArmed = null, REVOKE_ASKS_MS = 6000;

  function answer(body, doneText) {
    // With no words of its own, the answer says what the desk did ("Done: final table drawn"), never
    // a bare "Done".
    var done = doneText || (body.said ? T.say("done_what", { what: body.said }) : T.say("done"));
    if (body.ok) T.show("answer", done + (body.retried ? " · " + T.say("sent_again") : ""));
    else T.show("answer", T.say("refused", { message: body.text || body.message }), true);
    return body;
  }
  // After each command the remote reads its state again: a button placed or a penalty changes nothing
  // the public stream carries, yet the plan and undo move on.
  function command(cmd, doneText) {
    return T.send(cmd).then(function (b) { refresh(); return answer(b, doneText); });
  }
  function refresh() {
    T.getJson("/api/td").then(function (state) {
      if (state.status === 401 || state.status === 403) return refuse(null);
      td = state;
      var plan = state.plan;
      T.el("plan-title").textContent = plan ? plan.title : T.say("plan_none");
      T.el("plan-reason").textContent = plan ? plan.reason + (plan.more ? " (" + (plan.more === 1 ? T.say("plan_more_one")
        : T.say("plan_more", { n: plan.more })) + ")" : "") : "";
      T.el("plan-apply").classList.toggle("hidden", !(plan && plan.command));
      drawAsk(plan && plan.ask);
      T.el("next-hand").classList.toggle("hidden", !state.hand_for_hand || role !== "td");
      T.el("undo").disabled = !state.undo;
      T.el("undo-what").textContent = state.undo ? T.say("undo_what", { what: state.undo.text }) : T.say("undo_none");
      drawFinish(state.finish);
      drawWaiting(state.waiting);
      // Once the night is over the clock's buttons go: the desk refuses them then.
      T.el("clock-box").classList.toggle("hidden", role !== "td" || state.finished);
      T.el("clock-toggle").textContent = !state.started ? T.say("start") : state.running ? T.say("pause") : T.say("resume");
    });
    if (role === "td") devices();
  }
  // The plan's question: one button per seat taken at the table, and per empty seat where the button may be
  // dead; the answer is the desk's set_button.
  var askShown = "null";
  function drawAsk(ask) {
    var box = T.el("plan-ask");
    if (JSON.stringify(ask || null) === askShown) return;  // the same question: the TD's finger stays on its button
    askShown = JSON.stringify(ask || null);
    box.textContent = "";
    if (!ask) return;
    ask.seats.forEach(function (s) {
      var b = T.node("button", s.name ? T.say("button_at", { s: s.seat, name: s.name }) : T.say("button_dead", { s: s.seat }));
      b.type = "button";
      b.dataset.seat = s.seat;
      b.addEventListener("click", function () {
        command({ type: "set_button", table: ask.table, seat: s.seat }, T.say("done_what", { what: b.textContent }));
      });
      box.appendChild(b);
    });
  }
  // The waiting list (the alternates, first first): one taken off, everyone once late registration has
  // closed, and one added by name (the player is at the TD's side: present).
  var waitingShown = "";
  function drawWaiting(waiting) {
    if (!waiting) return;
    var key = JSON.stringify(waiting);
    if (key === waitingShown) return;
    waitingShown = key;
    var list = T.el("waiting");
    list.textContent = "";
    waiting.players.forEach(function (p, i) {
      var li = T.node("li");
      li.appendChild(T.node("div", (i + 1) + ". " + p.name, "strong"));
      var b = T.node("button", T.say("leave_waiting"));
      b.type = "button";
      b.dataset.player = p.player;
      b.addEventListener("click", function () {
        command({ type: "remove_alternate", player: p.player }, T.say("waiting_removed", { name: p.name }));
      });
      li.appendChild(b);
      list.appendChild(li);
    });
    var some = waiting.players.length > 0;
    T.el("waiting-none").classList.toggle("hidden", some);
    T.el("waiting-free").classList.toggle("hidden", !(some && waiting.seats_free > 0 && waiting.open));
    T.el("waiting-free").textContent = T.say("waiting_seats_free", { n: waiting.seats_free });
    T.el("waiting-closed").classList.toggle("hidden", !(some && !waiting.open));
    T.el("waiting-clear").classList.toggle("hidden", !(some && !waiting.open));
  }
  T.el("waiting-clear").addEventListener("click", function () {
    command({ type: "remove_alternate" }, T.say("waiting_cleared"));
  });
  function findWaiting() {
    var q = T.el("waiting-query").value.trim(), list = T.el("waiting-found");
    if (q.length < 2) { list.textContent = ""; return; }
    T.getJson("/api/cashier/find?q=" + encodeURIComponent(q)).then(function (body) {
      list.textContent = "";
      (body.found || []).forEach(function (p) {
        var last = p.entries[p.entries.length - 1];
        if (p.out || (last && last.status === "active")) return;  // in play already, or barred
        var b = T.node("button", p.name);
        b.type = "button";
        b.dataset.player = p.player;
        b.addEventListener("click", function () {
          T.send({ type: "add_alternate", player: p.player, present: true }).then(function (res) {
            refresh();
            answer(res, res.ok ? T.say("waiting_added", { name: p.name, n: res.result.position }) : null);
            if (res.ok) { T.el("waiting-query").value = ""; list.textContent = ""; }
          });
        });
        list.appendChild(T.node("li")).appendChild(b);
      });
    });
  }
  T.el("waiting-query").addEventListener("input", T.debounce(findWaiting, 250));

  // The list is drawn again only when what it shows changed (a device paired or revoked, a revoke asking or
  // no longer asking): every command reads it again, and a button drawn anew under the TD's finger is not
  // the one they were tapping.
  var devicesShown = "";
  function devicesKey(list) {
    var asking = revokeArmed && Date.now() < revokeArmed.until ? revokeArmed.id : null;
    return JSON.stringify([list.map(function (d) { return [d.id, d.name, d.person, d.role, d.me]; }), asking]);
  }
  function devices() {
    T.getJson("/api/devices").then(function (body) {
      var list = T.el("devices");
      if (devicesKey(body.devices || []) === devicesShown) return;
      devicesShown = devicesKey(body.devices || []);
      list.textContent = "";
      (body.devices || []).forEach(function (d) {
        var li = T.node("li");
        li.appendChild(T.node("div", d.name + (d.person ? " · " + d.person : ""), "strong"));
        li.appendChild(T.node("div", T.say("role_" + d.role) + (d.me ? " · " + T.say("this_device") : ""), "muted small"));
        if (!d.me) {
          // Among the remote's buttons a stray tap must not cut the cashier off: the first tap asks again
          // for a few seconds, naming the device (the list redrawn meanwhile keeps asking).
          var armed = revokeArmed && revokeArmed.id === d.id && Date.now() < revokeArmed.until;
          var b = T.node("button", armed ? T.say("revoke_again", { name: d.name }) : T.say("revoke"), "danger");
          b.type = "button";
          b.dataset.device = d.id;
          b.addEventListener("click", function () {
            if (!(revokeArmed && revokeArmed.id === d.id && Date.now() < revokeArmed.until)) {
              revokeArmed = { id: d.id, until: Date.now() + REVOKE_ASKS_MS };
              b.textContent = T.say("revoke_again", { name: d.name });
              devicesShown = devicesKey(body.devices || []);
              setTimeout(devices, REVOKE_ASKS_MS + 50);
              return;
            }
            revokeArmed = null;
            fetch("/api/devices/revoke", { method: "POST", headers: { "Content-Type": "application/json",
              Authorization: "Bearer " + T.pairing().token }, body: JSON.stringify({ device: d.id }) })
            .then(function (r) { return r.json(); }).then(function (res) {
              if (res.ok) T.show("answer", T.say("revoked", { name: d.name }));
              else T.show("answer", T.say("refused", { message: res.text || res.message }), true);
              devices();
            });
          });
          li.appendChild(b);
        }
        list.appendChild(li);
      });
    });
  }

  // -- the clock --------------------------------------------------------------------------------------
  T.el("clock-toggle").addEventListener("click", function () {
    var action = !td || !td.started ? "start" : td.running ? "pause" : "resume";
    command({ type: "clock", action: action });
  });
  T.el("clock-previous").addEventListener("click", function () { command({ type: "clock", action: "previous" }); });
  T.el("clock-next-level").addEventListener("click", function () { command({ type: "clock", action: "next" }); });
  T.el("clock-minus").addEventListener("click", function () { command({ type: "clock", action: "adjust", seconds: -60 }); });
  T.el("clock-plus").addEventListener("click", function () { command({ type: "clock", action: "adjust", seconds: 60 }); });

  // -- the TD's words on every screen and phone -------------------------------------------------------
  T.el("announce-send").addEventListener("click", function () {
    var text = T.el("announce-text").value.trim(), minutes = T.el("announce-minutes").value;
    if (!text) { T.el("announce-text").focus(); return; }
    var cmd = { type: "announce", text: text };
    if (minutes) cmd.minutes = parseInt(minutes, 10);
    command(cmd, T.say("announced", { text: text })).then(function (b) { if (b.ok) T.el("announce-text").value = ""; });
  });
  T.el("announce-clear").addEventListener("click", function () {
    command({ type: "announce", text: "" }, T.say("announce_cleared"));
  });

  // -- a bust -----------------------------------------------------------------------------------------
  function picker(input, list, pick) {
    T.el(input).addEventListener("input", T.debounce(function () {
      var q = T.el(input).value.trim();
      var ul = T.el(list);
      if (!q) { ul.textContent = ""; return; }
      T.getJson("/api/td/find?q=" + encodeURIComponent(q)).then(function (body) {
        ul.textContent = "";
        (body.found || []).forEach(function (e) {
          var li = T.node("li"), b = T.node("button", e.name + (e.table ? " · " + T.say("table_seat", { t: e.table, s: e.seat }) : ""));
          b.type = "button";
          b.dataset.entry = e.entry;
          b.addEventListener("click", function () { pick(e); T.el(input).value = e.name; ul.textContent = ""; checkReady(); });
          li.appendChild(b);
          ul.appendChild(li);
        });
      });
    }, 200));
  }
  function checkReady() {
    T.el("bust-check").disabled = !victim;
    T.el("bust-confirm").classList.add("hidden");
    T.show("bust-preview", "");
  }
  function bustCommand(dry) {
    var cmd = { type: "bust", entry: victim.entry, by: winner ? [winner.entry] : [] };
    if (dry) cmd.dry_run = true;
    return cmd;
  }
  picker("bust-query", "bust-found", function (e) { victim = e; });
  // -- one player: on the clock, a penalty, a chip count ------------------------------------------------
  var who = null;
  picker("who-query", "who-found", function (e) {
    who = e;
    T.el("who-name").textContent = e.name + (e.table ? " · " + T.say("table_seat", { t: e.table, s: e.seat }) : "");
    T.el("who-actions").classList.remove("hidden");
  });
  T.el("who-clock").addEventListener("click", function () {
    if (who) command({ type: "player_clock", entry: who.entry, seconds: 60 }, T.say("done_what", { what: who.name }));
  });
  T.el("penalty-give").addEventListener("click", function () {
    var reason = T.el("penalty-reason").value.trim();
    if (!who) return;
    if (!reason) { T.el("penalty-reason").focus(); T.show("answer", T.say("penalty_reason_needed"), true); return; }
    command({ type: "penalty", entry: who.entry, minutes: parseInt(T.el("penalty-minutes").value, 10), reason: reason },
      T.say("done_what", { what: who.name })).then(function (b) { if (b.ok) T.el("penalty-reason").value = ""; });
  });
  T.el("count-record").addEventListener("click", function () {
    var chips = parseInt(T.el("count-chips").value, 10);
    if (!who || !(chips > 0)) { T.el("count-chips").focus(); return; }
    command({ type: "chip_count", entry: who.entry, chips: chips },
      T.say("done_what", { what: who.name + " · " + T.chips(chips) })).then(function (b) {
      if (b.ok) T.el("count-chips").value = "";
    });
  });
  picker("by-query", "by-found", function (e) { winner = e; });
  T.el("bust-check").addEventListener("click", function () {
    T.send(bustCommand(true)).then(function (body) {
      if (!body.ok) { T.show("bust-preview", T.say("refused", { message: body.text || body.message }), true); return; }
      var out = body.result.out[0];
      var text = out.place ? T.say("bust_preview", { name: victim.name, place: out.place, prize: T.money(out.prize) })
        : T.say("bust_preview_unplaced", { name: victim.name });
      (out.bounty_awards || []).forEach(function (a) {
        var name = winner && a.to === winner.entry ? winner.name : a.to;
        if (a.cash) text += " · " + T.say("bounty_to", { amount: T.money(a.cash), name: name });
      });
      T.show("bust-preview", text);
      var confirm = T.el("bust-confirm");
      confirm.textContent = T.say("confirm_bust", { name: victim.name });
      confirm.classList.remove("hidden");
    });
  });
  T.el("bust-confirm").addEventListener("click", function () {
    var name = victim.name;
    command(bustCommand(false), T.say("done_what", { what: name })).then(function (body) { if (body.ok) clearBust(); });
  });
  function clearBust() {
    victim = winner = null;
    ["bust-query", "by-query"].forEach(function (id) { T.el(id).value = ""; });
    ["bust-found", "by-found"].forEach(function (id) { T.el(id).textContent = ""; });
    checkReady();
  }
  T.el("bust-cancel").addEventListener("click", clearBust);

  // -- the end of the night: with one player left, the TD may end it here (it also ends by itself once
  // late registration closes); two taps, the second saying it is final -------------------------------
  var finishArmed = false;
  function drawFinish(offer) {
    var box = T.el("finish-box");
    box.classList.toggle("hidden", !offer || role !== "td");
    if (!offer) { finishArmed = false; return; }
    T.el("finish-last").textContent = T.say("finish_last", { name: offer.winner });
    T.el("finish-closes").classList.toggle("hidden", !offer.close_registration);
    T.el("finish").textContent = finishArmed ? T.say("finish_confirm") : T.say("finish_button", { name: offer.winner });
  }
  T.el("finish").addEventListener("click", function () {
    var offer = td && td.finish;
    if (!offer) return;
    if (!finishArmed) { finishArmed = true; drawFinish(offer); return; }
    finishArmed = false;
    var cmd = { type: "finish" };
    if (offer.close_registration) cmd.close_registration = true;
    command(cmd, T.say("finish_done", { name: offer.winner }));
  });

  // -- the plan, hand-for-hand and undo -----------------------------------------------------------------
  T.el("plan-apply").addEventListener("click", function () {
    if (td && td.plan && td.plan.command) command(JSON.parse(JSON.stringify(td.plan.command)));
  });
  T.el("next-hand").addEventListener("click", function () { command({ type: "hand_for_hand", action: "next" }); });
  T.el("undo").addEventListener("click", function () {
    if (td && td.undo) command({ type: "undo", seq: td.undo.seq }, T.say("undone", { what: td.undo.text }));
  });

  var refuse = T.gate(["td", "floor"], "remote", function (me) {
    role = me.role;
    // The floor's page has no clock, sale or undo: the desk refuses them from a floor device anyway.
    Array.prototype.forEach.call(document.querySelectorAll(".td-only"), function (n) {
      n.classList.toggle("hidden", role !== "td");
    });
    T.onView(function (view, changed) {
      refresh();
      if (changed.schedule || changed.clock) T.drawSchedule(view);
    });
    T.follow();
  });
})();
