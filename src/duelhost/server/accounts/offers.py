"""Seeks and challenges: offers of a match that make it, both seats held, when accepted.

A seek (game, options, clock, rated or casual, an optional rating range) is open to anybody in
the lobby; a guest may accept a casual one under a display name. A challenge goes to one
account, which accepts or declines it; it expires. A challenge to a bot (a level the game has)
makes the match at once. Accepting is one transaction that moves the offer from ``open``
(``AccountStore.settle``): two players accepting one seek at once make one match. The match is
made as ``POST /api/matches`` makes one, and each seat's invite is exchanged at once for its
holder (an account's seat gets the token derived for it, ``Accounts.seat_token``; a guest's a
random one, given once in the answer), so nobody needs an invite.
"""

from __future__ import annotations

import asyncio
import contextlib
import secrets
from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import Any

import duelhost
from duelhost.bots import available_bots
from duelhost.core.errors import ConfigError, IllegalAction, quote
from duelhost.core.registry import spec as game_spec
from duelhost.host import make_clock
from duelhost.server.accounts.lobby import Lobby
from duelhost.server.accounts.names import check_guest_name
from duelhost.server.accounts.seating import Seating
from duelhost.server.accounts.service import Accounts, Refused
from duelhost.server.hub import Busy, Hub, check_option_types
from duelhost.server.settings import ServerSettings
from duelhost.store.accounts import Account
from duelhost.store.offers import Offer, OfferStore

RatingOf = Callable[[str, str, dict[str, Any]], float | None]
"""``rating_of(account_id, game, options)``: an account's rating for a game (the ratings
module provides it; without one, seeks with a rating range are refused)."""


@dataclass(frozen=True)
class Made:
    """A match made from an offer, as its accepter (or a bot's challenger) sees it."""

    match_id: str
    seat: int
    token: str
    game: str

    def answer(self) -> dict[str, Any]:
        return {
            "match_id": self.match_id,
            "seat": self.seat,
            "token": self.token,
            "game": self.game,
            "url": f"/play/{self.match_id}",
        }


def checked_game(game: object, options: object, clock: Any, clock_given: bool) -> dict[str, Any]:
    """The game's title and the clock the match would have, if the offer can make a match
    (ConfigError saying what is wrong)."""
    if not isinstance(game, str):
        raise ConfigError("game must be a game's name")
    if not isinstance(options, dict):
        raise ConfigError("options must be an object")
    spec = game_spec(game)
    check_option_types(spec, options)
    loaded = duelhost.load(game, **options)
    loaded.spec.check_budget(dict(loaded.options))
    made = make_clock(loaded, clock, not clock_given, start="seated")
    return {"title": spec.title, "clock": None if made is None else made.to_dict()}


def bind_offer_match(offers: Offers, offer: Offer, match_id: str) -> None:
    """An accepted offer's match: the offer row keeps the match id beside ``rated``, so the
    match's rated flag is known (``AccountStore.rated``). The ratings (issue 30 point 4) store
    ``matches.rated`` here too."""
    offers.book.set_match(offer, match_id)


