"""Running an event: each step a pure function from one ``EventRecord`` to the next.

The server keeps the record and the secret seed; it calls ``open_event`` once, the host actions
as the host acts, ``pair_next_round`` for each round (Swiss, round robin, knockout), reports each
game's result with ``report_result``, and ``close_event`` at the end, which reveals the seed and
publishes the standings. Nothing here reads a clock: an arena's times are passed in.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace

from duelhost.core.errors import ConfigError, quote_value
from duelhost.events import knockout, roundrobin
from duelhost.events.model import Entrant, Game, Outcome, Pairing, Round, lot, seed_commitment
from duelhost.events.record import ActionKind, EventConfig, EventRecord, Format, HostAction
from duelhost.events.standings import (
    ROUND_ROBIN_TIEBREAKS,
    SWISS_TIEBREAKS,
    ResultKind,
    Standing,
    rank_entrants,
    results_by_entrant,
)
from duelhost.events.swiss import SwissPlayer, pair_swiss


def open_event(
    event_id: str, config: EventConfig, entrants: Sequence[Entrant], seed: str
) -> EventRecord:
    """A new event's record: the entrants so far and the commitment to ``seed`` (kept secret
    by the caller until ``close_event``)."""
    if not event_id:
        raise ConfigError("an event needs a non-empty id")
    _check_unique(entrants)
    return EventRecord(
        event_id=event_id,
        config=config,
        seed_commitment=seed_commitment(seed),
        entrants=tuple(entrants),
    )


def _check_unique(entrants: Sequence[Entrant]) -> None:
    seen: set[str] = set()
    for entrant in entrants:
        if entrant.id in seen:
            raise ConfigError(f"entrant {quote_value(entrant.id)} is entered twice")
        seen.add(entrant.id)


def check_seed(record: EventRecord, seed: str) -> None:
    """A ConfigError unless ``seed`` is the one the event committed to."""
    if seed_commitment(seed) != record.seed_commitment:
        raise ConfigError("this seed is not the one the event committed to (SHA-256 differs)")


def _open(record: EventRecord) -> None:
    if record.closed:
        raise ConfigError(f"event {quote_value(record.event_id)} is closed")


def _known(record: EventRecord, entrant_id: str) -> Entrant:
    return record.entrant(entrant_id)


def _act(record: EventRecord, action: HostAction) -> EventRecord:
    return replace(record, actions=(*record.actions, action))


# -- host actions on entrants ------------------------------------------------------------------


def add_entrant(record: EventRecord, entrant: Entrant, at: float | None = None) -> EventRecord:
    """Enter ``entrant``: before the start into the list, later (Swiss, arena) as a late entry
    taking part from the next round on, with no points for the rounds it missed."""
    _open(record)
    _check_unique([*record.all_entrants(), entrant])
    if not record.rounds and at is None:
        return replace(record, entrants=(*record.entrants, entrant))
    if record.config.format in (Format.KNOCKOUT, Format.ROUND_ROBIN):
        raise ConfigError(
            f"a {record.config.format.value.replace('_', ' ')}'s entrants are "
            "fixed once it has started: no late entry"
        )
    return _act(record, HostAction(ActionKind.ADD, len(record.rounds), new_entrant=entrant, at=at))


def withdraw(
    record: EventRecord, entrant_id: str, reason: str = "", at: float | None = None
) -> EventRecord:
    """Withdraw an entrant: not paired from the next round on; its results stand."""
    return _leave(record, ActionKind.WITHDRAW, entrant_id, reason, at)


def disqualify(
    record: EventRecord, entrant_id: str, reason: str = "", at: float | None = None
) -> EventRecord:
    """Disqualify an entrant: not paired again, listed last; its opponents keep their results."""
    return _leave(record, ActionKind.DISQUALIFY, entrant_id, reason, at)


def _leave(
    record: EventRecord, kind: ActionKind, entrant_id: str, reason: str, at: float | None
) -> EventRecord:
    _open(record)
    _known(record, entrant_id)
    if record.status().get(entrant_id) == "disqualified" or (
        kind is ActionKind.WITHDRAW and entrant_id in record.status()
    ):
        raise ConfigError(f"{quote_value(entrant_id)} is already {record.status()[entrant_id]}")
    return _act(
        record, HostAction(kind, len(record.rounds), entrant=entrant_id, reason=reason, at=at)
    )


def substitute(record: EventRecord, entrant_id: str, holder: Entrant) -> EventRecord:
    """``holder`` plays ``entrant_id``'s place from now on, with its points and history."""
    _open(record)
    _known(record, entrant_id)
    if entrant_id in record.status():
        raise ConfigError(
            f"{quote_value(entrant_id)} is {record.status()[entrant_id]}: "
            "a substitute takes the place of an entrant still in the event"
        )
    return _act(
        record,
        HostAction(
            ActionKind.SUBSTITUTE, len(record.rounds), entrant=entrant_id, new_entrant=holder
        ),
    )


