"""Differential test: the same fixed-deal classic games here and in OpenSpiel's ``goofspiel``.

Our classic Goofspiel is ``galaxies=1, planets=N`` with the prize order fixed by the
``worths`` option (GO5) and ``max_replays=0`` (OpenSpiel scores a tie as a draw, GO4 would
replay it). In OpenSpiel (``num_cards=N``, ``points_order="random"``) each chance outcome is
chosen to deal the same prize card, and both players bid the same cards as our seats. After
every round the two engines' points must agree (so each round has the same winner), and so
must the final outcome. OpenSpiel plays the last round by itself (one card left each), so the
points are compared after each of its joint actions and at the end.
"""

from __future__ import annotations

import random
import re

import pytest

from tests.games.goofspiel.helpers import classic

pyspiel = pytest.importorskip(
    "pyspiel", reason="open_spiel is not installed (pip install 'duelhost[research]')"
)

POINTS = re.compile(r"Points: (-?\d+) (-?\d+)")


def openspiel_points(state: object) -> list[int]:
    match = POINTS.search(str(state))
    assert match is not None, str(state)
    return [int(match.group(1)), int(match.group(2))]


def play_both(
    cards: int, seed: int
) -> tuple[list[list[int]], list[list[int]], int | None, list[float]]:
    """Play one random fixed-deal game in both engines; returns both points sequences, our
    winner and OpenSpiel's returns."""
    rng = random.Random(seed)
    worths = list(range(1, cards + 1))
    rng.shuffle(worths)
    ours = classic(worths, max_replays=0).new(seed=seed)
    game = pyspiel.load_game("goofspiel", {"num_cards": cards, "points_order": "random"})
    theirs = game.new_initial_state()
    our_points: list[list[int]] = []
    their_points: list[list[int]] = []
    while not theirs.is_terminal():
        if theirs.is_chance_node():
            worth = ours.view(None)["worth"]
            outcomes = [action for action, _ in theirs.chance_outcomes()]
            assert worth - 1 in outcomes
            theirs.apply_action(worth - 1)  # OpenSpiel's outcome k deals the card worth k + 1
            continue
        assert theirs.is_simultaneous_node()
        bids = [rng.choice(ours.legal(seat)) for seat in (0, 1)]
        assert sorted(int(b) - 1 for b in ours.legal(0)) == theirs.legal_actions(0)
        for seat in (0, 1):
            ours.submit(seat, bids[seat])
        theirs.apply_actions([int(bids[0]) - 1, int(bids[1]) - 1])
        if theirs.is_terminal() and not ours.is_over:
            # OpenSpiel played the last round itself: each seat's one remaining fleet.
            assert len(ours.legal(0)) == 1 and len(ours.legal(1)) == 1
            for seat in (0, 1):
                ours.submit(seat, ours.legal(seat)[0])
        view = ours.view(None)
        points = view["bouts"][0]["points"] if view["bouts"] else view["points"]
        our_points.append(points)
        their_points.append(openspiel_points(theirs))
    assert ours.is_over
    return our_points, their_points, ours.winner, theirs.returns()


@pytest.mark.parametrize("cards", [2, 3, 5, 8, 13])
@pytest.mark.parametrize("seed", range(12))
def test_same_rounds_and_outcome_as_openspiel(cards: int, seed: int) -> None:
    ours, theirs, winner, returns = play_both(cards, seed)
    assert ours == theirs
    expected = [0.0, 0.0] if winner is None else [1.0, -1.0] if winner == 0 else [-1.0, 1.0]
    assert list(returns) == expected


def test_a_known_classic_game_agrees_with_openspiel_by_hand() -> None:
    """Prizes 2, 3, 1; bids (3, 1), (1, 2), then OpenSpiel's forced last round (2, 3).
    Worth 2 to seat 0 (3 > 1), worth 3 to seat 1 (1 < 2), worth 1 to seat 1 (2 < 3): 2-4."""
    ours = classic([2, 3, 1], max_replays=0).new(seed=0)
    theirs = pyspiel.load_game(
        "goofspiel", {"num_cards": 3, "points_order": "random"}
    ).new_initial_state()
    for worth, bids in [(2, (3, 1)), (3, (1, 2))]:
        theirs.apply_action(worth - 1)
        theirs.apply_actions([bids[0] - 1, bids[1] - 1])
        for seat in (0, 1):
            ours.submit(seat, str(bids[seat]))
    ours.submit(0, "2")
    ours.submit(1, "3")
    assert theirs.is_terminal()
    assert openspiel_points(theirs) == [2, 4]
    assert ours.view(None)["bouts"][0]["points"] == [2, 4]
    assert ours.winner == 1 and list(theirs.returns()) == [-1.0, 1.0]
