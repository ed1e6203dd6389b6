"""Seat tokens, invites and the host key: only their SHA-256 hashes are kept, compared in
constant time."""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import hmac
import secrets

from duelhost.core.errors import ConfigError
from duelhost.host import MatchOver
from duelhost.host.hosted import Phase
from duelhost.server.hub.base import HubBase
from duelhost.server.hub.faults import StorageFailed, Unauthorized
from duelhost.server.hub.live import Live
from duelhost.server.ownership import CLOSED, SoleOwner
from duelhost.store import InviteError


def hash_token(token: str) -> str:
    """SHA-256 hex of a seat token, an invite or a host key: the store keeps only this."""
    return hashlib.sha256(token.encode("utf-8")).hexdigest()


MAX_SECRET = 64
"""Characters of a presented invite; a longer one is no invite of this server."""


class Tokens(HubBase):
    """Invites exchanged for seat tokens; which seat (or host) a presented token is."""

    def exchange(self, invite: str) -> tuple[str, int, str]:
        """Use a seat's invite: returns ``(match_id, seat, token)`` with a fresh seat token
        that only the store's hash of it remembers. InviteError (404 unknown, 410 used before
        or re-issued) changes nothing."""
        presented, token = _presented(invite), secrets.token_urlsafe(16)
        return self._exchanged(*self._exchange(presented, token), token)

    async def exchange_async(self, invite: str, token: str | None = None) -> tuple[str, int, str]:
        """``exchange`` with its commit in a thread: the event loop serves the live matches
        meanwhile instead of waiting for the disk. ``token``: the seat token to make (an
        account's seat has one derived for it, ``duelhost.server.accounts.service``); a random one
        by default."""
        presented = _presented(invite)
        token = token if token is not None else secrets.token_urlsafe(16)
        found = await asyncio.to_thread(self._exchange, presented, token)
        return self._exchanged(*found, token)

    def _exchange(self, presented: str, token: str) -> tuple[str, int, dict[int, str]]:
        """The store's exchange, then the seats' token hashes in force as it left them (a
        re-issue committed meanwhile has revoked this token: memory must not revive it)."""
        match_id, seat = self.store.exchange_invite(presented, hash_token(token), self.now())
        return match_id, seat, self.store.seat_token_hashes(match_id)

    def _exchanged(
        self, match_id: str, seat: int, in_force: dict[int, str], token: str
    ) -> tuple[str, int, str]:
        live = self.live.get(match_id)
        if live is not None and in_force.get(seat) == hash_token(token):
            live.token_hashes[seat] = in_force[seat]
            self.spawn(self.begin_if_seated(live))
        return match_id, seat, token

    def seated(self, live: Live) -> bool:
        """Whether every seat is held, as far as this process knows (a bot seat always)."""
        return all(
            spec.kind == "bot" or live.token_hashes[seat] is not None
            for seat, spec in enumerate(live.match.seats)
        )

    async def begin_if_seated(self, live: Live) -> None:
        """Start the clock of a match waiting for its seats once every seat is held."""
        if live.match.phase is Phase.WAITING and self.seated(live) and not live.gone:
            with contextlib.suppress(StorageFailed):
                await self._run(live, live.match.begin)

    async def reissue(self, live: Live, seat: int) -> str:
        """A new invite for a human ``seat`` (the host's recourse when a player lost their
        seat, issue 32): the seat's old invite and token are revoked at once, in the store
        and in memory, and its open streams are closed (they reconnect, and the old token is
        refused). ConfigError for a seat that has no invite; MatchOver once the match is
        over."""
        match = live.match
        if not 0 <= seat < len(match.seats) or match.seats[seat].kind != "human":
            raise ConfigError(f"seat {seat} is not a human seat of this match: it has no invite")
        if match.is_over:
            raise MatchOver("the match is over: its seats only read, nothing to re-issue")
        invite = secrets.token_urlsafe(16)
        await asyncio.to_thread(
            self.store.reissue_invite, match.id, seat, hash_token(invite), self.now()
        )
        live.token_hashes[seat] = None
        for queue in live.subscribers[seat]:
            queue.put_nowait(CLOSED)
        return invite

    def joined(self, live: Live) -> list[bool]:
        """Whether each seat is taken: a bot seat always, a human seat once its invite was
        exchanged (read from the store: another process may have exchanged it)."""
        taken = self.store.seat_token_hashes(live.match.id)
        return [
            spec.kind == "bot" or seat in taken or live.token_hashes[seat] is not None
            for seat, spec in enumerate(live.match.seats)
        ]

    def is_host(self, live: Live, authorization: str | None) -> bool:
        """Whether the ``Authorization`` header holds the match's host key."""
        if not authorization or live.host_hash is None:
            return False
        scheme, _, token = authorization.partition(" ")
        if scheme.lower() != "bearer":
            return False
        try:
            presented = hash_token(token.strip())
        except UnicodeEncodeError:
            return False
        return hmac.compare_digest(presented, live.host_hash)

    def seat_of(self, live: Live, authorization: str | None, required: bool) -> int | None:
        """The seat a bearer token holds (None: no token, a spectator). Unauthorized for a
        malformed token or one that is not a seat of this match, or no token when required."""
        if authorization is None or authorization == "":
            if required:
                raise Unauthorized("this needs a seat's token: Authorization: Bearer <token>", 401)
            return None
        scheme, _, token = authorization.partition(" ")
        if scheme.lower() != "bearer" or not token.strip():
            raise Unauthorized("the Authorization header must be 'Bearer <token>'", 401)
        return self.seat_for_token(live, token.strip())

    def seat_for_token(self, live: Live, token: str) -> int:
        try:
            presented = hash_token(token)
        except UnicodeEncodeError:  # not text any token could be (a lone surrogate)
            raise Unauthorized("this token holds no seat of this match") from None
        found = _matching_seat(presented, live.token_hashes)
        if found is None and self._shared():
            # A seat whose invite another process exchanged: its token is only in the store.
            found = self._stored_seat(live, presented)
            if found is not None:
                self.spawn(self.begin_if_seated(live))
        if found is None:
            if live.host_hash is not None and hmac.compare_digest(presented, live.host_hash):
                raise Unauthorized(
                    "this is the match's host key: it shows which seats have joined "
                    "(GET /api/matches/{id}) and holds no seat"
                )
            raise Unauthorized("this token holds no seat of this match")
        return found

    def _shared(self) -> bool:
        """Whether other processes host matches from the same store (``--cluster``): only
        then can a seat's token be in the store and not in this process's memory (a process
        alone exchanges every invite itself, ``_exchanged``)."""
        return not isinstance(self.ownership, SoleOwner)

    def _stored_seat(self, live: Live, presented: str) -> int | None:
        """The seat of ``presented`` after reading every seat's token hash from the store (an
        invite another process exchanged). Read for every unknown token, whether or not a
        seat is still open, so the time of a refusal says nothing of who has joined."""
        for seat, stored in self.store.seat_token_hashes(live.match.id).items():
            live.token_hashes[seat] = stored
        return _matching_seat(presented, live.token_hashes)


def _presented(invite: str) -> str:
    """The hash of a presented invite; InviteError (404) for what cannot be one."""
    if not isinstance(invite, str) or not 0 < len(invite) <= MAX_SECRET:
        raise InviteError("no such invite (check the link you were given)", 404)
    try:
        return hash_token(invite)
    except UnicodeEncodeError:
        raise InviteError("no such invite (check the link you were given)", 404) from None


def _matching_seat(presented: str, hashes: list[str | None]) -> int | None:
    """The seat whose token hash is ``presented``, compared with every seat (no early exit)
    in constant time."""
    found: int | None = None
    for seat, stored in enumerate(hashes):
        if stored is not None and hmac.compare_digest(presented, stored):
            found = seat
    return found
