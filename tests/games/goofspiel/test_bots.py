"""Goofspiel's bot levels: the exact classic equilibrium, determinization from the view only,
deterministic node budgets, and the levels offered everywhere bots are chosen."""

from __future__ import annotations

import random

import pytest
from typer.testing import CliRunner

import duelhost
from duelhost.bots import SeatHandle, available_bots, make_bot, play_match
from duelhost.bots.budget import Budget, set_default
from duelhost.bots.equilibrium import equilibrium
from duelhost.cli import app
from duelhost.games.goofspiel.bots import ClassicEquilibriumBot, RoundMemory, determinize

CLASSIC_123 = {
    "galaxies": 1,
    "planets": 3,
    "planet_orders": {"A": "XYZ"},
    "worths": {"A": {"X": 1, "Y": 2, "Z": 3}},
}


@pytest.fixture(autouse=True)
def small_budget() -> object:
    set_default(Budget(nodes=60))
    yield
    set_default(Budget())


def test_hard_classic_bot_plays_the_issue_endgame_equilibrium() -> None:
    """Prize 1 first: seat 0 sends 2 and seat 1 sends 1, so seat 0 leads by 1 with {1, 3}
    against {2, 3}, the 2 showing and the 3 last: seat 0 bids 1 with probability 1/3."""
    game = duelhost.load("goofspiel", **CLASSIC_123)
    state = game.new(seed=1)
    state.submit(0, "2")
    state.submit(1, "1")
    assert state.view(0)["worth"] == 2
    bot = make_bot("hard", game, 0, 5)
    assert isinstance(bot, ClassicEquilibriumBot)
    assert bot.act(SeatHandle(state, 0)) in ("1", "3")
    assert bot.last_strategy == pytest.approx({"1": 1 / 3, "3": 2 / 3}, abs=1e-9)
    other = make_bot("hard", game, 1, 5)
    other.act(SeatHandle(state, 1))
    assert other.last_strategy == pytest.approx({"2": 2 / 3, "3": 1 / 3}, abs=1e-9)


def test_hard_classic_bot_without_history_in_the_view_remembers_the_rounds() -> None:
    game = duelhost.load("goofspiel", **CLASSIC_123, show_history=False)
    state = game.new(seed=1)
    bot = make_bot("hard", game, 0, 5)
    bot.act(SeatHandle(state, 0))
    state.submit(0, "2")
    state.submit(1, "1")
    bot.act(SeatHandle(state, 0))
    assert bot.last_strategy == pytest.approx({"1": 1 / 3, "3": 2 / 3}, abs=1e-9)


def _played(options: dict[str, object], seed: int, rounds: int) -> duelhost.State:  # type: ignore[name-defined]
    state = duelhost.load("goofspiel", **options).new(seed=seed)
    rng = random.Random(seed)
    for _ in range(rounds):
        for seat in state.to_act:
            state.submit(seat, state.sample(seat, rng))
    return state


@pytest.mark.parametrize("show_history", [True, False])
def test_determinized_state_agrees_with_the_view(show_history: bool) -> None:
    options = {"galaxies": 3, "planets": 4, "show_history": show_history}
    state = duelhost.load("goofspiel", **options).new(seed=9)
    memory = RoundMemory()
    rng = random.Random(2)
    for _ in range(7):
        handle = SeatHandle(state, 1)
        trial = determinize(handle, random.Random(3), memory)
        mine, theirs = handle.view(), trial.view(1)
        for key in ("fleets", "points", "strategic", "bout", "round", "worth", "order", "values"):
            assert theirs[key] == mine[key], key
        for seat in state.to_act:
            state.submit(seat, state.sample(seat, rng))


