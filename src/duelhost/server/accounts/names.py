"""The username rule: 3 to 20 of ``A-Z a-z 0-9 _ -``, unique without regard to case; the bots'
names, anything bot-like and the reserved words are refused, so a name never passes for a bot
or for the server. A guest's display name (a guest accepting a casual seek) is looser: any
printable text of 1 to 20 characters, always shown marked as a guest's."""

from __future__ import annotations

import re
import unicodedata
from functools import cache

import duelhost
from duelhost.bots import available_bots
from duelhost.core.errors import ConfigError, quote
from duelhost.ratings.bots import is_bot_name

NAME = re.compile(r"[A-Za-z0-9_-]{3,20}")
RESERVED = frozenset(
    {
        "admin", "administrator", "anonymous", "api", "deleted", "duelhost", "everyone",
        "guest", "guests", "host", "me", "mod", "moderator", "nobody", "null", "operator",
        "player", "root", "server", "spectator", "static", "support", "system", "undefined",
        "watch", "you",
    }
)  # fmt: skip
"""Names nobody may take (the server's words, the pages' paths)."""
GUEST_MAX = 20


@cache
def bot_names() -> frozenset[str]:
    """Every bot level of every game (``easy``, ``medium``, ``hard``, ``greedy``...)."""
    names: set[str] = set()
    for game in duelhost.list_games():
        names.update(name.lower() for name in available_bots(game))
    return frozenset(names)


def _bot_like(key: str) -> bool:
    """``bot``, ``easybot``, ``bot_hard``, ``the-bot-3``, ``hard``, ``easy-2`` and such."""
    parts = [p for p in re.split(r"[-_0-9]+", key) if p]
    if key.startswith("bot") or key.endswith("bot") or "bot" in parts:
        return True
    return "".join(parts) in bot_names()


def check_name(name: object) -> str:
    """The name as given, if it may be an account's; ConfigError saying why not."""
    if not isinstance(name, str) or not NAME.fullmatch(name):
        raise ConfigError(f"a name is 3 to 20 letters, digits, '_' or '-' (got {quote(str(name))})")
    key = name.lower()
    if key in RESERVED or key.startswith(("deleted-", "guest")):
        raise ConfigError(f"the name {quote(name)} is reserved; choose another")
    if _bot_like(key) or is_bot_name(key):  # a bot's account: <game>-<bot> (ratings/bots.py)
        raise ConfigError(f"the name {quote(name)} looks like a bot's; choose another")
    return name


def check_guest_name(name: object) -> str:
    """A guest's display name: printable text, 1 to 20 characters (spaces trimmed)."""
    if not isinstance(name, str):
        raise ConfigError("a guest's name must be text")
    shown = " ".join(name.split())
    if not 0 < len(shown) <= GUEST_MAX or any(
        unicodedata.category(c)[0] in "CZ" and c != " " for c in shown
    ):
        raise ConfigError(f"a guest's name is 1 to {GUEST_MAX} printable characters")
    return shown
