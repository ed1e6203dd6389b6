"""Time controls from the texts (GO3, GE9, TG9, TA7, Multiplanetary) and clock validation."""

from __future__ import annotations

import pytest

import duelhost
from duelhost.core.registry import Game, spec
from duelhost.host import Clock, default_clock, make_clock
from duelhost.host.time_controls import practice_clock


def fake(name: str, **options: object) -> Game:
    """A Game with the spec of one of the six and the given options, unchecked (the host reads
    only its options and spec)."""
    return Game(spec(name), dict(options))


def test_goofspiel_default_is_ten_seconds_a_round_go3() -> None:
    # GO3 / the text: "Players have 10 seconds per turn, with no reserve time."
    assert default_clock(fake("goofspiel")) == Clock("move", 10.0)


def test_warriors_death_default_is_one_minute_a_round() -> None:
    # The text: "Each player will get one minute per turn, with no reserve time."
    assert default_clock(fake("warriors_death")) == Clock("move", 60.0)


def test_generalissimo_default_is_one_of_10_20_30_seconds_a_move_ge9() -> None:
    clock = default_clock(fake("generalissimo"))
    assert clock is not None and clock.mode == "move" and clock.seconds in (10.0, 20.0, 30.0)


def test_tactical_genius_five_minutes_a_phase_one_extension_to_ten_tg9() -> None:
    assert default_clock(fake("tactical_genius")) == Clock(
        "move", 300.0, extended_seconds=600.0, extensions=1
    )


def test_multiplanetary_ticks_every_ten_seconds_after_a_minute_of_planning() -> None:
    # A tick is 10 s; 1 minute of planning once the map is shown; first tick 10 s after the start.
    assert default_clock(fake("multiplanetary")) == Clock("tick", 10.0, planning_seconds=60.0)


def test_tactic_has_no_clock_by_default_ta7() -> None:
    assert default_clock(fake("tactic")) is None
    assert default_clock(fake("tactic", turn_seconds=None)) is None


def test_the_practice_clock_against_the_bot_gives_a_move_at_least_30_seconds() -> None:
    """The lobby's "Play the bot now": Goofspiel's 10 s becomes 30 s; clocks of 30 s or more,
    the tick clock and no clock stay as they are; a turn clock under 30 s is raised too."""
    assert practice_clock(fake("goofspiel")) == Clock("move", 30.0)
    assert practice_clock(fake("warriors_death")) == Clock("move", 60.0)
    assert practice_clock(fake("tactical_genius")) == Clock(
        "move", 300.0, extended_seconds=600.0, extensions=1
    )
    assert practice_clock(fake("multiplanetary")) == Clock("tick", 10.0, planning_seconds=60.0)
    assert practice_clock(fake("tactic")) is None
    assert practice_clock(fake("tactic", turn_seconds=20)) == Clock("turn", 30.0)
    assert practice_clock(fake("tactic", turn_seconds=45)) == Clock("turn", 45.0)


def test_tactic_turn_seconds_option_gives_a_turn_clock_ta7() -> None:
    assert default_clock(fake("tactic", turn_seconds=45)) == Clock("turn", 45.0)


def test_a_tick_game_without_a_known_default_gets_ten_second_ticks() -> None:
    assert default_clock(duelhost.load("toy_ticks")) == Clock("tick", 10.0)


def test_make_clock_absent_null_and_partial() -> None:
    game = fake("goofspiel")
    assert make_clock(game, None, absent=True) == Clock("move", 10.0)
    assert make_clock(game, None, absent=False) is None
    assert make_clock(game, {"seconds": 25}, absent=False) == Clock("move", 25.0)
    tg = make_clock(fake("tactical_genius"), {"extensions": 2}, absent=False)
    assert tg == Clock("move", 300.0, extended_seconds=600.0, extensions=2)
    ge = make_clock(fake("generalissimo"), {"seconds": 10}, absent=False)
    assert ge == Clock("move", 10.0)


@pytest.mark.parametrize(
    ("given", "message"),
    [
        ([], "the clock must be an object or null"),
        ({"sekonds": 3}, "unknown clock field 'sekonds'"),
        ({"mode": "blitz"}, "clock mode must be one of move, turn, tick"),
        ({"seconds": 0}, "clock field 'seconds' must be from 0.05"),
        ({"seconds": "ten"}, "clock field 'seconds' must be a number"),
        ({"seconds": True}, "clock field 'seconds' must be a number"),
        ({"seconds": 1e12}, "must be from"),
        ({"extensions": 1}, "'extensions' needs 'extended_seconds'"),
        ({"extensions": -1, "extended_seconds": 5}, "'extensions' must be an integer"),
        ({"planning_seconds": 5}, "applies only to mode 'tick'"),
    ],
)
def test_bad_clocks_are_config_errors(given: object, message: str) -> None:
    with pytest.raises(duelhost.ConfigError, match=message):
        make_clock(fake("goofspiel"), given, absent=False)


REAL_DEFAULTS = {
    "goofspiel": Clock("move", 10.0),
    "warriors_death": Clock("move", 60.0),
    "generalissimo": Clock("move", 30.0),
    "tactical_genius": Clock("move", 300.0, extended_seconds=600.0, extensions=1),
    "multiplanetary": Clock("tick", 10.0, planning_seconds=60.0),
    "tactic": None,
}


@pytest.mark.parametrize("name", sorted(REAL_DEFAULTS))
def test_the_registered_engines_get_their_texts_clocks(name: str) -> None:
    if name not in duelhost.list_games():
        pytest.skip(f"{name} is not registered yet")
    assert default_clock(duelhost.load(name)) == REAL_DEFAULTS[name]


def test_the_tactic_engines_turn_seconds_option_sets_the_clock_ta7() -> None:
    if "tactic" not in duelhost.list_games():
        pytest.skip("tactic is not registered yet")
    assert default_clock(duelhost.load("tactic", turn_seconds=45)) == Clock("turn", 45.0)


def test_changing_a_tick_default_to_another_mode_drops_its_planning_time() -> None:
    """Multiplanetary's default has 60 s of planning, which only a tick clock has: a creator
    who asks for ``{"mode": "move"}`` gets a move clock (the default's 10 s), not an error about
    a field they did not give; giving planning time with a move clock is still refused."""
    game = duelhost.load("multiplanetary")
    assert make_clock(game, {"mode": "move"}, absent=False) == Clock("move", 10.0)
    with pytest.raises(duelhost.ConfigError, match="planning_seconds"):
        make_clock(game, {"mode": "move", "planning_seconds": 5}, absent=False)
