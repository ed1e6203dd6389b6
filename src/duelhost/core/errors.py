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
