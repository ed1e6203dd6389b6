"""The greedy bot (issue point 7) and the balance report."""

from __future__ import annotations

import pytest
from typer.testing import CliRunner

import duelhost
from duelhost.bots import SeatHandle, make_bot, play_match
from duelhost.cli import app
from duelhost.cli.commands.balance import run_balance
from duelhost.games.tactical_genius.state import TacticalGeniusState
from duelhost.games.tactical_genius.table import TYPE_NAMES
from tests.games.tactical_genius.helpers import put, start


def test_greedy_match_finishes_with_legal_submissions() -> None:
    game = duelhost.load("tactical_genius")
    for seed in range(6):
        state = game.new(seed=seed)
        bots = [make_bot("greedy", game, 0, seed), make_bot("greedy", game, 1, seed)]
        play_match(state, bots)  # raises IllegalAction if the bot submits an illegal text
        assert state.is_over and state.result["reason"]
        assert all(getattr(bot, "army_type", None) in TYPE_NAMES for bot in bots)
        assert isinstance(state, TacticalGeniusState)
        assert any(sheet.owner == 0 for sheet in state.sheets)


def test_greedy_beats_random_mostly() -> None:
    game = duelhost.load("tactical_genius")
    wins = 0
    for seed in range(20):
        state = game.new(seed=seed)
        play_match(state, [make_bot("greedy", game, 0, seed), make_bot("random", game, 1, seed)])
        wins += state.winner == 0
    assert wins >= 14, wins


def test_greedy_attacks_the_best_target() -> None:
    """With two enemies in range, the greedy unit attacks the one it can kill."""
    state = start(
        ["place Gun1 Gun D2 bonus=0.26 atk=3"],
        ["place Sam Sword G2 bonus=0.25 hp=10", "place Eve Axe H2 bonus=0.23"],
    )
    put(state, "Eve", "F2")
    state.health[2] = 1.0  # Eve is nearly dead: 1 health, Gun deals her 4
    bot = make_bot("greedy", state.game, 0, 1)
    assert bot.act(SeatHandle(state, 0)) == "Gun1 attack F2"


def test_balance_report_counts_every_non_mirror_match() -> None:
    report = run_balance("tactical_genius", 40)
    assert sum(rec.matches for rec in report.types.values()) == 2 * (40 - report.mirrors)
    assert set(report.types) <= set(TYPE_NAMES)
    for rec in report.types.values():
        assert rec.wins + rec.draws + rec.losses == rec.matches


def test_balance_command_prints_the_table() -> None:
    result = CliRunner().invoke(
        app, ["balance", "tactical_genius", "--matches", "30", "--markdown"]
    )
    assert result.exit_code == 0, result.output
    assert "| type | matches | wins | draws | losses | win rate |" in result.output
    assert "types outside 35-65%" in result.output
    bad = CliRunner().invoke(app, ["balance", "goofspiel", "--matches", "3"])
    assert bad.exit_code == 2


def test_bot_helpers_damage_between_and_orders_for() -> None:
    """TG5 through the bot helpers; review: an unknown unit name raised a bare KeyError."""
    state = start(["place Gus Gun D2 bonus=0.26 atk=3"], ["place Sam Sword G2 bonus=0.25 def=1"])
    green = SeatHandle(state, 0)
    # Gun attack 3 + 1 = 4 against Sword defense 1 + 1 = 2, effective: (4 - 1) x 2 = 6;
    # with a 0.5 skill multiplier 3. Sam has 0 attack: no damage, not the 0.5 minimum (TG5).
    assert green.helper("damage_between", "Gus", "sam") == 6
    assert green.helper("damage_between", "gus", "Sam", 0.5) == 3
    assert green.helper("damage_between", "Sam", "Gus") == 0
    # Gun range: 1-3 columns ahead, same row; from D2 that is E2, F2, G2.
    assert "Gus attack G2" in green.helper("orders_for", "Gus")
    assert "Gus attack H2" not in green.helper("orders_for", "Gus")
    assert green.helper("orders_for", "Zed") == []
    for attacker, target in (("Zed", "Sam"), ("Gus", "Zed")):
        with pytest.raises(duelhost.ConfigError, match="there is no unit named 'Zed'"):
            green.helper("damage_between", attacker, target)
