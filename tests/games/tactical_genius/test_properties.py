"""Property tests: any sequence of legal submissions keeps the invariants (issue point 6), and
any text is either accepted or refused with IllegalAction, changing nothing (G3)."""

from __future__ import annotations

import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import duelhost
from duelhost.games.tactical_genius.army import BUDGET, MAX_ON_BOARD, MAX_PLACED
from tests.games.tactical_genius.helpers import new


def check_invariants(state: duelhost.State, before: dict[int, float]) -> None:
    from duelhost.games.tactical_genius.state import TacticalGeniusState

    assert isinstance(state, TacticalGeniusState)
    for seat in (0, 1):
        mine = [s for s in state.sheets if s.owner == seat]
        # Budget never exceeded: points left = 40 - the value of every unit made.
        assert state.points[seat] == BUDGET - sum(s.value for s in mine) >= 0
        assert state.placed[seat] == len(mine) <= MAX_PLACED
        assert len(state.on_board(seat)) <= MAX_ON_BOARD
    speeds = [state.speed_of(u) for u in range(len(state.sheets))]
    assert len(set(speeds)) == len(speeds), "two units share a speed"
    healed = {
        entry["result"].split()[0] for entry in state.last_log if " regains " in entry["result"]
    }
    for uid, sheet in enumerate(state.sheets):
        assert state.health[uid] <= sheet.max_health
        if uid in before and state.health[uid] > before[uid]:
            assert sheet.name in healed, f"{sheet.name}'s health rose without a healing skill"
        if state.alive[uid]:
            assert state.health[uid] > 0
            assert state.at(state.col[uid], state.row[uid]) == uid
    occupied = [cell for cell in state.grid if cell >= 0]
    assert sorted(occupied) == sorted(state.on_board())


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32), garnets=st.tuples(st.integers(0, 3), st.integers(0, 3)))
def test_random_legal_play_keeps_the_invariants(seed: int, garnets: tuple[int, int]) -> None:
    state = new(seed=seed % 1000, garnets0=garnets[0], garnets1=garnets[1])
    rng = random.Random(seed)
    while not state.is_over:
        before = dict(enumerate(state.health))
        for seat in state.to_act:
            if rng.random() < 0.05:
                state.timeout(seat)
            else:
                state.submit(seat, state.sample(seat, rng))
        check_invariants(state, before)
    assert state.result["reason"]


WORDS = st.sampled_from(
    [
        "place",
        "advance",
        "pass",
        "G1",
        "B1",
        "Axe",
        "Gun",
        "attack",
        "move",
        "up",
        "forward",
        "skill",
        "rush",
        "mend",
        "idle",
        "D2",
        "G2",
        "E2",
        "K9",
        "bonus=0.26",
        "bonus=0.25",
        "atk=3",
        "atk=9",
        "hp=40",
        "skills=rush",
        ";",
        "\n",
        "x",
    ]
)


@settings(max_examples=60, deadline=None)
@given(words=st.lists(WORDS, max_size=12), seed=st.integers(0, 50), rounds=st.integers(0, 3))
def test_any_text_is_accepted_or_refused_without_change(
    words: list[str], seed: int, rounds: int
) -> None:
    state = new(seed=seed)
    rng = random.Random(seed)
    for _ in range(rounds):
        for seat in state.to_act:
            state.submit(seat, state.sample(seat, rng))
    if state.is_over:
        return
    text = " ".join(words)
    before = state.to_json()
    try:
        canonical = state.submit(0, text)
    except duelhost.IllegalAction as error:
        assert str(error)
        assert state.to_json() == before
    else:
        # The canonical text means the same submission.
        trial = duelhost.load("tactical_genius", garnets0=1, garnets1=0).from_json(before)
        assert trial.submit(0, canonical) == canonical


@settings(max_examples=80, deadline=None)
@given(text=st.text(max_size=60), command=st.booleans())
def test_arbitrary_text_never_crashes(text: str, command: bool) -> None:
    """G3: whatever the text, the answer is a canonical submission or an IllegalAction."""
    state = new()
    if command:
        state.submit(0, "place Bob Axe D2 bonus=0.26 atk=2 skills=whirlwind")
        state.submit(1, "place Sam Gun G2 bonus=0.25 atk=2 skills=covering-fire")
    before = state.to_json()
    try:
        state.submit(0, text)
    except duelhost.IllegalAction:
        assert state.to_json() == before
