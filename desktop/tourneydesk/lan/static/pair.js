// Pairing: the code the console shows (or the one in the QR code's #code=...), a name for this device,
// and the token kept in this browser's storage, sent in a header with every request: never a cookie.
"use strict";
(function () {
  var T = TD;
  var PAGE = { td: "/td", floor: "/floor", cashier: "/cashier", display: "/screen" };
  function showPaired(p) {
    T.el("paired").hidden = !p;
    T.el("pairing").hidden = !!p;
    if (!p) return;
    T.el("paired-as").textContent = T.say("paired_as", { role: T.say("role_" + p.role), name: p.device });
    T.el("paired-open").href = PAGE[p.role] || "/";
  }
  // A code in the address (the console's QR code) pairs this device afresh, even one paired before.
  function fromQr() {
    var found = /code=(\d{8})/.exec(location.hash || "");
    var fp = /sha256=([0-9A-F:]+)/.exec(location.hash || "");
    if (fp && location.protocol === "https:") T.show("pair-fingerprint", T.say("fingerprint", { fp: fp[1] }));
    if (!found) return false;
    T.el("pair-code").value = found[1];
    history.replaceState(null, "", "/pair");
    showPaired(null);
    return true;
  }
  if (!fromQr()) showPaired(T.pairing());
  window.addEventListener("hashchange", fromQr);
  T.el("unpair").addEventListener("click", function () { localStorage.removeItem("tourneydesk.pairing"); showPaired(null); });
  T.el("pair-form").addEventListener("submit", function (e) {
    e.preventDefault();
    var body = { code: T.el("pair-code").value.replace(/\s/g, ""), device: T.el("pair-device").value.trim(),
      person: T.el("pair-actor").value.trim() };
    fetch("/api/pair", { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) })
      .then(function (r) { return r.json(); })
      .then(function (answer) {
        if (!answer.token) { T.show("pair-error", answer.text || answer.message || "?", true); return; }
        var p = { token: answer.token, role: answer.role, device: answer.device };
        localStorage.setItem("tourneydesk.pairing", JSON.stringify(p));
        location.href = PAGE[p.role] || "/";
      })
      .catch(function () { T.show("pair-error", T.say("offline"), true); });
  });
})();
