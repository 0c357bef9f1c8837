// The TD's remote: the clock's buttons, a bust with the desk's dry run shown before the last tap, the
// plan's next step with its reason, hand-for-hand's next hand and undo saying what it takes back.
"use strict";
(function () {
  var T = TD, td = null, victim = null, winner = null;

  function answer(body, doneText) {
    if (body.ok) T.show("answer", (doneText || T.say("done")) + (body.retried ? " · " + T.say("sent_again") : ""));
    else T.show("answer", T.say("refused", { message: body.text || body.message }), true);
    return body;
  }
  function command(cmd, doneText) { return T.send(cmd).then(function (b) { return answer(b, doneText); }); }
  function refresh() {
    T.getJson("/api/td").then(function (state) {
      if (state.status === 401 || state.status === 403) return unpaired();
      td = state;
      var plan = state.plan;
      T.el("plan-title").textContent = plan ? plan.title : T.say("plan_none");
      T.el("plan-reason").textContent = plan ? plan.reason + (plan.more ? " (" + T.say("plan_more", { n: plan.more }) + ")" : "") : "";
      T.el("plan-apply").classList.toggle("hidden", !(plan && plan.command));
      T.el("next-hand").classList.toggle("hidden", !state.hand_for_hand);
      T.el("undo").disabled = !state.undo;
      T.el("undo-what").textContent = state.undo ? T.say("undo_what", { what: state.undo.text }) : T.say("undo_none");
      T.el("clock-toggle").textContent = !state.started ? T.say("start") : state.running ? T.say("pause") : T.say("resume");
    });
  }
  function unpaired() {
    T.el("unpaired").classList.remove("hidden");
    T.el("remote").classList.add("hidden");
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
    command(bustCommand(false), T.say("done") + ": " + name).then(function (body) { if (body.ok) clearBust(); });
  });
  function clearBust() {
    victim = winner = null;
    ["bust-query", "by-query"].forEach(function (id) { T.el(id).value = ""; });
    ["bust-found", "by-found"].forEach(function (id) { T.el(id).textContent = ""; });
    checkReady();
  }
  T.el("bust-cancel").addEventListener("click", clearBust);

  // -- the plan, hand-for-hand and undo -----------------------------------------------------------------
  T.el("plan-apply").addEventListener("click", function () {
    if (td && td.plan && td.plan.command) command(JSON.parse(JSON.stringify(td.plan.command)));
  });
  T.el("next-hand").addEventListener("click", function () { command({ type: "hand_for_hand", action: "next" }); });
  T.el("undo").addEventListener("click", function () {
    if (td && td.undo) command({ type: "undo", seq: td.undo.seq }, T.say("undo_what", { what: td.undo.text }));
  });

  T.getJson("/api/me").then(function (me) {
    if (me.status !== 200 || me.role !== "td") return unpaired();
    T.onView(function () { refresh(); });
    T.follow();
  });
})();
