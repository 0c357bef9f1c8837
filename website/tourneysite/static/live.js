// The clock never ticks on the server: the page counts down from the time left it was given, and
// the meta refresh brings the real figures every few seconds.
(function () {
  var el = document.querySelector(".clock .time[data-remaining]");
  if (!el || el.dataset.running !== "yes") return;
  var endsAt = Date.now() + Number(el.dataset.remaining) * 1000;
  function pad(n) { return (n < 10 ? "0" : "") + n; }
  function show() {
    var s = Math.max(0, Math.ceil((endsAt - Date.now()) / 1000));
    var h = Math.floor(s / 3600), m = Math.floor((s % 3600) / 60), r = s % 60;
    el.textContent = h ? h + ":" + pad(m) + ":" + pad(r) : pad(m) + ":" + pad(r);
  }
  show();
  setInterval(show, 1000);
})();
