"""Multiplanetary Empire (``multiplanetary``): real-time planet conquest on a 10x10 grid.

Rules: ``/work/shared/seeds/001_15aca50aec68df68.txt`` (first half), RULINGS G1-G6 and
MP1-MP12; the full rules page is ``docs/games/multiplanetary.md`` (``duelhost rules
multiplanetary``).

Kernel fit
    One decision per tick: both seats act in every decision (``to_act == (0, 1)``), and the tick
    resolves once both have submitted (MP2). The match server adds the wall clock; in the engine
    a tick is a decision, and a seat that misses the tick times out to "no orders" (MP12).

Notation (``notation.py``)
    One submission per tick: any number of orders separated by ``;`` or new lines.
    ``A1>C4 12`` sends 12 ships by standard warp, ``A1>>C4 12`` by quantum warp; an empty
    submission or ``wait`` sends nothing. The canonical form joins orders with ``"; "``. Each
    order is checked as in MP3 (``A1>C4 12: A1 has 9 ships (3 already ordered out this tick)``).

Setup (``maps.py``)
    ``game.new(seed, map=...)`` takes a map as a dict, JSON text or a file path:
    ``{"planets": [{"cell": "A1", "size": 5, "owner": 0, "ships": 0}, ...]}`` (owner null for a
    neutral planet), validated against MP10 (``ConfigError`` saying what is wrong). Without a
    map, one is generated from the seed (``generate_map``); the record always stores the map.
    ``duelhost maps generate --seed N`` writes one.

Options
    ``max_ticks`` (MP9, default 360; null for no limit) and ``neutral_production`` (MP5, default
    false).

Views (``rules.py``; everything is public, MP11)
    ``tick`` (last tick processed, 0 at the start), ``planets`` (cell, size, owner, ships, plus
    ``next_production`` ticks and the ``production`` then), ``fleets`` (owner, ships, from, to,
    arrives, plus warp, sent, departed), ``last_orders`` (the orders processed at the last tick,
    per seat), ``totals`` (ships and planets per seat). A seat's own orders for the coming tick
    are in its own view only, as the kernel's ``pending`` field.

Legal submissions
    Not enumerated (``legal_enumerated=False``): ``legal()`` is ``wait`` plus sending all the
    ships of each planet to each other planet by either warp; ``sample`` draws random valid
    orders (random planets, counts and warps). Bot helpers: ``legal_orders(seat)`` gives
    (source, destination, max ships); ``travel_ticks(seat, source, destination, quantum)``.
"""

from __future__ import annotations

from duelhost.core.budget import OptionBudget
from duelhost.core.options import Option
from duelhost.core.registry import GameSpec, register
from duelhost.core.time_control import Clock
from duelhost.games.multiplanetary.maps import generate_map, normalise_map
from duelhost.games.multiplanetary.notation import Order, Orders
from duelhost.games.multiplanetary.render import describe_event, render_view
from duelhost.games.multiplanetary.rules import SEAT_NAMES, MultiplanetaryState

SPEC = register(
    GameSpec(
        name="multiplanetary",
        title="Multiplanetary Empire",
        summary="real-time planet conquest on a 10x10 grid: send fleets, capture planets, "
        "out-produce your rival (one decision per tick)",
        state=MultiplanetaryState,
        dynamics=("tick",),
        options=(
            Option(
                "max_ticks",
                360,
                "MP9: the match ends after this tick (more ships, then more planets wins); "
                "null for no limit",
                minimum=1,
                nullable=True,
            ),
            Option(
                "neutral_production",
                False,
                "MP5: whether neutral planets produce ships",
                kind="bool",
            ),
        ),
        setup=(
            Option(
                "map",
                None,
                "the map (MP10): a dict, JSON text or a JSON file path; null: generated "
                "from the seed",
                kind="json",
                nullable=True,
                check=normalise_map,
            ),
        ),
        legal_enumerated=False,
        render=render_view,
        seat_names=(SEAT_NAMES[0], SEAT_NAMES[1]),
        seat_helpers=("legal_orders", "travel_ticks"),
        describe_event=describe_event,
        # The text: a tick is 10 seconds; 1 minute of planning once the map is shown; the first
        # tick 10 seconds after the start.
        clock=Clock("tick", 10.0, planning_seconds=60.0),
        public_submissions=True,
        order_separator="; ",
        no_orders="wait",
        board="multiplanetary",
        bench=f"{__name__}.bench",
        commands=f"{__name__}.cli",
        bots=(f"{__name__}.bots", f"{__name__}.planner", f"{__name__}.plans"),
        # Hosted matches always end (no null max_ticks): at most two hours of 10-second ticks.
        budget=OptionBudget(bounds={"max_ticks": (1, 720)}),
    )
)

__all__ = [
    "SPEC",
    "MultiplanetaryState",
    "Order",
    "Orders",
    "describe_event",
    "generate_map",
    "normalise_map",
    "render_view",
]
