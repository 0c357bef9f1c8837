"""The venue's pages in headless Chromium: a device paired as a phone pairs, from the QR code's address."""

from __future__ import annotations

from typing import Any

from tests.helpers.lan import Lan
from tests.helpers.selenium_browser import click, type_into, wait


def pair_in_browser(driver: Any, lan: Lan, role: str, device: str) -> None:
    code = lan.pairing.new_code(role).code
    driver.get(f"{lan.url}/pair#code={code}")
    wait(lambda: driver.find_element("id", "pair-code").get_attribute("value") == code, what="the code from the QR")
    type_into(driver, "#pair-device", device)
    type_into(driver, "#pair-actor", "Marie")
    click(driver, "#pair-button")
    page = {"td": "/td", "cashier": "/cashier", "display": "/screen"}[role]
    wait(lambda: driver.current_url.endswith(page), what=f"the {role} page")
