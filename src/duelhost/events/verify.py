"""Checking an event record: seed, pairings, games, host actions and the published standings.

``verify_event`` replays the record from its opening: before each round (or arena wave) it
re-pairs from the revealed seed, the results published so far and the host actions taken by
then, and compares with the published pairing; it checks that each board's games are the ones
due (seats, series length), that every adjudicated or forfeited game has its host action, and
it recomputes the standings and compares them with the published ones. Each game's match
record is checked by a callback (``check_match``) the caller supplies: the match verifier of
``duelhost verify``, which this package does not know.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace

from duelhost.core.errors import ConfigError
from duelhost.events.arena import wave_pairs
from duelhost.events.director import next_seats, pair_next_round, standings
from duelhost.events.model import Game, Pairing, Round, seed_commitment
from duelhost.events.record import ActionKind, EventRecord, Format

MatchCheck = Callable[[Game], "str | None"]
"""Checks one game against its match record: None when they agree, else what is wrong."""

PROBLEM_LIMIT = 50


@dataclass(frozen=True)
class VerifyReport:
    """What the verifier found: ``problems`` (empty when the record holds) and what it checked."""

    problems: tuple[str, ...]
    rounds_checked: int
    games_checked: int
    matches_checked: int

    @property
    def ok(self) -> bool:
        """True when no problem was found."""
        return not self.problems

    def summary(self) -> str:
        """One paragraph for a terminal."""
        head = (
            f"{self.rounds_checked} rounds re-paired, {self.games_checked} games and "
            f"{self.matches_checked} match records checked: "
        )
        if self.ok:
            return head + "the event record holds."
        return (
            head + f"{len(self.problems)} problems:\n" + "\n".join(f"- {p}" for p in self.problems)
        )


def _describe(pairing: Pairing) -> str:
    second = "bye" if pairing.second is None else pairing.second
    return f"{pairing.first} - {second}"


def _compare_round(published: Round, expected: Sequence[Pairing], label: str) -> list[str]:
    problems = []
    if len(published.pairings) != len(expected):
        problems.append(
            f"{label}: {len(published.pairings)} boards published, the re-pairing "
            f"from the seed and the results makes {len(expected)}"
        )
    for mine, theirs in zip(published.pairings, expected, strict=False):
        if (mine.board, mine.first, mine.second) != (theirs.board, theirs.first, theirs.second):
            problems.append(
                f"{label} board {mine.board}: published {_describe(mine)}, the "
                f"re-pairing from the seed and the results gives {_describe(theirs)}"
            )
    return problems


def _check_games(
    record: EventRecord, published: Round, expected: Sequence[Pairing], label: str
) -> list[str]:
    """Games on each board are the ones due, and decided games are explained."""
    problems = []
    actions = {(a.kind, a.round, a.board, a.outcome) for a in record.actions}
    walkovers = {p.board: p.games for p in expected if p.games}
    for pairing in published.pairings:
        where = f"{label} board {pairing.board}"
        if pairing.board in walkovers:
            if pairing.games != walkovers[pairing.board]:
                problems.append(f"{where}: the walkover of a withdrawn entrant was changed")
            continue
        for index, game in enumerate(pairing.games):
            due = next_seats(record, replace(pairing, games=pairing.games[:index]))
            if due != (game.first, game.second):
                problems.append(
                    f"{where} game {index + 1}: {game.first} - {game.second} was "
                    f"not due (due: {'none' if due is None else ' - '.join(due)})"
                )
            if game.outcome is None:
                continue
            key = (published.number, pairing.board, game.outcome)
            if game.adjudicated and (ActionKind.ADJUDICATE, *key) not in actions:
                problems.append(
                    f"{where}: adjudicated {game.outcome.value} without the host's "
                    "adjudication among the actions"
                )
            if not game.outcome.played and (ActionKind.FORFEIT, *key) not in actions:
                problems.append(
                    f"{where}: forfeit {game.outcome.value} without the host's "
                    "forfeit among the actions"
                )
    return problems


def _replay(record: EventRecord, seed: str) -> tuple[list[str], int]:
    """Re-pair every round from the seed; the problems and the number of rounds re-paired."""
    problems: list[str] = []
    base = replace(record, rounds=(), actions=(), seed=None, closed=False, standings=())
    for k, published in enumerate(record.rounds, start=1):
        label = f"round {k}" if record.config.format is not Format.ARENA else f"wave {k}"
        actions = tuple(a for a in record.actions if a.after_round < k)
        base = replace(base, rounds=record.rounds[: k - 1], actions=actions)
        try:
            if record.config.format is Format.ARENA:
                at = published.at if published.at is not None else -1.0
                pairs = wave_pairs(base, published.waiting, at)
                expected = [Pairing(n + 1, a, b) for n, (a, b) in enumerate(pairs)]
            else:
                expected = list(pair_next_round(base, seed).rounds[-1].pairings)
        except ConfigError as error:
            problems.append(f"{label} cannot be re-paired: {error}")
            return problems, k - 1
        problems += _compare_round(published, expected, label)
        problems += _check_games(
            replace(record, actions=record.actions), published, expected, label
        )
    return problems, len(record.rounds)


def _compare_standings(record: EventRecord) -> list[str]:
    if not record.standings:
        return [] if not record.closed else ["the closed event publishes no standings"]
    problems = []
    computed = [line.to_json() for line in standings(record)]
    published = {line.get("id"): line for line in record.standings}
    for line in computed:
        theirs = published.get(line["id"])
        if theirs is None:
            problems.append(f"standings: {line['id']} is missing from the published standings")
            continue
        for key in ("rank", "points", "tiebreaks"):
            if theirs.get(key) != line[key]:
                problems.append(
                    f"standings: {line['id']}'s {key} is {theirs.get(key)} in the "
                    f"record, {line[key]} recomputed from the results"
                )
    extra = set(published) - {line["id"] for line in computed}
    problems += [f"standings: {eid} is not an entrant" for eid in sorted(map(str, extra))]
    return problems


def verify_event(record: EventRecord, check_match: MatchCheck | None = None) -> VerifyReport:
    """Check the whole record; a tampered pairing, result or standing is reported by name."""
    problems: list[str] = []
    rounds_checked = 0
    if record.seed is None:
        problems.append(
            "the seed is not revealed (the event is not closed): the pairings cannot be re-drawn"
        )
    elif seed_commitment(record.seed) != record.seed_commitment:
        problems.append(
            "the revealed seed is not the one committed to at the opening (its SHA-256 differs)"
        )
    else:
        found, rounds_checked = _replay(record, record.seed)
        problems += found
    games = [g for r in record.rounds for p in r.pairings for g in p.games]
    matches = 0
    if check_match is not None:
        for game in games:
            if game.match_id:
                matches += 1
                problem = check_match(game)
                if problem:
                    problems.append(f"match {game.match_id}: {problem}")
    problems += _compare_standings(record)
    if len(problems) > PROBLEM_LIMIT:
        problems = [*problems[:PROBLEM_LIMIT], f"... and {len(problems) - PROBLEM_LIMIT} more"]
    return VerifyReport(tuple(problems), rounds_checked, len(games), matches)
