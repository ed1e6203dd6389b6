"""Hypothesis properties of Goofspiel along random matches with timeouts: fleets conserved,
scores consistent with the round log, replay of the history, and the kernel's properties on
non-default options."""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import duelhost
from duelhost.core.state import State
from duelhost.testing import play_and_check

configs = st.fixed_dictionaries(
    {
        "galaxies": st.integers(1, 4),
        "planets": st.integers(1, 5),
        "max_replays": st.integers(0, 3),
        "show_history": st.booleans(),
    }
)

SETTINGS = settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def random_match(options: dict[str, Any], seed: int, timeouts: float, check: Any = None) -> State:
    """Play a random match, calling ``check(state)`` after every decision."""
    rng = random.Random(seed)
    state = duelhost.load("goofspiel", **options).new(seed=seed)
    while not state.is_over:
        for seat in state.to_act:
            if rng.random() < timeouts:
                state.timeout(seat)
            else:
                state.submit(seat, rng.choice(state.legal(seat)))
        if check is not None:
            check(state)
    return state


def check_fleets_conserved(state: State) -> None:
    """Per seat and size: played + remaining + destroyed = initial (``galaxies``), GO2/GO3."""
    galaxies = state.game.options["galaxies"]
    planets = state.game.options["planets"]
    view = state.view(None)
    current = [r for r in view["rounds"] if r["replay"] == view["replay"]]
    for seat in (0, 1):
        played = Counter(r["fleets"][seat] for r in current if r["destroyed"][seat] is None)
        destroyed = Counter(r["destroyed"][seat] for r in current if r["destroyed"][seat])
        for size in range(1, planets + 1):
            remaining = view["fleets"][str(seat)][str(size)]
            assert played[size] + remaining + destroyed[size] == galaxies, (seat, size)
        # Fleets left always match the rounds left (one fleet is spent or lost per round).
        rounds_left = 0 if state.is_over else galaxies * planets - len(current)
        assert sum(view["fleets"][str(seat)].values()) == rounds_left
        assert view["destroyed"][seat] == sum(destroyed.values())


@SETTINGS
@given(options=configs, seed=st.integers(0, 2**32), timeouts=st.sampled_from([0.0, 0.1, 0.5]))
def test_fleets_are_conserved(options: dict[str, Any], seed: int, timeouts: float) -> None:
    options = {**options, "show_history": True}
    random_match(options, seed, timeouts, check=check_fleets_conserved)


@SETTINGS
@given(options=configs, seed=st.integers(0, 2**32), timeouts=st.sampled_from([0.0, 0.2]))
def test_scores_are_consistent_with_the_round_log(
    options: dict[str, Any], seed: int, timeouts: float
) -> None:
    state = random_match({**options, "show_history": True}, seed, timeouts)
    view = state.view(None)
    rounds = view["rounds"]
    planets = options["planets"]
    # Each round goes to the strictly larger fleet (a timeout sends 0), a tie to nobody.
    for entry in rounds:
        f0, f1 = entry["fleets"]
        assert entry["winner"] == (0 if f0 > f1 else 1 if f1 > f0 else None)
        assert (entry["destroyed"][0] is not None) == (f0 == 0)
    # Each bout's net worth is the sum of the worths its rounds gave each seat.
    bout_ends = [e for e in state.events if e["event"] == "bout_end"]
    keys = sorted({(r["replay"], r["bout"]) for r in rounds})
    assert len(keys) == len(bout_ends)
    strategic: dict[int, list[int]] = {}
    for (replay, bout), end in zip(keys, bout_ends, strict=True):
        fought = [r for r in rounds if (r["replay"], r["bout"]) == (replay, bout)]
        assert len(fought) == planets
        assert sorted(r["worth"] for r in fought) == list(range(1, planets + 1))
        points = [sum(r["worth"] for r in fought if r["winner"] == s) for s in (0, 1)]
        assert end["points"] == points
        winner = 0 if points[0] > points[1] else 1 if points[1] > points[0] else None
        assert end["winner"] == winner
        totals = strategic.setdefault(replay, [0, 0])
        if winner is not None:
            totals[winner] += end["value"]
        assert end["strategic"] == totals
    # Every playing but the last was tied; the last decides (or is a draw after max_replays).
    last = view["replay"]
    for replay in range(last):
        assert strategic[replay][0] == strategic[replay][1]
        assert view["past"][replay]["strategic"] == strategic[replay]
    final = strategic[last]
    # The result shows what decided the match: strategic value, or in classic Goofspiel (one
    # galaxy) the prize totals of the last bout, which decide the same way (17, point 6).
    last_points = bout_ends[-1]["points"]
    assert state.result["scores"] == (last_points if options["galaxies"] == 1 else final)
    if final[0] == final[1]:
        assert state.winner is None and last == options["max_replays"]
    else:
        assert state.winner == (0 if final[0] > final[1] else 1)
    assert sorted(view["values"].values()) == list(range(1, options["galaxies"] + 1))


