"""Where the match routes meet the accounts (issue 30): the names of a match's seats, and an
invite opened by a signed-in player, whose seat is then held by the account (its token the one
derived for it, so the account gets it back on any device: ``routes.players``)."""

from __future__ import annotations

import contextlib
from typing import cast

from starlette.requests import Request

from duelhost.server.access import hub_of
from duelhost.server.accounts import sessions
from duelhost.server.accounts.seating import Players, Seating
from duelhost.server.hub import hash_token
from duelhost.server.hub.tokens import MAX_SECRET
from duelhost.server.routes.accounts import accounts_of, signed_in


def players(request: Request, match_id: str) -> Players:
    """Who holds each seat, by name (nulls where nobody signed in or named does)."""
    return cast(Seating, request.app.state.seating).players(match_id)


async def exchange(request: Request, invite: str) -> tuple[str, int, str]:
    """Open an invite (``POST /api/invites/{invite}``): as before for anybody; for a signed-in
    player on this site's page, the seat is held by the account too. InviteError as the hub
    raises it."""
    hub = hub_of(request)
    account = signed_in(request) if sessions.same_origin(request) else None
    found = None
    if account is not None and isinstance(invite, str) and 0 < len(invite) <= MAX_SECRET:
        with contextlib.suppress(UnicodeEncodeError):
            found = accounts_of(request).store.invite_seat(hash_token(invite))
    if account is None or found is None:
        return await hub.exchange_async(invite)
    token = accounts_of(request).seat_token(found[0], found[1], account.id)
    match_id, seat, token = await hub.exchange_async(invite, token)
    await cast(Seating, request.app.state.seating).bind(hub, match_id, [(seat, account.id, None)])
    return match_id, seat, token
