"""Standings with tie-breaks for Swiss and round-robin events, and their CSV and JSON exports.

Each entrant's rounds are read as results (win, draw, loss, forfeit win or loss, bye, absent);
games still being played count for nothing yet. The tie-breaks, in order (docs/events.md):

- Swiss: points, Buchholz cut-1, Sonneborn-Berger, direct encounter, wins;
- round robin: points, direct encounter, Sonneborn-Berger, wins.

Buchholz sums, over each round of the entrant, the *adjusted* score of the opponent met over
the board: the opponent's points with each round it did not play over the board (bye, forfeit,
absence) counted as a draw. A round the entrant itself did not play over the board (bye, forfeit
won or lost, absent) counts as a virtual opponent with the entrant's own points (FIDE's 2023
rule); cut-1 drops the lowest contribution. Sonneborn-Berger sums each contribution times the
points the entrant scored in that round. Direct encounter is the points scored in the games
among the entrants still tied, used only when every two of them have met. Wins are games won
over the board.
"""

from __future__ import annotations

import csv
import io
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from enum import StrEnum
from typing import Any

from duelhost.events.model import Entrant, Round


class ResultKind(StrEnum):
    """What one round was for one entrant."""

    WIN = "win"
    DRAW = "draw"
    LOSS = "loss"
    FORFEIT_WIN = "forfeit win"
    FORFEIT_LOSS = "forfeit loss"
    BYE = "bye"
    ABSENT = "absent"
    PLAYING = "playing"

    @property
    def over_the_board(self) -> bool:
        """True for a game played (won, drawn or lost)."""
        return self in (ResultKind.WIN, ResultKind.DRAW, ResultKind.LOSS)


@dataclass(frozen=True)
class RoundResult:
    """One entrant's result in one round."""

    round: int
    kind: ResultKind
    points: float = 0.0
    opponent: str | None = None
    seat: int | None = None


SWISS_TIEBREAKS = ("buchholz_cut1", "sonneborn_berger", "direct_encounter", "wins")
ROUND_ROBIN_TIEBREAKS = ("direct_encounter", "sonneborn_berger", "wins")


def results_by_entrant(
    entrant_ids: Sequence[str], rounds: Sequence[Round], bye_points: float
) -> dict[str, list[RoundResult]]:
    """Every entrant's result in every round (``ABSENT`` where it was not paired)."""
    table: dict[str, list[RoundResult]] = {eid: [] for eid in entrant_ids}
    for rnd in rounds:
        seen: set[str] = set()
        for pairing in rnd.pairings:
            if pairing.second is None:
                table[pairing.first].append(RoundResult(rnd.number, ResultKind.BYE, bye_points))
                seen.add(pairing.first)
                continue
            game = pairing.games[0] if pairing.games else None
            for seat, eid in enumerate((pairing.first, pairing.second)):
                opponent = pairing.second if seat == 0 else pairing.first
                table[eid].append(_result(rnd.number, game, seat, opponent))
                seen.add(eid)
        for eid in table:
            if eid not in seen:
                table[eid].append(RoundResult(rnd.number, ResultKind.ABSENT))
    return table


def _result(number: int, game: Any, seat: int, opponent: str) -> RoundResult:
    if game is None or game.outcome is None:
        return RoundResult(number, ResultKind.PLAYING, 0.0, opponent, seat)
    points = game.outcome.points(seat)
    if game.outcome.played:
        kind = {1.0: ResultKind.WIN, 0.5: ResultKind.DRAW}.get(points, ResultKind.LOSS)
        return RoundResult(number, kind, points, opponent, seat)
    kind = ResultKind.FORFEIT_WIN if points else ResultKind.FORFEIT_LOSS
    return RoundResult(number, kind, points, opponent, None)


@dataclass(frozen=True)
class Standing:
    """One line of the standings."""

    rank: int
    entrant: Entrant
    points: float
    tiebreaks: tuple[tuple[str, float], ...]
    wins: int
    draws: int
    losses: int
    status: str = "active"

    def to_json(self) -> dict[str, Any]:
        """The line as a JSON object."""
        return {
            "rank": self.rank,
            "id": self.entrant.id,
            "name": self.entrant.name,
            "kind": self.entrant.kind.value,
            "rating": self.entrant.rating,
            "points": self.points,
            "tiebreaks": dict(self.tiebreaks),
            "wins": self.wins,
            "draws": self.draws,
            "losses": self.losses,
            "status": self.status,
        }


def _adjusted(results: Sequence[RoundResult]) -> float:
    return sum(
        r.points if r.kind.over_the_board else 0.5
        for r in results
        if r.kind is not ResultKind.PLAYING
    )


