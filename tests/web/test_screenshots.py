"""Every board in the middle of a match, at 1280x800 and 400x800, in the light and the dark
scheme (``<game>-<width>-<scheme>.png`` in the screenshots folder; docs/screenshots holds the
ones a person looked at). Each match is brought to its middle the same way every run: seat 0
plays through its page's legal list (the API), seat 1 is a server bot; then a piece, a unit or
a planet is selected where the board shows what it may do."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import httpx
import pytest

from duelhost.server.client import seat_tokens
from tests.server.live import Server
from tests.web.conftest import create, ready, shoot
from tests.web.test_to_the_end import GE_CELL, MINE, ge_choice, ta_choice

VARIANTS = [(1280, "light"), (400, "light"), (1280, "dark"), (400, "dark")]


def frame_of(page: Any) -> dict[str, Any]:
    page.wait_for_function(MINE)
    frame: dict[str, Any] = page.evaluate("window.duelhost.frame")
    return frame


def send(server: Server, page: Any, match: dict[str, Any], text: str) -> None:
    """Seat 0 submits ``text`` (through the API), and its page shows what follows."""
    frame = frame_of(page)
    answer = httpx.post(
        f"{server.url}/api/matches/{match['id']}/submissions",
        json={"text": text},
        headers={"Authorization": f"Bearer {match['token']}"},
        timeout=10,
    )
    assert answer.is_success, answer.text
    page.wait_for_function("n => window.duelhost.frame.n > n", arg=frame["n"])


def goofspiel(server: Server, page: Any, match: dict[str, Any]) -> None:
    for _ in range(3):
        send(server, page, match, frame_of(page)["legal"][-1])


def warriors_death(server: Server, page: Any, match: dict[str, Any]) -> None:
    for unit in ("Bard", "Samurai", "Dragoon"):
        send(server, page, match, unit)


def generalissimo(server: Server, page: Any, match: dict[str, Any]) -> None:
    for _ in range(5):
        frame = frame_of(page)
        moves = [t for t in frame["legal"] if not t.endswith("!")]  # no empty volleys
        send(server, page, match, ge_choice({**frame, "legal": moves}))


def multiplanetary(server: Server, page: Any, match: dict[str, Any]) -> None:
    for _ in range(7):
        view = frame_of(page)["view"]
        home = [p for p in view["planets"] if p["owner"] == 0 and p["ships"] >= 4]
        others = [p["cell"] for p in view["planets"] if p["owner"] is None][:2]
        orders = [f"{p['cell']}>{c} {p['ships'] // 4}" for p in home for c in others]
        send(server, page, match, "; ".join(orders) or "wait")


def tactic(server: Server, page: Any, match: dict[str, Any]) -> None:
    send(server, page, match, "faction Order")
    send(server, page, match, "king C1")
    acted = 0
    for _ in range(40):
        frame = frame_of(page)
        if frame["view"]["phase"] == "place":
            place = [t for t in frame["legal"] if t.startswith("place ")]
            send(server, page, match, place[len(place) // 2] if place else "end")
            continue
        if acted >= 4:
            return
        text = ta_choice(frame, acted % 2)
        send(server, page, match, text)
        acted += 1


def tactical_genius(server: Server, page: Any, match: dict[str, Any]) -> None:
    bonus = frame_of(page)["view"]["bonuses"][0]
    army = [("Gr1", "Sword", "C1", "riposte"), ("Gr2", "Lance", "D2", "impale")]
    army.append(("Gr3", "Arrow", "B3", "rain"))
    send(
        server,
        page,
        match,
        "; ".join(
            f"place {name} {kind} {cell} bonus={bonus[i]} atk=3 skills={skill}"
            for i, (name, kind, cell, skill) in enumerate(army)
        ),
    )


def select(page: Any, game: str) -> None:
    """Show what a piece, a unit or a planet may do (a click, as a player would)."""
    frame = frame_of(page)
    view = frame["view"]
    if game == "generalissimo":
        sources = [GE_CELL.findall(t)[0] for t in frame["legal"] if "-" in t]
        page.click(f"[data-cell='{max(set(sources), key=sources.count)}']")
    elif game == "tactic":
        actor = next(t for t in frame["legal"] if t != "end")[:2]
        page.click(f"[data-cell='{actor}']")
    elif game == "multiplanetary":
        mine = max((p for p in view["planets"] if p["owner"] == 0), key=lambda p: p["ships"])
        other = next(p for p in view["planets"] if p["owner"] is None)
        page.click(f".planet[data-cell='{mine['cell']}']")
        page.click(f".planet[data-cell='{other['cell']}']")
    elif game == "tactical_genius":
        unit = next(u for u in view["units"] if u["seat"] == 0 and u["alive"])
        page.click(f"[data-cell='{unit['cell']}']")
    elif game == "warriors_death":
        page.click("#hand .card[data-unit='1']")
    elif game == "goofspiel":
        page.click(f"#hand .card[data-fleet='{frame['legal'][0]}']")


SCENES: dict[str, tuple[dict[str, Any], Callable[[Server, Any, dict[str, Any]], None]]] = {
    "goofspiel": ({"bot": "random"}, goofspiel),
    "warriors_death": ({"bot": "random", "options": {"bouts": 3, "rounds": 6}}, warriors_death),
    "generalissimo": ({"bot": "random"}, generalissimo),
    "multiplanetary": ({"bot": "greedy"}, multiplanetary),
    "tactic": ({"bot": "greedy"}, tactic),
    "tactical_genius": ({"bot": "greedy"}, tactical_genius),
}


@pytest.mark.parametrize("game", list(SCENES))
def test_every_board_in_light_and_dark_at_both_widths(
    server: Server, pages: Any, game: str
) -> None:
    settings, play = SCENES[game]
    match = create(
        server,
        game=game,
        seed=5,
        options=settings.get("options", {}),
        seats=[{"kind": "human"}, {"kind": "bot", "bot": settings["bot"]}],
    )
    # The seat's invite gives its token once; every screenshot opens the seat's token link.
    match["token"] = seat_tokens(httpx, match, server.url)[0]
    url = f"/play/{match['id']}#{match['token']}"
    first = ready(pages(url))
    play(server, first, match)
    first.context.close()
    for width, scheme in VARIANTS:
        page = ready(pages(url, width, 800, scheme))
        select(page, game)
        assert page.evaluate("matchMedia('(prefers-color-scheme: dark)').matches") == (
            scheme == "dark"
        )
        shoot(page, f"{game}-{width}-{scheme}")
        page.context.close()


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_the_lobby_and_the_replay_in_both_schemes(server: Server, pages: Any, scheme: str) -> None:
    for width in (1280, 400):
        shoot(ready(pages("/", width, 800, scheme)), f"lobby-{width}-{scheme}")
    match = create(server, game="warriors_death", options={"bouts": 1, "rounds": 4}, seed=1)
    url = f"{server.url}/api/matches/{match['id']}"
    tokens = seat_tokens(httpx, match, server.url)
    # The match of test_warriors_death: seat 0 wins rounds 2-4 and the bout.
    for seat_units in (
        ("Blue Mage as Reaper", "Chocobo"),
        ("Astrologian predicting Samurai", "Samurai"),
        ("Black Mage", "Bard"),
        ("Dragoon", "Chocobo"),
    ):
        for token, text in zip(tokens, seat_units, strict=True):
            httpx.post(
                url + "/submissions",
                json={"text": text},
                headers={"Authorization": f"Bearer {token}"},
                timeout=10,
            )
    assert httpx.get(url, timeout=10).json()["is_over"]
    for width in (1280, 400):
        replay = ready(pages(f"/replay/{match['id']}", width, 800, scheme))
        replay.click("[data-who='truth']")
        shoot(replay, f"replay-{width}-{scheme}")
