"""The host's actions on an event, each a change of its ``EventState`` (``EventService.change``)
that answers the log entries saying what was done; ConfigError (a 400) when it does not apply.
Creating an event (``build``) checks the game, its options and clock before anything is stored.
"""

from __future__ import annotations

import hashlib
import re
import secrets
from typing import Any

import duelhost
from duelhost.bots.registry import available_bots
from duelhost.core.errors import ConfigError, quote_value
from duelhost.core.registry import spec as game_spec
from duelhost.events import (
    Entrant,
    EntrantKind,
    EventConfig,
    EventRecord,
    Format,
    add_entrant,
    disqualify,
    forbid_pairing,
    open_event,
    substitute,
    withdraw,
)
from duelhost.host import make_clock
from duelhost.ratings.bots import bot_account_id, bot_account_name
from duelhost.ratings.pools import pool_of
from duelhost.server.events.models import CreateEvent, EntrantIn, EventSettingsIn
from duelhost.server.events.state import (
    MAX_ANNOUNCEMENT,
    EventSettings,
    EventState,
    new_secret,
)
from duelhost.server.events.steps import arena_time, close, pair_round, seats_matter
from duelhost.server.hub.lifecycle import check_option_types

Entries = list[dict[str, Any]]
Accounts = dict[str, tuple[str, str]]
"""Account name (as asked) -> (account id, account name), resolved before a change."""
Rated = dict[str, tuple[float, int]]
"""Account id -> (rating, rated games) in the event's rating pool, read before a change (an
account rated nowhere there is left out: a new player's rating, no rated games)."""
NEW_RATING = 1500
"""The seeding rating of an account or bot not rated in the event's pool yet (a new
player's Glicko-2 rating)."""


def build(
    body: CreateEvent,
    server_key: bytes,
    accounts: Accounts,
    organizer: str | None,
    rated: Rated | None = None,
) -> tuple[EventRecord, EventSettings, str, str, dict[str, str]]:
    """A new event from its creation request: its record, settings, stored secret, host key
    and the key of each guest entered with it (``accounts``: each account entry's account id
    and name, by the name asked for; ``rated``: the accounts' and bots' ratings in the event's
    pool, for seeding and the entry conditions)."""
    from duelhost.server.events.state import event_seed

    spec = game_spec(body.game)
    check_option_types(spec, body.options)
    game = duelhost.load(body.game, **body.options)
    spec.check_budget(dict(game.options))
    make_clock(game, body.clock, body.clock is None, start="seated")
    config = EventConfig(
        format=Format(body.format),
        game=game.name,
        options=dict(game.options),
        rated=body.rated,
        rounds=body.rounds if body.format == "swiss" else None,
        best_of=body.best_of,
        third_place=body.third_place,
        double=body.double,
        seats_matter=seats_matter(game.name),
        duration=body.duration if body.format == "arena" else None,
    )
    secret = new_secret()
    event_id = secrets.token_hex(8)
    settings = EventSettings(
        name=body.name or f"{spec.title} {body.format.replace('_', ' ')}",
        clock=body.clock,
        auto=body.auto,
        delay=body.delay,
        no_scouting=body.no_scouting,
        no_show_grace=body.no_show_grace,
        organizer=organizer,
        accounts_only=body.accounts_only,
        min_rated_games=body.min_rated_games,
    )
    record = open_event(event_id, config, [], event_seed(server_key, secret))
    state = EventState(_row_stub(event_id), record, settings, event_seed(server_key, secret))
    keys: dict[str, str] = {}
    for entrant in body.entrants:
        keys.update(_enter(state, entrant, None, accounts, rated or {}))
    return state.record, state.settings, secret, secrets.token_urlsafe(16), keys


def _row_stub(event_id: str) -> Any:
    from duelhost.store.events import EventRow

    return EventRow(event_id, {}, {}, "", "", "entry", 0, 0.0, 0.0)


