"""Two real browsers play a whole match through the plain page of a real ``duelhost serve``.

Headless Chromium driven by Selenium (Debian's ``chromium`` and ``chromium-driver``; CI
installs them). Each browser holds one seat's URL (the token in the fragment); they type
their submissions into the page, see the game's error for a bad one, never see the other's
pending submission, and both see the result; a third browser watches as a spectator.
"""

from __future__ import annotations

import shutil
import tempfile
from collections.abc import Callable, Iterator
from pathlib import Path

import httpx
import pytest

from tests.server.live import Server, free_port

CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"
CHROMEDRIVER = shutil.which("chromedriver") or "/usr/bin/chromedriver"
webdriver = pytest.importorskip("selenium.webdriver", reason="selenium is not installed")
if not (Path(CHROMIUM).exists() and Path(CHROMEDRIVER).exists()):
    pytest.skip(
        "Chromium and chromedriver are not installed (apt-get install chromium chromium-driver)",
        allow_module_level=True,
    )

from selenium.common.exceptions import TimeoutException  # noqa: E402
from selenium.webdriver.common.by import By  # noqa: E402
from selenium.webdriver.support.ui import WebDriverWait  # noqa: E402

FLAGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-dev-shm-usage",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--window-size=1000,900",
]


@pytest.fixture
def browsers() -> Iterator[Callable[[], webdriver.Chrome]]:
    opened: list[webdriver.Chrome] = []
    profiles: list[tempfile.TemporaryDirectory[str]] = []

    def open_browser() -> webdriver.Chrome:
        options = webdriver.ChromeOptions()
        options.binary_location = CHROMIUM
        profile = tempfile.TemporaryDirectory()
        profiles.append(profile)
        for flag in [*FLAGS, f"--user-data-dir={profile.name}"]:
            options.add_argument(flag)
        service = webdriver.ChromeService(executable_path=CHROMEDRIVER)
        driver = webdriver.Chrome(options=options, service=service)
        opened.append(driver)
        return driver

    yield open_browser
    for driver in opened:
        driver.quit()
    for profile in profiles:
        profile.cleanup()


def text_of(driver: webdriver.Chrome, element: str) -> str:
    return str(driver.find_element(By.ID, element).text)


def wait_for(driver: webdriver.Chrome, element: str, wanted: str) -> None:
    WebDriverWait(driver, 20).until(lambda d: wanted in text_of(d, element))


def submit(driver: webdriver.Chrome, text: str) -> None:
    box = driver.find_element(By.ID, "text")
    box.clear()
    box.send_keys(text)
    driver.find_element(By.CSS_SELECTOR, "#submitform button[type=submit]").click()


def test_two_browsers_play_classic_goofspiel_through_the_page(
    tmp_path: Path, servers: list[Server], browsers: Callable[[], webdriver.Chrome]
) -> None:
    server = Server(f"sqlite:///{tmp_path / 'browser.sqlite3'}", free_port())
    servers.append(server)
    body = {
        "game": "goofspiel",
        # a fixed deal (GO5): planet Y is worth 1 and is fought first, Z is worth 2
        "options": {
            "galaxies": 1,
            "planets": 2,
            "galaxy_order": "A",
            "values": {"A": 1},
            "planet_orders": {"A": "YZ"},
            "worths": {"A": {"Y": 1, "Z": 2}},
        },
        "seed": 4,
        "seats": [{"kind": "human"}, {"kind": "human"}],
        "clock": None,
    }
    match = httpx.post(server.url + "/api/matches", json=body, timeout=10).json()
    south, north, watcher = browsers(), browsers(), browsers()
    south.get(server.url + match["seats"][0]["url"])
    north.get(server.url + match["seats"][1]["url"])
    watcher.get(server.url + match["spectate"])
    for driver in (south, north, watcher):
        wait_for(driver, "status", "to act: seat 0, seat 1")

    submit(south, "7")  # no such fleet in 2-card Goofspiel: the game's message is shown
    wait_for(south, "error", "fleet sizes are 1 to 2")

    submit(south, "2")
    wait_for(south, "mine", "accepted: 2")
    wait_for(north, "status", "to act: seat 1")
    # the other seat and the spectator learn that seat 0 submitted, not what
    assert "accepted" not in text_of(north, "mine")
    for driver in (north, watcher):
        assert "pending" not in text_of(driver, "view")

    submit(north, "1")  # round 1, planet Y (worth 1): 2 beats 1, seat 0 has 1
    wait_for(south, "status", "to act: seat 0, seat 1")
    submit(north, "2")
    submit(south, "1")  # round 2, planet Z (worth 2): 2 beats 1, seat 1 has 2
    # seat 1 wins the bout 2-1 and with it galaxy A, the only one: seat 1 wins the match
    for driver in (south, north, watcher):
        wait_for(driver, "status", "over: seat 1 wins")
    south.save_screenshot(str(tmp_path.parent / "browser-south.png"))