def forbid_pairing(record: EventRecord, first: str, second: str, reason: str = "") -> EventRecord:
    """Never pair ``first`` with ``second`` from the next round on (Swiss and arena)."""
    _open(record)
    if record.config.format not in (Format.SWISS, Format.ARENA):
        raise ConfigError(
            "forbidding a pairing applies to Swiss and arena events, whose "
            "pairings are made as they go"
        )
    _known(record, first)
    _known(record, second)
    if first == second:
        raise ConfigError("a pairing to forbid needs two different entrants")
    return _act(
        record,
        HostAction(
            ActionKind.FORBID, len(record.rounds), entrant=first, other=second, reason=reason
        ),
    )


# -- rounds ----------------------------------------------------------------------------------


def seeding(record: EventRecord, entrants: Sequence[Entrant], seed: str) -> list[str]:
    """Entrant ids by rating, highest first; equal ratings by a draw of lots from the seed."""
    return [e.id for e in sorted(entrants, key=lambda e: (-e.rating, lot(seed, "seed", e.id)))]


def planned_rounds(record: EventRecord) -> int:
    """How many rounds the event has (Swiss: as set; others: from the number of entrants)."""
    config = record.config
    if config.format is Format.SWISS:
        return int(config.rounds or 0)
    count = len(record.all_entrants())
    if config.format is Format.KNOCKOUT:
        return knockout.rounds_needed(count)
    if config.format is Format.ROUND_ROBIN:
        return (count - 1 + count % 2) * (2 if config.double else 1)
    raise ConfigError("an arena has no rounds: pair its waiting players with arena_wave")


def pair_next_round(record: EventRecord, seed: str) -> EventRecord:
    """The record with its next round paired (games to be played: ``pending_games``)."""
    _open(record)
    check_seed(record, seed)
    number = len(record.rounds) + 1
    if number > planned_rounds(record):
        raise ConfigError(f"all {planned_rounds(record)} rounds have been paired")
    for pairing in record.rounds[-1].pairings if record.rounds else ():
        if not pairing_over(record, pairing):
            raise ConfigError(f"round {number - 1} is not over: board {pairing.board} is on")
    boards = _boards(record, number, seed)
    pairings = tuple(
        Pairing(board=k + 1, first=first, second=second) for k, (first, second) in enumerate(boards)
    )
    pairings = tuple(_walkovers(record, p, number) for p in pairings)
    return replace(record, rounds=(*record.rounds, Round(number, pairings)))


def _boards(record: EventRecord, number: int, seed: str) -> list[tuple[str, str | None]]:
    config = record.config
    status = record.status(before_round=number)
    if config.format is Format.SWISS:
        players = swiss_players(record, number, seed)
        if (
            number == 1
            and config.rounds is not None
            and config.rounds > len(players) - 1 + (len(players) % 2)
        ):
            most = len(players) - 1 + len(players) % 2
            raise ConfigError(
                f"{config.rounds} rounds is more than {len(players)} entrants can "
                f"play without rematches (at most {most})"
            )
        return pair_swiss(
            players, seats_matter=config.seats_matter, lot_seat=lot(seed, "first-seat") % 2
        )
    seeded = seeding(record, record.all_entrants(), seed)
    if config.format is Format.ROUND_ROBIN:
        return roundrobin.round_robin_schedule(seeded, double=config.double)[number - 1]
    return knockout.next_round(
        seeded,
        record.rounds,
        best_of=config.best_of,
        max_deciders=config.max_deciders,
        third_place=config.third_place,
        gone=frozenset(status),
    )