class Offers:
    """The seeks and challenges of one server."""

    def __init__(
        self,
        accounts: Accounts,
        hub: Hub,
        lobby: Lobby,
        seating: Seating,
        settings: ServerSettings,
    ) -> None:
        self.accounts = accounts
        self.store = accounts.store
        self.book = OfferStore(accounts.store.engine)
        self.hub = hub
        self.lobby = lobby
        self.seating = seating
        self.settings = settings
        self.rating_of: RatingOf | None = None
        self._shown: dict[str, dict[str, Any]] = {}

    # ------------------------------------------------------------------ public forms

    def public(self, offer: Offer) -> dict[str, Any]:
        """An offer as the lobby shows it."""
        shown = self._shown.get(offer.id)
        if shown is None:
            try:
                shown = checked_game(offer.game, offer.options, offer.clock, offer.clock_given)
            except ConfigError:
                shown = {"title": offer.game, "clock": None}
            self._shown[offer.id] = shown
        out = {
            "id": offer.id,
            "by": offer.by_name,
            "game": offer.game,
            "title": shown["title"],
            "options": offer.options,
            "clock": shown["clock"],
            "rated": offer.rated,
            "created": offer.created,
            "expires": offer.expires,
        }
        if offer.kind == "seek":
            out.update(rating_min=offer.rating_min, rating_max=offer.rating_max)
        else:
            out["to"] = offer.to_name
        return out

    def open_seeks(self) -> list[dict[str, Any]]:
        return [self.public(offer) for offer in self.book.open_seeks(self.accounts.now())]

    def challenges_of(self, account: Account) -> list[dict[str, Any]]:
        return [self.public(o) for o in self.book.challenges_of(account.id, self.accounts.now())]

    # ------------------------------------------------------------------ seeks

    async def post_seek(self, account: Account, body: dict[str, Any]) -> dict[str, Any]:
        now = self.accounts.now()
        if self.book.open_seek_count(account.id, now) >= self.settings.max_open_seeks:
            raise Refused(
                429,
                f"at most {self.settings.max_open_seeks} open seeks an account; withdraw one first",
            )
        low, high = body.get("rating_min"), body.get("rating_max")
        if (low is not None or high is not None) and self.rating_of is None:
            raise Refused(400, "a rating range needs ratings, which this server does not keep")
        if low is not None and high is not None and low > high:
            raise Refused(400, "rating_min must not be above rating_max")
        offer = self._offer("seek", account, None, body, now, self.settings.seek_seconds)
        offer = replace(offer, rating_min=low, rating_max=high)
        await asyncio.to_thread(self.book.add_offer, offer)
        shown = self.public(offer)
        self.lobby.seek_added(shown)
        return shown

    def _offer(
        self,
        kind: str,
        account: Account,
        to: Account | None,
        body: dict[str, Any],
        now: float,
        seconds: float,
    ) -> Offer:
        try:
            checked_game(body["game"], body["options"], body["clock"], body["clock_given"])
        except ConfigError as error:
            raise Refused(400, str(error)) from None
        return Offer(
            id=secrets.token_hex(8),
            kind=kind,
            by=account.id,
            by_name=account.name,
            to=None if to is None else to.id,
            to_name=None if to is None else to.name,
            game=body["game"],
            options=body["options"],
            clock=body["clock"],
            clock_given=body["clock_given"],
            rated=bool(body["rated"]),
            rating_min=None,
            rating_max=None,
            created=now,
            expires=now + seconds,
            state="open",
            match_id=None,
        )

    async def withdraw_seek(self, account: Account, seek_id: str) -> None:
        offer = self.book.seek(seek_id)
        if offer is None or offer.by != account.id:
            raise Refused(404, f"you have no seek {quote(seek_id)}")
        if not await asyncio.to_thread(self.book.settle, offer, "withdrawn", self.accounts.now()):
            raise Refused(409, "this seek is not open any more")
        self.lobby.seek_gone(seek_id, "withdrawn")

    async def accept_seek(self, account: Account | None, seek_id: str, guest_name: object) -> Made:
        offer = self.book.seek(seek_id)
        if offer is None:
            raise Refused(404, f"no seek {quote(seek_id)}")
        guest: str | None = None
        if account is None:
            if offer.rated:
                raise Refused(403, "a rated seek is for signed-in players: sign in to accept it")
            try:
                guest = check_guest_name(guest_name)
            except ConfigError as error:
                raise Refused(400, f"{error} (a guest gives a name to play under)") from None
        elif offer.by == account.id:
            raise Refused(409, "this is your own seek: another player accepts it")
        else:
            self._check_range(offer, account)
        return await self._accept(offer, account, guest, "seek")

    def _check_range(self, offer: Offer, account: Account) -> None:
        if offer.rating_min is None and offer.rating_max is None:
            return
        rating = (
            None
            if self.rating_of is None
            else self.rating_of(account.id, offer.game, offer.options)
        )
        low = offer.rating_min if offer.rating_min is not None else float("-inf")
        high = offer.rating_max if offer.rating_max is not None else float("inf")
        if rating is None or not low <= rating <= high:
            raise Refused(403, "your rating is outside this seek's rating range")

    async def _accept(
        self, offer: Offer, account: Account | None, guest: str | None, what: str
    ) -> Made:
        now = self.accounts.now()
        if not await asyncio.to_thread(self.book.settle, offer, "accepted", now):
            if offer.expires <= now:
                raise Refused(410, f"this {what} has expired")
            raise Refused(409, f"this {what} was taken, withdrawn or declined")
        theirs = secrets.randbelow(2)
        holders: list[tuple[str | None, str | None]] = [(None, None), (None, None)]
        holders[theirs] = (offer.by, None)
        holders[1 - theirs] = (None if account is None else account.id, guest)
        try:
            match_id, tokens = await self.start_match(offer, holders, [None, None])
        except Refused:
            await asyncio.to_thread(self.book.reopen, offer)
            raise
        if offer.kind == "seek":
            self.lobby.seek_gone(offer.id, "taken")
        else:
            self.lobby.tell(
                offer.by, {"type": "challenge_gone", "id": offer.id, "reason": "accepted"}
            )
            if offer.to is not None:
                self.lobby.tell(
                    offer.to, {"type": "challenge_gone", "id": offer.id, "reason": "accepted"}
                )
        self.lobby.tell(
            offer.by,
            {
                "type": "matched",
                "match": match_id,
                "seat": theirs,
                "game": offer.game,
                "url": f"/play/{match_id}#claim={theirs}",
            },
        )
        return Made(match_id, 1 - theirs, tokens[1 - theirs], offer.game)

    async def start_match(
        self,
        offer: Offer,
        holders: list[tuple[str | None, str | None]],
        bots: list[str | None],
    ) -> tuple[str, list[str]]:
        """Make the offer's match with every human seat held at once: ``holders[seat]`` is
        ``(account_id, guest_name)``, ``bots[seat]`` a bot level. Returns the match id and
        each human seat's token ("" for a bot seat)."""
        seats = [{"kind": "human"} if bot is None else {"kind": "bot", "bot": bot} for bot in bots]
        try:
            made = await self.hub.create(
                offer.game,
                dict(offer.options),
                None,
                {},
                seats,
                offer.clock,
                not offer.clock_given,
                rated=offer.rated,
            )
        except (ConfigError, IllegalAction) as error:
            raise Refused(400, str(error)) from None
        except Busy as error:
            raise Refused(429, str(error), {"Retry-After": "60"}) from None
        match_id = made.live.match.id
        tokens: list[str] = []
        bound: list[tuple[int, str | None, str | None]] = []
        for seat, invite in enumerate(made.invites):
            if invite is None:
                tokens.append("")
                continue
            account_id, guest = holders[seat]
            token = (
                secrets.token_urlsafe(16)
                if account_id is None
                else self.accounts.seat_token(match_id, seat, account_id)
            )
            await self.hub.exchange_async(invite, token)
            tokens.append(token)
            bound.append((seat, account_id, guest))
        await asyncio.to_thread(bind_offer_match, self, offer, match_id)
        await self.seating.bind(self.hub, match_id, bound)
        return match_id, tokens

    # ------------------------------------------------------------------ challenges

    async def challenge(self, account: Account, body: dict[str, Any]) -> dict[str, Any]:
        """A challenge to the account named ``body["to"]``."""
        to = body.get("to")
        target = self.store.by_name(to) if isinstance(to, str) and len(to) <= 64 else None
        if target is None:
            raise Refused(404, f"no player named {quote(str(to))}")
        if target.id == account.id:
            raise Refused(409, "you cannot challenge yourself")
        now = self.accounts.now()
        if self.book.open_challenge_count(account.id, now) >= self.settings.max_open_challenges:
            raise Refused(429, f"at most {self.settings.max_open_challenges} open challenges")
        offer = self._offer(
            "challenge", account, target, body, now, self.settings.challenge_seconds
        )
        await asyncio.to_thread(self.book.add_offer, offer)
        shown = self.public(offer)
        for party in (account.id, target.id):
            self.lobby.tell(party, {"type": "challenge", "challenge": shown})
        return shown

    async def challenge_bot(self, account: Account, body: dict[str, Any]) -> Made:
        """A match against a bot of the level asked for, made at once."""
        level = body.get("bot")
        offer = self._offer("challenge", account, None, body, self.accounts.now(), 0.0)
        if not isinstance(level, str) or level not in available_bots(offer.game):
            levels = ", ".join(available_bots(offer.game)) or "none"
            raise Refused(400, f"{offer.game} has no bot {quote(str(level))} (its bots: {levels})")
        mine = secrets.randbelow(2)
        holders: list[tuple[str | None, str | None]] = [(None, None), (None, None)]
        holders[mine] = (account.id, None)
        bots: list[str | None] = [level, level]
        bots[mine] = None
        match_id, tokens = await self.start_match(offer, holders, bots)
        return Made(match_id, mine, tokens[mine], offer.game)

    async def answer_challenge(
        self, account: Account, challenge_id: str, accept: bool
    ) -> Made | None:
        offer = self.book.challenge(challenge_id)
        if offer is None or account.id not in (offer.by, offer.to):
            raise Refused(404, f"you have no challenge {quote(challenge_id)}")
        if accept:
            if account.id != offer.to:
                raise Refused(403, "only the challenged player accepts a challenge")
            return await self._accept(offer, account, None, "challenge")
        reason = "declined" if account.id == offer.to else "withdrawn"
        if not await asyncio.to_thread(self.book.settle, offer, reason, self.accounts.now()):
            raise Refused(409, "this challenge is not open any more")
        for party in (offer.by, offer.to):
            if party is not None:
                self.lobby.tell(party, {"type": "challenge_gone", "id": offer.id, "reason": reason})
        return None

    # ------------------------------------------------------------------ time

    async def sweep(self, refresh: bool) -> None:
        """Offers past their time expire (their parties are told); with ``refresh``, the
        lobby's list is brought in line with the store's (a cluster's other processes)."""
        gone, lapsed = await asyncio.to_thread(self.book.expire, self.accounts.now())
        for seek_id in gone:
            self.lobby.seek_gone(seek_id, "expired")
            self._shown.pop(seek_id, None)
        for offer in lapsed:
            self._shown.pop(offer.id, None)
            for party in (offer.by, offer.to):
                if party is not None:
                    self.lobby.tell(
                        party, {"type": "challenge_gone", "id": offer.id, "reason": "expired"}
                    )
        if refresh:
            seeks = await asyncio.to_thread(self.book.open_seeks, self.accounts.now())
            self.lobby.refresh([self.public(offer) for offer in seeks])

    async def run(self, every: float = 1.0, refresh_every: int = 5) -> None:
        """Sweep every ``every`` seconds until cancelled."""
        count = 0
        while True:
            await asyncio.sleep(every)
            count += 1
            with contextlib.suppress(Exception):
                await self.sweep(count % refresh_every == 0)
