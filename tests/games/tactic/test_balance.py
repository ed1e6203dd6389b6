"""``duelhost balance tactic``: the rules page's faction balance check as a command."""

from __future__ import annotations

import pytest
from typer.testing import CliRunner

import duelhost
from duelhost.cli import app
from duelhost.cli.commands.balance import run_balance
from duelhost.core.errors import ConfigError
from duelhost.games.tactic.bench import faction_match

FACTIONS = ["Menagerie", "Order", "Abyss", "Network"]  # the house table's order


def test_one_block_per_ordered_faction_pair_each_match_counting_for_both() -> None:
    # 16 matches: one per ordered pair (4 x 4), seeds 1000-1015 in table order; each faction is
    # seat 0 in 4 pairs and seat 1 in 4, so it has 8 results (its mirror match twice).
    report = run_balance("tactic", 16, 1000)
    assert list(report.types) == FACTIONS
    for record in report.types.values():
        assert record.matches == 8 == record.wins + record.draws + record.losses
    wins = sum(r.wins for r in report.types.values())
    losses = sum(r.losses for r in report.types.values())
    assert wins == losses  # every decided match is one win and one loss
    assert sum(report.reasons.values()) == 16
    # Pair 7 in table order is (Order, Network), played with seed 1007.
    game = duelhost.load("tactic")
    state = faction_match(game, 1007, ("Order", "Network"))
    assert state.view(None)["factions"] == ["Order", "Network"]


def test_the_number_of_matches_must_fill_every_pair_block() -> None:
    with pytest.raises(ConfigError, match="multiple of 16, got 10"):
        run_balance("tactic", 10)
    result = CliRunner().invoke(app, ["balance", "tactic", "--matches", "10"])
    assert result.exit_code == 2 and "multiple of 16" in result.output
