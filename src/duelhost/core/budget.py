"""Option budgets: the bounds on a game's options that keep a match cheap to create and bounded
to play, for matches anyone may create (a public server).

An option's own declaration (``Option.minimum``/``maximum``) says what the rules allow; a budget
says what a host offers to strangers. ``GameSpec.budget`` declares it; the host that serves
anonymous players calls ``OptionBudget.check`` on the resolved options of a new match.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from duelhost.core.errors import ConfigError


@dataclass(frozen=True)
class OptionBudget:
    """Bounds on the options of a hosted match."""

    bounds: Mapping[str, tuple[float, float]] = field(default_factory=dict)
    """Option name -> (lowest, highest) value a hosted match may use. A bounded option must
    hold a number in that range: where the option allows null (no limit), null is refused."""
    fixed: tuple[str, ...] = ()
    """Options a hosted match must leave at their default (a path to a file on the host)."""

    def check(self, game: str, options: Mapping[str, Any], defaults: Mapping[str, Any]) -> None:
        """ConfigError naming the first option outside the budget."""
        for name in self.fixed:
            if name in options and options[name] != defaults.get(name):
                raise ConfigError(
                    f"{game}: option {name!r} cannot be changed on this server "
                    f"(it stays {defaults.get(name)!r})"
                )
        for name, (low, high) in self.bounds.items():
            if name not in options:
                continue
            value = options[name]
            number = isinstance(value, int | float) and not isinstance(value, bool)
            if not number or not low <= value <= high:
                raise ConfigError(
                    f"{game}: option {name!r} must be from {low:g} to {high:g} on this server, "
                    f"got {value!r}"
                )
