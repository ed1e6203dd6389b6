"""An event's director: the server side of ``duelhost.events.director``, game-agnostic.

Each pass (on a wake: a match of the event ended, the host acted; else every ``tick``):

1. an event waiting for its autostart time starts once it has come;
2. the results of the event's matches that ended (read from the store, so a match hosted by
   another process counts too) go into the record: a win, a draw, the host's adjudication, a
   no-show's forfeit;
3. the no-show rule: a human seat not taken ``no_show_grace`` seconds after its match was made
   forfeits (the match ends, adjudicated "no-show"; the event counts a forfeit, never rated);
4. an arena pairs its waiting players at once (``arena_wave``) and closes at its end; a Swiss,
   round robin or knockout pairs its next round when the round is over and the host asked
   (``POST .../rounds``) or the event pairs by itself (``auto``), and closes after its last
   round when ``auto``;
5. every game due (``pending_games``) gets its match through the hub: bots seated as bots,
   the other entries as human seats with single-use invites (kept sealed in the settings).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from dataclasses import replace
from typing import TYPE_CHECKING, Any

from duelhost.core.errors import ConfigError, IllegalAction
from duelhost.events import (
    ActionKind,
    Format,
    HostAction,
    Outcome,
    arena_wave,
    pending_games,
    planned_rounds,
    report_result,
    start_game,
)
from duelhost.events.arena import busy, present
from duelhost.events.director import pairing_over
from duelhost.events.model import EntrantKind
from duelhost.ratings.pools import pool_of
from duelhost.server.events.actions import start_event
from duelhost.server.events.state import EventState, seal
from duelhost.server.events.steps import arena_time, close, pair_round
from duelhost.server.hub import Busy, NotFound
from duelhost.store.event_ratings import SeriesDue

if TYPE_CHECKING:
    from duelhost.server.events.service import EventService

log = logging.getLogger("duelhost.server.events")


async def run(service: EventService, event_id: str) -> None:
    """The director's loop, until the event closes (or this process stops running it)."""
    while True:
        wake = service.wakes.get(event_id)
        if wake is None:
            return
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(wake.wait(), timeout=service.tick)
        wake.clear()
        try:
            state = await service.current(event_id)
            if state.phase == "closed":
                return
            await one_pass(service, state)
        except asyncio.CancelledError:
            raise
        except Exception:
            log.exception("event director pass failed", extra={"event": event_id})


async def one_pass(service: EventService, state: EventState) -> None:
    now = service.hub.now()
    event_id = state.id
    if state.phase == "entry":
        autostart = state.settings.autostart_at
        if autostart is not None and autostart <= now:
            await service.change(event_id, lambda s: start_event(s, service.hub.now()))
        return
    await take_results(service, event_id)
    await no_shows(service, event_id)
    state = await service.get(event_id)
    if state.record.config.format is Format.ARENA:
        await arena_pass(service, event_id)
    else:
        await rounds_pass(service, event_id)
    state = await service.get(event_id)
    if state.phase == "running":
        await start_games(service, event_id)


# -- results -----------------------------------------------------------------------------------


def outcome_of(result: dict[str, Any] | None) -> Outcome:
    """A finished match's outcome for the event: its winner's win, else a draw; a match the
    server abandoned (nobody acted) is a double forfeit."""
    result = result or {}
    winner = result.get("winner")
    if winner == 0:
        return Outcome.FIRST_WINS
    if winner == 1:
        return Outcome.SECOND_WINS
    if str(result.get("reason", "")).startswith("abandoned"):
        return Outcome.BOTH_FORFEIT
    return Outcome.DRAW


async def take_results(service: EventService, event_id: str) -> None:
    state = await service.get(event_id)
    on = state.match_ids_on()
    if not on:
        return
    ended = await asyncio.to_thread(service.store.results, sorted(on))
    if not ended:
        return
    now = service.hub.now()

    def report(s: EventState) -> list[dict[str, Any]]:
        entries = []
        on_now = s.match_ids_on()
        for match_id, result in sorted(ended.items()):
            if match_id not in on_now:
                continue  # reported meanwhile
            number, board = on_now[match_id]
            entries.append(record_result(s, number, board, match_id, result, now))
            series_decided(s, number, board)
        return entries

    await service.change(event_id, report)


NO_SHOW = "adjudicated: no-show"


