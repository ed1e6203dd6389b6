"""A Swiss event as a FIDE Tournament Report File (TRF-16), so another engine can re-pair it.

The player lines (``001``) follow the TRF-16 column layout: starting rank in columns 5-8, name
15-47, rating 49-52, points 81-84, rank 86-89, and from column 92 ten columns per round:
opponent's starting rank (4), seat as colour (``w`` seat 0, ``b`` seat 1, ``-`` none) and the
result (``1 = 0`` over the board, ``+ -`` forfeits, ``U`` the pairing-allocated bye, ``Z`` not
paired). The header gives the event's name (``012``), number of players (``062``), the system
(``092``) and, as the TRFx extension JaVaFo and bbpPairings read, the number of rounds
(``XXR``). Rounds still being played are left out. Lines end with CR LF as the format asks.
"""

from __future__ import annotations

from duelhost.core.errors import ConfigError
from duelhost.events.director import pairing_over, seeding, standings
from duelhost.events.model import Round
from duelhost.events.record import EventRecord, Format
from duelhost.events.standings import ResultKind, results_by_entrant

_RESULT_CODES = {
    ResultKind.WIN: "1",
    ResultKind.DRAW: "=",
    ResultKind.LOSS: "0",
    ResultKind.FORFEIT_WIN: "+",
    ResultKind.FORFEIT_LOSS: "-",
}


def _put(line: list[str], column: int, text: str) -> None:
    """Write ``text`` into ``line`` starting at 1-based ``column``."""
    end = column - 1 + len(text)
    if len(line) < end:
        line.extend(" " * (end - len(line)))
    line[column - 1 : end] = list(text)


def to_trf(record: EventRecord, seed: str | None = None) -> str:
    """The TRF-16 text of a Swiss event's finished rounds.

    Starting ranks are the pairing numbers: by rating, equal ratings by the seed's lots (the
    revealed seed, or ``seed``); without a seed equal ratings keep their order of entry.
    """
    if record.config.format is not Format.SWISS:
        raise ConfigError("a TRF file describes a Swiss event")
    seed = seed if seed is not None else record.seed
    entrants = record.all_entrants()
    if seed is None:
        order = [e.id for e in sorted(entrants, key=lambda e: -e.rating)]
    else:
        order = seeding(record, entrants, seed)
    number = {eid: k + 1 for k, eid in enumerate(order)}
    rounds = [r for r in record.rounds if all(pairing_over(record, p) for p in r.pairings)]
    table = results_by_entrant(order, rounds, record.config.bye_points)
    rank = {line.entrant.id: line.rank for line in standings(record)}
    lines = [
        f"012 {record.event_id}",
        f"062 {len(order)}",
        "092 Individual: Swiss-System (duelhost, maximum-weight matching)",
        f"XXR {record.config.rounds}",
    ]
    by_id = {e.id: e for e in entrants}
    for eid in order:
        line = list("001")
        _put(line, 5, f"{number[eid]:>4}")
        _put(line, 15, f"{record.entrant(eid).name[:33]:<33}")
        _put(line, 49, f"{by_id[eid].rating:>4}" if 0 < by_id[eid].rating < 10000 else "    ")
        _put(line, 81, f"{sum(r.points for r in table[eid]):>4.1f}")
        _put(line, 86, f"{rank[eid]:>4}")
        for k, result in enumerate(table[eid]):
            column = 92 + 10 * k
            if result.kind is ResultKind.BYE:
                code = (
                    "U"
                    if record.config.bye_points == 1
                    else ("H" if record.config.bye_points == 0.5 else "Z")
                )
                _put(line, column, f"0000 - {code}")
            elif result.kind is ResultKind.ABSENT or result.opponent is None:
                _put(line, column, "0000 - Z")
            else:
                seat = _scheduled_seat(rounds[k], eid)
                colour = "w" if seat == 0 else "b"
                _put(
                    line,
                    column,
                    f"{number[result.opponent]:>4} {colour} {_RESULT_CODES[result.kind]}",
                )
        lines.append("".join(line).rstrip())
    return "\r\n".join(lines) + "\r\n"


def _scheduled_seat(rnd: Round, entrant_id: str) -> int:
    """The seat (0 or 1) ``entrant_id`` was paired in: the games' first one, else the board's."""
    pairing = rnd.pairing_of(entrant_id)
    if pairing is None:
        raise ConfigError(f"{entrant_id} has a result but no board in round {rnd.number}")
    first = pairing.games[0].first if pairing.games else pairing.first
    return 0 if first == entrant_id else 1
