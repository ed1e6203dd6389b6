"""The game registry: games declared as data, looked up by engine name.

A game package builds a ``GameSpec`` (name, summary, options with defaults, dynamics, its
``State`` class, and everything the host, server, CLI, bench and bots need to know about it) and
calls ``register`` when imported, as OpenSpiel's Python games do. Games are discovered through
the entry points of the ``duelhost.games`` group on first use: the built-in ones (declared in
duelhost's own ``pyproject.toml``) exactly as installed packages (``pip install
duelhost-mygame``), so the kernel never imports a game package by name.
"""

from __future__ import annotations

import inspect
import json
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from types import ModuleType
from typing import TYPE_CHECKING, Any

from duelhost.core.budget import OptionBudget
from duelhost.core.errors import ConfigError, IllegalAction, quote_value
from duelhost.core.options import Option, resolve_options
from duelhost.core.record import Record
from duelhost.core.state import STATE_FORMAT, State
from duelhost.core.time_control import Clock

if TYPE_CHECKING:
    from importlib import metadata

DYNAMICS = ("sequential", "simultaneous", "tick")


@dataclass(frozen=True)
class GameSpec:
    """A game declared as data."""

    name: str
    title: str
    summary: str
    state: type[State]
    dynamics: tuple[str, ...]
    """Kinds of decision the game uses: sequential, simultaneous, tick."""
    options: tuple[Option, ...] = ()
    setup: tuple[Option, ...] = ()
    """Arguments of ``game.new(seed, **setup)`` besides the seed (a map, a position)."""
    legal_enumerated: bool = True
    """False where ``legal()`` is not the full list of legal submissions (see the rules page)."""
    render: Callable[[dict[str, Any]], str] | None = None
    """Text rendering of a view for the terminal (pure: view in, text out)."""
    describe_event: Callable[[dict[str, Any]], str] | None = None
    """One line of text for an event (pure); None: the plain form of ``core.events``."""
    seat_names: tuple[str, str] = ("seat 0", "seat 1")
    check_options: Callable[[dict[str, Any]], None] | None = None
    """Checks the options together (each is already valid alone); raises ConfigError."""
    seat_helpers: tuple[str, ...] = ()
    """State methods ``f(seat, ...)`` a bot may call through its seat handle."""
    extra: dict[str, Any] = field(default_factory=dict)
    """Game tools a generic command looks for: ``perft(state, depth)`` and ``divide(state,
    depth)`` for ``duelhost perft``; ``reference(options)`` for the browser board's reference
    panels (JSON data from the game's own tables for a match with these resolved options,
    served at ``/api/matches/{id}/reference``)."""
    clock: Clock | None = None
    """The default time control from the rule text; None: untimed (unless ``clock_option``
    gives one). A game with tick decisions and no declared clock gets 10-second ticks."""
    clock_option: str | None = None
    """An option in seconds that, when set, gives the match a ``turn`` clock of that length
    instead of ``clock``."""
    draw_text: str | None = None
    """The submission that offers or accepts a draw by agreement; None: the game has none."""
    public_submissions: bool = False
    """Whether a submission is public once its decision resolves (the host then publishes its
    receipt nonce at once). False where a submission's text may carry a secret that outlives
    its decision: the host then gives each seat its own nonces and everyone's at the end."""
    order_separator: str = "; "
    """Tick games: what joins the order messages of one tick window into one submission."""
    no_orders: str = "wait"
    """Tick games: the canonical submission that sends no orders."""
    budget: OptionBudget = field(default_factory=OptionBudget)
    """Bounds on the options of matches anyone may create (see ``core.budget``)."""
    board: str | None = None
    """The name of the game's board module in the browser client; None: the text view. The
    module is ``board.js`` in the game's package (the package of ``state``), with its own
    styles (seat colours) in ``board.css`` beside it if it has any: a game's board ships with
    the game (``board_file``)."""
    bench: str | None = None
    """Module of the game's own benchmark figures: ``extra(matches, options, console)`` rows,
    and optionally ``balance(game, matches, first_seed)`` for ``duelhost balance``."""
    bots: str | tuple[str, ...] | None = None
    """The modules declaring the game's bots (each calls ``register_bot``), imported in order
    before the game's bots are looked up. None: the ``bots`` module of the package of
    ``state``, if there is one."""
    practice_bot: str | None = None
    """The bot the lobby's "Play the bot now" seats against a newcomer. None: ``greedy`` if the
    game has one, else its first bot (levels first: ``easy``)."""
    commands: str | None = None
    """Module whose ``register(app)`` adds the game's own commands to the ``duelhost`` CLI."""
    rating_pool: Callable[[dict[str, Any]], str] | None = None
    """The variant label of the resolved options for ratings (issue 30): matches whose options
    give different labels are rated apart (``duelhost.ratings.pools``); "" is the game's main
    pool. None: every match of the game is rated in one pool, named after the game."""

    def __post_init__(self) -> None:
        unknown = [d for d in self.dynamics if d not in DYNAMICS]
        if unknown or not self.dynamics:
            raise ValueError(f"{self.name}: dynamics must be among {DYNAMICS}, got {self.dynamics}")

    def board_file(self, suffix: str) -> Path | None:
        """The board's ``board.js`` (``suffix`` ".js") or ``board.css`` (".css") in the game's
        package; None if the game names no board or ships no such file."""
        if self.board is None or suffix not in (".js", ".css"):
            return None
        path = Path(inspect.getfile(self.state)).resolve().parent / f"board{suffix}"
        return path if path.is_file() else None

    def load(self, **options: Any) -> Game:
        """This game with the given options (each validated; unknown ones raise ConfigError),
        whether or not the spec is registered."""
        values = resolve_options(self.name, self.options, options)
        if self.check_options is not None:
            self.check_options(values)
        return Game(self, values)

    def check_budget(self, options: dict[str, Any]) -> None:
        """ConfigError if resolved ``options`` are outside the game's budget for hosted
        matches."""
        defaults = {option.name: option.default for option in self.options}
        self.budget.check(self.name, options, defaults)