def record_result(
    s: EventState, number: int, board: int, match_id: str, result: dict[str, Any] | None, now: float
) -> dict[str, Any]:
    """Put one finished match's result into the record; the log entry that says so. A match
    the no-show rule ended is a forfeit of the absent (both when it was adjudicated a draw)."""
    arena = s.record.config.format is Format.ARENA
    at = arena_time(s, now) if arena else None
    outcome = outcome_of(result)
    reason = str((result or {}).get("reason", ""))
    entry: dict[str, Any] = {
        "action": "result",
        "by": "director",
        "round": number,
        "board": board,
        "match": match_id,
    }
    if reason.startswith(NO_SHOW):
        outcome = {
            Outcome.FIRST_WINS: Outcome.SECOND_FORFEITS,
            Outcome.SECOND_WINS: Outcome.FIRST_FORFEITS,
        }.get(outcome, Outcome.BOTH_FORFEIT)
        kind, why = ActionKind.FORFEIT, "no-show"
    elif reason.startswith("adjudicated: "):
        kind, why = ActionKind.ADJUDICATE, reason.removeprefix("adjudicated: ")
    else:
        s.record = report_result(s.record, number, board, outcome, match_id, ended_at=at)
        entry["outcome"] = outcome.value
        return entry
    record = report_result(
        s.record,
        number,
        board,
        outcome,
        match_id,
        ended_at=at,
        adjudicated=kind is ActionKind.ADJUDICATE,
        reason=why,
    )
    action = HostAction(
        kind, len(record.rounds), round=number, board=board, outcome=outcome, reason=why, at=at
    )
    s.record = replace(record, actions=(*record.actions, action))
    entry.update(outcome=outcome.value, **{kind.value: why})
    return entry


def series_decided(s: EventState, number: int, board: int) -> None:
    """A rated knockout's best-of-N series just decided is rated once, with the change that
    decided it (``store.event_ratings``): its games played over the board by the two entrants'
    accounts (a forfeit never counts), as one game won, drawn or lost. A series' own matches
    are unrated."""
    config = s.record.config
    if not config.rated or config.format is not Format.KNOCKOUT or config.best_of == 1:
        return
    pairing = s.record.rounds[number - 1].pairings[board - 1]
    if pairing.second is None or not pairing_over(s.record, pairing):
        return
    accounts = s.account_of(pairing.first), s.account_of(pairing.second)
    played = tuple(g.match_id for g in pairing.games if g.match_id and g.rated)
    if accounts[0] is None or accounts[1] is None or not played:
        return
    s.series_due.append(
        SeriesDue(played, pool_of(config.game, dict(config.options)), (accounts[0], accounts[1]))
    )


# -- the no-show rule ----------------------------------------------------------------------------


async def no_shows(service: EventService, event_id: str) -> None:
    state = await service.get(event_id)
    grace = state.settings.no_show_grace
    if grace is None:
        return
    now = service.hub.now()
    hub = service.hub
    for match_id, (number, board) in state.match_ids_on().items():
        game = state.settings.games.get(match_id, {})
        if now - float(game.get("created", now)) < grace:
            continue
        humans = [int(seat) for seat in game.get("invites", {})]
        if not humans:
            continue
        taken = await asyncio.to_thread(hub.store.seat_token_hashes, match_id)
        missing = [seat for seat in humans if seat not in taken]
        if not missing:
            continue
        players = state.record.rounds[number - 1].pairings[board - 1].games[-1]
        absent = [(players.first, players.second)[seat] for seat in missing]
        winner = None if len(missing) == 2 else 1 - missing[0]
        with contextlib.suppress(IllegalAction, NotFound):
            live = hub.get(match_id)
            await hub.host_act(
                live,
                "adjudicate",
                winner=winner,
                reason=f"no-show: {', '.join(absent)} did not take the seat within {grace:g} s",
            )


# -- pairing -------------------------------------------------------------------------------------


async def rounds_pass(service: EventService, event_id: str) -> None:
    state = await service.get(event_id)
    record = state.record
    over = not record.rounds or all(pairing_over(record, p) for p in record.rounds[-1].pairings)
    if not over:
        return
    if len(record.rounds) >= planned_rounds(record) and record.rounds:
        if state.settings.auto:
            await service.change(event_id, lambda s: close(s, service.hub.now(), "director"))
        return
    if state.settings.auto or state.settings.host_pairing:
        await service.change(event_id, pair_round)


