"""The pages in a real browser: headless Chromium (Debian's chromium and chromium-driver) driven
by selenium, against the app served by uvicorn over the bundled graph. Walks: search a card ->
open it -> follow a ruling -> run a golden scenario in the workbench -> see the order and the
security checks. A laptop window (1366x900) and a phone's (390x844, emulated: a headless window is
never narrower than 500 px); on each page nothing is wider than the window. Screenshots go to
$DCGKG_SCREENSHOTS or a tmp dir."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from tests.queries.conftest import free_port, wait_for_port

CHROMIUM, DRIVER = shutil.which("chromium"), shutil.which("chromedriver")
pytestmark = pytest.mark.skipif(CHROMIUM is None or DRIVER is None,
                                reason="chromium and chromium-driver are not installed (apt-get install "
                                       "chromium chromium-driver)")
REPO = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def base_url():
    port = free_port()
    env = {**os.environ, "PYTHONPATH": str(REPO)}
    process = subprocess.Popen([sys.executable, str(Path(__file__).with_name("serve_bundled.py")), str(port)],
                               env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    try:
        wait_for_port(port, process, seconds=60)
        yield f"http://127.0.0.1:{port}"
    finally:
        process.terminate()
        process.wait(timeout=10)


@pytest.fixture(scope="module")
def shots(tmp_path_factory):
    chosen = os.environ.get("DCGKG_SCREENSHOTS")
    folder = Path(chosen) if chosen else tmp_path_factory.mktemp("screenshots")
    folder.mkdir(parents=True, exist_ok=True)
    return folder


def _browser(width: int, height: int):
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    options = webdriver.ChromeOptions()
    options.binary_location = CHROMIUM
    for arg in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                f"--window-size={width},{height}"):
        options.add_argument(arg)
    if width < 500:  # a phone: its viewport emulated (the window itself cannot be that narrow)
        metrics = {"width": width, "height": height, "pixelRatio": 1}
        options.add_experimental_option("mobileEmulation", {"deviceMetrics": metrics})
    return webdriver.Chrome(service=Service(DRIVER), options=options)


def _wait(driver, condition):
    """``condition`` once met (a click or a submit navigates while the test goes on: a loaded
    machine may still show the page before)."""
    from selenium.webdriver.support.ui import WebDriverWait

    return WebDriverWait(driver, 30).until(condition)


def _found(driver, css: str):
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support import expected_conditions as met

    return _wait(driver, met.presence_of_element_located((By.CSS_SELECTOR, css)))


def _titled(driver, title: str) -> bool:
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support import expected_conditions as met

    return _wait(driver, met.text_to_be_present_in_element((By.TAG_NAME, "h1"), title))


def _fits(driver, width: int) -> None:
    """Nothing on the page is wider than the window (tables and diagrams scroll in their boxes)."""
    assert driver.execute_script("return window.innerWidth") == width
    assert driver.execute_script("return document.documentElement.scrollWidth") <= width


@pytest.mark.parametrize("size", [(1366, 900, "laptop"), (390, 844, "phone")], ids=["laptop", "phone"])
def test_walk_from_a_card_to_a_scenario(base_url, shots, size):
    from selenium.webdriver.common.by import By

    width, height, name = size
    driver = _browser(width, height)
    try:
        driver.get(base_url + "/")
        box = driver.find_element(By.CSS_SELECTOR, "main form.search input[name=q]")
        box.send_keys("Durandamn")  # misspelt: the search spells it again
        box.submit()
        assert "durandamon" in _found(driver, "#respelt").text
        _fits(driver, width)
        driver.save_screenshot(str(shots / f"{name}-1-search.png"))
        driver.find_element(By.CSS_SELECTOR, '#hits-card a[href="/card/BT3-016"]').click()
        assert _titled(driver, "BT3-016 Durandamon")
        assert "Piercing" in driver.find_element(By.ID, "understood").text
        _fits(driver, width)
        driver.save_screenshot(str(shots / f"{name}-2-card.png"))
        ruling = driver.find_element(By.CSS_SELECTOR, '#keyword-rulings a[href^="/ruling/"]')  # Piercing's
        ruling_id = ruling.text
        ruling.location_once_scrolled_into_view  # noqa: B018
        ruling.click()
        assert _titled(driver, f"Ruling {ruling_id}")
        assert driver.find_elements(By.CSS_SELECTOR, 'main a[href="/keyword/Piercing"]')  # and back
        _fits(driver, width)
        driver.save_screenshot(str(shots / f"{name}-3-ruling.png"))
        driver.get(base_url + "/workbench")
        find = driver.find_element(By.CSS_SELECTOR, "input[name=find]")
        find.send_keys("piercing-example-1")
        find.submit()
        golden = 'ul.goldens a[href="/workbench?golden=piercing-example-1"]'
        _found(driver, golden).click()
        order = _found(driver, "#resolution").text
        assert order.index("omnimon/BT3-016/Piercing") < order.index("devimon/BT2-074/Retaliation")
        assert "CR 16-7-4" in order  # the order's citations
        assert "A: 1, B: 0" in driver.find_element(By.ID, "outcome").text  # the security checks
        _fits(driver, width)
        driver.save_screenshot(str(shots / f"{name}-4-workbench.png"))
        driver.find_element(By.ID, "order").location_once_scrolled_into_view  # noqa: B018
        driver.save_screenshot(str(shots / f"{name}-5-order.png"))
    finally:
        driver.quit()
    assert len(list(shots.glob(f"{name}-*.png"))) == 5
