"""The bots' accounts (issue 30): every bot that plays a rated match holds an account, one per
game and bot, so bots are rated on the players' scale and a new player sees how strong each is.

Name: ``<game>-<bot>`` (``goofspiel-hard``, ``tactical_genius-easy``), kind ``bot``. Its id is
derived from the name (``bot-`` and 28 hex digits of its SHA-256), so every server process
makes the same account without asking another: creating it twice is a no-op. People's names
that have this form are refused (``is_bot_name``).
"""

from __future__ import annotations

import hashlib

from duelhost.core.registry import list_games

SEPARATOR = "-"


def bot_account_name(game: str, bot: str) -> str:
    """The account name of ``bot`` playing ``game``."""
    return f"{game}{SEPARATOR}{bot}"


def bot_account_id(name: str) -> str:
    """The id of a bot's account (32 characters, from its name)."""
    return "bot-" + hashlib.sha256(name.encode()).hexdigest()[:28]


def is_bot_name(name: str) -> bool:
    """Whether ``name`` (any case) has a bot account's form: a game's name, ``-``, a bot."""
    lowered = name.lower()
    return any(lowered.startswith(game + SEPARATOR) for game in list_games())