async def arena_pass(service: EventService, event_id: str) -> None:
    state = await service.get(event_id)
    now = service.hub.now()
    at = arena_time(state, now)
    if at >= float(state.record.config.duration or 0):
        await service.change(event_id, lambda s: close(s, service.hub.now(), "director"))
        return
    record = state.record
    waiting = sorted(present(record, at) - busy(record, at))
    if len(waiting) < 2:
        return

    def wave(s: EventState) -> list[dict[str, Any]]:
        when = arena_time(s, service.hub.now())
        ready = sorted(present(s.record, when) - busy(s.record, when))
        paired = arena_wave(s.record, ready, when)
        if not paired.rounds[-1].pairings:
            return []
        s.record = paired
        return [
            {
                "action": "wave",
                "by": "director",
                "round": len(paired.rounds),
                "at": when,
                "boards": len(paired.rounds[-1].pairings),
            }
        ]

    if arena_wave(record, waiting, at).rounds[-1].pairings:
        await service.change(event_id, wave)


# -- starting games ------------------------------------------------------------------------------


def seat_of(state: EventState, entrant_id: str) -> dict[str, Any]:
    """How an entry sits in a match: a bot seat at its level, else a human seat."""
    holder = state.record.entrant(entrant_id)
    level = state.settings.seats.get(entrant_id, {}).get("bot")
    if holder.kind is EntrantKind.BOT and level:
        return {"kind": "bot", "bot": level}
    return {"kind": "human"}


CREATING_AT_ONCE = 16
"""Matches of one event created at once (each a store transaction in a thread)."""


async def start_games(service: EventService, event_id: str) -> None:
    """Make the match of every game due, then note them all in the record in one change."""
    state = await service.get(event_id)
    due_games = pending_games(state.record)
    if not due_games:
        return
    limit = asyncio.Semaphore(CREATING_AT_ONCE)

    async def make(due: Any) -> tuple[Any, Any] | None:
        seats = [seat_of(state, due.first), seat_of(state, due.second)]
        config, clock = state.record.config, state.settings.clock
        # A rated event's single games are rated matches (the ratings' rules leave out a
        # no-show, a guest's seat, an abandoned match), two bots' too (their accounts); a
        # best-of-N series is rated once when it is decided (``series_decided``), its matches
        # are not.
        rated = config.rated and config.best_of == 1
        async with limit:
            try:
                made = await service.hub.create(
                    config.game,
                    dict(config.options),
                    None,
                    {},
                    seats,
                    clock,
                    clock is None,
                    rated=rated,
                    bots_rated=True,
                )
            except Busy:
                return None  # the server is full: the next pass tries again
        service.match_event[made.live.match.id] = event_id
        return due, made

    made_games = [m for m in await asyncio.gather(*(make(d) for d in due_games)) if m]
    leftover: list[Any] = []
    now = service.hub.now()
    key = service.hub.server_key

    def begin(s: EventState) -> list[dict[str, Any]]:
        leftover.clear()
        entries = []
        for due, made in made_games:
            match_id = made.live.match.id
            try:
                s.record = start_game(s.record, due.round, due.board, match_id)
            except ConfigError:
                leftover.append(made)  # another director started this game meanwhile
                continue
            invites = {
                str(seat): seal(key, f"{match_id}:{seat}", invite)
                for seat, invite in enumerate(made.invites)
                if invite is not None
            }
            s.settings.games[match_id] = {
                "round": due.round,
                "board": due.board,
                "game": due.game,
                "created": now,
                "invites": invites,
            }
            entries.append(
                {
                    "action": "start-game",
                    "by": "director",
                    "round": due.round,
                    "board": due.board,
                    "game": due.game,
                    "match": match_id,
                }
            )
        return entries

    state = await service.change(event_id, begin)
    await _name_seats(service, state, [m for _, m in made_games if m not in leftover])
    for made in leftover:
        with contextlib.suppress(IllegalAction, NotFound):
            await service.hub.host_act(
                made.live,
                "adjudicate",
                winner=None,
                reason="made twice for one game of an event: not counted",
            )


async def _name_seats(service: EventService, state: EventState, made: list[Any]) -> None:
    """Guests' names on their seats (the boards show who plays; an account's seat is bound to
    the account when it opens its invite)."""
    if service.seating is None:
        return
    for new in made:
        match_id = new.live.match.id
        game = next(
            (
                g
                for r in state.record.rounds
                for p in r.pairings
                for g in p.games
                if g.match_id == match_id
            ),
            None,
        )
        if game is None:
            continue
        holders: list[tuple[int, str | None, str | None]] = [
            (seat, None, state.record.entrant(eid).name)
            for seat, eid in enumerate((game.first, game.second))
            if "key_hash" in state.settings.seats.get(eid, {})
        ]
        if holders:
            with contextlib.suppress(Exception):  # names only: the game goes on without them
                await service.seating.bind(service.hub, match_id, holders)
