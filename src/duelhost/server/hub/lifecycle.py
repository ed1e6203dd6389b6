"""The hub starting, stopping, handing matches over, and creating new ones."""

from __future__ import annotations

import asyncio
import contextlib
import logging
import secrets
from typing import Any

import duelhost
from duelhost.core.errors import ConfigError, quote, quote_value
from duelhost.core.registry import Game, GameSpec
from duelhost.core.registry import spec as game_spec
from duelhost.host import Match, check_seats, make_clock
from duelhost.host.seeds import MAX_SEED, drawn_seed
from duelhost.host.time_controls import MAX_SECONDS
from duelhost.ratings.pools import pool_key
from duelhost.server import keys
from duelhost.server.hub.base import HubBase
from duelhost.server.hub.faults import Busy, NotFound
from duelhost.server.hub.live import Live, NewMatch
from duelhost.server.hub.tokens import hash_token
from duelhost.server.ownership import CLOSED, OwnedElsewhere
from duelhost.store import MatchRow

log = logging.getLogger("duelhost.server")


class Lifecycle(HubBase):
    """Start, stop, drop, create."""

    def start(self, resume: bool = True) -> int:
        """Resume every unfinished match: rebuilt from its log one at a time in the
        background (the server answers at once meanwhile; a match asked for sooner is rebuilt
        on demand), each clock re-armed from its stored deadlines. Returns how many. With
        ``resume`` False (several processes) the takeover scan resumes this process's share
        of them instead (``duelhost.server.cluster``)."""
        rows = self.store.unfinished()
        self.unfinished = {row.id for row in rows}
        if not resume:
            return len(rows)
        task = asyncio.ensure_future(self._resume([row.id for row in rows]))
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)
        return len(rows)

    async def _resume(self, match_ids: list[str]) -> None:
        for match_id in match_ids:
            await asyncio.sleep(0)  # let requests in between two rebuilds
            if match_id in self.live:
                continue
            with contextlib.suppress(NotFound, ConfigError, ValueError, OwnedElsewhere):
                self.get(match_id)

    def stop(self) -> None:
        for live in self.live.values():
            if live.timer is not None:
                live.timer.cancel()
                live.timer = None
        for handle in self._sleepers.values():
            handle.cancel()
        self._sleepers.clear()
        for task in list(self._tasks):
            task.cancel()
        self.thinkers.shutdown(wait=False, cancel_futures=True)
        self.analysers.shutdown(wait=False, cancel_futures=True)
        self.writer.close()
        # Every queued step is stored: hand the matches over without waiting for expiry.
        self.ownership.released(list(self.live))

    def drop(self, match_id: str) -> None:
        """Stop hosting a match at once (another process has taken it over): no timer, and
        its live streams close so their clients reconnect to the new host."""
        live = self.live.pop(match_id, None)
        if live is None:
            return
        live.gone = True
        if live.timer is not None:
            live.timer.cancel()
            live.timer = None
        for queues in live.subscribers.values():
            for queue in queues:
                queue.put_nowait(CLOSED)
        log.info("match dropped: hosted by another process now", extra={"match": match_id})

    async def create(
        self,
        game_name: str,
        options: dict[str, Any],
        seed: int | None,
        setup: dict[str, Any],
        seats: list[dict[str, Any]],
        clock: Any,
        clock_absent: bool,
        rated: bool = False,
        bots_rated: bool = False,
    ) -> NewMatch:
        """A new match with an invite per human seat and a host key for its creator;
        ConfigError saying what is wrong with the request. A ``rated`` match changes its
        players' ratings when it ends (``duelhost.store.ratings``), in its game's pool; it needs
        a human seat unless ``bots_rated`` (a game of a rated event, whose host entered the
        bots: their accounts play each other)."""
        game = self._new_game(game_name, options, setup)
        pool = _rated_pool(game, seed, setup, seats, bots_rated) if rated else None
        secret = secrets.token_bytes(32)
        # The match's secret as the host uses it (nonces, the drawn seed and its salt) needs
        # the server key too: a copy of the database alone gives none of them (issue 19).
        match_secret = keys.match_key(self.server_key, secret)
        seed = _checked_seed(seed, match_secret)
        seat_specs = check_seats(game, seats)
        # The clock starts when both seats are held (issue 32): nobody loses time before
        # they arrive. The creator may say otherwise (``start``, ``start_at``).
        match_clock = make_clock(game, clock, clock_absent, start="seated")
        now = self.now()
        if match_clock is not None and match_clock.start_at is not None:
            _check_start_at(match_clock.start_at, now)
        match_id = secrets.token_hex(8)
        limits = self.settings.host
        match = Match(
            match_id, game, seed, setup, seat_specs, match_clock, match_secret, now, limits
        )
        match.think_apart = True
        # Seats that only their players hold (issue 19): the creator gets one single-use invite
        # per human seat, never a seat token; opening an invite makes the seat's token.
        invites: list[str | None] = [
            secrets.token_urlsafe(16) if spec.kind == "human" else None for spec in seat_specs
        ]
        host_token = secrets.token_urlsafe(16)
        row = MatchRow(
            id=match_id,
            game=game.name,
            options=dict(game.options),
            seed=seed,
            setup=match.setup,
            seats=[spec.to_dict() for spec in seat_specs],
            clock=None if match_clock is None else match_clock.to_dict(),
            secret=secret.hex(),
            created=now,
            over=match.is_over,
            result=match.result,
            host_hash=hash_token(host_token),
            rated=rated,
            pool=pool,
        )
        # Committed in a thread: the event loop serves the live matches while the disk syncs.
        # The match counts against the limit meanwhile, so creations at once cannot pass it.
        self.unfinished.add(match_id)
        try:
            await asyncio.to_thread(
                self.store.create_match,
                row,
                [(seat, hash_token(c)) for seat, c in enumerate(invites) if c is not None],
            )
        except BaseException:
            self.unfinished.discard(match_id)
            raise
        if match.is_over:
            self.unfinished.discard(match_id)
        self.ownership.claim(match_id)
        log.info("match created", extra={"match": match_id, "game": game.name})
        live = Live(match, [None, None], row.host_hash, last_event=self.now())
        self.live[match_id] = live
        await self._run(live, match.advance)
        await self.begin_if_seated(live)
        return NewMatch(live, invites, host_token)

    def _new_game(self, game_name: str, options: Any, setup: Any) -> Game:
        """The game a creation asks for, if the server may host one more match."""
        if not isinstance(options, dict) or not isinstance(setup, dict):
            raise ConfigError("options and setup must be objects")
        if len(self.unfinished) >= self.settings.max_live_matches:
            raise Busy(
                f"the server hosts {len(self.unfinished)} unfinished matches, its limit; "
                "try again when some have ended"
            )
        check_option_types(game_spec(game_name), options)
        game = duelhost.load(game_name, **options)
        game.spec.check_budget(dict(game.options))
        return game


