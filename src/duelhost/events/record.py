"""The event record: configuration, entrants, seed commitment, rounds, results and host actions.

An ``EventRecord`` is a frozen value; every step of an event (an entrant added, a round paired, a
result reported, a host action) is a function from one record to the next (``director``), so the
record is the whole truth of an event and the verifier can replay it. Its JSON form is
``to_json`` / ``from_json`` (docs/events.md, "The record").
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from enum import StrEnum
from typing import Any

from duelhost.core.errors import ConfigError, quote_value
from duelhost.events.knockout import check_best_of
from duelhost.events.model import Entrant, Outcome, Round, parse_outcome

RECORD_VERSION = 1


class Format(StrEnum):
    """The four kinds of event."""

    SWISS = "swiss"
    KNOCKOUT = "knockout"
    ROUND_ROBIN = "round_robin"
    ARENA = "arena"


def parse_format(text: object) -> Format:
    """A ``Format`` from its name, or a ConfigError listing the four."""
    try:
        return Format(str(text))
    except ValueError:
        names = ", ".join(f.value for f in Format)
        raise ConfigError(f"unknown event format {quote_value(text)}: use one of {names}") from None


@dataclass(frozen=True)
class EventConfig:
    """How an event is run. ``rounds`` is a Swiss's number of rounds (round robin and knockout
    derive theirs); ``duration`` an arena's length in seconds; ``seats_matter`` is False for a
    simultaneous game, whose seats are then not balanced."""

    format: Format
    game: str = ""
    options: Mapping[str, Any] = field(default_factory=dict)
    rated: bool = False
    rounds: int | None = None
    best_of: int = 1
    max_deciders: int = 3
    third_place: bool = False
    double: bool = False
    seats_matter: bool = True
    bye_points: float = 1.0
    duration: float | None = None

    def __post_init__(self) -> None:
        object.__setattr__(self, "format", parse_format(self.format))
        check_best_of(self.best_of)
        if self.format is Format.SWISS and not _positive_int(self.rounds):
            raise ConfigError(
                f"a Swiss needs a number of rounds of at least 1, not {quote_value(self.rounds)}"
            )
        if self.format is Format.ARENA and not (
            isinstance(self.duration, int | float) and self.duration > 0
        ):
            raise ConfigError(
                f"an arena needs a duration in seconds over 0, not {quote_value(self.duration)}"
            )
        if not _positive_int(self.max_deciders + 1):
            raise ConfigError(f"max_deciders must be 0 or more, not {self.max_deciders!r}")
        if self.bye_points not in (0, 0.5, 1):
            raise ConfigError(f"a bye is worth 0, 0.5 or 1 point, not {self.bye_points!r}")

    def to_json(self) -> dict[str, Any]:
        """The configuration as a JSON object."""
        return {
            "format": self.format.value,
            "game": self.game,
            "options": dict(self.options),
            "rated": self.rated,
            "rounds": self.rounds,
            "best_of": self.best_of,
            "max_deciders": self.max_deciders,
            "third_place": self.third_place,
            "double": self.double,
            "seats_matter": self.seats_matter,
            "bye_points": self.bye_points,
            "duration": self.duration,
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> EventConfig:
        """A configuration from ``to_json``'s form; unknown keys are refused."""
        known = set(cls.__dataclass_fields__)
        unknown = sorted(set(data) - known)
        if unknown:
            raise ConfigError(
                f"unknown event setting {quote_value(unknown[0])}: use {', '.join(sorted(known))}"
            )
        return cls(**dict(data))


def _positive_int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and value >= 1


class ActionKind(StrEnum):
    """What a host did."""

    ADD = "add"
    WITHDRAW = "withdraw"
    DISQUALIFY = "disqualify"
    SUBSTITUTE = "substitute"
    FORBID = "forbid"
    ADJUDICATE = "adjudicate"
    FORFEIT = "forfeit"


@dataclass(frozen=True)
class HostAction:
    """One host action, with ``after_round`` the number of rounds paired when it was taken
    (it bears on the pairings from the next round on) and ``at`` the time in an arena."""

    kind: ActionKind
    after_round: int
    entrant: str | None = None
    other: str | None = None
    new_entrant: Entrant | None = None
    round: int | None = None
    board: int | None = None
    outcome: Outcome | None = None
    reason: str = ""
    at: float | None = None

    def to_json(self) -> dict[str, Any]:
        """The action as a JSON object (empty fields left out)."""
        data: dict[str, Any] = {"kind": self.kind.value, "after_round": self.after_round}
        for name in ("entrant", "other", "round", "board", "at"):
            value = getattr(self, name)
            if value is not None:
                data[name] = value
        if self.new_entrant is not None:
            data["new_entrant"] = self.new_entrant.to_json()
        if self.outcome is not None:
            data["outcome"] = self.outcome.value
        if self.reason:
            data["reason"] = self.reason
        return data

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> HostAction:
        """An action from ``to_json``'s form."""
        try:
            kind = ActionKind(data["kind"])
        except ValueError:
            raise ConfigError(f"unknown host action {quote_value(data['kind'])}") from None
        new = data.get("new_entrant")
        outcome = data.get("outcome")
        return cls(
            kind=kind,
            after_round=int(data["after_round"]),
            entrant=data.get("entrant"),
            other=data.get("other"),
            new_entrant=None if new is None else Entrant.from_json(new),
            round=data.get("round"),
            board=data.get("board"),
            outcome=None if outcome is None else parse_outcome(outcome),
            reason=str(data.get("reason", "")),
            at=data.get("at"),
        )


