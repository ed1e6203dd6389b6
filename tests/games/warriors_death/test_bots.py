"""A Warrior's Death's bot levels: the view-only determinization (hand-worked Blue Mage cases),
the bout simulator against the rules, exact last-round values worked by hand, match utilities,
reproducible node budgets and the levels offered everywhere bots are chosen."""

from __future__ import annotations

import random

import numpy as np
import pytest
from typer.testing import CliRunner

import duelhost
from duelhost.bots import SeatHandle, available_bots, make_bot, play_match
from duelhost.bots.budget import Budget, set_default
from duelhost.bots.equilibrium import equilibrium
from duelhost.cli import app
from duelhost.games.warriors_death.bots import (
    BoutSim,
    WarriorsDeathBot,
    bout_utilities,
    hypotheses,
)
from duelhost.games.warriors_death.state import WarriorsDeathState
from duelhost.games.warriors_death.units import parse_play


@pytest.fixture(autouse=True)
def small_budget() -> object:
    set_default(Budget(nodes=200))
    yield
    set_default(Budget())


def _play(state: WarriorsDeathState, rounds: list[tuple[str, str]]) -> None:
    for first, second in rounds:
        state.submit(0, first)
        state.submit(1, second)


def _state(**options: int) -> WarriorsDeathState:
    state = duelhost.load("warriors_death", **options).new(seed=3)
    assert isinstance(state, WarriorsDeathState)
    return state


def test_a_samurai_back_in_hand_unmasks_a_blue_mage() -> None:
    """Seat 1's Blue Mage as Reaper meets seat 0's Samurai: seat 0 is shown a Reaper and a
    tie (round 1, WD11), but its Samurai is back in hand, which a true Reaper (6 > 5) would
    have prevented: the only consistent history is the Blue Mage."""
    state = _state()
    _play(state, [("Samurai", "Blue Mage as Reaper")])
    view = state.view(0)
    assert view["rounds"][0]["units"] == ["Samurai", "Reaper"]
    assert view["rounds"][0]["winner"] is None
    found = hypotheses(state.game, view, 0)
    assert len(found) == 1
    assert found[0]._hand[1] >> 2 & 1 == 0  # the Blue Mage is spent
    assert found[0]._hand[1] >> 6 & 1 == 1  # the Reaper is still held


def test_a_disguise_that_tells_nothing_keeps_both_histories() -> None:
    """Round 1: Black Mage beats a Chocobo (seat 0 wins). Round 2: seat 1 shows a Reaper
    against seat 0's Dragoon and the winner shown is seat 0: a true Reaper loses to the
    Dragoon (8 > 6), and a Blue Mage announces round 1's winner, seat 0. Both histories fit."""
    state = _state()
    _play(state, [("Black Mage", "Chocobo"), ("Dragoon", "Blue Mage as Reaper")])
    found = hypotheses(state.game, state.view(0), 0)
    assert sorted(s._hand[1] >> 2 & 1 for s in found) == [0, 1]
    # Seat 1 has its own doubt: seat 0's "Dragoon" could be a Blue Mage (a tie with seat 1's
    # Blue Mage, announced as round 1's winner, seat 0: the same thing shown).
    theirs = hypotheses(state.game, state.view(1), 1)
    assert sorted(s._hand[0] >> 2 & 1 for s in theirs) == [0, 1]
    assert all(s._hand[1] >> 2 & 1 == 0 for s in theirs)  # its own Blue Mage: no doubt


def test_an_astrologian_leaves_its_prediction_open_when_the_winner_tells_nothing() -> None:
    """Seat 1's Astrologian against seat 0's Black Mage: right (1 + 9 = 10 > 9) it would win,
    wrong it loses. Seat 0 is shown that it won, so only the nine wrong predictions remain
    (and the Blue Mage disguised as an Astrologian, which would lose and be announced a tie:
    refused)."""
    state = _state()
    _play(state, [("Black Mage", "Astrologian predicting Samurai")])
    found = hypotheses(state.game, state.view(0), 0)
    assert len(found) == 9
    assert all(s._rounds[0].units == (9, 1) and s._rounds[0].seconds[1] != 9 for s in found)


def test_the_bout_simulator_follows_the_rules() -> None:
    rng = random.Random(7)
    for seed in range(40):
        state = _state(bouts=1, rounds=10)
        sim = BoutSim(state)
        stop = rng.randrange(0, 10)
        for number in range(10):
            if number == stop:
                sim = BoutSim(state)  # start the simulator mid-bout too
            plays = [state.sample(seat, rng) for seat in (0, 1)]
            moves = []
            for text in plays:
                play = parse_play(text)
                moves.append((play.unit, play.second))
            if number >= stop:
                sim.step(moves[0], moves[1])
            if number == 9:
                totals = [state.bout_total(0), state.bout_total(1)]
                state.submit(0, plays[0])
                state.submit(1, plays[1])
                last = state._finished[-1].totals
                assert sim.total == list(last), (seed, totals)
            else:
                state.submit(0, plays[0])
                state.submit(1, plays[1])
        assert sim.rounds_left == 0


