"""Tactical Genius on its board: a seat plays the greedy bot by clicking: an army of three
units with stats and skills built in the builder (cells clicked in its columns), orders for
each unit by clicking targets and buttons, then it resigns."""

from __future__ import annotations

from typing import Any

from tests.server.live import Server
from tests.web.conftest import create, ready, seat_again, send_build, shoot, wait_over


def mine(page: Any) -> dict[str, Any]:
    page.wait_for_function(
        "() => { const f = window.duelhost.frame; const me = window.duelhost.seat; "
        "return f.is_over || (f.to_act.includes(me) && !f.view.submitted.includes(me) "
        "&& !window.duelhost.sealed()); }"
    )
    frame: dict[str, Any] = page.evaluate("window.duelhost.frame")
    return frame


def build(page: Any, cell: str, unit_type: str, skill: str) -> None:
    page.click(f"[data-cell='{cell}']")
    page.select_option("#build-type", unit_type)
    page.fill("#build-atk", "2")
    page.dispatch_event("#build-atk", "change")
    page.check(f"[data-skill='{skill}']")
    page.click("#add-unit")


def test_a_seat_plays_tactical_genius_against_the_bot_by_clicking(
    server: Server, pages: Any
) -> None:
    match = create(
        server,
        game="tactical_genius",
        seed=3,
        seats=[{"kind": "human"}, {"kind": "bot", "bot": "greedy"}],
    )
    south = ready(pages(match["seats"][0]["invite_url"]))
    frame = mine(south)
    assert frame["view"]["phase"] == "reinforcement"
    build(south, "C1", "Sword", "riposte")
    build(south, "C2", "Gun", "quickdraw")
    build(south, "B3", "Lance", "rush")
    assert south.locator("#placements li").count() == 3
    assert "points left after these: 22" in south.inner_text("#budget")  # 40 - 3 x (3+2+1)
    shoot(south, "tactical_genius-build-1280")
    south.click("#send-build")
    # Committed first, then revealed: the units appear once the placements are revealed.
    south.wait_for_function("() => window.duelhost.frame.view.units.some(u => u.seat === 0)")
    units = [u for u in south.evaluate("window.duelhost.frame.view.units") if u["seat"] == 0]
    assert sorted(u["type"] for u in units) == ["Gun", "Lance", "Sword"]
    assert all(len(u["skills"]) == 1 for u in units)
    for _round in range(3):
        frame = mine(south)
        if frame["is_over"]:
            break
        if frame["view"]["phase"] == "reinforcement":
            send_build(south)
        else:
            for unit in [u for u in frame["view"]["units"] if u["seat"] == 0 and u["alive"]]:
                south.click(f"[data-cell='{unit['cell']}']")
                buttons = south.locator("#unit-orders button")
                buttons.nth(buttons.count() - 1).click()
            orders = south.locator("#orders li").all_inner_texts()
            assert not any(o.endswith(" idle") for o in orders), orders
            if _round == 0:
                shoot(south, "tactical_genius-1280")
            south.click("#send-orders")
        south.wait_for_function("n => window.duelhost.frame.n > n", arg=frame["n"])
    small = ready(pages(seat_again(south), 400, 800))
    # At 400 px a unit shows its name only, about 11 px high (its type and skills were 5-7 px).
    heights = small.evaluate(
        "[...document.querySelectorAll('.tg text.unit-name')]"
        ".map(t => t.getBoundingClientRect().height)"
    )
    assert heights and min(heights) >= 10, heights
    shoot(small, "tactical_genius-400")
    south.click("#resign")
    south.click("#resign")
    wait_over(south)