@dataclass(frozen=True)
class EventRecord:
    """Everything about one event: what the verifier replays and what is published.

    ``entrants`` are those entered before the start (later ones come by ``add`` actions);
    ``seed`` stays None until the event closes and reveals it (its SHA-256 is
    ``seed_commitment``, published at the opening); ``standings`` is the published final table
    (JSON lines), filled at the close.
    """

    event_id: str
    config: EventConfig
    seed_commitment: str
    entrants: tuple[Entrant, ...]
    rounds: tuple[Round, ...] = ()
    actions: tuple[HostAction, ...] = ()
    seed: str | None = None
    closed: bool = False
    standings: tuple[Mapping[str, Any], ...] = ()

    def to_json(self) -> dict[str, Any]:
        """The record as a JSON object."""
        return {
            "version": RECORD_VERSION,
            "event_id": self.event_id,
            "config": self.config.to_json(),
            "seed_commitment": self.seed_commitment,
            "seed": self.seed,
            "closed": self.closed,
            "entrants": [e.to_json() for e in self.entrants],
            "rounds": [r.to_json() for r in self.rounds],
            "actions": [a.to_json() for a in self.actions],
            "standings": [dict(line) for line in self.standings],
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> EventRecord:
        """A record from ``to_json``'s form; a malformed one is a ConfigError saying where."""
        if not isinstance(data, Mapping):
            raise ConfigError("an event record is a JSON object")
        if data.get("version") != RECORD_VERSION:
            raise ConfigError(
                f"unknown event record version {quote_value(data.get('version'))}"
                f": this duelhost reads version {RECORD_VERSION}"
            )
        try:
            return cls(
                event_id=str(data["event_id"]),
                config=EventConfig.from_json(data["config"]),
                seed_commitment=str(data["seed_commitment"]),
                entrants=tuple(Entrant.from_json(e) for e in data["entrants"]),
                rounds=tuple(Round.from_json(r) for r in data.get("rounds", ())),
                actions=tuple(HostAction.from_json(a) for a in data.get("actions", ())),
                seed=data.get("seed"),
                closed=bool(data.get("closed", False)),
                standings=tuple(data.get("standings", ())),
            )
        except (KeyError, TypeError) as error:
            raise ConfigError(f"malformed event record: missing or bad field {error}") from None

    # -- who is in the event ------------------------------------------------------------------

    def all_entrants(self) -> list[Entrant]:
        """Every entrant ever entered: the initial ones, then the added ones in order."""
        added = [
            a.new_entrant
            for a in self.actions
            if a.kind is ActionKind.ADD and a.new_entrant is not None
        ]
        return [*self.entrants, *added]

    def entrant(self, entrant_id: str) -> Entrant:
        """The entrant with this id (its current holder's name after a substitution)."""
        for candidate in self.all_entrants():
            if candidate.id == entrant_id:
                holder = self.holder(entrant_id)
                return (
                    candidate
                    if holder is None
                    else replace(
                        candidate, name=f"{holder.name} (for {candidate.name})", kind=holder.kind
                    )
                )
        raise ConfigError(f"unknown entrant {quote_value(entrant_id)}")

    def holder(self, entrant_id: str) -> Entrant | None:
        """Who holds ``entrant_id``'s place after the latest substitution, if any."""
        holders = [
            a.new_entrant
            for a in self.actions
            if a.kind is ActionKind.SUBSTITUTE and a.entrant == entrant_id
        ]
        return holders[-1] if holders else None

    def status(self, before_round: int | None = None) -> dict[str, str]:
        """``withdrawn`` or ``disqualified`` for entrants out of the event (by the actions taken
        before round ``before_round`` was paired, or by all of them)."""
        status: dict[str, str] = {}
        for action in self.actions:
            if before_round is not None and action.after_round >= before_round:
                continue
            if action.kind is ActionKind.WITHDRAW and action.entrant is not None:
                status.setdefault(action.entrant, "withdrawn")
            if action.kind is ActionKind.DISQUALIFY and action.entrant is not None:
                status[action.entrant] = "disqualified"
        return status

    def entered_before(self, round_number: int) -> list[Entrant]:
        """The entrants entered before round ``round_number`` was paired."""
        late = {
            a.new_entrant.id: a.after_round
            for a in self.actions
            if a.kind is ActionKind.ADD and a.new_entrant is not None
        }
        return [e for e in self.all_entrants() if late.get(e.id, -1) < round_number]

    def forbidden(self, before_round: int | None = None) -> dict[str, frozenset[str]]:
        """For each entrant, those the host has forbidden it to meet."""
        pairs: dict[str, set[str]] = {}
        for action in self.actions:
            if action.kind is not ActionKind.FORBID or action.entrant is None:
                continue
            if before_round is not None and action.after_round >= before_round:
                continue
            other = str(action.other)
            pairs.setdefault(action.entrant, set()).add(other)
            pairs.setdefault(other, set()).add(action.entrant)
        return {eid: frozenset(others) for eid, others in pairs.items()}
