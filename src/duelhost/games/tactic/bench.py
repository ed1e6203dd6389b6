"""Extra /TACTIC/ figures for ``duelhost bench tactic``: greedy bot speed and results, legal()
cost, and how each house faction fares in greedy-vs-greedy matches; and ``duelhost balance
tactic``.

Balance: the matches are split into equal blocks, one per ordered pair of house factions (table
order, the first faction as seat 0; seeds in that order), so ``--matches 320 --seed 1000`` is the
rules page's balance check (20 matches per pair, seeds 1000-1319). Every match counts for both
factions, mirror matches included.
"""

from __future__ import annotations

import random
import time
from collections import Counter
from collections.abc import Callable
from typing import Any

import duelhost
from duelhost.bench.balance import Balance, TypeRecord, end_reason
from duelhost.bots import make_bot, play_match
from duelhost.core.errors import ConfigError
from duelhost.games.tactic.state import TacticState


def faction_match(game: duelhost.Game, seed: int, factions: tuple[str, str]) -> TacticState:
    """A greedy-vs-greedy match with the given factions (seat 0's first)."""
    state = game.new(seed=seed)
    assert isinstance(state, TacticState)
    state.submit(0, f"faction {factions[0]}")
    state.submit(1, f"faction {factions[1]}")
    bots = [make_bot("greedy", game, 0, seed), make_bot("greedy", game, 1, seed)]
    play_match(state, bots)
    return state


def extra(
    matches: int, options: dict[str, Any], say: Callable[[str], None]
) -> list[tuple[str, str]]:
    game = duelhost.load("tactic", **options)
    rows: list[tuple[str, str]] = []

    # legal() cost along random matches
    rng = random.Random(5)
    legal_calls = 0
    legal_time = 0.0
    sizes = 0
    for seed in range(max(1, matches // 10)):
        state = game.new(seed=seed)
        while not state.is_over:
            seat = state.to_act[0]
            start = time.perf_counter()
            legal = state.legal(seat)
            legal_time += time.perf_counter() - start
            legal_calls += 1
            sizes += len(legal)
            state.submit(seat, rng.choice(legal))
    rows.append(("legal() per call", f"{1e6 * legal_time / legal_calls:.1f} µs"))
    rows.append(("legal actions per decision (mean)", f"{sizes / legal_calls:.1f}"))

    # greedy vs random
    greedy_matches = max(2, matches // 20)
    wins = 0
    decisions = 0
    start = time.perf_counter()
    for seed in range(greedy_matches):
        state = game.new(seed=seed)
        greedy_seat = seed % 2
        bots = [make_bot("random", game, s, seed) for s in (0, 1)]
        bots[greedy_seat] = make_bot("greedy", game, greedy_seat, seed)
        play_match(state, bots)
        wins += state.winner == greedy_seat
        decisions += state.decision
    seconds = time.perf_counter() - start
    rows.append(("greedy vs random: greedy wins", f"{wins}/{greedy_matches}"))
    rows.append(("greedy vs random: ms per match", f"{1000 * seconds / greedy_matches:.0f}"))

    # each faction against the field, greedy against greedy
    names = [f.name for f in game.new(seed=0).table.factions]  # type: ignore[attr-defined]
    per_pair = max(1, matches // (2 * len(names) * len(names)))
    score = {name: [0, 0, 0] for name in names}  # wins, draws, losses
    seed = 0
    for first in names:
        for second in names:
            for _ in range(per_pair):
                state = faction_match(game, seed, (first, second))
                seed += 1
                for seat, name in ((0, first), (1, second)):
                    if state.winner is None:
                        score[name][1] += 1
                    elif state.winner == seat:
                        score[name][0] += 1
                    else:
                        score[name][2] += 1
    for name in names:
        won, drawn, lost = score[name]
        rows.append((f"greedy vs greedy, {name}: won/drawn/lost", f"{won}/{drawn}/{lost}"))
    return rows


def balance(game: duelhost.Game, matches: int, first_seed: int) -> Balance:
    """Won/drawn/lost per house faction: one block of greedy-vs-greedy matches per ordered
    faction pair."""
    names = [f.name for f in game.new(seed=first_seed).table.factions]  # type: ignore[attr-defined]
    pairs = [(first, second) for first in names for second in names]
    if matches % len(pairs):
        raise ConfigError(
            f"tactic's balance plays one block per ordered faction pair: the number of matches "
            f"must be a multiple of {len(pairs)}, got {matches}"
        )
    per_pair = matches // len(pairs)
    factions = {name: TypeRecord() for name in names}
    reasons: Counter[str] = Counter()
    seed = first_seed
    for pair in pairs:
        for _ in range(per_pair):
            state = faction_match(game, seed, pair)
            seed += 1
            reasons[end_reason(state.result)] += 1
            for seat, name in enumerate(pair):
                factions[name].count(state.winner, seat)
    return Balance(matches, 0, factions, reasons, kind="faction", mirrors_counted=True)
