// The screen: the clock and the figures full size, for a TV's browser paired as a display.
"use strict";
(function () {
  var T = TD;
  // The clock and the figures are public, as on the players' page: a TV shows them unpaired.
  T.follow();
  document.addEventListener("dblclick", function () {
    if (document.documentElement.requestFullscreen) document.documentElement.requestFullscreen();
  });
})();
