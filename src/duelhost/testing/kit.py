"""``check_game``: the conformance kit's runner, a report per property.

It plays random matches of a game (seeds ``seed``, ``seed + 1``, ...; a few timeouts mixed in),
runs the checks of ``duelhost.testing.checks`` along each match and records, per property, how
many checks passed and the first failure (with the seed and decision where it happened). A
property that failed is not checked again; the others go on, so one report shows everything
that is wrong.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from duelhost.core.errors import ConfigError
from duelhost.core.registry import DYNAMICS, Game, GameSpec, spec
from duelhost.core.state import State
from duelhost.core.time_control import MODES
from duelhost.testing import checks

MAX_DECISIONS = 400
"""Long matches are checked on their first decisions; the replay checks cover that prefix."""
TIMEOUT_RATE = 0.05
"""Share of the random matches' submissions replaced by a timeout."""

PROPERTIES: tuple[tuple[str, str], ...] = (
    ("declaration", "the GameSpec is complete and consistent"),
    ("options", "defaults load, within the budget; unknown options and setup are ConfigErrors"),
    ("play", "random matches run: new, submit, sample and timeout raise nothing unexpected"),
    ("determinism", "the same seed and submissions give the same match (G6)"),
    ("plain views", "every view of both seats and spectators is plain JSON data"),
    ("secrecy", "views do not depend on another seat's pending submission or secret"),
    ("legal submissions", "listed submissions are accepted and canonical; sample is accepted"),
    ("timeouts", "every seat that must act can time out, recorded as a timeout"),
    ("bad input", "junk submissions are refused with a message and change nothing"),
    ("text", "the text render and event lines give text"),
    ("serialization", "to_json holds the record and the state; records round-trip"),
    ("replay", "records replay to the same state; from_json accepts to_json"),
    ("clone", "a clone is independent: playing on does not change it"),
    ("end of match", "a finished match has a result and refuses submissions"),
)


@dataclass
class PropertyResult:
    """One property's outcome: how many checks passed, and the first failure if any."""

    name: str
    doc: str
    checks: int = 0
    failure: str | None = None

    @property
    def passed(self) -> bool:
        return self.failure is None


@dataclass
class Report:
    """What ``check_game`` found, property by property."""

    game: str
    matches: int
    decisions: int = 0
    results: dict[str, PropertyResult] = field(default_factory=dict)

    @property
    def ok(self) -> bool:
        return all(result.passed for result in self.results.values())

    @property
    def failures(self) -> list[PropertyResult]:
        return [result for result in self.results.values() if not result.passed]

    def summary(self) -> str:
        """One line: the game and how many properties passed; the failures one per line."""
        passed = len(self.results) - len(self.failures)
        lines = [
            f"{self.game}: {passed}/{len(self.results)} properties hold "
            f"({self.matches} matches, {self.decisions} decisions)"
        ]
        lines += [f"  {result.name}: {result.failure}" for result in self.failures]
        return "\n".join(lines)

    def assert_ok(self) -> None:
        """Raise ``AssertionError`` with the summary if any property failed (for tests)."""
        if not self.ok:
            raise AssertionError(self.summary())


class _Run:
    """Runs checks for one report: a failed property is skipped from then on."""

    def __init__(self, report: Report, strict: bool) -> None:
        self.report = report
        self.strict = strict

    def check(self, name: str, where: str, function: Callable[..., Any], *args: Any) -> bool:
        result = self.report.results[name]
        if result.failure is not None:
            return False
        try:
            function(*args)
        except Exception as error:
            if self.strict:
                raise
            kind = "" if isinstance(error, checks.PropertyFailure) else f"{type(error).__name__}: "
            result.failure = f"{where}: {kind}{error}"
            return False
        result.checks += 1
        return True


def _check_declaration(game_spec: GameSpec) -> None:
    require = checks.require
    require(isinstance(game_spec, GameSpec), f"{game_spec!r} is not a GameSpec")
    require(game_spec.name and game_spec.name.isidentifier(), "the name is not an identifier")
    require(game_spec.title and game_spec.summary, "the title or summary is empty")
    require(issubclass(game_spec.state, State), "state is not a State subclass")
    require(set(game_spec.dynamics) <= set(DYNAMICS), f"dynamics outside {DYNAMICS}")
    require(len(game_spec.seat_names) == 2, "seat_names does not name two seats")
    names = [option.name for option in (*game_spec.options, *game_spec.setup)]
    require(len(names) == len(set(names)), "an option or setup argument is declared twice")
    if game_spec.clock is not None:
        require(game_spec.clock.mode in MODES, f"the clock mode is not one of {MODES}")
    if game_spec.clock_option is not None:
        require(
            game_spec.clock_option in names, f"clock_option {game_spec.clock_option!r} is no option"
        )
    for option in game_spec.budget.fixed:
        require(option in names, f"the budget fixes {option!r}, which is no option")
    for option in game_spec.budget.bounds:
        require(option in names, f"the budget bounds {option!r}, which is no option")
    for helper in game_spec.seat_helpers:
        require(callable(getattr(game_spec.state, helper, None)), f"no seat helper {helper!r}")