@SETTINGS
@given(options=configs, seed=st.integers(0, 2**32), stop=st.integers(0, 60))
def test_replaying_the_history_gives_the_same_state(
    options: dict[str, Any], seed: int, stop: int
) -> None:
    state = random_match(options, seed, 0.1)
    game = state.game
    assert game.replay(state.record).to_json() == state.to_json()
    assert game.from_json(state.to_json()).to_json() == state.to_json()
    # A prefix of the history (a match in progress, maybe with one seat pending) too.
    prefix = game.new(seed=seed)
    for entry in state.history[:stop]:
        prefix.apply(entry)
    assert game.from_json(prefix.to_json()).to_json() == prefix.to_json()
    assert prefix.clone().to_json() == prefix.to_json()


@settings(max_examples=6, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**31))
def test_kernel_properties_hold_on_other_options(seed: int) -> None:
    """The kernel's checks (non-interference, clone, replay, legal parses back) on small,
    classic, hidden-history and fixed-deal configurations."""
    for options in (
        {"galaxies": 2, "planets": 3, "show_history": False},
        {"galaxies": 1, "planets": 13, "max_replays": 0},
        {"galaxies": 1, "planets": 2, "worths": {"A": [2, 1]}, "max_replays": 2},
    ):
        play_and_check(duelhost.load("goofspiel", **options), seed)


def _deal(draw: st.DrawFn, galaxies: int, planets: int) -> dict[str, Any]:
    letters = "ABCDEFG"[:galaxies]
    labels = "TUVWXYZ"[7 - planets :]
    return {
        "values": draw(st.permutations(range(1, galaxies + 1))),
        "planet_orders": {g: "".join(draw(st.permutations(labels))) for g in letters},
        "worths": {g: list(draw(st.permutations(range(1, planets + 1)))) for g in letters},
    }


@st.composite
def deal_pairs(draw: st.DrawFn) -> tuple[dict[str, Any], dict[str, Any], int]:
    """Two fixed deals that agree on what is revealed up to ``shared_rounds`` rounds."""
    galaxies, planets = draw(st.integers(2, 4)), draw(st.integers(2, 5))
    one, other = _deal(draw, galaxies, planets), _deal(draw, galaxies, planets)
    # The first galaxy (A, fought first) is shared: its value and planet order, and the
    # worths of the planets fought in the first ``shared_rounds`` rounds.
    shared_rounds = draw(st.integers(1, planets))
    other["values"] = list(other["values"])
    first_value = one["values"][0]
    other["values"][other["values"].index(first_value)] = other["values"][0]
    other["values"][0] = first_value
    other["planet_orders"]["A"] = one["planet_orders"]["A"]
    labels = "TUVWXYZ"[7 - planets :]
    fought = [labels.index(p) for p in one["planet_orders"]["A"][:shared_rounds]]
    rest = [w for i, w in enumerate(one["worths"]["A"]) if i not in fought]
    unfought = [i for i in range(planets) if i not in fought]
    shuffled = draw(st.permutations(rest))
    worths = list(one["worths"]["A"])
    for index, worth in zip(unfought, shuffled, strict=True):
        worths[index] = worth
    other["worths"]["A"] = worths
    common = {"galaxies": galaxies, "planets": planets, "galaxy_order": "ABCD"[:galaxies]}
    return {**common, **one}, {**common, **other}, shared_rounds


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(pair=deal_pairs(), seed=st.integers(0, 2**32))
def test_no_view_shows_the_unrevealed_deal_go1(
    pair: tuple[dict[str, Any], dict[str, Any], int], seed: int
) -> None:
    """Deals that differ only in what is not revealed yet give identical views (every seat
    and spectators) until the first round whose worth differs."""
    one_options, other_options, shared_rounds = pair
    one = duelhost.load("goofspiel", **one_options).new(seed=seed)
    other = duelhost.load("goofspiel", **other_options).new(seed=seed)
    rng = random.Random(seed)
    for played in range(shared_rounds):
        for seat in (0, 1, None):
            assert one.view(seat) == other.view(seat), f"round {played + 1}, view({seat})"
        if played == shared_rounds - 1:
            break
        for seat in (0, 1):
            text = rng.choice(one.legal(seat))
            one.submit(seat, text)
            other.submit(seat, text)