class Game:
    """A game with its options fixed: makes match states."""

    def __init__(self, spec: GameSpec, options: dict[str, Any]) -> None:
        self.spec = spec
        self.options = options

    @property
    def name(self) -> str:
        return self.spec.name

    def __repr__(self) -> str:
        return f"<Game {self.name} {self.options}>"

    def new(self, seed: int = 0, **setup: Any) -> State:
        """A new match. Same seed, options, setup and submissions give the same match (G6)."""
        if not isinstance(seed, int) or isinstance(seed, bool):
            raise ConfigError(f"the seed must be an integer, got {quote_value(seed)}")
        if not setup:  # nothing to check (the common case: random matches, search)
            return self.spec.state(self, seed, {})
        values = resolve_options(self.name, self.spec.setup, setup, what="setup argument")
        # Setup arguments left at their default are not passed on, so records stay small.
        given = {k: v for k, v in values.items() if k in setup}
        return self.spec.state(self, seed, given)

    def replay(self, record: Record) -> State:
        """The state reached by a record's history (each entry checked as it is applied)."""
        if record.game != self.name:
            raise ConfigError(f"the record is of {quote_value(record.game)}, not {self.name!r}")
        state = self.new(record.seed, **record.setup)
        for number, entry in enumerate(record.history):
            try:
                state.apply(entry)
            except IllegalAction as error:
                raise ConfigError(
                    f"history entry {number} ({quote_value(entry.to_dict())}): {error}"
                ) from None
        return state

    def from_json(self, text: str) -> State:
        """The state ``to_json()`` wrote; the history is replayed and checked against the
        stored snapshot."""
        try:
            data = json.loads(text)
        except RecursionError:
            raise ConfigError("not JSON that can be read: nested too deeply") from None
        except ValueError as error:
            raise ConfigError(f"not JSON: {error}") from None
        record = Record.from_dict(data)
        if record.options != self.options:
            raise ConfigError(
                f"the record was made with options {record.options}, this game has {self.options}"
            )
        state = self.replay(record)
        stored = data.get("state") if data.get("format") == STATE_FORMAT else None
        if stored is not None and json.loads(json.dumps(state._snapshot())) != stored:
            raise ConfigError("the stored state does not match the replayed history")
        return state


_REGISTRY: dict[str, GameSpec] = {}
_discovered = False