def _walkovers(record: EventRecord, pairing: Pairing, number: int) -> Pairing:
    """A round-robin board whose entrant has left is forfeited at once."""
    if record.config.format is not Format.ROUND_ROBIN or pairing.second is None:
        return pairing
    gone = record.status(before_round=number)
    if pairing.first not in gone and pairing.second not in gone:
        return pairing
    outcome = (
        Outcome.BOTH_FORFEIT
        if pairing.first in gone and pairing.second in gone
        else Outcome.FIRST_FORFEITS
        if pairing.first in gone
        else Outcome.SECOND_FORFEITS
    )
    game = Game(pairing.first, pairing.second, outcome=outcome, reason="withdrawn")
    return replace(pairing, games=(game,))


def swiss_players(record: EventRecord, number: int, seed: str) -> list[SwissPlayer]:
    """The snapshot a Swiss pairs round ``number`` from: every entrant still in the event."""
    gone = record.status(before_round=number)
    entered = record.entered_before(number)
    numbers = {eid: k + 1 for k, eid in enumerate(seeding(record, entered, seed))}
    table = results_by_entrant([e.id for e in entered], record.rounds, record.config.bye_points)
    forbidden = record.forbidden(before_round=number)
    players = []
    for entrant in entered:
        if entrant.id in gone:
            continue
        results = table[entrant.id]
        players.append(
            SwissPlayer(
                id=entrant.id,
                score=sum(r.points for r in results),
                number=numbers[entrant.id],
                opponents=tuple(r.opponent for r in results if r.opponent is not None),
                seats=tuple(
                    r.seat for r in results if r.seat is not None and r.kind.over_the_board
                ),
                had_bye=any(r.kind in (ResultKind.BYE, ResultKind.FORFEIT_WIN) for r in results),
                forbidden=forbidden.get(entrant.id, frozenset()),
            )
        )
    return players


# -- games and results -----------------------------------------------------------------------


@dataclass(frozen=True)
class ScheduledGame:
    """A game the server is to start: which round and board, and who sits where."""

    round: int
    board: int
    game: int
    first: str
    second: str


def next_seats(record: EventRecord, pairing: Pairing) -> tuple[str, str] | None:
    """Who sits where in the board's next game, None when none is due."""
    if pairing.second is None:
        return None
    if record.config.format is Format.KNOCKOUT:
        return knockout.series_state(
            pairing.first,
            pairing.second,
            pairing.games,
            record.config.best_of,
            record.config.max_deciders,
        ).next_seats
    return None if pairing.games else (pairing.first, pairing.second)


def pairing_over(record: EventRecord, pairing: Pairing) -> bool:
    """True when the board needs no more games."""
    if pairing.second is None:
        return True
    if any(g.outcome is None for g in pairing.games):
        return False
    return next_seats(record, pairing) is None


def pending_games(record: EventRecord) -> list[ScheduledGame]:
    """The games due to start now: the next game of every series of the current round (every
    wave's unstarted games in an arena)."""
    rounds = record.rounds if record.config.format is Format.ARENA else record.rounds[-1:]
    due = []
    for rnd in rounds:
        for pairing in rnd.pairings:
            if any(g.outcome is None for g in pairing.games):
                continue
            seats = next_seats(record, pairing)
            if seats is not None:
                due.append(ScheduledGame(rnd.number, pairing.board, len(pairing.games), *seats))
    return due