def test_every_game_is_playable_from_the_page(
    tmp_path: Path, servers: list[Server], browsers: Callable[[], webdriver.Chrome]
) -> None:
    """Each seat's browser clicks a legal submission of its own page and submits it; the match
    moves on to its next decision, for the first decisions of a match of every game."""
    import duelhost

    server = Server(f"sqlite:///{tmp_path / 'games.sqlite3'}", free_port())
    servers.append(server)
    seats = browsers(), browsers()
    for game in duelhost.list_games():
        body = {
            "game": game,
            "seed": 2,
            "seats": [{"kind": "human"}, {"kind": "human"}],
            "clock": None,
        }
        created = httpx.post(server.url + "/api/matches", json=body, timeout=10)
        assert created.status_code == 201, created.text
        match = created.json()
        state_url = f"{server.url}/api/matches/{match['id']}"
        for seat, driver in enumerate(seats):
            driver.get(server.url + match["seats"][seat]["url"])
            wait_for(driver, "status", "to act:")
        for _ in range(3):
            for seat in httpx.get(state_url, timeout=10).json()["to_act"]:
                driver = seats[seat]
                logged = httpx.get(state_url, timeout=10).json()["n"]
                buttons = WebDriverWait(driver, 20).until(
                    lambda d: d.find_elements(By.CSS_SELECTOR, "#legal button"),
                    f"{game}: seat {seat}'s page shows no legal submission",
                )
                buttons[-1].click()  # a legal submission, copied into the input
                chosen = driver.find_element(By.ID, "text").get_attribute("value")
                assert chosen, f"{game}: the legal button put nothing in the input"
                driver.find_element(By.CSS_SELECTOR, "#submitform button[type=submit]").click()
                accepted = _log_grows(state_url, logged)
                try:
                    WebDriverWait(driver, 20).until(accepted)
                    # the page's ack clears the input: only then is the page ready for more
                    WebDriverWait(driver, 20).until(_input_cleared)
                except TimeoutException:
                    shown = {
                        name: text_of(driver, name) for name in ("error", "conn", "status", "mine")
                    }
                    shown["input"] = driver.find_element(By.ID, "text").get_attribute("value")
                    shown["n"] = f"{logged} -> {httpx.get(state_url, timeout=10).json()['n']}"
                    shown["log"] = text_of(driver, "log")
                    raise AssertionError(
                        f"{game}: {chosen!r} was not accepted; the page shows {shown}; "
                        f"the server printed: {server.output()}"
                    ) from None


def _input_cleared(driver: webdriver.Chrome) -> bool:
    return not driver.find_element(By.ID, "text").get_attribute("value")


def _log_grows(state_url: str, logged: int) -> Callable[[object], bool]:
    def grown(_: object) -> bool:
        return int(httpx.get(state_url, timeout=10).json()["n"]) > logged

    return grown
