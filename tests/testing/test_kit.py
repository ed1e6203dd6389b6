"""The conformance kit: every built-in game keeps every property, a correct toy game does too,
and each deliberately broken game fails the property it breaks (the kit is not vacuous)."""

from __future__ import annotations

import pytest
from typer.testing import CliRunner

import duelhost
from duelhost.cli import app
from duelhost.core import registry
from duelhost.testing import PROPERTIES, check_game, report_table
from tests.core.toygame import TOY
from tests.testing.broken import BROKEN

BUILT_IN = [name for name in duelhost.list_games() if not name.startswith("toy")]


@pytest.mark.parametrize("name", BUILT_IN)
def test_every_game_passes_the_kit(name: str) -> None:
    report = check_game(name, matches=2)
    report.assert_ok()
    assert set(report.results) == {key for key, _ in PROPERTIES}
    assert all(result.checks > 0 for result in report.results.values()), report.summary()


def test_the_six_games_are_checked() -> None:
    assert set(BUILT_IN) >= {
        "goofspiel", "warriors_death", "multiplanetary", "generalissimo", "tactical_genius",
        "tactic",
    }  # fmt: skip


def test_a_correct_unregistered_spec_passes() -> None:
    report = check_game(TOY, matches=5)
    report.assert_ok()
    assert report.decisions > 0


@pytest.mark.parametrize("name", sorted(BROKEN))
def test_the_kit_catches_a_broken_game(name: str) -> None:
    spec, broken_property = BROKEN[name]
    report = check_game(spec, matches=3)
    assert not report.ok
    failed = {result.name for result in report.failures}
    assert broken_property in failed, report.summary()
    failure = report.results[broken_property].failure
    assert failure is not None and failure.strip()
    with pytest.raises(AssertionError, match=broken_property):
        report.assert_ok()


def test_a_failure_names_where_it_happened() -> None:
    report = check_game(BROKEN["leaky"][0], matches=1, seed=7)
    failure = report.results["secrecy"].failure
    assert failure is not None
    assert failure.startswith("seed 7, decision ")
    assert "differs between pending submissions" in failure


def test_strict_raises_the_first_failure() -> None:
    with pytest.raises(AssertionError, match="differs between pending submissions"):
        check_game(BROKEN["leaky"][0], matches=1, strict=True)


def test_an_unknown_name_fails_the_declaration() -> None:
    report = check_game("no_such_game", matches=1)
    assert [result.name for result in report.failures] == ["declaration"]
    assert "unknown game 'no_such_game'" in str(report.results["declaration"].failure)


def test_the_report_table_has_a_row_per_property() -> None:
    table = report_table(check_game(TOY, matches=1))
    assert table.row_count == len(PROPERTIES)


def test_check_game_command_prints_a_row_per_property_and_passes() -> None:
    result = CliRunner().invoke(app, ["check-game", "warriors_death", "--matches", "1"])
    assert result.exit_code == 0, result.output
    for key, _ in PROPERTIES:
        assert key in result.output
    assert "FAIL" not in result.output
    assert "warriors_death: 14/14 properties hold" in result.output


def test_check_game_command_exits_1_on_a_broken_game() -> None:
    spec, _ = BROKEN["uncanonical"]
    registry.register(spec)
    try:
        result = CliRunner().invoke(app, ["check-game", spec.name, "--matches", "1"])
    finally:
        del registry._REGISTRY[spec.name]
    assert result.exit_code == 1, result.output
    assert "FAIL" in result.output and "legal submissions" in result.output


def test_check_game_command_refuses_an_unknown_game_or_option() -> None:
    result = CliRunner().invoke(app, ["check-game", "no_such_game"])
    assert result.exit_code == 2 and "unknown game 'no_such_game'" in result.output
    result = CliRunner().invoke(app, ["check-game", "goofspiel", "--opt", "planets=0"])
    assert result.exit_code == 2 and "planets" in result.output


def test_each_broken_game_fails_only_what_it_breaks() -> None:
    """A fault is reported where it is, not as a cascade of other failures (the checks work on
    clones, so a broken check leaves the match it checks alone)."""
    # Unseeded chance cannot replay; a clone sharing lists lets the checks on clones change
    # the match itself.
    also = {"unseeded": {"replay", "clone"}, "shared_clone": {"replay", "determinism"}}
    for name, (spec, broken_property) in BROKEN.items():
        failed = {result.name for result in check_game(spec, matches=3).failures}
        assert failed <= {broken_property, *also.get(name, set())}, (name, failed)