def _entrant_id(state: EventState, entrant: EntrantIn) -> str:
    if entrant.id is not None:
        return entrant.id
    base = re.sub(r"[^a-z0-9]+", "-", entrant.name.lower()).strip("-")[:24] or "entrant"
    taken = {e.id for e in state.record.all_entrants()}
    candidate, n = base, 1
    while candidate in taken:
        n += 1
        candidate = f"{base}-{n}"
    return candidate


def account_name(body: EntrantIn) -> str | None:
    """The account an entry names (None: not an account entry)."""
    return None if body.kind != "account" else (body.account or body.name)


def pool(state: EventState) -> str:
    """The rating pool of the event's games (the entry conditions count rated games there)."""
    return pool_of(state.record.config.game, dict(state.record.config.options))


def check_conditions(state: EventState, name: str, account_id: str | None, rated: Rated) -> None:
    """The entry conditions (ConfigError naming the one not met): accounts only (a named guest
    is refused; players' accounts and bots, which are bot accounts, may enter), and a minimum
    of rated games in the event's pool (every entrant, bots included)."""
    settings = state.settings
    if account_id is None and settings.accounts_only:
        raise ConfigError(
            f"{name} cannot enter as a named guest: this event takes accounts "
            "only (its entry conditions); enter a player's account or a bot"
        )
    least = settings.min_rated_games
    games = 0 if account_id is None else rated.get(account_id, (0.0, 0))[1]
    if games < least:
        raise ConfigError(
            f"{name} has {games} rated game{'' if games == 1 else 's'} of "
            f"{pool(state)}; this event's entry conditions ask for at least "
            f"{least}"
        )


def bot_account(state: EventState, level: str) -> str:
    """The id of the account of a bot of the event's game."""
    return bot_account_id(bot_account_name(state.record.config.game, level))


def seeding_rating(given: int, account_id: str | None, rated: Rated) -> int:
    """The rating an entrant is seeded by: the one the host gave, else its account's in the
    event's pool (a new player's 1500 when it has none there; a guest's 0)."""
    if given or account_id is None:
        return given
    return round(rated.get(account_id, (float(NEW_RATING), 0))[0])


def _enter(
    state: EventState, body: EntrantIn, at: float | None, accounts: Accounts, rated: Rated
) -> dict[str, str]:
    """Enter one entrant into ``state``: the guest's key if it is a guest."""
    game = state.record.config.game
    if body.kind == "account":
        return _enter_account(state, body, at, accounts, rated)
    account_id = None
    if body.kind == "bot":
        bots = available_bots(game)
        if body.bot not in bots:
            raise ConfigError(
                f"a bot entry needs a bot level of {game}: one of "
                f"{', '.join(bots)}, not {quote_value(body.bot)}"
            )
        account_id = bot_account(state, str(body.bot))
    elif body.bot is not None:
        raise ConfigError("only a bot entry has a bot level")
    check_conditions(state, body.name.strip(), account_id, rated)
    entrant = Entrant(
        _entrant_id(state, body),
        body.name.strip(),
        seeding_rating(body.rating, account_id, rated),
        EntrantKind(body.kind),
    )
    state.record = add_entrant(state.record, entrant, at)
    if body.kind == "bot":
        state.settings.seats[entrant.id] = {"bot": body.bot}
        return {}
    key = secrets.token_urlsafe(16)
    state.settings.seats[entrant.id] = {"key_hash": hashlib.sha256(key.encode()).hexdigest()}
    return {entrant.id: key}


def _enter_account(
    state: EventState, body: EntrantIn, at: float | None, accounts: Accounts, rated: Rated
) -> dict[str, str]:
    name = account_name(body)
    found = accounts.get(str(name))
    if found is None:
        raise ConfigError(f"no account named {quote_value(name)}")
    account_id, shown = found
    if state.entrant_of_account(account_id) is not None:
        raise ConfigError(f"{shown} is entered already")
    check_conditions(state, shown, account_id, rated)
    entrant = Entrant(
        _entrant_id(state, body.model_copy(update={"name": shown})),
        shown,
        seeding_rating(body.rating, account_id, rated),
        EntrantKind.ACCOUNT,
    )
    state.record = add_entrant(state.record, entrant, at)
    state.settings.seats[entrant.id] = {"account": account_id}
    return {}