def _board(record: EventRecord, round_number: int, board: int) -> tuple[int, Pairing]:
    if not (isinstance(round_number, int) and 1 <= round_number <= len(record.rounds)):
        raise ConfigError(
            f"no round {quote_value(round_number)}: {len(record.rounds)} rounds have been paired"
        )
    pairings = record.rounds[round_number - 1].pairings
    for index, pairing in enumerate(pairings):
        if pairing.board == board:
            return index, pairing
    raise ConfigError(f"round {round_number} has no board {quote_value(board)}")


def start_game(record: EventRecord, round_number: int, board: int, match_id: str) -> EventRecord:
    """Record that the board's next game has started as match ``match_id``."""
    _open(record)
    index, pairing = _board(record, round_number, board)
    if any(g.outcome is None for g in pairing.games):
        raise ConfigError(f"round {round_number} board {board} already has a game on")
    seats = next_seats(record, pairing)
    if seats is None:
        raise ConfigError(f"round {round_number} board {board} has no game due")
    game = Game(seats[0], seats[1], match_id=match_id)
    return _put(record, round_number, index, pairing.with_game(len(pairing.games), game))


def _put(record: EventRecord, round_number: int, index: int, pairing: Pairing) -> EventRecord:
    rnd = record.rounds[round_number - 1]
    pairings = list(rnd.pairings)
    pairings[index] = pairing
    rounds = list(record.rounds)
    rounds[round_number - 1] = replace(rnd, pairings=tuple(pairings))
    return replace(record, rounds=tuple(rounds))


def report_result(
    record: EventRecord,
    round_number: int,
    board: int,
    outcome: Outcome,
    match_id: str | None = None,
    *,
    ended_at: float | None = None,
    adjudicated: bool = False,
    reason: str = "",
) -> EventRecord:
    """The board's current game ended with ``outcome`` (starting it first if not started)."""
    _open(record)
    if not isinstance(outcome, Outcome):
        raise ConfigError(
            f"an outcome is one of {', '.join(o.value for o in Outcome)}, "
            f"not {quote_value(outcome)}"
        )
    if record.config.format is Format.ARENA and ended_at is None:
        raise ConfigError("an arena game's result needs the time it ended (ended_at)")
    index, pairing = _board(record, round_number, board)
    on = [k for k, g in enumerate(pairing.games) if g.outcome is None]
    if not on:
        record = start_game(record, round_number, board, match_id or "")
        index, pairing = _board(record, round_number, board)
        on = [len(pairing.games) - 1]
    game = pairing.games[on[0]]
    if match_id is not None and game.match_id and game.match_id != match_id:
        raise ConfigError(
            f"round {round_number} board {board} is playing match "
            f"{quote_value(game.match_id)}, not {quote_value(match_id)}"
        )
    done = replace(
        game,
        match_id=game.match_id or match_id,
        outcome=outcome,
        adjudicated=adjudicated,
        reason=reason,
        ended_at=ended_at,
    )
    return _put(record, round_number, index, pairing.with_game(on[0], done))


def adjudicate(
    record: EventRecord, round_number: int, board: int, outcome: Outcome, reason: str
) -> EventRecord:
    """The host decides the board's current game: recorded as adjudicated, with the reason."""
    if not reason.strip():
        raise ConfigError("an adjudication needs a reason")
    record = report_result(record, round_number, board, outcome, adjudicated=True, reason=reason)
    return _act(
        record,
        HostAction(
            ActionKind.ADJUDICATE,
            len(record.rounds),
            round=round_number,
            board=board,
            outcome=outcome,
            reason=reason,
        ),
    )


def forfeit(
    record: EventRecord,
    round_number: int,
    board: int,
    absent: Sequence[str],
    reason: str = "no-show",
) -> EventRecord:
    """The board's current game is forfeited by the ``absent`` entrants (one or both): it
    counts in the standings, never in ratings."""
    _, pairing = _board(record, round_number, board)
    seats = next_seats(record, pairing)
    on = [g for g in pairing.games if g.outcome is None]
    first, second = (on[0].first, on[0].second) if on else seats or (None, None)
    unknown = [a for a in absent if a not in (first, second)]
    if not absent or unknown or first is None:
        raise ConfigError(
            f"round {round_number} board {board}: the absent must be among the "
            f"entrants of its current game, not {quote_value(list(absent))}"
        )
    outcome = (
        Outcome.BOTH_FORFEIT
        if len(set(absent)) == 2
        else Outcome.FIRST_FORFEITS
        if first in absent
        else Outcome.SECOND_FORFEITS
    )
    record = report_result(record, round_number, board, outcome, reason=reason)
    return _act(
        record,
        HostAction(
            ActionKind.FORFEIT,
            len(record.rounds),
            round=round_number,
            board=board,
            outcome=outcome,
            reason=reason,
        ),
    )


