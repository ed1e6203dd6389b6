"""Declared game options: a name, a default, a kind and the values it accepts.

A game declares its options as data; ``duelhost.load(name, **options)`` and the CLI's
``--opt k=v`` both go through ``Option.coerce``, which accepts the value itself or its text
form and raises ``ConfigError`` naming the option and what it accepts.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from duelhost.core.errors import ConfigError, quote, quote_value

_KINDS = ("int", "float", "bool", "str", "json")


@dataclass(frozen=True)
class Option:
    """One option of a game (or one setup argument of ``game.new``)."""

    name: str
    default: Any
    doc: str
    kind: str = "int"
    choices: tuple[Any, ...] | None = None
    minimum: float | None = None
    maximum: float | None = None
    nullable: bool = False
    check: Callable[[Any], Any] | None = None
    """Extra validation for ``json`` options: returns the normalised value or raises ConfigError."""

    def __post_init__(self) -> None:
        if self.kind not in _KINDS:
            raise ValueError(f"option kind must be one of {_KINDS}, not {self.kind!r}")

    def describe(self) -> str:
        """What values the option accepts, for error messages and ``duelhost games``."""
        if self.choices is not None:
            text = "one of " + ", ".join(str(c) for c in self.choices)
        elif self.kind in ("int", "float"):
            word = "an integer" if self.kind == "int" else "a number"
            if self.minimum is not None and self.maximum is not None:
                text = f"{word} from {_num(self.minimum)} to {_num(self.maximum)}"
            elif self.minimum is not None:
                text = f"{word} of at least {_num(self.minimum)}"
            elif self.maximum is not None:
                text = f"{word} of at most {_num(self.maximum)}"
            else:
                text = word
        elif self.kind == "bool":
            text = "true or false"
        elif self.kind == "json":
            text = "a JSON value"
        else:
            text = "a string"
        return text + (" or null" if self.nullable else "")

    def coerce(self, value: Any) -> Any:
        """The option's value from ``value`` or its text form; ConfigError if it does not fit."""
        if value is None or (isinstance(value, str) and value.strip().lower() in ("null", "none")):
            if self.nullable:
                return None
            raise self._bad(value)
        converted = self._convert(value)
        if self.choices is not None and converted not in self.choices:
            raise self._bad(value)
        if self.kind in ("int", "float"):
            if self.minimum is not None and converted < self.minimum:
                raise self._bad(value)
            if self.maximum is not None and converted > self.maximum:
                raise self._bad(value)
        if self.check is not None:
            converted = self.check(converted)
        return converted

    def _convert(self, value: Any) -> Any:
        text = value.strip() if isinstance(value, str) else None
        converters: dict[str, Callable[[Any, str | None], Any]] = {
            "int": self._to_int,
            "float": self._to_float,
            "bool": self._to_bool,
            "str": self._to_str,
        }
        return converters.get(self.kind, self._to_json)(value, text)

    def _to_int(self, value: Any, text: str | None) -> int:
        if isinstance(value, bool):
            raise self._bad(value)
        if isinstance(value, int):
            return value
        if isinstance(value, float) and value.is_integer():
            return int(value)
        if text is not None:
            try:
                return int(text)
            except ValueError:
                pass
        raise self._bad(value)

    def _to_float(self, value: Any, text: str | None) -> float:
        if isinstance(value, bool):
            raise self._bad(value)
        if isinstance(value, int | float):
            return float(value)
        if text is not None:
            try:
                return float(text)
            except ValueError:
                pass
        raise self._bad(value)

    def _to_bool(self, value: Any, text: str | None) -> bool:
        if isinstance(value, bool):
            return value
        if text is not None and text.lower() in ("true", "yes", "1", "on"):
            return True
        if text is not None and text.lower() in ("false", "no", "0", "off"):
            return False
        raise self._bad(value)

    def _to_str(self, value: Any, text: str | None) -> str:
        if text is None:
            raise self._bad(value)
        return text

    def _to_json(self, value: Any, text: str | None) -> Any:
        # A text form is parsed when it is JSON, otherwise kept as the string itself (a json
        # option may accept a file path).
        if text is not None:
            try:
                return json.loads(text)
            except RecursionError:
                raise ConfigError(f"option {self.name}: the JSON is nested too deeply") from None
            except ValueError:
                return text
        return value

    def _bad(self, value: Any) -> ConfigError:
        return ConfigError(
            f"option {self.name} must be {self.describe()}, got {quote_value(value)}"
        )


def _num(value: float) -> str:
    return str(int(value)) if float(value).is_integer() else str(value)


def resolve_options(
    owner: str, declared: tuple[Option, ...], given: Mapping[str, Any], what: str = "option"
) -> dict[str, Any]:
    """Defaults overlaid with ``given``, each value coerced; unknown names raise ConfigError."""
    by_name = {option.name: option for option in declared}
    for name in given:
        if name not in by_name:
            valid = ", ".join(by_name) if by_name else "none"
            raise ConfigError(
                f"unknown {what} {quote_value(name)} for {owner}; valid {what}s: {valid}"
            )
    values: dict[str, Any] = {}
    for option in declared:
        if option.name in given:
            values[option.name] = option.coerce(given[option.name])
        else:
            values[option.name] = option.default
    return values


def parse_assignments(pairs: list[str]) -> dict[str, str]:
    """``["planets=13"]`` -> ``{"planets": "13"}`` (the CLI's ``--opt``)."""
    result: dict[str, str] = {}
    for pair in pairs:
        name, sep, value = pair.partition("=")
        if not sep or not name.strip():
            raise ConfigError(f"option {quote(pair)} must be written name=value")
        result[name.strip()] = value
    return result
