// The screen: the clock, the figures and the announcements full size for a TV's browser, paired or not
// (they are public, as on the players' page); the payouts and the coming levels in turn beside a QR
// code to the players' page, and a chime at each new level once the screen has been tapped (a browser
// plays no sound before a gesture).
"use strict";
(function () {
  var T = TD, shown = 0, level = null, audio = null, TURN_MS = 15000;
  var rows = T.rows;
  function chime() {
    if (!audio) return;
    var osc = audio.createOscillator(), gain = audio.createGain();
    osc.frequency.value = 880;
    gain.gain.setValueAtTime(0.3, audio.currentTime);
    gain.gain.exponentialRampToValueAtTime(0.001, audio.currentTime + 1.2);
    osc.connect(gain); gain.connect(audio.destination);
    osc.start(); osc.stop(audio.currentTime + 1.2);
  }
  T.onView(function (view, changed) {
    if (changed.payouts || changed.tournament) {
      rows("payouts", (view.payouts || []).slice(0, 12), function (p) {
        return [[p.place, "num"], [T.money(p.amount), "num"], [p.names.join(", "), "name"]];
      });
    }
    if (changed.schedule || changed.clock) {
      var now = view.clock ? view.clock.index : 0;
      rows("schedule", (view.schedule || []).filter(function (l) { return l.index > now; }).slice(0, 6), function (l) {
        return l.is_break ? [[T.say("break"), "num"], [l.minutes + " min", "num"]]
          : [[T.say("level", { n: l.level }), "num"], [T.chips(l.small_blind) + " / " + T.chips(l.big_blind) +
             (l.ante ? " · " + T.chips(l.ante) : ""), "num"]];
      });
    }
    if (view.clock && level !== null && view.clock.index !== level) chime();
    if (view.clock) level = view.clock.index;
  });
  setInterval(function () {
    shown = 1 - shown;
    T.el("turn-payouts").classList.toggle("hidden", shown !== 0);
    T.el("turn-schedule").classList.toggle("hidden", shown !== 1);
    fit();
  }, TURN_MS);
  // A TV cannot scroll: the turn's table keeps the rows that fit above the screen's edge (with the logo,
  // the announcements and the notes above it), at least its first, and the QR code shrinks if it must;
  // measured again whenever anything on the page changes size.
  // On a landscape TV the turns have a column of their own beside the clock: a row is given up only while
  // that column is what reaches past the screen's edge (a long announcement on the left takes none of them).
  function fit() {
    var d = document.documentElement, turns = document.querySelector(".turns"), stats = T.el("stats");
    function turnsTooLong() {
      return d.scrollHeight > window.innerHeight &&
        turns.getBoundingClientRect().bottom >= stats.getBoundingClientRect().bottom;
    }
    // A long announcement beside them that still reaches past the edge is written smaller, down to two
    // thirds of its size: still read from across the room, and nothing under it pushed off the screen.
    Array.prototype.forEach.call(document.querySelectorAll(".notes li.message"), function (li) {
      li.style.fontSize = "";
      var full = parseFloat(getComputedStyle(li).fontSize), px = full;
      while (d.scrollHeight > window.innerHeight && !turnsTooLong() && px > full * 0.67) {
        px -= full * 0.05;
        li.style.fontSize = px + "px";
      }
    });
    ["payouts", "schedule"].forEach(function (id) {
      var rows = T.el(id).querySelectorAll("tbody tr"), i;
      for (i = 0; i < rows.length; i++) rows[i].classList.remove("hidden");
      if (T.el("turn-" + id).classList.contains("hidden")) return;
      for (i = rows.length - 1; i > 0 && turnsTooLong(); i--) rows[i].classList.add("hidden");
    });
    // Then the QR code gives up what still overflows, down to a size a phone still reads across a table.
    var qr = document.querySelector(".qr img");
    qr.style.width = qr.style.height = "";
    var over = d.scrollHeight - window.innerHeight;
    if (over > 0) qr.style.width = qr.style.height = Math.max(90, qr.offsetHeight - over) + "px";
  }
  if (window.ResizeObserver) new ResizeObserver(fit).observe(document.body);
  window.addEventListener("resize", fit);
  document.addEventListener("click", function () {
    if (!audio && window.AudioContext) audio = new AudioContext();
  });
  // The venue's logo above the clock: looked for when the stream opens (and opens again after the laptop was
  // away), and at once when the stream tells it changed (set or removed with `tourneydesk FILE lan logo`);
  // the picture is loaded again only when it did.
  var logoShown;
  function showLogo(version) {
    if (version === logoShown) return;
    logoShown = version;
    var img = T.el("venue-logo");
    if (!version) { img.hidden = true; img.removeAttribute("src"); return; }
    img.onload = function () { img.hidden = false; };
    img.onerror = function () { img.hidden = true; };
    img.src = "/logo?v=" + encodeURIComponent(version);
  }
  function lookForLogo() {
    fetch("/api/logo", { cache: "no-store" }).then(function (r) { return r.json(); })
      .then(function (body) { showLogo(body.logo); })
      .catch(function () { /* the laptop away: the stream's next opening looks again */ });
  }
  T.onTold("open", lookForLogo);
  T.onTold("logo", function (msg) { showLogo(msg.logo); });
  T.follow();
  document.addEventListener("dblclick", function () {
    if (document.documentElement.requestFullscreen) document.documentElement.requestFullscreen();
  });
})();