# -- standings and the close -----------------------------------------------------------------


def standings(record: EventRecord) -> list[Standing]:
    """The standings now (games still on count for nothing yet)."""
    config = record.config
    entrants = [record.entrant(e.id) for e in record.all_entrants()]
    if config.format is Format.ARENA:
        from duelhost.events.arena import arena_standings

        return arena_standings(record, at=None)
    tiebreaks = ROUND_ROBIN_TIEBREAKS if config.format is Format.ROUND_ROBIN else SWISS_TIEBREAKS
    lines = rank_entrants(
        entrants,
        record.rounds,
        tiebreaks=tiebreaks,
        bye_points=config.bye_points,
        status=record.status(),
    )
    if config.format is not Format.KNOCKOUT:
        return lines
    return _knockout_standings(record, lines)


def _knockout_standings(record: EventRecord, lines: list[Standing]) -> list[Standing]:
    """Knockout lines by place (how far each went in the bracket); points are game points
    over every series, W/D/L every game; no tie-breaks (a shared place stays shared)."""
    places = knockout.knockout_places(
        [e.id for e in record.all_entrants()],
        record.rounds,
        record.config.best_of,
        record.config.max_deciders,
    )
    tally = {line.entrant.id: [0.0, 0, 0, 0] for line in lines}
    for game in (g for r in record.rounds for p in r.pairings for g in p.games):
        if game.outcome is None:
            continue
        for seat, eid in enumerate((game.first, game.second)):
            points = game.outcome.points(seat)
            tally[eid][0] += points
            if game.outcome.played:
                tally[eid][{1.0: 1, 0.5: 2, 0.0: 3}[points]] += 1
    ranked = sorted(lines, key=lambda line: (places[line.entrant.id], -tally[line.entrant.id][0]))
    return [
        replace(
            line,
            rank=places[line.entrant.id],
            points=tally[line.entrant.id][0],
            tiebreaks=(),
            wins=int(tally[line.entrant.id][1]),
            draws=int(tally[line.entrant.id][2]),
            losses=int(tally[line.entrant.id][3]),
        )
        for line in ranked
    ]


def close_event(record: EventRecord, seed: str) -> EventRecord:
    """Close the event: reveal the seed and publish the standings."""
    _open(record)
    check_seed(record, seed)
    for pairing in record.rounds[-1].pairings if record.rounds else ():
        if not pairing_over(record, pairing) and record.config.format is not Format.ARENA:
            raise ConfigError(f"round {len(record.rounds)} board {pairing.board} is still on")
    closed = replace(record, seed=seed, closed=True)
    lines = tuple(line.to_json() for line in standings(closed))
    return replace(closed, standings=lines)


def rated_games(record: EventRecord) -> list[Game]:
    """The games that may count for ratings: finished over the board, never a forfeit."""
    if not record.config.rated:
        return []
    return [g for r in record.rounds for p in r.pairings for g in p.games if g.rated]


__all__ = [
    "ResultKind",
    "ScheduledGame",
    "add_entrant",
    "adjudicate",
    "check_seed",
    "close_event",
    "disqualify",
    "forbid_pairing",
    "forfeit",
    "next_seats",
    "open_event",
    "pair_next_round",
    "pairing_over",
    "pending_games",
    "planned_rounds",
    "rated_games",
    "report_result",
    "seeding",
    "standings",
    "start_game",
    "substitute",
    "swiss_players",
    "withdraw",
]
