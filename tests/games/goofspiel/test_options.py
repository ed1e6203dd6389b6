"""Goofspiel options (GO4, GO5, G4): defaults, accepted forms, and every bad value a
ConfigError that says what is wrong."""

from __future__ import annotations

from typing import Any

import pytest

import duelhost
from duelhost.cli.app import app
from tests.games.goofspiel.helpers import play


def test_defaults() -> None:
    options = duelhost.load("goofspiel").options
    assert options == {
        "galaxies": 7,
        "planets": 7,
        "max_replays": 10,
        "show_history": True,
        "galaxy_order": None,
        "values": None,
        "planet_orders": None,
        "worths": None,
    }


@pytest.mark.parametrize(
    ("options", "message"),
    [
        ({"galaxies": 0}, "option galaxies must be an integer from 1 to 26, got 0"),
        ({"galaxies": 27}, "option galaxies must be an integer from 1 to 26"),
        ({"planets": 0}, "option planets must be an integer from 1 to 26"),
        ({"planets": "many"}, "option planets must be an integer"),
        ({"max_replays": -1}, "option max_replays must be an integer from 0 to 1000"),
        ({"show_history": "maybe"}, "option show_history must be true or false"),
        ({"galaxy_order": "AAB"}, "must name each of the galaxies A-C once, got 'AAB'"),
        ({"galaxy_order": "ABD"}, "must name each of the galaxies A-C once"),
        ({"galaxy_order": 5}, "galaxy_order must be a string of letters"),
        ({"galaxy_order": "A1"}, "galaxy_order must be a string of letters"),
        ({"values": [1, 1, 2]}, "values 1 to 3 once each"),
        ({"values": [0, 1, 2]}, "values 1 to 3 once each"),
        ({"values": {"A": 1, "C": 2}}, "must give the galaxies A-B"),
        ({"values": {"A": "x"}}, "galaxy A's value must be a whole number"),
        ({"values": {"?": 1}}, "'\\?' is not a galaxy letter"),
        ({"values": []}, "must give at least one galaxy"),
        ({"values": "high"}, "values must be an object keyed by galaxy letter"),
        ({"planet_orders": {"A": "TUV"}}, "must name each of the planets X-Z once"),
        ({"planet_orders": {"A": "XYZ", "B": "YZ"}}, "every galaxy must have as many planets"),
        ({"planet_orders": ["XYZ", 3]}, "galaxy B's planet order must be a string of letters"),
        ({"worths": {"A": [1, 2, 2]}}, "worths 1 to 3 once each"),
        ({"worths": {"A": {"Q": 1}}}, "'Q' is not one of its planets Z-Z"),
        ({"worths": {"A": [1, 2], "B": [1]}}, "every galaxy must have as many planets"),
        ({"worths": {"A": True}}, "must be an object keyed by planet letter or a list"),
        ({"worths": "nonsense"}, "worths must be an object keyed by galaxy letter"),
    ],
)
def test_bad_options_are_config_errors(options: dict[str, Any], message: str) -> None:
    with pytest.raises(duelhost.ConfigError, match=message):
        duelhost.load("goofspiel", **options)


@pytest.mark.parametrize(
    ("options", "message"),
    [
        ({"galaxy_order": "BA"}, "option galaxy_order names 2 galaxies but galaxies=7"),
        ({"values": [2, 1]}, "option values gives 2 galaxies but galaxies=7"),
        (
            {"galaxies": 1, "planet_orders": {"A": "XYZ"}},
            "gives 3 planets per galaxy but planets=7",
        ),
        ({"galaxies": 2, "planets": 3, "worths": {"A": [1, 2, 3]}}, "gives 1 galaxies"),
    ],
)
def test_fixed_deals_that_do_not_fit_the_sizes_are_config_errors_go5(
    options: dict[str, Any], message: str
) -> None:
    """The parts of a fixed deal are checked against each other when the game is loaded."""
    with pytest.raises(duelhost.ConfigError, match=message):
        duelhost.load("goofspiel", **options)


def test_fixed_deal_options_are_normalised_and_reload_to_themselves_go5() -> None:
    game = duelhost.load(
        "goofspiel",
        galaxies=2,
        planets=3,
        galaxy_order="b, a",
        values=[2, 1],
        planet_orders=[["z", "x", "y"], "XYZ"],
        worths=[[3, 1, 2], {"z": 1, "x": 2, "y": 3}],
    )
    assert game.options["galaxy_order"] == "BA"
    assert game.options["values"] == {"A": 2, "B": 1}
    assert game.options["planet_orders"] == {"A": "ZXY", "B": "XYZ"}
    assert game.options["worths"] == {
        "A": {"X": 3, "Y": 1, "Z": 2},
        "B": {"X": 2, "Y": 3, "Z": 1},
    }
    assert duelhost.load("goofspiel", **game.options).options == game.options
    state = game.new(seed=0)
    # Bout 1 is galaxy B (value 1), planets in the order X, Y, Z worth 2, 3, 1.
    worths = []
    for size in (1, 2, 3):
        worths.append(state.view(None)["worth"])
        play(state, [(size, size)])
    assert worths == [2, 3, 1]
    assert game.from_json(state.to_json()).to_json() == state.to_json()


def test_options_in_text_form_as_the_cli_gives_them() -> None:
    text = {
        "galaxies": "2",
        "planets": "2",
        "show_history": "false",
        "galaxy_order": "BA",
        "values": "[1, 2]",
        "worths": '{"A": [1, 2], "B": {"Y": 2, "Z": 1}}',
    }
    game = duelhost.load("goofspiel", **text)
    assert game.options["show_history"] is False
    assert game.options["values"] == {"A": 1, "B": 2}
    assert game.options["worths"] == {"A": {"Y": 1, "Z": 2}, "B": {"Y": 2, "Z": 1}}


def test_the_cli_plays_a_fixed_classic_match() -> None:
    from typer.testing import CliRunner

    result = CliRunner().invoke(
        app,
        [
            "play",
            "goofspiel",
            "--p0",
            "random",
            "--p1",
            "random",
            "--opt",
            "galaxies=1",
            "--opt",
            "planets=3",
            "--opt",
            "worths=[[3, 1, 2]]",
            "--opt",
            "max_replays=0",
        ],
    )
    assert result.exit_code == 0, result.output
    assert "Bout 1: Andromeda (A), strategic value 1" in result.output
    assert "match over:" in result.output
    assert "Result:" in result.output
