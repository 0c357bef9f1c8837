// The screen: the clock and the figures full size, for a TV's browser paired as a display.
"use strict";
(function () {
  var T = TD;
  T.getJson("/api/me").then(function (me) {
    if (me.status !== 200 || me.role !== "display") {
      T.el("screen-unpaired").classList.remove("hidden");
      return;
    }
    T.follow();
  });
  document.addEventListener("dblclick", function () {
    if (document.documentElement.requestFullscreen) document.documentElement.requestFullscreen();
  });
})();