def test_determinization_does_not_depend_on_the_hidden_deal() -> None:
    """Two matches whose views are the same but whose unrevealed deals differ (galaxy B's
    worths): the same rng gives the same determinized state."""
    fixed = {
        "galaxies": 2,
        "planets": 3,
        "galaxy_order": "AB",
        "values": {"A": 2, "B": 1},
        "planet_orders": {"A": "XYZ", "B": "ZYX"},
    }
    first = dict(fixed, worths={"A": [3, 1, 2], "B": [1, 2, 3]})
    second = dict(fixed, worths={"A": [3, 1, 2], "B": [2, 3, 1]})
    states = []
    for options in (first, second):
        state = duelhost.load("goofspiel", **options).new(seed=1)
        state.submit(0, "1")
        state.submit(1, "2")  # planet A-X, worth 3 in both
        states.append(state)
    made = [determinize(SeatHandle(s, 0), random.Random(7)).to_json() for s in states]
    assert made[0] == made[1]


def test_node_budget_makes_matches_reproducible() -> None:
    game = duelhost.load("goofspiel", galaxies=2, planets=3)
    records = []
    for _ in range(2):
        bots = [make_bot("medium", game, 0, 4), make_bot("hard", game, 1, 4)]
        records.append(play_match(game.new(seed=4), bots).to_json())
    assert records[0] == records[1]


def test_equilibrium_of_rectangular_games() -> None:
    # matching pennies with a third, dominated row
    weights = equilibrium(__import__("numpy").array([[1.0, -1.0], [-1.0, 1.0], [-1.0, -1.0]]))
    assert weights.tolist() == pytest.approx([0.5, 0.5, 0.0], abs=1e-9)
    # one column: the best row
    weights = equilibrium(__import__("numpy").array([[0.2], [0.7], [-0.1]]))
    assert weights.tolist() == pytest.approx([0.0, 1.0, 0.0], abs=1e-9)


def test_levels_are_listed_and_selectable_from_the_cli() -> None:
    assert {"easy", "medium", "hard"} <= set(available_bots("goofspiel"))
    runner = CliRunner()
    result = runner.invoke(app, ["bots", "goofspiel"])
    assert result.exit_code == 0
    assert result.output.split()[1:4] == ["easy,", "medium,", "hard,"]
    args = ["play", "goofspiel", "--opt", "galaxies=1", "--opt", "planets=4", "--quiet"]
    result = runner.invoke(app, [*args, "--p0", "hard", "--p1", "easy", "--bot-nodes", "20"])
    assert result.exit_code == 0, result.output
    assert "Result" in result.output


def test_hard_beats_bid_the_prize_in_classic_four_cards() -> None:
    """The equilibrium loses nothing on average against a fixed strategy; against "bid the
    prize" it wins more than it loses over 40 seeds from both seats."""
    game = duelhost.load("goofspiel", galaxies=1, planets=4, max_replays=0)
    score = 0
    for seed in range(20):
        for hard_seat in (0, 1):
            bots = [make_bot("prize", game, 0, seed), make_bot("prize", game, 1, seed)]
            bots[hard_seat] = make_bot("hard", game, hard_seat, seed)
            winner = play_match(game.new(seed=seed), bots).winner
            score += 0 if winner is None else (1 if winner == hard_seat else -1)
    assert score > 0


def test_the_rollout_policy_bids_the_prize_or_a_random_fleet(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """With every rollout move a prize bid, the policy sends the fleet of the planet's worth
    (the worths of a galaxy are 1-7 once each and a seat holds 7 fleets of each size)."""
    from duelhost.games.goofspiel import bots

    game = duelhost.load("goofspiel")
    state = game.new(seed=4)
    rng = random.Random(1)
    monkeypatch.setattr(bots, "PRIZE_SHARE", 1.0)
    for _ in range(10):
        worth = state.view(0)["worth"]
        assert bots.prize_policy(state, 0, rng) == str(worth)
        state.submit(0, bots.prize_policy(state, 0, rng))
        state.submit(1, state.sample(1, rng))
    monkeypatch.setattr(bots, "PRIZE_SHARE", 0.0)
    assert {bots.prize_policy(state, 0, rng) for _ in range(200)} == set(state.legal(0))
