"""The move caches (per-piece moves kept between decisions, a Horseman's capture moves kept
between generations) never change what ``legal()`` lists, nor its order.

The seeded random matches below were recorded with the engine as it was before the caches were
reworked: the random bot picks by index from ``legal()``, so the same histories mean the same
legal lists, in the same order, at every decision of these matches.
"""

from __future__ import annotations

import hashlib
import random

import pytest

import duelhost
from duelhost.bots import make_bot, play_match
from duelhost.games.generalissimo.moves import all_moves
from duelhost.games.generalissimo.state import GeneralissimoState

# (archer option, seed) -> (history entries, sha256 of the history's texts (first 16 hex
# digits), final position, how it ended), recorded before the change.
RECORDED = {
    ("aggressive", 1): (
        265,
        "8577e874ec0e8bc3",
        "9/7g1/1s1W5/9/1G1s5/1S7/5w1s1/8W/8G/C1A6/2SA5/6GAC n 2 11",
        "draw by agreement",
    ),
    ("aggressive", 2): (
        417,
        "5f218da1c3012568",
        "9/9/4G4/9/9/7S1/9/9/9/9/1A2C4/2C2A3 s 2 0",
        "elimination",
    ),
    ("aggressive", 3): (
        363,
        "5d401a552c715a8f",
        "3a5/9/9/1ca3s2/9/9/9/9/9/9/9/9 n 1 0 D12",
        "elimination",
    ),
    ("tactical", 1): (
        299,
        "c107548f37bb3a65",
        "3aac3/2ca4a/4w1g2/4a4/2w6/9/1w3hg2/7h1/9/g3w4/9/9 n 2 0",
        "elimination",
    ),
    ("tactical", 2): (
        558,
        "00057e26a90806fe",
        "9/9/6W2/9/9/G4W3/9/W8/9/1G7/2H5A/2C4G1 s 1 0 A5",
        "elimination",
    ),
    ("tactical", 3): (
        317,
        "edcf1652dcf05acc",
        "1a1gga3/2c3c1h/5aa1h/9/4S4/5w3/9/8w/S8/1w5s1/9/4S1C2 s 2 3",
        "draw by agreement",
    ),
}


@pytest.mark.parametrize(("archer", "seed"), sorted(RECORDED))
def test_seeded_random_matches_replay_as_recorded(archer: str, seed: int) -> None:
    game = duelhost.load("generalissimo", archer=archer)
    state = game.new(seed=seed)
    bots = [make_bot("random", game, 0, seed), make_bot("random", game, 1, seed)]
    play_match(state, bots)
    assert isinstance(state, GeneralissimoState)
    texts = "\n".join(f"{entry.seat}:{entry.kind}:{entry.text}" for entry in state.history)
    digest = hashlib.sha256(texts.encode()).hexdigest()[:16]
    found = (len(state.history), digest, state.position(), state.result["reason"])
    assert found == RECORDED[(archer, seed)]


def _moves(legal: list[str]) -> list[str]:
    return [text for text in legal if text not in ("pass", "draw")]


def _fresh_legal(state: GeneralissimoState) -> list[str]:
    """The moves ``legal()`` lists for a new state set up from the position: no cache carried
    over (a standing draw offer is not part of a position, so pass and draw are left out)."""
    options = dict(state.game.options)
    fresh = duelhost.load("generalissimo", **options).new(position=state.position())
    assert isinstance(fresh, GeneralissimoState)
    return _moves(fresh.legal(fresh.to_act[0]))


@pytest.mark.parametrize(("archer", "seed"), [("aggressive", 11), ("tactical", 12)])
def test_cached_legal_lists_equal_fresh_ones_at_every_decision(archer: str, seed: int) -> None:
    """Along a random match (moves, passes and draw offers), the list kept up to date move by
    move equals the one generated from scratch for the same position, item for item; so does
    ``all_moves`` (no cache at all)."""
    state = duelhost.load("generalissimo", archer=archer).new(seed=seed)
    assert isinstance(state, GeneralissimoState)
    rng = random.Random(seed)
    checked = 0
    while not state.is_over and checked < 400:
        seat = state.to_act[0]
        legal = state.legal(seat)
        assert _moves(legal) == _fresh_legal(state)
        moves = all_moves(state.board, state.side, state.moved, state.archer_diagonal)
        assert [generated[0] for generated in moves] == _moves(legal)
        checked += 1
        # mostly moves, sometimes a pass (a new turn without a move in between)
        choice = "pass" if rng.random() < 0.05 else rng.choice(legal)
        state.submit(seat, choice)
    assert checked > 100


def test_clones_keep_their_own_caches() -> None:
    """A clone plays on without changing what the original lists (the caches are copied, and
    what they share is never changed in place)."""
    state = duelhost.load("generalissimo").new(seed=5)
    assert isinstance(state, GeneralissimoState)
    rng = random.Random(5)
    for _ in range(60):
        seat = state.to_act[0]
        state.submit(seat, rng.choice(state.legal(seat)))
    seat = state.to_act[0]
    before = _moves(state.legal(seat))
    clone = state.clone()
    assert isinstance(clone, GeneralissimoState)
    for _ in range(40):
        if clone.is_over:
            break
        clone_seat = clone.to_act[0]
        clone.submit(clone_seat, rng.choice(clone.legal(clone_seat)))
    assert _moves(state.legal(seat)) == before == _fresh_legal(state)
    if not clone.is_over:
        assert _moves(clone.legal(clone.to_act[0])) == _fresh_legal(clone)
