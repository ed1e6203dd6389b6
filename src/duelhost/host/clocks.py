"""Time controls: what a match's clock is, each game's default from its text, and validation.

A clock is data (``Clock``), the same for every game; which one a game gets by default comes
from the rule texts and rulings (``default_clock``), and a match creator may change any field.
Modes:

- ``move``: every decision gets ``seconds`` from the moment it starts (Goofspiel GO3, A Warrior's
  Death, Generalissimo GE9, Tactical Genius TG9 phases).
- ``turn``: like ``move``, but consecutive decisions of the same seat share one deadline
  (/TACTIC/ TA7: a turn is many decisions and its timeout ends the turn).
- ``tick``: decisions resolve at fixed ticks every ``seconds``; the first tick comes
  ``planning_seconds + seconds`` after the start (Multiplanetary: one minute of planning, then the
  first tick 10 seconds after the start); order messages are collected during a tick window and
  submitted together at the tick.

``extended_seconds`` with ``extensions`` (per player per match) is Tactical Genius's extended
time call (TG9): the current phase lasts ``extended_seconds`` from its start, for both players.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass
from typing import Any

from duelhost.core.errors import ConfigError
from duelhost.core.registry import Game

MODES = ("move", "turn", "tick")
_FIELDS = ("mode", "seconds", "planning_seconds", "extended_seconds", "extensions")
MAX_SECONDS = 7 * 24 * 3600.0


@dataclass(frozen=True)
class Clock:
    """A match's time control (all durations in seconds)."""

    mode: str
    seconds: float
    planning_seconds: float = 0.0
    extended_seconds: float | None = None
    extensions: int = 0

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)


_DEFAULTS: dict[str, Clock | None] = {
    # GO3 and the text: "Players have 10 seconds per turn, with no reserve time."
    "goofspiel": Clock("move", 10.0),
    # The text: "Each player will get one minute per turn, with no reserve time."
    "warriors_death": Clock("move", 60.0),
    # GE9 and the text: 10, 20 or 30 seconds a move, agreed before the game; 30 is the default
    # here (the most forgiving of the three for players in a browser).
    "generalissimo": Clock("move", 30.0),
    # TG9: 5 minutes a phase; once per match each player may make the phase 10 minutes.
    "tactical_genius": Clock("move", 300.0, extended_seconds=600.0, extensions=1),
    # The text: a tick is 10 seconds; 1 minute of planning once the map is shown; the first tick
    # 10 seconds after the start.
    "multiplanetary": Clock("tick", 10.0, planning_seconds=60.0),
    # TA7: no clock by default (the game's ``turn_seconds`` option, when set, gives one).
    "tactic": None,
}


def default_clock(game: Game) -> Clock | None:
    """The clock a match of ``game`` gets when its creator does not give one."""
    turn_seconds = game.options.get("turn_seconds")
    if game.name == "tactic" or (turn_seconds is not None and game.name not in _DEFAULTS):
        if isinstance(turn_seconds, int | float) and not isinstance(turn_seconds, bool):
            return Clock("turn", float(turn_seconds))
        return None
    if game.name in _DEFAULTS:
        return _DEFAULTS[game.name]
    clock = game.spec.extra.get("clock")
    if isinstance(clock, Clock):
        return clock
    if "tick" in game.spec.dynamics:
        return Clock("tick", 10.0)
    return None


def _number(name: str, value: Any, minimum: float) -> float:
    if isinstance(value, bool) or not isinstance(value, int | float):
        raise ConfigError(f"clock field {name!r} must be a number, got {value!r}")
    number = float(value)
    if not (minimum <= number <= MAX_SECONDS):
        raise ConfigError(
            f"clock field {name!r} must be from {minimum:g} to {MAX_SECONDS:g} seconds, "
            f"got {value!r}"
        )
    return number


def make_clock(game: Game, given: Any, absent: bool) -> Clock | None:
    """The clock of a new match: the game's default when ``absent``, none when ``given`` is None,
    else the default with the given fields changed. ConfigError saying what is wrong."""
    default = default_clock(game)
    if absent:
        return default
    if given is None:
        return None
    if not isinstance(given, dict):
        raise ConfigError(f"the clock must be an object or null, got {given!r}")
    unknown = sorted(set(given) - set(_FIELDS))
    if unknown:
        raise ConfigError(
            f"unknown clock field {unknown[0]!r}; the fields are {', '.join(_FIELDS)}"
        )
    base = default.to_dict() if default is not None else Clock("move", 60.0).to_dict()
    base.update(given)
    if base["mode"] != "tick" and "planning_seconds" not in given:
        base["planning_seconds"] = 0.0  # a tick default's planning time goes with its mode
    mode = base["mode"]
    if mode not in MODES:
        raise ConfigError(f"clock mode must be one of {', '.join(MODES)}, got {mode!r}")
    seconds = _number("seconds", base["seconds"], 0.05)
    planning = _number("planning_seconds", base["planning_seconds"], 0.0)
    extended = base["extended_seconds"]
    if extended is not None:
        extended = _number("extended_seconds", extended, 0.05)
    extensions = base["extensions"]
    if (
        isinstance(extensions, bool)
        or not isinstance(extensions, int)
        or not 0 <= extensions <= 100
    ):
        raise ConfigError(
            f"clock field 'extensions' must be an integer from 0 to 100, got {extensions!r}"
        )
    if extensions and extended is None:
        raise ConfigError("clock field 'extensions' needs 'extended_seconds'")
    if planning and mode != "tick":
        raise ConfigError("clock field 'planning_seconds' applies only to mode 'tick'")
    return Clock(mode, seconds, planning, extended, extensions)


def clock_from_dict(data: dict[str, Any] | None) -> Clock | None:
    """A stored clock back (the store keeps ``Clock.to_dict()``)."""
    if data is None:
        return None
    return Clock(
        str(data["mode"]),
        float(data["seconds"]),
        float(data.get("planning_seconds", 0.0)),
        None if data.get("extended_seconds") is None else float(data["extended_seconds"]),
        int(data.get("extensions", 0)),
    )
