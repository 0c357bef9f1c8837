"""The cashier's tablet right after a sale, in headless Chromium over a real server on loopback: an answer the
laptop gave before the sale that reaches the page after it (a search typed a moment before, a refresh the
room's stream asked for, both held up on the Wi-Fi) never puts the sold player back as still to pay, nor the
drawer back as it was. The late answers are held in the page's own fetch and let go after the sale: the
order is forced, never waited or retried away."""

from __future__ import annotations

from typing import Any

import pytest

from tests.helpers.clock import FakeClock
from tests.helpers.lan import Lan
from tests.helpers.lan_pages import pair_in_browser
from tests.helpers.selenium_browser import click, make_browser, needs_chromium, text, type_into, wait

pytestmark = [needs_chromium, pytest.mark.slow]

# The page's fetch, holding the answer of the next request to each armed address once the laptop has
# answered it, until the test lets it go: what a slow Wi-Fi does to one answer.
HOLD = """
const real = window.fetch;
window.held = {};
window.hold = function (path) { window.held[path] = {armed: true, served: false, release: null}; };
window.fetch = function (url, options) {
  const answer = real(url, options);
  const path = String(url).split("?")[0];
  const h = window.held[path];
  if (!h || !h.armed) return answer;
  h.armed = false;
  return answer.then(r => new Promise(ok => { h.served = true; h.release = () => ok(r); }));
};"""


def sales_in_drawer(driver: Any) -> int:
    """The movements the tablet's drawer shows, every payment method together."""
    return int(driver.execute_script("return [...document.querySelectorAll('#drawer tbody tr')]"
                                     ".reduce((n, r) => n + Number(r.cells[3].textContent), 0)"))


@pytest.mark.parametrize(("language", "buy_in", "refund"), [("fr-FR", "Entrée", "Rembourser"),
                                                             ("en-GB", "Buy-in", "Refund")])
def test_an_answer_from_before_the_sale_never_shows_the_player_still_to_pay(lan: Lan, lan_clock: FakeClock,
                                                                          language: str, buy_in: str,
                                                                          refund: str) -> None:
    driver = make_browser(language)
    try:
        pair_in_browser(driver, lan, "cashier", "Bar till")
        type_into(driver, "#player-query", "Zoé Blanc")
        wait(lambda: driver.find_element("id", "register").is_displayed(), what="the register button")
        click(driver, "#register")
        row = "#player-found button"
        wait(lambda: any(b.text.startswith(buy_in) for b in driver.find_elements("css selector", row)), what="buy-in")
        wait(lambda: sales_in_drawer(driver) == 10, what="the drawer: the 10 sales of the evening")
        driver.execute_script(HOLD)
        # Before the sale: the cashier touches the search again, and the room changes (the stream asks the
        # tablet to look again); the laptop answers both, and the answers are held up on the way.
        driver.execute_script("window.hold('/api/cashier/find'); window.hold('/api/cashier');")
        driver.execute_script("document.getElementById('player-query').dispatchEvent(new Event('input'))")
        lan.execute({"type": "announce", "text": "Dinner at the bar"})
        wait(lambda: driver.execute_script("return window.held['/api/cashier/find'].served && "
                                           "window.held['/api/cashier'].served"), what="both answered before the sale")
        next(b for b in driver.find_elements("css selector", row) if b.text.startswith(buy_in)).click()
        click(driver, "#present")
        click(driver, "#sale-confirm")
        wait(lambda: text(driver, "#seatcard-name") == "Zoé Blanc", what="the seat card")
        wait(lambda: any(b.text.startswith(refund) for b in driver.find_elements("css selector", row)),
             what="the list after the sale")
        wait(lambda: sales_in_drawer(driver) == 11, what="the drawer after the sale")
        driver.execute_script("window.held['/api/cashier/find'].release(); window.held['/api/cashier'].release();")
        # Let go, the late answers are in the page at once (no network left): a few turns of its loop draw them.
        driver.execute_async_script("setTimeout(arguments[0], 300)")
        buttons = [b.text for b in driver.find_elements("css selector", row)]
        assert not any(b.startswith(buy_in) for b in buttons), f"the sold player shown as still to pay: {buttons}"
        assert any(b.startswith(refund) for b in buttons), buttons
        assert sales_in_drawer(driver) == 11, "the drawer put back as it was before the sale"
        assert "Table" in text(driver, "#player-found")
    finally:
        driver.quit()
