// The cashier: find or register a player, then a buy-in, re-entry, rebuy or add-on with its price
// split, the payment method and "present in person"; what is owed and Paid; the seat card shown here
// (and printed on the laptop).
"use strict";
(function () {
  var T = TD, desk = null, sale = null, lastQuery = "";
  // Answers can arrive in another order than they were asked (two connections, a slow Wi-Fi, the room's
  // stream asking for a refresh while a sale is on its way): each read says the end of the log it was read
  // at (`seq`), and the page draws none older than what it has drawn or been answered already, nor any
  // but the latest it asked of its kind. A sale's answer raises `known` to the sale's own seq.
  var known = 0, asked = { desk: 0, find: 0 }, tournament = null;
  function fresh(body) {
    if (typeof body.seq !== "number") return true;
    if (body.tournament !== tournament) { tournament = body.tournament; known = 0; }  // another file served
    if (body.seq < known) return false;
    known = body.seq;
    return true;
  }
  function answered(body) { if (body.ok && body.result && typeof body.result.seq === "number") known = Math.max(known, body.result.seq); }

  function refused(body) { T.show("answer", T.say("refused", { message: body.text || body.message }), true); }
  function loadDesk() {
    var mine = ++asked.desk;
    return T.getJson("/api/cashier").then(function (state) {
      if (state.status === 401 || state.status === 403) return refuse(null);
      if (mine !== asked.desk || !fresh(state)) return;  // a later look is on its way, or drawn already
      desk = state;
      T.el("drawer-box").classList.toggle("hidden", !!state.points_only);
      // The drawer by payment method, as the cashier window's: what came in, what went out.
      T.rows("drawer", state.drawer, function (t) {
        return [[T.say("pay_" + t.method), ""], [money(t.in), "num"], [money(t.out), "num"], [t.count, "num"]];
      });
      var select = T.el("payment");
      if (!select.options.length) {
        state.payments.forEach(function (m) {
          var o = T.node("option", T.say("pay_" + m)); o.value = m; select.appendChild(o);
        });
      }
    });
  }
  function money(v) { return T.money(v); }
  function price(kind) { return desk && desk.prices[kind]; }

  function button(text, onClick, cls) {
    var b = T.node("button", text, cls);
    b.type = "button";
    b.addEventListener("click", onClick);
    return b;
  }
  function find() {
    var q = T.el("player-query").value.trim();
    lastQuery = q;
    var list = T.el("player-found"), reg = T.el("register");
    if (!q) { list.textContent = ""; reg.classList.add("hidden"); return; }
    var mine = ++asked.find;
    T.getJson("/api/cashier/find?q=" + encodeURIComponent(q)).then(function (body) {
      if (q !== lastQuery || mine !== asked.find || !fresh(body)) return;
      list.textContent = "";
      var exact = false;
      (body.found || []).forEach(function (p) {
        if (p.name.toLowerCase() === q.toLowerCase()) exact = true;
        list.appendChild(playerRow(p));
      });
      reg.textContent = T.say("register_new", { name: q });
      reg.classList.toggle("hidden", exact);
    });
  }
  function playerRow(p) {
    var li = T.node("li");
    li.appendChild(T.node("div", p.name + (p.nickname ? " (" + p.nickname + ")" : ""), "strong"));
    var last = p.entries[p.entries.length - 1];
    p.entries.forEach(function (e) {
      // A first entry is not numbered ("#1" on every player told nothing); a re-entry is: #1 out, #2 in play.
      var line = (p.entries.length > 1 || e.number > 1 ? "#" + e.number + " · " : "") + T.say("status_" + e.status) +
        (e.table ? " · " + T.say("table_seat", { t: e.table, s: e.seat }) : "");
      li.appendChild(T.node("div", line, "muted small"));
      if (e.owed > 0) li.appendChild(button(T.say("pay", { amount: money(e.owed) }), function () { startSale("pay", p, e); }, "primary"));
    });
    var actions = T.node("div", null, "buttons");
    var waits = waitingNumber(p.player);
    if (waits) li.appendChild(T.node("div", T.say("waiting_number", { n: waits }), "moved"));
    if (!p.out && desk.registration_open && (!last || (last.status === "busted" && desk.reentry))) {
      var kind = last ? "reentry" : "buy_in";
      actions.appendChild(button(saleWord(kind), function () { startSale(kind, p, null); }));
    }
    if (waits) actions.appendChild(button(T.say("leave_waiting"), function () { waitingCommand("remove_alternate", p); }));
    if (last && last.status === "active") {
      if (desk.rebuy_open && price("rebuy")) actions.appendChild(button(saleWord("rebuy"), function () { startSale("rebuy", p, last); }));
      if (desk.add_on_open && price("add_on")) actions.appendChild(button(saleWord("add_on"), function () { startSale("add_on", p, last); }));
    }
    // The latest entry's latest sale can be refunded (the desk's undo of it): the laptop says first what.
    if (last && last.status !== "removed") {
      actions.appendChild(button(T.say(desk.points_only ? "take_back" : "refund"), function () { askRefund(p, last); }));
    }
    if (!p.entries.length) {  // registered, never bought in: the registration can be taken back
      actions.appendChild(button(T.say("unregister"), function () {
        T.send({ type: "unregister", player: p.player }).then(function (body) {
          if (!body.ok) return refused(body);
          answered(body);
          T.show("answer", T.say("done_what", { what: T.say("unregistered", { name: p.name }) }));
          find();
        });
      }));
    }
    if (actions.childNodes.length) li.appendChild(actions);
    return li;
  }
  // -- a refund: what it takes back shown first, then confirmed; one command_id through every retry ----
  var refund = null;
  function askRefund(player, entry) {
    T.el("sale").classList.add("hidden");
    T.el("refund-box").classList.add("hidden");
    T.getJson("/api/cashier/refund?entry=" + encodeURIComponent(entry.entry)).then(function (offer) {
      if (offer.ok === false) return refused(offer);
      refund = { offer: offer, command_id: T.newId() };
      T.show("answer", "");
      // A points-only night took no money: the sale is taken back, nothing is refunded.
      T.el("refund-what").textContent = T.say(desk.points_only ? "take_back_what" : "refund_what", refundWords(offer));
      T.el("refund-confirm").textContent = desk.points_only ? T.say("take_back_confirm")
        : T.say("refund_confirm", { amount: money(offer.amount) });
      T.el("refund-box").classList.remove("hidden");
    });
  }
  function refundWords(r) {
    return { name: r.name, kind: T.say("kind_" + r.kind), amount: money(r.amount),
      payment: T.say("pay_" + r.payment) === "pay_" + r.payment ? "–" : T.say("pay_" + r.payment) };
  }
  T.el("refund-confirm").addEventListener("click", function () {
    if (!refund) return;
    var offer = refund.offer;
    T.post("/api/cashier/refund", { entry: offer.entry, seq: offer.seq, command_id: refund.command_id })
      .then(function (body) {
        T.el("refund-box").classList.add("hidden");
        refund = null;
        if (!body.ok) return refused(body);
        answered(body);
        T.show("answer", T.say(desk.points_only ? "taken_back" : "refunded", refundWords(offer)) +
          (body.retried ? " · " + T.say("sent_again") : ""));
        T.el("seatcard").classList.add("hidden");
        loadDesk().then(find);
      }).catch(function () { T.show("answer", T.say("offline"), true); });
  });
  T.el("refund-cancel").addEventListener("click", function () { refund = null; T.el("refund-box").classList.add("hidden"); });

  // A sale's word: its kind and price; a points-only night takes no money, and a buy-in only seats the player.
  function saleWord(kind) {
    if (desk.points_only) return T.say(kind === "buy_in" || kind === "reentry" ? "seat_player" : kind);
    return T.say(kind) + " " + money(price(kind).total);
  }
  // The alternates: the player's number on the waiting list (none when not on it).
  function waitingNumber(player) {
    var list = (desk.waiting && desk.waiting.players) || [];
    for (var i = 0; i < list.length; i++) if (list[i].player === player) return i + 1;
    return 0;
  }
  function waitingCommand(type, player) {
    var cmd = { type: type, player: player.player };
    if (type === "add_alternate") cmd.present = T.el("present").checked;
    T.send(cmd).then(function (body) {
      if (!body.ok) return refused(body);
      answered(body);
      T.show("answer", type === "add_alternate" ? T.say("waiting_added", { name: player.name, n: body.result.position })
        : T.say("waiting_removed", { name: player.name }));
      T.el("sale").classList.add("hidden");
      sale = null;
      loadDesk().then(find);
    });
  }

  function startSale(kind, player, entry) {
    sale = { kind: kind, player: player, entry: entry, command_id: null };
    T.el("refund-box").classList.add("hidden");
    T.el("sale").classList.remove("hidden");
    T.el("seatcard").classList.add("hidden");
    T.show("answer", "");
    if (kind === "pay") {
      T.el("sale-title").textContent = player.name + " · " + T.say("owed", { amount: money(entry.owed) });
      T.el("sale-split").textContent = "";
      T.el("sale-confirm").textContent = T.say("pay", { amount: money(entry.owed) });
    } else {
      var p = price(kind);
      T.el("sale-title").textContent = player.name + " · " + saleWord(kind);
      T.el("sale-split").textContent = desk.points_only ? T.say("points_only_sale")
        // A night without bounties says nothing of one (it read "prime 0 €").
        : p.bounty ? T.say("split", { prize: money(p.prize), bounty: money(p.bounty), fee: money(p.fee) })
        : T.say("split_no_bounty", { prize: money(p.prize), fee: money(p.fee) });
      T.el("sale-confirm").textContent = saleWord(kind);
    }
    // No money on a points-only night: no payment to choose.
    T.el("payment-row").classList.toggle("hidden", !!desk.points_only);
    // Every seat taken (or others waiting already): the player goes on the waiting list and pays when seated.
    var full = desk.waiting && (desk.waiting.seats_free === 0 || desk.waiting.players.length > 0);
    T.el("sale-wait").classList.toggle("hidden", !(full && (kind === "buy_in" || kind === "reentry")));
    // Chips are sold to the player in person, whatever the sale (a payout needs no such word).
    T.el("present-row").classList.toggle("hidden", kind === "pay");
    // A rebuy is sold on the chips the player has now, counted at the table, as at the desktop cashier.
    var counted = kind === "rebuy" && entry && entry.status === "active";
    T.el("stack-row").classList.toggle("hidden", !counted);
    T.el("stack").value = "";
    if (counted && desk.rebuy_max_stack !== null) T.el("stack").max = desk.rebuy_max_stack;
    T.el("present").checked = false;
  }
  function saleCommand() {
    var payment = desk.points_only ? undefined : T.el("payment").value;
    if (sale.kind === "buy_in" || sale.kind === "reentry")
      return { type: "buy_in", player: sale.player.player, payment: payment, present: T.el("present").checked };
    if (sale.kind === "pay") return { type: "pay", entry: sale.entry.entry, payment: payment };
    var cmd = { type: sale.kind, entry: sale.entry.entry, payment: payment, present: T.el("present").checked };
    if (!T.el("stack-row").classList.contains("hidden")) cmd.stack = parseInt(T.el("stack").value, 10);
    return cmd;
  }
  T.el("sale-confirm").addEventListener("click", function () {
    var cmd = saleCommand(), who = sale.player.name;
    if (cmd.stack !== undefined && !(cmd.stack >= 0)) {
      T.show("answer", T.say("stack_needed"), true);
      T.el("stack").focus();
      return;
    }
    // One command_id per sale, kept if the cashier taps again after a dropped answer: charged once.
    if (!sale.command_id) sale.command_id = T.newId();
    cmd.command_id = sale.command_id;
    T.send(cmd).then(function (body) {
      if (!body.ok) return refused(body);
      answered(body);
      T.show("answer", T.say("done_what", { what: who }) + (body.retried ? " · " + T.say("sent_again") : ""));
      T.el("sale").classList.add("hidden");
      if (cmd.type === "buy_in" && body.result.table) {
        T.el("seatcard-name").textContent = who;
        T.el("seatcard-seat").textContent = T.say("table_seat", { t: body.result.table, s: body.result.seat });
        // Said only when the laptop did print it (or saved it in the cashier's PDF folder).
        T.el("seatcard-printed").textContent = body.printed === "printer" ? T.say("seat_card_printed")
          : body.printed === "pdf" ? T.say("seat_card_saved") : "";
        T.el("seatcard-printed").classList.toggle("hidden", !body.printed);
        T.el("seatcard").classList.remove("hidden");
      }
      sale = null;
      loadDesk().then(find);
    }).catch(function () { T.show("answer", T.say("offline"), true); });
  });
  T.el("sale-wait").addEventListener("click", function () { if (sale) waitingCommand("add_alternate", sale.player); });
  T.el("sale-cancel").addEventListener("click", function () { sale = null; T.el("sale").classList.add("hidden"); });
  T.el("register").addEventListener("click", function () {
    var name = T.el("player-query").value.trim();
    T.send({ type: "register", name: name }).then(function (body) {
      if (!body.ok) return refused(body);
      answered(body);
      T.show("answer", T.say("done_what", { what: name }));
      find();
    });
  });
  T.el("player-query").addEventListener("input", T.debounce(find, 250));

  var refuse = T.gate(["cashier"], "desk", function () {
    loadDesk();
    T.onView(function () { loadDesk(); });
    T.follow();
  });
})();
