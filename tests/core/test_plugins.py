"""Games from installed packages: entry points of the ``duelhost.games`` group."""

from __future__ import annotations

from collections.abc import Iterator
from importlib import metadata

import pytest

from duelhost.core import registry


def point(name: str, value: str) -> metadata.EntryPoint:
    return metadata.EntryPoint(name, value, registry.ENTRY_POINT_GROUP)


@pytest.fixture
def clean() -> Iterator[None]:
    registry.list_games()  # discovered before the snapshot, so the cleanup keeps every game
    before = dict(registry._REGISTRY)
    errors = dict(registry._plugin_errors)
    yield
    registry._REGISTRY.clear()
    registry._REGISTRY.update(before)
    registry._plugin_errors.clear()
    registry._plugin_errors.update(errors)


def test_an_entry_point_naming_a_spec_registers_it(clean: None) -> None:
    registry._load_plugin(point("plugin_toy", "tests.testing.plugin_target:SPEC"))
    assert "plugin_toy" in registry.list_games()
    assert registry.load("plugin_toy").new(seed=1).to_act == (0, 1)


def test_an_entry_point_naming_a_function_registers_what_it_returns(clean: None) -> None:
    registry._load_plugin(point("made", "tests.testing.plugin_target:make_spec"))
    assert "plugin_toy_made" in registry.list_games()


def test_a_broken_plugin_is_left_out_and_reported(clean: None) -> None:
    registry._load_plugin(point("gone", "no_such_package_for_duelhost:SPEC"))
    registry._load_plugin(point("odd", "tests.testing.plugin_target:NOT_A_SPEC"))
    errors = registry.plugin_errors()
    assert errors["gone"].startswith("ModuleNotFoundError: No module named")
    assert "odd" in errors and "not a GameSpec" in errors["odd"]
    assert "gone" not in registry.list_games() and "goofspiel" in registry.list_games()


def test_discovery_reads_the_entry_point_group(
    clean: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    seen: list[str] = []

    def entry_points(group: str) -> list[metadata.EntryPoint]:
        seen.append(group)
        return [point("plugin_toy", "tests.testing.plugin_target:SPEC")]

    monkeypatch.setattr(metadata, "entry_points", entry_points)  # imported when discovering
    monkeypatch.setattr(registry, "_discovered", False)
    assert "plugin_toy" in registry.list_games()
    assert seen == ["duelhost.games"]


def test_an_entry_point_naming_a_module_registers_its_spec(clean: None) -> None:
    registry._load_plugin(point("module", "tests.testing.plugin_target"))
    assert "plugin_toy" in registry.list_games()


def test_duelhost_games_warns_of_a_plugin_that_did_not_load(clean: None) -> None:
    from typer.testing import CliRunner

    from duelhost.cli import app

    registry._load_plugin(point("gone", "no_such_package_for_duelhost:SPEC"))
    result = CliRunner().invoke(app, ["games"])
    assert result.exit_code == 0
    assert "goofspiel" in result.output
    assert "warning: the game plugin 'gone' could not be loaded: ModuleNotFoundError" in (
        result.output
    )


def test_a_games_broken_commands_do_not_take_the_cli_down(
    clean: None, capsys: pytest.CaptureFixture[str]
) -> None:
    import dataclasses

    import typer

    from duelhost.cli import register_game_commands
    from tests.testing.plugin_target import SPEC

    registry.register(dataclasses.replace(SPEC, commands="no_such_module_for_duelhost"))
    target = typer.Typer()
    register_game_commands(target)
    assert [group.name for group in target.registered_groups] == ["maps"]
    err = capsys.readouterr().err
    assert "warning: the commands of plugin_toy could not be loaded" in err
