"""Option declarations: coercion from values and text, and their error messages."""

from __future__ import annotations

import pytest

import duelhost
from duelhost.core.options import Option, parse_assignments, resolve_options


def test_int_option_accepts_values_and_text_within_bounds() -> None:
    option = Option("galaxies", 7, "galaxies", minimum=1, maximum=26)
    assert option.coerce(3) == 3
    assert option.coerce(" 12 ") == 12
    assert option.coerce(4.0) == 4
    for bad in ["x", 0, 27, True, 2.5, None]:
        with pytest.raises(duelhost.ConfigError, match="galaxies must be an integer from 1 to 26"):
            option.coerce(bad)


def test_bool_choice_and_nullable_options() -> None:
    flag = Option("neutral_production", True, "", kind="bool")
    assert flag.coerce("false") is False and flag.coerce("yes") is True
    with pytest.raises(duelhost.ConfigError, match="must be true or false, got 'maybe'"):
        flag.coerce("maybe")
    archer = Option("archer", "aggressive", "", kind="str", choices=("aggressive", "tactical"))
    assert archer.coerce("tactical") == "tactical"
    with pytest.raises(duelhost.ConfigError, match="one of aggressive, tactical, got 'x'"):
        archer.coerce("x")
    seconds = Option("turn_seconds", None, "", nullable=True, minimum=1)
    assert seconds.coerce("null") is None and seconds.coerce("30") == 30


def test_json_option_parses_text_and_runs_its_check() -> None:
    def check(value: object) -> object:
        if not isinstance(value, list):
            raise duelhost.ConfigError("order must be a list")
        return value

    option = Option("order", None, "", kind="json", nullable=True, check=check)
    assert option.coerce("[1, 2]") == [1, 2]
    with pytest.raises(duelhost.ConfigError, match="order must be a list"):
        option.coerce('{"a": 1}')


def test_resolve_options_fills_defaults_and_names_unknown_ones() -> None:
    declared = (Option("a", 1, ""), Option("b", 2, ""))
    assert resolve_options("g", declared, {"b": "5"}) == {"a": 1, "b": 5}
    with pytest.raises(duelhost.ConfigError, match="unknown option 'c' for g; valid options: a, b"):
        resolve_options("g", declared, {"c": 1})


def test_cli_assignments() -> None:
    assert parse_assignments(["galaxies=1", "planets = 13"]) == {"galaxies": "1", "planets": " 13"}
    with pytest.raises(duelhost.ConfigError, match="must be written name=value"):
        parse_assignments(["galaxies"])


def test_unknown_game_lists_the_games() -> None:
    with pytest.raises(duelhost.ConfigError, match="unknown game 'chess'; the games are"):
        duelhost.load("chess")


def test_json_nested_too_deeply_is_a_config_error() -> None:
    option = Option("map", None, "", kind="json", nullable=True)
    with pytest.raises(duelhost.ConfigError, match="map: the JSON is nested too deeply"):
        option.coerce("[" * 100_000 + "]" * 100_000)


MEGABYTE = 1_000_000


def _message(call: object) -> str:
    assert callable(call)
    with pytest.raises(duelhost.ConfigError) as caught:
        call()
    return str(caught.value)


def test_errors_echo_at_most_sixty_characters_of_a_value() -> None:
    # Issue 16: an option value of 1 MB came back whole in its error.
    option = Option("galaxies", 7, "galaxies", minimum=1, maximum=26)
    message = _message(lambda: option.coerce("x" * MEGABYTE))
    assert message == "option galaxies must be an integer from 1 to 26, got '" + "x" * 59 + "…'"
    flag = Option("archer", "aggressive", "", kind="str", choices=("aggressive", "tactical"))
    assert len(_message(lambda: flag.coerce("y" * MEGABYTE))) < 200
    listed = Option("order", None, "", kind="str")
    shown = repr(list(range(30)))[:59] + "…"
    assert _message(lambda: listed.coerce(list(range(MEGABYTE)))).endswith(f"got {shown}")


def test_unknown_names_games_and_assignments_are_cut_too() -> None:
    declared = (Option("a", 1, ""),)
    unknown = _message(lambda: resolve_options("g", declared, {"z" * MEGABYTE: 1}))
    assert unknown == "unknown option '" + "z" * 59 + "…' for g; valid options: a"
    assert len(_message(lambda: parse_assignments(["q" * MEGABYTE]))) < 200
    assert len(_message(lambda: duelhost.load("c" * MEGABYTE))) < 300
    game = duelhost.load("goofspiel")
    assert len(_message(lambda: game.new(seed="s" * MEGABYTE))) < 200  # type: ignore[arg-type]
