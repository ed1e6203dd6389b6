"""Multiplanetary Empire benchmark: ticks per second on a 16-planet map with 50 fleets in flight.

The scenario: a generated 16-planet map (the homes and seven mirrored pairs); both seats wait
25 ticks, then a scripted policy sends one-ship standard-warp fleets from random planets of
theirs to random planets so that about 50 fleets are always in flight. The submissions of 300
such ticks are recorded, then replayed through the kernel (``submit`` for both seats: parsing,
validation, departures, arrivals, fights, production, end checks) and timed. Two more figures:
the same ticks through ``_resolve`` alone (the engine without the kernel's parsing), and ticks
with both seats waiting while the 50 fleets land (timed tick by tick from clones).
Target (issue 4): at least 20,000 ticks/s through the kernel.

Times are CPU time of this process (``time.process_time``), best of five runs: the machine is
shared, and wall-clock figures swing with the load of other processes.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from typing import Any

import duelhost
from duelhost.games.multiplanetary.maps import generate_map
from duelhost.games.multiplanetary.rules import MultiplanetaryState

FLEETS = 50
PLANETS = 16
WARM_UP_TICKS = 25
MEASURED_TICKS = 300
TARGET = 20_000


def sixteen_planet_map() -> dict[str, Any]:
    """The first generated map (seeds 0, 1, ...) with exactly 16 planets."""
    seed = 0
    while True:
        board = generate_map(seed)
        if len(board["planets"]) == PLANETS:
            return board
        seed += 1


def scenario(
    options: dict[str, Any] | None = None,
) -> tuple[MultiplanetaryState, list[tuple[str, str]]]:
    """The state after the warm-up and the submissions of the measured ticks."""
    settings = dict(options or {})
    settings["max_ticks"] = None  # the scenario must not end at MP9's default tick 360
    game = duelhost.load("multiplanetary", **settings)
    state = game.new(seed=1, map=sixteen_planet_map())
    assert isinstance(state, MultiplanetaryState)
    for _ in range(WARM_UP_TICKS):
        state.submit(0, "wait")
        state.submit(1, "wait")
    start = state.clone()
    assert isinstance(start, MultiplanetaryState)
    rng = random.Random(2024)
    cells = [planet["cell"] for planet in state.view()["planets"]]
    submissions: list[tuple[str, str]] = []
    for _ in range(MEASURED_TICKS):
        view = state.view()
        staying = sum(1 for fleet in view["fleets"] if fleet["arrives"] > view["tick"] + 1)
        texts = []
        for seat in (0, 1):
            want = max(0, FLEETS - staying) // 2 + (seat == 0 and (FLEETS - staying) % 2 == 1)
            texts.append(_random_orders(view, seat, want, cells, rng))
        state.submit(0, texts[0])
        state.submit(1, texts[1])
        submissions.append((texts[0], texts[1]))
    return start, submissions


def _random_orders(
    view: dict[str, Any], seat: int, want: int, cells: list[str], rng: random.Random
) -> str:
    """Up to ``want`` one-ship orders from random planets of ``seat`` to random planets."""
    sources = {
        planet["cell"]: planet["ships"]
        for planet in view["planets"]
        if planet["owner"] == seat and planet["ships"] > 0
    }
    orders = []
    for _ in range(want):
        usable = [cell for cell, ships in sources.items() if ships > 0]
        if not usable:
            break
        source = rng.choice(usable)
        destination = rng.choice([cell for cell in cells if cell != source])
        sources[source] -= 1
        orders.append(f"{source}>{destination} 1")
    return "; ".join(orders) or "wait"


def _kernel_ticks(start: MultiplanetaryState, submissions: list[tuple[str, str]]) -> float:
    state = start.clone()
    begin = time.process_time()
    for red, blue in submissions:
        state.submit(0, red)
        state.submit(1, blue)
    return time.process_time() - begin


def _engine_ticks(start: MultiplanetaryState, submissions: list[tuple[str, str]]) -> float:
    state = start.clone()
    assert isinstance(state, MultiplanetaryState)
    parsed = []
    probe = start.clone()
    assert isinstance(probe, MultiplanetaryState)
    for red, blue in submissions:
        parsed.append({0: probe._parse(0, red), 1: probe._parse(1, blue)})
        probe.submit(0, red)
        probe.submit(1, blue)
    begin = time.process_time()
    for actions in parsed:
        state._resolve(actions)
    return time.process_time() - begin


def _waiting_ticks(
    start: MultiplanetaryState, submissions: list[tuple[str, str]]
) -> tuple[float, int]:
    """Time single waiting ticks from states with about 50 fleets in flight."""
    state = start.clone()
    bases = []
    for red, blue in submissions[:60]:
        state.submit(0, red)
        state.submit(1, blue)
        bases.append(state.clone())
    seconds = 0.0
    ticks = 0
    for _ in range(20):
        for base in bases[20:]:
            trial = base.clone()
            begin = time.process_time()
            trial.submit(0, "wait")
            trial.submit(1, "wait")
            seconds += time.process_time() - begin
            ticks += 1
    return seconds, ticks


def measure(options: dict[str, Any] | None = None, repeats: int = 5) -> dict[str, float]:
    """The benchmark figures (best of ``repeats`` runs for each)."""
    start, submissions = scenario(options)
    in_flight = []
    probe = start.clone()
    for red, blue in submissions:
        probe.submit(0, red)
        probe.submit(1, blue)
        in_flight.append(len(probe.view()["fleets"]))
    kernel = min(_kernel_ticks(start, submissions) for _ in range(repeats))
    engine = min(_engine_ticks(start, submissions) for _ in range(repeats))
    waiting, waited = min(_waiting_ticks(start, submissions) for _ in range(repeats))
    return {
        "kernel_ticks_per_s": len(submissions) / kernel,
        "engine_ticks_per_s": len(submissions) / engine,
        "waiting_ticks_per_s": waited / waiting,
        "mean_fleets_in_flight": sum(in_flight) / len(in_flight),
        "orders_per_tick": sum(
            len(text.split(";")) * (text != "wait") for pair in submissions for text in pair
        )
        / len(submissions),
    }


def extra(
    matches: int, options: dict[str, Any], say: Callable[[str], None]
) -> list[tuple[str, str]]:
    figures = measure(options)
    verdict = "met" if figures["kernel_ticks_per_s"] >= TARGET else "MISSED"
    return [
        (
            f"ticks/s, {PLANETS} planets, ~{figures['mean_fleets_in_flight']:.0f} fleets in "
            f"flight, {figures['orders_per_tick']:.1f} orders/tick (kernel submit)",
            f"{figures['kernel_ticks_per_s']:,.0f} (target {TARGET:,}: {verdict})",
        ),
        ("ticks/s, same ticks, engine _resolve only", f"{figures['engine_ticks_per_s']:,.0f}"),
        ("ticks/s, both waiting, 50 fleets landing", f"{figures['waiting_ticks_per_s']:,.0f}"),
    ]