def tiebreak_values(table: Mapping[str, Sequence[RoundResult]]) -> dict[str, dict[str, float]]:
    """Buchholz, Buchholz cut-1, Sonneborn-Berger and wins of every entrant."""
    points = {eid: sum(r.points for r in rs) for eid, rs in table.items()}
    adjusted = {eid: _adjusted(rs) for eid, rs in table.items()}
    values: dict[str, dict[str, float]] = {}
    for eid, results in table.items():
        contributions: list[tuple[float, float]] = []
        for r in results:
            if r.kind is ResultKind.PLAYING:
                continue
            if r.kind.over_the_board and r.opponent is not None:
                contributions.append((adjusted[r.opponent], r.points))
            else:
                contributions.append((points[eid], r.points))
        buchholz = sum(c for c, _ in contributions)
        cut = min((c for c, _ in contributions), default=0.0)
        values[eid] = {
            "buchholz": buchholz,
            "buchholz_cut1": buchholz - cut,
            "sonneborn_berger": sum(c * p for c, p in contributions),
            "wins": float(sum(r.kind is ResultKind.WIN for r in results)),
        }
    return values


def _direct_encounter(
    group: Sequence[str], table: Mapping[str, Sequence[RoundResult]]
) -> dict[str, float]:
    """Points scored among ``group`` when every two of its entrants have met, else zeros."""
    members = set(group)
    scored = dict.fromkeys(group, 0.0)
    met: set[frozenset[str]] = set()
    for eid in group:
        for r in table[eid]:
            if r.opponent in members and r.kind is not ResultKind.PLAYING:
                scored[eid] += r.points
                met.add(frozenset((eid, r.opponent)))
    if len(met) < len(group) * (len(group) - 1) // 2:
        return dict.fromkeys(group, 0.0)
    return scored


def rank_entrants(
    entrants: Sequence[Entrant],
    rounds: Sequence[Round],
    *,
    tiebreaks: Sequence[str],
    bye_points: float,
    status: Mapping[str, str] | None = None,
) -> list[Standing]:
    """The standings: by points, then each tie-break in turn; equal on all shares a rank.

    Disqualified entrants are listed last, after everyone else, in the same order.
    """
    status = status or {}
    ids = [e.id for e in entrants]
    table = results_by_entrant(ids, rounds, bye_points)
    values = tiebreak_values(table)
    for eid in ids:
        values[eid]["points"] = sum(r.points for r in table[eid])
    keys = ["points", *tiebreaks]
    # Sort on the criteria before direct encounter, then settle each tied group by it.
    order = sorted(
        ids, key=lambda e: tuple(-values[e].get(k, 0.0) for k in keys if k != "direct_encounter")
    )
    if "direct_encounter" in keys:
        _apply_direct_encounter(order, keys, values, table)
    order.sort(key=lambda e: (status.get(e) == "disqualified", *(-values[e][k] for k in keys)))
    by_id = {e.id: e for e in entrants}
    standings: list[Standing] = []
    for position, eid in enumerate(order):
        key = tuple(values[eid][k] for k in keys)
        previous = standings[-1] if standings else None
        same = (
            previous is not None
            and key == tuple(values[previous.entrant.id][k] for k in keys)
            and status.get(eid, "active") == previous.status
        )
        results = table[eid]
        standings.append(
            Standing(
                rank=previous.rank if same and previous is not None else position + 1,
                entrant=by_id[eid],
                points=values[eid]["points"],
                tiebreaks=tuple((k, values[eid][k]) for k in tiebreaks),
                wins=sum(r.kind is ResultKind.WIN for r in results),
                draws=sum(r.kind is ResultKind.DRAW for r in results),
                losses=sum(r.kind is ResultKind.LOSS for r in results),
                status=status.get(eid, "active"),
            )
        )
    return standings


def _apply_direct_encounter(
    order: list[str],
    keys: Sequence[str],
    values: dict[str, dict[str, float]],
    table: Mapping[str, Sequence[RoundResult]],
) -> None:
    """Fill ``direct_encounter`` for each group tied on the criteria before it."""
    before = keys[: keys.index("direct_encounter")]
    start = 0
    while start < len(order):
        head = tuple(values[order[start]][k] for k in before)
        end = start + 1
        while end < len(order) and tuple(values[order[end]][k] for k in before) == head:
            end += 1
        group = order[start:end]
        scored = _direct_encounter(group, table) if len(group) > 1 else {group[0]: 0.0}
        for eid, value in scored.items():
            values[eid]["direct_encounter"] = value
        start = end


def standings_json(standings: Sequence[Standing]) -> list[dict[str, Any]]:
    """The standings as a JSON array (one object a line of the table)."""
    return [line.to_json() for line in standings]


def standings_csv(standings: Sequence[Standing]) -> str:
    """The standings as CSV: rank, id, name, kind, rating, points, each tie-break, W/D/L,
    status; a header line first."""
    buffer = io.StringIO()
    writer = csv.writer(buffer, lineterminator="\n")
    names = [name for name, _ in standings[0].tiebreaks] if standings else []
    writer.writerow(
        ["rank", "id", "name", "kind", "rating", "points", *names, "won", "drawn", "lost", "status"]
    )
    for line in standings:
        writer.writerow(
            [
                line.rank,
                line.entrant.id,
                line.entrant.name,
                line.entrant.kind.value,
                line.entrant.rating,
                _number(line.points),
                *(_number(value) for _, value in line.tiebreaks),
                line.wins,
                line.draws,
                line.losses,
                line.status,
            ]
        )
    return buffer.getvalue()


def _number(value: float) -> str:
    """``3`` for 3.0, ``2.5`` for 2.5: points as people write them."""
    return str(int(value)) if float(value).is_integer() else f"{value:g}"
