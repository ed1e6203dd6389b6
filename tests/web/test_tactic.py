"""/TACTIC/ on its board: a seat plays the greedy bot by clicking: a faction, the King on a
Crown space, units bought from the faction's cards, then moves, attacks and an ability, and
the end of a turn; then it resigns."""

from __future__ import annotations

import re
from typing import Any

from tests.server.live import Server
from tests.web.conftest import create, ready, seat_again, shoot, wait_over

CELL = re.compile(r"[A-G][1-7]")


def frame_when_mine(page: Any) -> dict[str, Any]:
    page.wait_for_function(
        "() => { const f = window.duelhost.frame; return f.is_over || "
        "(f.to_act.includes(window.duelhost.seat) && f.legal !== null"
        " && !window.duelhost.sealed()); }"
    )
    frame: dict[str, Any] = page.evaluate("window.duelhost.frame")
    return frame


def after(page: Any, n: int) -> None:
    page.wait_for_function("n => window.duelhost.frame.n > n", arg=n)


def kind(text: str) -> str:
    if text == "end":
        return "end"
    if re.fullmatch(r"[A-G][1-7](-[A-G][1-7])+", text):
        return "move"
    if ">" in text:
        return "attack"
    return "ability"


def click_action(page: Any, frame: dict[str, Any], text: str) -> None:
    cells = CELL.findall(text)
    page.click(f"[data-cell='{cells[0]}']")
    target = cells[-1] if kind(text) == "move" else cells[1]
    page.click(f"[data-cell='{target}']")
    if page.locator("#chooser").count():
        page.click(f"#chooser [data-action='{text}']")
    after(page, frame["n"])


def test_a_seat_plays_tactic_against_the_bot_by_clicking(server: Server, pages: Any) -> None:
    match = create(
        server, game="tactic", seed=2, seats=[{"kind": "human"}, {"kind": "bot", "bot": "greedy"}]
    )
    south = ready(pages(match["seats"][0]["invite_url"]))
    assert south.inner_text("#status").startswith("Choose your faction")
    frame = frame_when_mine(south)
    south.click("[data-faction='Menagerie']")
    after(south, frame["n"])
    frame = frame_when_mine(south)
    assert frame["view"]["phase"] == "king"
    south.click("[data-cell='C1']")
    after(south, frame["n"])
    bought = 0
    for _ in range(12):
        frame = frame_when_mine(south)
        if frame["view"]["phase"] != "place":
            break
        # Foxes and Rams first: their Swap and Push are activated abilities.
        place = sorted(
            (t for t in frame["legal"] if t.startswith("place ")),
            key=lambda t: t.split()[1] not in ("Fox", "Ram"),
        )
        if not place:
            south.click("#end")
            after(south, frame["n"])
            continue
        unit, cell = place[0].split()[1:-1], place[0].split()[-1]
        south.click(f"#cards [data-card='{' '.join(unit)}']")
        if bought == 0:
            shoot(south, "tactic-build-1280")
        south.click(f"[data-cell='{cell}']")
        after(south, frame["n"])
        bought += 1
    assert bought >= 2
    done: set[str] = set()
    for _ in range(80):
        frame = frame_when_mine(south)
        if frame["is_over"] or {"move", "attack", "ability", "end"} <= done:
            break
        legal = frame["legal"]
        choice = next(
            (
                t
                for k in ("ability", "attack", "move")
                if k not in done
                for t in legal
                if kind(t) == k
            ),
            None,
        )
        if choice is None or (len(done) >= 1 and "end" not in done and kind(choice) == "move"):
            if "end" in legal:
                south.click("#end")
                after(south, frame["n"])
                done.add("end")
                continue
            choice = next(t for t in legal if kind(t) == "move")
        if not done:
            south.click(f"[data-cell='{CELL.findall(choice)[0]}']")
            shoot(south, "tactic-1280")
            south.keyboard.press("Escape")
        click_action(south, frame, choice)
        done.add(kind(choice))
    assert {"move", "attack", "ability", "end"} <= done, done
    shoot(ready(pages(seat_again(south), 400, 800)), "tactic-400")
    south.click("#resign")
    south.click("#resign")
    wait_over(south)