def _last_round() -> WarriorsDeathState:
    """A one-bout match of 9 rounds. Rounds 1-7 mirror (both seats play the same units: every
    round a tie, equal totals); round 8 Dragoon (seat 0) against Black Mage (seat 1): the
    Black Mage wins and takes the Dragoon's 8 in death: seat 1 leads by 3 + 8 - 8 = 3.
    Round 9 is the last: seat 0 holds the Chocobo and the Black Mage, seat 1 the Chocobo and
    the Dragoon."""
    state = _state(bouts=1, rounds=9)
    mirror = [
        "Astrologian predicting Astrologian",
        "Blue Mage as Bard",
        "Bard",
        "Sage",
        "Samurai",
        "Reaper",
        "Dark Knight",
    ]
    _play(state, [(text, text) for text in mirror])
    _play(state, [("Dragoon", "Black Mage")])
    assert state.bout_total(1) - state.bout_total(0) == 3
    return state


def test_last_round_values_worked_by_hand() -> None:
    """Seat 0 is 3 behind. Chocobo vs Chocobo: a tie, still 3 behind: the bout lost (-1).
    Chocobo vs Dragoon: 8 >= 0 + 6, the Dragoon is 11 in death and wins 3: lost. Black Mage
    vs Chocobo: +3 for the round, 0 in death (Paradox takes the Chocobo's 0): level, the bout
    tied (0: with one bout planned, a tied bout means a tie-break bout, even). Black Mage vs
    Dragoon: +3 and 8 in death against the Dragoon's 8: level again, 0. The Black Mage is the
    only equilibrium play, and the value is 0."""
    state = _last_round()
    bot = make_bot("hard", state.game, 0, 1)
    assert isinstance(bot, WarriorsDeathBot)
    rows, cols, values = bot.matrix(SeatHandle(state, 0))
    assert rows == ["Chocobo", "Black Mage"]
    assert cols == ["Chocobo", "Dragoon"]
    assert values == pytest.approx(np.array([[-1.0, -1.0], [0.0, 0.0]]))
    assert bot.act(SeatHandle(state, 0)) == "Black Mage"
    # The other seat: its Dragoon or Chocobo both tie against the Black Mage; the Chocobo
    # loses nothing either (the Black Mage takes 0 in death), so both are equilibria.
    other = make_bot("hard", state.game, 1, 1)
    assert isinstance(other, WarriorsDeathBot)
    _, _, theirs = other.matrix(SeatHandle(state, 1))
    assert theirs == pytest.approx(np.array([[1.0, 0.0], [1.0, 0.0]]))


def test_easy_values_the_round_alone() -> None:
    """The same last round for ``easy``: Black Mage vs Dragoon gains 3 + 8 - 8 = 3 (3/20),
    Chocobo vs Dragoon loses 3 + 11 = 14 (-14/20)."""
    state = _last_round()
    bot = make_bot("easy", state.game, 0, 1)
    assert isinstance(bot, WarriorsDeathBot)
    _, _, values = bot.matrix(SeatHandle(state, 0))
    assert values == pytest.approx(np.array([[0.0, -0.7], [0.15, 0.15]]))


def test_a_small_matrix_equilibrium_by_hand() -> None:
    """Rows (1, -1) and (-1/2, 1/2): the row player makes the columns indifferent,
    p - (1 - p)/2 = -p + (1 - p)/2, so 3p = 1: p = 1/3 (value 0)."""
    values = np.array([[1.0, -1.0], [-0.5, 0.5]])
    assert equilibrium(values) == pytest.approx([1 / 3, 2 / 3])


def test_bout_utilities_follow_the_match_standing() -> None:
    """Five bouts, 2-0 after two, later bouts as coin flips. Winning the third: 3-0, the
    match is won (+1). A tie: 2-0 with two to play, lost only 2-2 then a lost tie-break bout:
    P(win) = 3/4 + 1/4 * 1/2 = 7/8, value 7/8 - 1/8 = 3/4. A loss: 2-1 with two to play, lost
    only by losing both: 3/4 - 1/4 = 1/2. Plus or minus the bout term 0.05, over 1.05. Once the
    match is decided every result has the same value apart from the bout term."""
    view = {"bout_wins": [2, 0], "bouts": [{}, {}], "bouts_planned": 5}
    win, tie, loss = bout_utilities(view, 0)
    scale = 1.05
    assert win == pytest.approx((1 + 0.05) / scale)
    assert tie == pytest.approx(0.75 / scale)
    assert loss == pytest.approx((0.5 - 0.05) / scale)
    decided = {"bout_wins": [4, 0], "bouts": [{}] * 4, "bouts_planned": 5}
    win, tie, loss = bout_utilities(decided, 1)
    assert (win, tie, loss) == pytest.approx(((-1 + 0.05) / scale, -1 / scale, (-1 - 0.05) / scale))


def test_levels_are_listed_and_reproducible_with_nodes() -> None:
    game = duelhost.load("warriors_death", bouts=1, rounds=4)
    assert {"easy", "medium", "hard"} <= set(available_bots("warriors_death"))
    results = []
    for _ in range(2):
        bots = [make_bot("hard", game, 0, 11), make_bot("medium", game, 1, 11)]
        state = play_match(game.new(seed=11), bots)
        results.append([entry.text for entry in state.history])
    assert results[0] == results[1]
    easy = [make_bot("easy", game, 0, 2), make_bot("random", game, 1, 2)]
    assert play_match(game.new(seed=2), easy).is_over


def test_hard_plays_from_the_command_line() -> None:
    result = CliRunner().invoke(
        app,
        [
            "play",
            "warriors_death",
            "--p0",
            "random",
            "--p1",
            "hard",
            "--bot-nodes",
            "50",
            "--opt",
            "bouts=1",
            "--opt",
            "rounds=3",
            "--seed",
            "4",
        ],
    )
    assert result.exit_code == 0, result.output
