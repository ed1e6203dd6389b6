"""The errors every part of duelhost raises for bad input.

Both are ``ValueError`` subclasses so that callers which only know the standard library can
still catch them; their messages say what is wrong and, where there is a finite set, the valid
choices.
"""

from __future__ import annotations


class IllegalAction(ValueError):
    """A submission that the rules forbid, or that cannot be parsed; the state is unchanged."""


class ConfigError(ValueError):
    """An unknown game, an unknown option, a bad option value, or a bad setup or record."""


QUOTE_LIMIT = 60
"""The most characters of a player's input that any error message echoes (issue 16)."""

ELLIPSIS = "…"


def shorten(text: str, limit: int = QUOTE_LIMIT) -> str:
    """``text`` cut to ``limit`` characters, the last of them an ellipsis, when it is longer."""
    if limit < 1:
        raise ValueError(f"quote limit must be at least 1, not {limit}")
    if len(text) > limit:
        return text[: limit - 1] + ELLIPSIS
    return text


def quote(text: str, limit: int = QUOTE_LIMIT) -> str:
    """``text`` in single quotes as error messages echo input: ``quote("C3-C6") == "'C3-C6'"``.

    Text longer than ``limit`` characters is cut to ``limit`` characters, the last of them an
    ellipsis, so that an error never echoes more than ``limit`` characters of what it was given
    (a 100 kB submission must not come back as a 100 kB message).
    """
    return f"'{shorten(text, limit)}'"


def quote_value(value: object, limit: int = QUOTE_LIMIT) -> str:
    """A value of any type as an error echoes it: a string quoted, anything else its ``repr``.

    Both are cut as ``quote`` cuts: ``quote_value(5) == "5"``, ``quote_value("x") == "'x'"``,
    and a 1 MB JSON value comes back as its first characters and an ellipsis.
    """
    if isinstance(value, str):
        return quote(value, limit)
    return shorten(repr(value), limit)
