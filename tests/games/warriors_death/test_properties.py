"""Hypothesis properties over random matches: scores are consistent (WD12), replays are exact
(G6), and private strengths never reach the opponent's or a spectator's view (WD11, WD12)."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

import duelhost
from duelhost.games.warriors_death.state import WarriorsDeathState
from duelhost.games.warriors_death.units import parse_play
from tests.games.warriors_death.helpers import finished_underworld, new, truth

SEEDS = st.integers(min_value=0, max_value=2**32)


def random_match(seed: int, **options: int) -> WarriorsDeathState:
    rng = random.Random(seed)
    state = new(seed=seed, **options)
    while not state.is_over:
        for seat in (0, 1):
            if rng.random() < 0.05:
                state.timeout(seat)
            else:
                state.submit(seat, rng.choice(state.legal(seat)))
    return state


@settings(max_examples=40, deadline=None)
@given(seed=SEEDS)
def test_totals_are_three_per_round_won_plus_the_underworld(seed: int) -> None:
    state = random_match(seed)
    finished = truth(state)["finished"]
    assert len(finished) in (5, 6)
    for number, bout in enumerate(finished):
        for record in bout["rounds"]:
            first, second = record["strength"]
            expected = 0 if first > second else 1 if second > first else -1
            assert record["winner"] == expected
        for seat in (0, 1):
            won = sum(1 for record in bout["rounds"] if record["winner"] == seat)
            dead = sum(finished_underworld(state, number, seat).values())
            assert bout["totals"][seat] == 3 * won + dead
    public = [event["totals"] for event in state.events if event["event"] == "bout"]
    assert public == [bout["totals"] for bout in finished]
    wins = [sum(1 for b in finished if b["winner"] == seat) for seat in (0, 1)]
    assert state.result["scores"] == wins
    assert state.winner == (None if wins[0] == wins[1] else wins.index(max(wins)))


@settings(max_examples=25, deadline=None)
@given(seed=SEEDS, rounds=st.integers(1, 12), bouts=st.integers(1, 5))
def test_replaying_the_history_gives_the_same_json(seed: int, rounds: int, bouts: int) -> None:
    state = random_match(seed, rounds=rounds, bouts=bouts)
    game = duelhost.load("warriors_death", rounds=rounds, bouts=bouts)
    assert game.replay(state.record).to_json() == state.to_json()
    assert game.from_json(state.to_json()).to_json() == state.to_json()


@settings(max_examples=40, deadline=None)
@given(seed=SEEDS, shift=st.integers(1, 9))
def test_no_private_strength_in_the_opponents_view(seed: int, shift: int) -> None:
    """Replay a random match with every Astrologian prediction of seat 0 changed. While the
    public log stays the same, seat 0's strengths may differ (a right prediction adds the
    opponent's strength), yet a spectator's view must stay identical, and so must seat 1's
    until the winners it is told differ (its own Blue Mage shows it the truth, WD11)."""
    original = random_match(seed)
    changed = new(seed=seed)
    replayed = new(seed=seed)
    watch_seat_one = True
    for entry in original.history:
        text = entry.text
        if entry.seat == 0 and text is not None and text.startswith("Astrologian"):
            play = parse_play(text)
            text = f"1 {(play.second + shift) % 10}"
        try:
            if text is None:
                changed.timeout(entry.seat)
            else:
                changed.submit(entry.seat, text)
        except duelhost.IllegalAction:
            break  # the public outcome diverged earlier and the plays no longer fit
        replayed.apply(entry)
        if changed.events != replayed.events:
            break
        assert changed.view(None) == replayed.view(None)
        if watch_seat_one:
            told = [r["winner"] for r in changed.view(1)["rounds"]]
            if told != [r["winner"] for r in replayed.view(1)["rounds"]]:
                watch_seat_one = False
            else:
                assert changed.view(1) == replayed.view(1)
