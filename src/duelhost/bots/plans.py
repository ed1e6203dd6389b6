"""Fixed plans: a game's families of parameterized plans a person might play, and a plan as a bot.

A *family* (``Family``) is a rule of thumb with numeric parameters, e.g. in a bidding game "bid the
fleet nearest ``a + b * worth + c * galaxy value``". A game declares its families in its bot
modules (``register_family``), next to its bots. A *plan* is one family with its parameters
fixed (``Plan``); it plays as a bot (``PlanBot``) that reads only its seat's view and legal
submissions, with no randomness: the same view gives the same submission, as a person
following a plan would play. ``duelhost exploit`` (``duelhost.bots.exploit``) searches a
family's parameters for the plan that beats a bot most often and writes it as a JSON file;
the bot name ``plan:FILE`` plays that file in ``duelhost play`` and ``duelhost tournament``.

Besides a game's families, a plan may be of a *kind* that holds for every game
(``register_kind``): its ``data`` then says how it plays (``observed``: a table of responses,
``duelhost.bots.observed``; ``policy``: a trained policy saved next to the plan file,
``duelhost.bots.learned``).
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from duelhost.bots.base import Bot, SeatHandle
from duelhost.core.errors import ConfigError
from duelhost.core.state import Game

PLAN_PREFIX = "plan:"
"""A bot name ``plan:FILE`` is the plan written in FILE (``Plan.save``)."""
PLAN_FORMAT = "duelhost-plan-1"


@dataclass(frozen=True)
class Family:
    """Plans of one shape: ``choose(params, handle)`` is the submission for the seat now.

    ``names`` name the parameters; a search draws each from ``bounds`` (low, high) at first.
    ``choose`` must return a legal submission for every parameter vector and every view.
    """

    game: str
    name: str
    summary: str
    names: tuple[str, ...]
    bounds: tuple[tuple[float, float], ...]
    choose: Callable[[tuple[float, ...], SeatHandle], str]

    def __post_init__(self) -> None:
        if len(self.names) != len(self.bounds) or not self.names:
            raise ValueError(f"{self.name}: one (low, high) bound per parameter name")


_FAMILIES: dict[str, dict[str, Family]] = {}


def register_family(family: Family) -> Family:
    """Declare a family of plans for its game (called by the game's bot modules)."""
    _FAMILIES.setdefault(family.game, {})[family.name] = family
    return family


def families(game: str) -> dict[str, Family]:
    """The families declared for ``game`` so far, by name (``registry.plan_families`` first
    imports the game's bot modules)."""
    return dict(_FAMILIES.get(game, {}))


@dataclass(frozen=True)
class Plan:
    """One family's plan with its parameters fixed, and how it was found."""

    game: str
    family: str
    params: tuple[float, ...]
    options: dict[str, Any] = field(default_factory=dict)
    found: dict[str, Any] = field(default_factory=dict)
    """How the plan was found and measured (the exploit search's report)."""
    data: dict[str, Any] = field(default_factory=dict)
    """What a plan of a kind (``register_kind``) plays from: a table, a policy file's name."""
    folder: Path | None = field(default=None, compare=False)
    """The folder of the file the plan was loaded from (a policy file lies there)."""

    def to_dict(self) -> dict[str, Any]:
        data = {
            "format": PLAN_FORMAT,
            "game": self.game,
            "family": self.family,
            "params": list(self.params),
            "options": self.options,
            "found": self.found,
        }
        if self.data:
            data["data"] = self.data
        return data

    def save(self, path: Path) -> None:
        path.write_text(json.dumps(self.to_dict(), indent=1) + "\n", encoding="utf-8")

    @classmethod
    def from_dict(cls, data: Any) -> Plan:
        if not isinstance(data, dict) or data.get("format") != PLAN_FORMAT:
            raise ConfigError(f"not a plan file: its format must be {PLAN_FORMAT!r}")
        params = data.get("params")
        if not isinstance(params, list) or not all(
            isinstance(p, int | float) and not isinstance(p, bool) for p in params
        ):
            raise ConfigError("a plan's params must be a list of numbers")
        game, family = data.get("game"), data.get("family")
        if not isinstance(game, str) or not isinstance(family, str):
            raise ConfigError("a plan names its game and family as text")
        options = data.get("options", {})
        found = data.get("found", {})
        table = data.get("data", {})
        if not all(isinstance(part, dict) for part in (options, found, table)):
            raise ConfigError("a plan's options, found and data must be objects")
        return cls(game, family, tuple(float(p) for p in params), options, found, table)

    @classmethod
    def load(cls, path: Path) -> Plan:
        try:
            data = json.loads(path.read_text(encoding="utf-8"))
        except OSError as error:
            raise ConfigError(f"cannot read the plan {str(path)!r}: {error.strerror}") from None
        except ValueError as error:
            raise ConfigError(f"the plan {str(path)!r} is not JSON: {error}") from None
        return replace(cls.from_dict(data), folder=path.parent)


class PlanBot:
    """A plan playing one seat: ``family.choose(params, handle)`` at every decision."""

    def __init__(self, family: Family, params: tuple[float, ...], name: str = "plan") -> None:
        if len(params) != len(family.names):
            raise ConfigError(
                f"the family {family.name!r} takes {len(family.names)} parameters "
                f"({', '.join(family.names)}), the plan has {len(params)}"
            )
        self.family = family
        self.params = params
        self.name = name

    def act(self, seat: SeatHandle) -> str:
        return self.family.choose(self.params, seat)


KindFactory = Callable[[Plan, str, "Game | None"], Bot]
"""``factory(plan, name, game)`` makes the bot of a plan of one kind (every game) for a match
of ``game`` (None: not known yet)."""
_KINDS: dict[str, KindFactory] = {}


def register_kind(kind: str, factory: KindFactory) -> None:
    """Declare a kind of plan that holds for every game (played from the plan's ``data``)."""
    _KINDS[kind] = factory


def plan_bot(plan: Plan, game: str, name: str, match: Game | None = None) -> Bot:
    """The bot playing ``plan`` in a match of ``game`` (``match``: the game with its options,
    when known, for a plan that checks them); ConfigError if it is another game's or its
    family is unknown."""
    if plan.game != game:
        raise ConfigError(f"the plan is for {plan.game}, not {game}")
    if plan.family in _KINDS:
        return _KINDS[plan.family](plan, name, match)
    family = _FAMILIES.get(game, {}).get(plan.family)
    if family is None:
        known = ", ".join(sorted(_FAMILIES.get(game, {}))) or "none"
        kinds = ", ".join(sorted(_KINDS))
        raise ConfigError(
            f"{game} has no plan family {plan.family!r}; its families: {known}; "
            f"the kinds of plan of every game: {kinds}"
        )
    return PlanBot(family, plan.params, name)