def enter(
    state: EventState,
    body: EntrantIn,
    now: float,
    keys: dict[str, str],
    accounts: Accounts,
    rated: Rated | None = None,
) -> Entries:
    """Add a player: before the start into the list, after it a late entry (Swiss, arena)."""
    before = {e.id for e in state.record.all_entrants()}
    keys.update(_enter(state, body, _arena_at(state, now), accounts, rated or {}))
    added = [e.id for e in state.record.all_entrants() if e.id not in before]
    return [
        {
            "action": "add",
            "by": "host",
            "entrant": added[0],
            "name": body.name,
            "kind": body.kind,
            "bot": body.bot,
        }
    ]


def start_event(state: EventState, now: float) -> Entries:
    """Start the event: entrants not checked in are dropped (when there is a check-in), the
    first round is paired (an arena's first wave comes with the director's next pass)."""
    if state.phase != "entry":
        raise ConfigError("the event has started already")
    entries: Entries = []
    if state.settings.checkin_until is not None:
        checked = set(state.settings.checked_in)
        dropped = [e.id for e in state.record.entrants if e.id not in checked]
        if dropped:
            kept = tuple(e for e in state.record.entrants if e.id in checked)
            from dataclasses import replace

            state.record = replace(state.record, entrants=kept)
            entries.append({"action": "drop-no-shows", "by": "host", "entrants": dropped})
    if len(state.record.all_entrants()) < 2:
        raise ConfigError("an event needs at least 2 entrants to start")
    state.row.phase = "running"
    state.settings.started_at = now
    entries.append({"action": "start", "by": "host", "at": now})
    if state.record.config.format is not Format.ARENA:
        entries += pair_round(state)
    return entries


def next_round(state: EventState) -> Entries:
    """The host pairs the next round (refused while the current one is on)."""
    if state.phase != "running":
        raise ConfigError("the event has not started: POST /api/events/{id}/start first")
    if state.record.config.format is Format.ARENA:
        raise ConfigError("an arena pairs its players by itself as they finish")
    entries = pair_round(state)
    entries[0]["by"] = "host"
    return entries


def leave(state: EventState, kind: str, entrant: str, reason: str, now: float) -> Entries:
    """Withdraw or disqualify an entrant."""
    at = _arena_at(state, now)
    act = withdraw if kind == "withdraw" else disqualify
    state.record = act(state.record, entrant, reason, at=at)
    return [{"action": kind, "by": "host", "entrant": entrant, "reason": reason}]


def _arena_at(state: EventState, now: float) -> float | None:
    if state.record.config.format is not Format.ARENA or state.phase != "running":
        return None
    return arena_time(state, now)


def replace_holder(
    state: EventState,
    entrant: str,
    holder: EntrantIn,
    keys: dict[str, str],
    rated: Rated | None = None,
) -> Entries:
    """A substitute plays ``entrant``'s place from now on (a bot, or a guest with a new key),
    under the entry conditions."""
    if holder.kind == "account":
        raise ConfigError(
            "a substitute is a named guest or a bot (an account enters as a new entry)"
        )
    if holder.kind == "bot" and holder.bot not in available_bots(state.record.config.game):
        raise ConfigError(f"a bot substitute needs a bot level of {state.record.config.game}")
    check_conditions(
        state,
        holder.name.strip(),
        bot_account(state, str(holder.bot)) if holder.kind == "bot" else None,
        rated or {},
    )
    new = Entrant(
        holder.id or f"{entrant}-sub", holder.name, holder.rating, EntrantKind(holder.kind)
    )
    state.record = substitute(state.record, entrant, new)
    if holder.kind == "bot":
        state.settings.seats[entrant] = {"bot": holder.bot}
    else:
        key = secrets.token_urlsafe(16)
        state.settings.seats[entrant] = {"key_hash": hashlib.sha256(key.encode()).hexdigest()}
        keys[entrant] = key
    return [{"action": "substitute", "by": "host", "entrant": entrant, "holder": holder.name}]


