"""Tactical Genius figures beyond the generic benchmark: greedy matches and submission parsing;
and ``duelhost balance tactical_genius``.

Balance: each match seats two greedy bots; each bot builds a one-type army of a type drawn from
the match seed. Mirror matches (both sides the same type) are left out of the table; a draw
counts half a win. The target: no type outside 35-65%.
"""

from __future__ import annotations

import time
from collections import Counter
from collections.abc import Callable
from typing import Any

import duelhost
from duelhost.bench.balance import Balance, TypeRecord, end_reason
from duelhost.bots import make_bot, play_match


def extra(
    matches: int, options: dict[str, Any], say: Callable[[str], None]
) -> list[tuple[str, str]]:
    game = duelhost.load("tactical_genius", **options)
    count = min(matches, 200)
    start = time.perf_counter()
    decisions = 0
    for seed in range(count):
        state = game.new(seed=seed)
        bots = [make_bot("greedy", game, 0, seed), make_bot("greedy", game, 1, seed)]
        decisions += play_match(state, bots).decision
    greedy_seconds = time.perf_counter() - start

    state = game.new(seed=1)
    placements = (
        "place A Axe D1 bonus={b0} atk=3 def=1 skills=whirlwind; "
        "place B Gun C2 bonus={b1} atk=3 hp=2 skills=quickdraw,covering-fire; "
        "place C Sword D3 bonus={b2} atk=2 def=2 skills=riposte"
    )
    bonuses = [f"0.{b:02d}" for b in state.bonuses(0)[:3]]  # type: ignore[attr-defined]
    text = placements.format(b0=bonuses[0], b1=bonuses[1], b2=bonuses[2])
    repeats = 2000
    start = time.perf_counter()
    for _ in range(repeats):
        state._parse(0, text)
    parse_us = 1e6 * (time.perf_counter() - start) / repeats
    return [
        (f"greedy-vs-greedy matches ({count})", f"{count / greedy_seconds:,.0f}/s"),
        ("greedy decisions/s", f"{decisions / greedy_seconds:,.0f}"),
        ("parse a 3-placement submission", f"{parse_us:.1f} µs"),
    ]


def balance(game: duelhost.Game, matches: int, first_seed: int) -> Balance:
    """Won/drawn/lost per army type in greedy-vs-greedy matches, mirror matches left out."""
    types: dict[str, TypeRecord] = {}
    reasons: Counter[str] = Counter()
    mirrors = 0
    for seed in range(first_seed, first_seed + matches):
        state = game.new(seed=seed)
        bots = [make_bot("greedy", game, 0, seed), make_bot("greedy", game, 1, seed)]
        play_match(state, bots)
        reasons[end_reason(state.result)] += 1
        armies = [str(getattr(bot, "army_type", "?")) for bot in bots]
        if armies[0] == armies[1]:
            mirrors += 1
            continue
        for seat in (0, 1):
            types.setdefault(armies[seat], TypeRecord()).count(state.winner, seat)
    return Balance(matches, mirrors, types, reasons)