def register(spec: GameSpec) -> GameSpec:
    """Register a game (called by the game's package when it is imported)."""
    existing = _REGISTRY.get(spec.name)
    if existing is not None and existing is not spec and existing.state is not spec.state:
        raise ValueError(f"a game named {spec.name!r} is already registered")
    _REGISTRY[spec.name] = spec
    return spec


ENTRY_POINT_GROUP = "duelhost.games"
"""Installed packages add games through this entry-point group (see docs/adding-a-game.md)."""

_plugin_errors: dict[str, str] = {}


def _discover() -> None:
    global _discovered
    if _discovered:
        return
    _discovered = True
    # Entry points only, the built-in games' too (pyproject.toml): the kernel never reaches up
    # into the games' packages.
    for entry_point in _entry_points(group=ENTRY_POINT_GROUP):
        _load_plugin(entry_point)


def _entry_points(**selection: str) -> Any:
    """``importlib.metadata.entry_points(**selection)``, imported when first needed: the
    module and what it imports (email, sockets, calendars) are about 15-25 ms of every
    process's start-up that uses no game by name (the solver's child, for one)."""
    from importlib import metadata

    return metadata.entry_points(**selection)


def _load_plugin(entry_point: metadata.EntryPoint) -> None:
    """Register the game an entry point names: a ``GameSpec``, a function returning one, or a
    module whose ``SPEC`` is one. A plugin that fails to load is left out (``plugin_errors``
    says why), so one broken package cannot take the other games down."""
    try:
        loaded = entry_point.load()
        if isinstance(loaded, ModuleType):
            loaded = getattr(loaded, "SPEC", None)
        elif callable(loaded) and not isinstance(loaded, GameSpec):
            loaded = loaded()
        if not isinstance(loaded, GameSpec):
            raise TypeError(f"{entry_point.value} is not a GameSpec (nor makes or holds one)")
        register(loaded)
    except Exception as error:
        _plugin_errors[entry_point.name] = f"{type(error).__name__}: {error}"


def plugin_errors() -> dict[str, str]:
    """Entry points of the ``duelhost.games`` group that failed to load, with the reason."""
    _discover()
    return dict(_plugin_errors)


def list_games() -> list[str]:
    """The engine names of every registered game, sorted."""
    _discover()
    return sorted(_REGISTRY)


def _discover_one(name: str) -> None:
    """Load only the entry point named ``name`` (a game's entry point bears its name), so a
    command about one game does not import the others (``duelhost analyse`` of one game's
    record imported all six games: about 0.4 s of CPU)."""
    if _discovered or name in _REGISTRY:
        return
    for entry_point in _entry_points(group=ENTRY_POINT_GROUP, name=name):
        _load_plugin(entry_point)


def spec(name: str) -> GameSpec:
    """The spec of a registered game; ConfigError listing the games for an unknown name.
    The game's own entry point is loaded first; the others only when it is not there."""
    if isinstance(name, str):
        _discover_one(name)
    if not isinstance(name, str) or name not in _REGISTRY:
        _discover()
    if not isinstance(name, str) or name not in _REGISTRY:
        raise ConfigError(
            f"unknown game {quote_value(name)}; the games are {', '.join(sorted(_REGISTRY))}"
        )
    return _REGISTRY[name]


def load(name: str, **options: Any) -> Game:
    """A game with the given options (each validated; unknown ones raise ConfigError)."""
    return spec(name).load(**options)


def load_record(data: dict[str, Any]) -> State:
    """Replay a record (or a ``to_json`` document) of any registered game."""
    record = Record.from_dict(data)
    game = load(record.game, **record.options)
    if "state" in data:
        return game.from_json(json.dumps(data))
    return game.replay(record)


def rules_text(name: str) -> str:
    """The rules page of a game (``docs/games/<name>.md``, shipped inside the package)."""
    spec(name)
    here = Path(__file__).resolve()
    candidates = [
        here.parent.parent / "_docs" / "games" / f"{name}.md",
        here.parents[3] / "docs" / "games" / f"{name}.md",
    ]
    for path in candidates:
        if path.is_file():
            return path.read_text(encoding="utf-8")
    raise ConfigError(f"the rules page of {name} is not installed")
