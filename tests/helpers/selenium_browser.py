"""Headless Chromium (Debian's `chromium` with `chromium-driver`) through Selenium, at a phone's size."""

from __future__ import annotations

import shutil
import time
from collections.abc import Callable
from typing import Any

import pytest

CHROMEDRIVER = shutil.which("chromedriver")
needs_chromium = pytest.mark.skipif(CHROMEDRIVER is None or shutil.which("chromium") is None,
                                    reason="Debian's chromium and chromium-driver are not installed "
                                           "(.ci/run installs them)")
PHONE = (360, 780)
LAPTOP = (1280, 800)


def make_browser(language: str = "en-GB", extra: list[str] | None = None) -> Any:
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    options = webdriver.ChromeOptions()
    options.binary_location = shutil.which("chromium") or "chromium"
    for arg in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--no-first-run",
                "--disable-extensions", "--disable-background-networking", "--disable-sync",
                "--disable-component-update", "--disable-default-apps", f"--lang={language}",
                "--window-size=360,780", *(extra or [])):
        options.add_argument(arg)
    options.add_experimental_option("prefs", {"intl.accept_languages": language})
    driver = webdriver.Chrome(service=Service(CHROMEDRIVER), options=options)
    driver.set_page_load_timeout(20)
    size(driver, PHONE)
    return driver


def size(driver: Any, viewport: tuple[int, int]) -> None:
    """The page's own width and height, as a phone or a laptop shows it."""
    width, height = viewport
    driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", {
        "width": width, "height": height, "deviceScaleFactor": 1, "mobile": width < 600})


def wait(test: Callable[[], Any], timeout: float = 10.0, what: str = "") -> Any:
    deadline = time.monotonic() + timeout
    last: Any = None
    while time.monotonic() < deadline:
        try:
            last = test()
        except Exception as exc:  # an element not there yet
            last = exc
        if last and not isinstance(last, Exception):
            return last
        time.sleep(0.02)
    raise AssertionError(f"waited {timeout} s for {what or test}: {last!r}")


def text(driver: Any, css: str) -> str:
    from selenium.webdriver.common.by import By

    return str(driver.find_element(By.CSS_SELECTOR, css).text)


def click(driver: Any, css: str) -> None:
    from selenium.webdriver.common.by import By

    driver.find_element(By.CSS_SELECTOR, css).click()


def type_into(driver: Any, css: str, value: str) -> None:
    from selenium.webdriver.common.by import By

    field = driver.find_element(By.CSS_SELECTOR, css)
    field.clear()
    field.send_keys(value)


def shot(driver: Any, path: Any) -> None:
    """The whole page, not only what fits on the screen."""
    import base64

    png = driver.execute_cdp_cmd("Page.captureScreenshot", {"captureBeyondViewport": True, "format": "png"})
    path.write_bytes(base64.b64decode(png["data"]))