def _check_options(game: Game) -> None:
    try:
        game.spec.load(no_such_option=1)
    except ConfigError as error:
        checks.require("no_such_option" in str(error), f"the error does not name it: {error}")
    else:
        raise checks.PropertyFailure("an unknown option was accepted")
    try:
        game.new(seed=1, no_such_setup=1)
    except ConfigError as error:
        checks.require("no_such_setup" in str(error), f"the error does not name it: {error}")
    else:
        raise checks.PropertyFailure("an unknown setup argument was accepted")
    game.spec.check_budget(game.spec.load().options)


def _step(state: State, rng: random.Random) -> None:
    for seat in state.to_act:
        if rng.random() < TIMEOUT_RATE:
            state.timeout(seat)
        else:
            state.submit(seat, state.sample(seat, rng))


def _check_state(run: _Run, state: State, where: str, deep: bool, rng: random.Random) -> None:
    """The checks made at each decision along a match."""
    number = state.decision
    run.check("plain views", where, checks.check_views_are_plain_data, state)
    if not deep:
        return
    run.check("secrecy", where, checks.check_non_interference, state, rng)
    run.check("secrecy", where, checks.check_secret_variants, state, rng)
    run.check("legal submissions", where, checks.check_legal_parse_back, state, rng)
    if number % 5 == 0:
        run.check("timeouts", where, checks.check_timeouts, state)
    if number % 25 == 0:
        run.check("bad input", where, checks.check_bad_input, state)
    if number % 10 == 0:
        run.check("text", where, checks.check_text, state)
        run.check("serialization", where, checks.check_serialization, state)


def _play(run: _Run, game: Game, seed: int, deep: bool, limit: int) -> State | None:
    """One random match with the checks along it; None if it could not be played."""
    play_rng = random.Random(seed)
    check_rng = random.Random(f"checks {seed}")
    state: State | None = None
    try:
        state = game.new(seed=seed)
    except Exception as error:
        run.check("play", f"seed {seed}: new()", _raise, error)
        return None
    midpoint: tuple[State, str] | None = None
    while not state.is_over and state.decision < limit:
        where = f"seed {seed}, decision {state.decision}"
        _check_state(run, state, where, deep, check_rng)
        if midpoint is None and state.decision >= 3:
            copy = state.clone()
            midpoint = (copy, copy.to_json())
        if not run.check("play", where, _step, state, play_rng):
            return None
    run.report.decisions += state.decision
    where = f"seed {seed}, the end (decision {state.decision})"
    run.check("plain views", where, checks.check_views_are_plain_data, state)
    run.check("text", where, checks.check_text, state)
    run.check("serialization", where, checks.check_serialization, state)
    run.check("replay", where, checks.check_replay, state)
    run.check("end of match", where, checks.check_finished, state)
    if midpoint is not None:
        copy, frozen = midpoint
        run.check("clone", f"seed {seed}", _check_clone, copy, frozen)
    return state


def _raise(error: Exception) -> None:
    raise error


def _check_clone(copy: State, frozen: str) -> None:
    checks.require(copy.to_json() == frozen, "playing on after clone() changed the clone")
    checks.check_replay(copy)


def _game_of(spec_or_name: GameSpec | str, options: dict[str, Any]) -> Game:
    if isinstance(spec_or_name, GameSpec):
        return spec_or_name.load(**options)
    return spec(spec_or_name).load(**options)


def check_game(
    spec_or_name: GameSpec | str,
    *,
    matches: int = 3,
    seed: int = 0,
    options: dict[str, Any] | None = None,
    max_decisions: int = MAX_DECISIONS,
    deep: bool = True,
    strict: bool = False,
) -> Report:
    """Check a game (a registered name, or a ``GameSpec`` registered or not) against every
    property of the kit over ``matches`` random matches; a ``Report`` per property.

    ``strict`` raises the first failure instead of recording it (its traceback for debugging);
    ``deep=False`` plays the matches with the end-of-match checks only (much faster)."""
    name = spec_or_name.name if isinstance(spec_or_name, GameSpec) else str(spec_or_name)
    report = Report(name, matches, results=_fresh())
    run = _Run(report, strict)
    game_spec = spec_or_name if isinstance(spec_or_name, GameSpec) else None
    if game_spec is None:
        try:
            game_spec = spec(name)
        except ConfigError as error:
            run.check("declaration", "lookup", _raise, error)
            return report
    run.check("declaration", "GameSpec", _check_declaration, game_spec)
    try:
        game = _game_of(game_spec, dict(options or {}))
    except Exception as error:
        run.check("options", "load()", _raise, error)
        return report
    run.check("options", "load()", _check_options, game)
    for number in range(seed, seed + matches):
        first = _play(run, game, number, deep, max_decisions)
        if first is None:
            continue
        again = _Run(Report(name, 1, results=_fresh()), strict=False)
        second = _play(again, game, number, False, max_decisions)
        if second is not None:
            run.check("determinism", f"seed {number}", checks.check_same_match, first, second)
    return report


def _fresh() -> dict[str, PropertyResult]:
    return {key: PropertyResult(key, doc) for key, doc in PROPERTIES}


def play_and_check(game: Game, seed: int, deep: bool = True) -> State:
    """Play one random match checking every property along it; the first failure is raised
    (an ``AssertionError``). For a game's own tests; returns the final state."""
    report = Report(game.name, 1, results=_fresh())
    state = _play(_Run(report, strict=True), game, seed, deep, MAX_DECISIONS)
    assert state is not None  # strict: a failure was raised
    return state
