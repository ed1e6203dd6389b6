"""Time controls: a match's clock, the game's default and validation of a creator's changes.

A clock is data (``duelhost.core.time_control.Clock``, the same for every game); which one a
game gets by default is the game's declaration (``GameSpec.clock``,
``GameSpec.clock_option``), from its rule text and rulings, and a match creator may change any
field. The modes are described in ``duelhost.core.time_control``.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from duelhost.core.time_control import MODES, STARTS, Clock

__all__ = [
    "MAX_SECONDS",
    "PRACTICE_SECONDS",
    "Clock",
    "clock_from_dict",
    "default_clock",
    "make_clock",
    "practice_clock",
]
from duelhost.core.errors import ConfigError, quote, quote_value
from duelhost.core.registry import Game

_FIELDS = (
    "mode",
    "seconds",
    "planning_seconds",
    "extended_seconds",
    "extensions",
    "start",
    "start_at",
)
MAX_SECONDS = 7 * 24 * 3600.0
TICK_DEFAULT = Clock("tick", 10.0)
"""The clock of a game with tick decisions that declares none."""
PRACTICE_SECONDS = 30.0
"""The least time a move (or turn) gets in the lobby's "Play the bot now": a newcomer reads the
board and the rules page while the clock runs (a game's rule clock may be 10 s a move)."""


def default_clock(game: Game) -> Clock | None:
    """The clock a match of ``game`` gets when its creator does not give one."""
    spec = game.spec
    if spec.clock_option is not None:
        seconds = game.options.get(spec.clock_option)
        if isinstance(seconds, int | float) and not isinstance(seconds, bool):
            return Clock("turn", float(seconds))
    if spec.clock is not None:
        return spec.clock
    if spec.clock_option is None and "tick" in spec.dynamics:
        return TICK_DEFAULT
    return None


def practice_clock(game: Game) -> Clock | None:
    """The clock of a match against a bot started from the lobby ("Play the bot now"): the
    game's default, with a move or turn clock given at least ``PRACTICE_SECONDS``. A tick
    clock is the game's pace (a real-time game's) and stays; an untimed game stays untimed."""
    clock = default_clock(game)
    if clock is None or clock.mode == "tick" or clock.seconds >= PRACTICE_SECONDS:
        return clock
    extended = clock.extended_seconds
    if extended is not None:
        extended = max(extended, PRACTICE_SECONDS)
    return replace(clock, seconds=PRACTICE_SECONDS, extended_seconds=extended)


def _number(name: str, value: Any, minimum: float, maximum: float = MAX_SECONDS) -> float:
    if isinstance(value, bool) or not isinstance(value, int | float):
        raise ConfigError(f"clock field {name!r} must be a number, got {quote_value(value)}")
    number = float(value)
    if not (minimum <= number <= maximum):
        raise ConfigError(
            f"clock field {name!r} must be from {minimum:g} to {maximum:g} seconds, "
            f"got {quote_value(value)}"
        )
    return number


def make_clock(game: Game, given: Any, absent: bool, start: str = "created") -> Clock | None:
    """The clock of a new match: the game's default when ``absent``, none when ``given`` is None,
    else the default with the given fields changed; it starts as ``start`` says unless the
    given fields say otherwise. ConfigError saying what is wrong."""
    default = default_clock(game)
    if default is not None:
        default = replace(default, start=start)
    if absent:
        return default
    if given is None:
        return None
    if not isinstance(given, dict):
        raise ConfigError(f"the clock must be an object or null, got {quote_value(given)}")
    unknown = sorted(set(given) - set(_FIELDS))
    if unknown:
        raise ConfigError(
            f"unknown clock field {quote(unknown[0])}; the fields are {', '.join(_FIELDS)}"
        )
    base = default.to_dict() if default is not None else Clock("move", 60.0).to_dict()
    base.update(given)
    if base["mode"] != "tick" and "planning_seconds" not in given:
        base["planning_seconds"] = 0.0  # a tick default's planning time goes with its mode
    mode = base["mode"]
    if mode not in MODES:
        raise ConfigError(f"clock mode must be one of {', '.join(MODES)}, got {quote_value(mode)}")
    seconds = _number("seconds", base["seconds"], 0.05)
    planning = _number("planning_seconds", base["planning_seconds"], 0.0)
    extended = base["extended_seconds"]
    if extended is not None:
        extended = _number("extended_seconds", extended, 0.05)
    extensions = _extensions(base["extensions"], extended)
    if planning and mode != "tick":
        raise ConfigError("clock field 'planning_seconds' applies only to mode 'tick'")
    if mode == "tick" and "tick" not in game.spec.dynamics:
        raise ConfigError(
            f"{game.name} has no ticks: its clock mode is 'move' or 'turn', not 'tick'"
        )
    return Clock(mode, seconds, planning, extended, extensions, *_start(base, given))


def _start(base: dict[str, Any], given: dict[str, Any]) -> tuple[str, float | None]:
    """When a given clock starts: ``start_at`` alone means ``start`` "at"."""
    start, start_at = base["start"], base.get("start_at")
    if "start_at" in given and "start" not in given and start_at is not None:
        start = "at"
    if start not in STARTS:
        raise ConfigError(
            f"clock field 'start' must be one of {', '.join(STARTS)}, got {quote_value(start)}"
        )
    if start == "at":
        if start_at is None:
            raise ConfigError("clock field 'start' 'at' needs 'start_at' (Unix seconds)")
        return start, _number("start_at", start_at, 0.0, 1e11)
    if start_at is not None:
        raise ConfigError("clock field 'start_at' needs 'start' 'at'")
    return start, None


def _extensions(value: Any, extended: float | None) -> int:
    """The clock's ``extensions`` field: an integer from 0 to 100, which needs
    ``extended_seconds`` when it is not 0."""
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= 100:
        raise ConfigError(
            f"clock field 'extensions' must be an integer from 0 to 100, got {quote_value(value)}"
        )
    if value and extended is None:
        raise ConfigError("clock field 'extensions' needs 'extended_seconds'")
    return value


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
        str(data.get("start", "created")),  # stored before the clock could wait: at creation
        None if data.get("start_at") is None else float(data["start_at"]),
    )
