"""Match records: the submissions of a match in order, and their JSON form.

A record is everything needed to replay a match exactly (RULINGS G6): the game, its options,
the seed, the setup arguments of ``game.new`` and the history of entries. An entry is one seat's
submission (its canonical text), a timeout applied to that seat, or that seat's resignation.

A record is omniscient: it holds both seats' submissions, secret ones included, and the seed,
from which every hidden draw (a deal of prizes, a generated map, a bot's secret choice)
follows. It is for the host, the store, replays and ``duelhost verify``, and for anyone once
the match is over; no bot, adapter or client receives it while the match is in play (a seat
knows what ``State.view(seat)`` shows it).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Literal

from duelhost.core.errors import ConfigError

EntryKind = Literal["submit", "timeout", "resign"]
_KINDS = ("submit", "timeout", "resign")
RECORD_FORMAT = "duelhost-record/1"


@dataclass(frozen=True, slots=True)
class Entry:
    """One entry of a match history."""

    seat: int
    kind: EntryKind
    text: str | None = None

    def to_dict(self) -> dict[str, Any]:
        data: dict[str, Any] = {"seat": self.seat, "kind": self.kind}
        if self.text is not None:
            data["text"] = self.text
        return data

    @classmethod
    def from_dict(cls, data: Any) -> Entry:
        if not isinstance(data, dict):
            raise ConfigError(f"a history entry must be an object, got {data!r}")
        seat, kind, text = data.get("seat"), data.get("kind", "submit"), data.get("text")
        if not isinstance(seat, int) or isinstance(seat, bool):
            raise ConfigError(f"history entry {data!r}: seat must be 0 or 1")
        if kind not in _KINDS:
            raise ConfigError(f"history entry {data!r}: kind must be one of {', '.join(_KINDS)}")
        if kind == "submit" and not isinstance(text, str):
            raise ConfigError(f"history entry {data!r}: a submission needs its text")
        return cls(seat, kind, text if kind == "submit" else None)


@dataclass(frozen=True)
class Record:
    """A whole match as data: replaying it gives the same state, bit for bit.

    Omniscient (see the module docstring): never given to a player before the match is over."""

    game: str
    options: dict[str, Any]
    seed: int
    setup: dict[str, Any]
    history: tuple[Entry, ...]

    def to_dict(self) -> dict[str, Any]:
        return {
            "format": RECORD_FORMAT,
            "game": self.game,
            "options": self.options,
            "seed": self.seed,
            "setup": self.setup,
            "history": [entry.to_dict() for entry in self.history],
        }

    @classmethod
    def from_dict(cls, data: Any) -> Record:
        if not isinstance(data, dict):
            raise ConfigError("a match record must be a JSON object")
        missing = [key for key in ("game", "seed", "history") if key not in data]
        if missing:
            raise ConfigError(f"the match record lacks {', '.join(missing)}")
        if not isinstance(data["game"], str):
            raise ConfigError("the record's game must be a game name")
        seed = data["seed"]
        if not isinstance(seed, int) or isinstance(seed, bool):
            raise ConfigError(f"the record's seed must be an integer, got {seed!r}")
        options = data.get("options") or {}
        setup = data.get("setup") or {}
        if not isinstance(options, dict) or not isinstance(setup, dict):
            raise ConfigError("the record's options and setup must be objects")
        if not isinstance(data["history"], list):
            raise ConfigError("the record's history must be a list")
        history = tuple(Entry.from_dict(item) for item in data["history"])
        return cls(data["game"], dict(options), seed, dict(setup), history)