def forbid(state: EventState, first: str, second: str, reason: str) -> Entries:
    state.record = forbid_pairing(state.record, first, second, reason)
    return [{"action": "forbid", "by": "host", "first": first, "second": second, "reason": reason}]


def announce(state: EventState, text: str, now: float) -> Entries:
    text = text.strip()
    if not text or len(text) > MAX_ANNOUNCEMENT:
        raise ConfigError(f"an announcement is 1 to {MAX_ANNOUNCEMENT} characters")
    state.settings.announcements.append({"text": text, "at": now})
    return [{"action": "announce", "by": "host", "text": text}]


def configure(
    state: EventState, body: EventSettingsIn, now: float, rated: Rated | None = None
) -> Entries:
    """Change the host's settings (only those sent); entry conditions the entrants already in
    do not meet are refused, naming them (``rated``: their accounts' ratings)."""
    changed = body.model_dump(exclude_unset=True)
    if not changed:
        raise ConfigError(
            f"no setting to change: send one of {', '.join(EventSettingsIn.model_fields)}"
        )
    for name in ("checkin_until", "autostart_at"):
        when = changed.get(name)
        if when is not None and state.phase != "entry":
            raise ConfigError(f"{name} applies before the start; the event has started")
        if when is not None and not now - 1 <= when <= now + 7 * 86_400:
            raise ConfigError(
                f"{name} is a time (Unix seconds) from now to a week ahead, not {when!r}"
            )
    if changed.get("accounts_only"):
        guests = [e.name for e in _in_event(state) if state.account_of(e.id) is None]
        if guests:
            raise ConfigError(
                f"accounts only: {', '.join(guests[:5])} "
                f"{'is a named guest' if len(guests) == 1 else 'are named guests'}"
                " (withdraw them first, or keep the event open to guests)"
            )
    least = changed.get("min_rated_games") or 0
    if least:
        short = [
            e.name
            for e in _in_event(state)
            if (rated or {}).get(state.account_of(e.id) or "", (0.0, 0))[1] < least
        ]
        if short:
            raise ConfigError(
                f"at least {least} rated game{'' if least == 1 else 's'} of "
                f"{pool(state)}: "
                f"{', '.join(short[:5])} {'has' if len(short) == 1 else 'have'} "
                "fewer (withdraw them first, or ask for fewer)"
            )
    for name, value in changed.items():
        setattr(state.settings, name, value)
    return [{"action": "settings", "by": "host", **changed}]


def _in_event(state: EventState) -> list[Entrant]:
    """The entrants still in (not withdrawn or disqualified), as they are held now."""
    status = state.record.status()
    return [
        state.record.entrant(e.id)
        for e in state.record.all_entrants()
        if status.get(e.id, "in") == "in"
    ]


def check_in(state: EventState, entrant: str) -> Entries:
    """A guest checks in (during the check-in window)."""
    settings = state.settings
    if settings.checkin_until is None:
        raise ConfigError("this event has no check-in")
    if state.phase != "entry":
        raise ConfigError("the event has started: the check-in is over")
    if entrant not in settings.checked_in:
        settings.checked_in.append(entrant)
    return [{"action": "check-in", "by": entrant}]


def close_now(state: EventState, now: float) -> Entries:
    if state.phase == "entry":
        raise ConfigError("the event has not started: there is nothing to close")
    return close(state, now, "host")


def add_cohost(state: EventState, account: tuple[str, str]) -> Entries:
    """An account that may act as the host (with its session) besides the host key."""
    account_id, name = account
    if account_id not in state.settings.cohosts:
        state.settings.cohosts.append(account_id)
    return [{"action": "cohost", "by": "host", "account": name}]