def _rated_pool(game: Game, seed: Any, setup: Any, seats: Any, bots_rated: bool = False) -> str:
    """The rating pool of a rated match; ConfigError when the match cannot be rated: a seed
    or setup the creator chose (a prepared position), or no human seat (unless
    ``bots_rated``: a rated event's game between two bots)."""
    if seed is not None or setup:
        raise ConfigError(
            "a rated match is dealt from a drawn seed and the game's own setup: leave out "
            "'seed' and 'setup', or make the match unrated"
        )
    if (
        not bots_rated
        and isinstance(seats, list)
        and seats
        and all(isinstance(s, dict) and s.get("kind") == "bot" for s in seats)
    ):
        raise ConfigError("a rated match needs at least one human seat")
    return pool_key(game.spec, game.options)


def _check_start_at(start_at: float, now: float) -> None:
    """A start time the host sets: not in the past, at most a week ahead."""
    if not now <= start_at <= now + MAX_SECONDS:
        raise ConfigError(
            f"clock field 'start_at' must be a time (Unix seconds) from now to a week ahead, "
            f"got {start_at:g} (now is {now:.0f})"
        )


def _checked_seed(seed: Any, match_secret: bytes) -> int:
    """The seed asked for, or one drawn from the match's secret (RULINGS G7: committed to,
    published at the end)."""
    if seed is None:
        return drawn_seed(match_secret)
    if isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed <= MAX_SEED:
        raise ConfigError(f"the seed must be an integer from 0 to {MAX_SEED}, got {seed!r}")
    return seed


_KIND_NAMES = {"int": "an integer", "float": "a number", "bool": "true or false", "str": "text"}


def check_option_types(spec: GameSpec, options: dict[str, Any]) -> None:
    """Options sent as JSON must have their declared JSON type: the kernel reads text too
    (``--opt galaxies=7`` on the command line), but the API coerces nothing (``"7"`` is not 7).
    ConfigError naming the option."""
    declared = {option.name: option for option in spec.options}
    for name, value in options.items():
        option = declared.get(name)
        if option is None or value is None or option.kind == "json":
            continue  # unknown names and nulls are the kernel's to judge
        number = isinstance(value, int | float) and not isinstance(value, bool)
        fits = {
            "int": number and float(value).is_integer(),
            "float": number,
            "bool": isinstance(value, bool),
            "str": isinstance(value, str),
        }.get(option.kind, True)
        if not fits:
            raise ConfigError(
                f"{spec.name}: option {quote(name)} must be {_KIND_NAMES[option.kind]}, "
                f"got {quote_value(value)}"
            )
