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


def build(body: CreateEvent, server_key: bytes, accounts: Accounts,
          organizer: str | None) -> tuple[EventRecord, EventSettings, str, str, dict[str, str]]:
    """A new event from its creation request: its record, settings, stored secret, host key
    and the key of each guest entered with it (``accounts``: each account entry's account id
    and name, by the name asked for)."""
    from duelhost.server.events.state import event_seed

    spec = game_spec(body.game)
    check_option_types(spec, body.options)
    game = duelhost.load(body.game, **body.options)
    spec.check_budget(dict(game.options))
    make_clock(game, body.clock, body.clock is None, start="seated")
    config = EventConfig(
        format=Format(body.format), game=game.name, options=dict(game.options), rated=body.rated,
        rounds=body.rounds if body.format == "swiss" else None, best_of=body.best_of,
        third_place=body.third_place, double=body.double, seats_matter=seats_matter(game.name),
        duration=body.duration if body.format == "arena" else None,
    )
    secret = new_secret()
    event_id = secrets.token_hex(8)
    settings = EventSettings(name=body.name or f"{spec.title} {body.format.replace('_', ' ')}",
                             clock=body.clock, auto=body.auto, delay=body.delay,
                             no_scouting=body.no_scouting, no_show_grace=body.no_show_grace,
                             organizer=organizer)
    record = open_event(event_id, config, [], event_seed(server_key, secret))
    state = EventState(_row_stub(event_id), record, settings, event_seed(server_key, secret))
    keys: dict[str, str] = {}
    for entrant in body.entrants:
        keys.update(_enter(state, entrant, None, accounts))
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


def _enter(state: EventState, body: EntrantIn, at: float | None,
           accounts: Accounts) -> dict[str, str]:
    """Enter one entrant into ``state``: the guest's key if it is a guest."""
    game = state.record.config.game
    if body.kind != "account" and state.settings.accounts_only:
        raise ConfigError("this event takes accounts only (its entry conditions)")
    if body.kind == "account":
        return _enter_account(state, body, at, accounts)
    if body.kind == "bot":
        bots = available_bots(game)
        if body.bot not in bots:
            raise ConfigError(f"a bot entry needs a bot level of {game}: one of "
                              f"{', '.join(bots)}, not {quote_value(body.bot)}")
    elif body.bot is not None:
        raise ConfigError("only a bot entry has a bot level")
    entrant = Entrant(_entrant_id(state, body), body.name.strip(), body.rating,
                      EntrantKind(body.kind))
    state.record = add_entrant(state.record, entrant, at)
    if body.kind == "bot":
        state.settings.seats[entrant.id] = {"bot": body.bot}
        return {}
    key = secrets.token_urlsafe(16)
    state.settings.seats[entrant.id] = {"key_hash": hashlib.sha256(key.encode()).hexdigest()}
    return {entrant.id: key}


def _enter_account(state: EventState, body: EntrantIn, at: float | None,
                   accounts: Accounts) -> dict[str, str]:
    name = account_name(body)
    found = accounts.get(str(name))
    if found is None:
        raise ConfigError(f"no account named {quote_value(name)}")
    account_id, shown = found
    if state.entrant_of_account(account_id) is not None:
        raise ConfigError(f"{shown} is entered already")
    entrant = Entrant(_entrant_id(state, body.model_copy(update={"name": shown})), shown,
                      body.rating, EntrantKind.ACCOUNT)
    state.record = add_entrant(state.record, entrant, at)
    state.settings.seats[entrant.id] = {"account": account_id}
    return {}


def enter(state: EventState, body: EntrantIn, now: float, keys: dict[str, str],
          accounts: Accounts) -> Entries:
    """Add a player: before the start into the list, after it a late entry (Swiss, arena)."""
    before = {e.id for e in state.record.all_entrants()}
    keys.update(_enter(state, body, _arena_at(state, now), accounts))
    added = [e.id for e in state.record.all_entrants() if e.id not in before]
    return [{"action": "add", "by": "host", "entrant": added[0], "name": body.name,
             "kind": body.kind, "bot": body.bot}]


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


def replace_holder(state: EventState, entrant: str, holder: EntrantIn,
                   keys: dict[str, str]) -> Entries:
    """A substitute plays ``entrant``'s place from now on (a bot, or a guest with a new key)."""
    if holder.kind == "account":
        raise ConfigError("a substitute is a named guest or a bot (an account enters as a "
                          "new entry)")
    if holder.kind == "bot" and holder.bot not in available_bots(state.record.config.game):
        raise ConfigError(f"a bot substitute needs a bot level of {state.record.config.game}")
    new = Entrant(holder.id or f"{entrant}-sub", holder.name, holder.rating,
                  EntrantKind(holder.kind))
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
    return [{"action": "forbid", "by": "host", "first": first, "second": second,
             "reason": reason}]


def announce(state: EventState, text: str, now: float) -> Entries:
    text = text.strip()
    if not text or len(text) > MAX_ANNOUNCEMENT:
        raise ConfigError(f"an announcement is 1 to {MAX_ANNOUNCEMENT} characters")
    state.settings.announcements.append({"text": text, "at": now})
    return [{"action": "announce", "by": "host", "text": text}]


def configure(state: EventState, body: EventSettingsIn, now: float) -> Entries:
    """Change the host's settings (only those sent)."""
    changed = body.model_dump(exclude_unset=True)
    if not changed:
        raise ConfigError("no setting to change: send one of "
                          f"{', '.join(EventSettingsIn.model_fields)}")
    for name in ("checkin_until", "autostart_at"):
        when = changed.get(name)
        if when is not None and state.phase != "entry":
            raise ConfigError(f"{name} applies before the start; the event has started")
        if when is not None and not now - 1 <= when <= now + 7 * 86_400:
            raise ConfigError(f"{name} is a time (Unix seconds) from now to a week ahead, "
                              f"not {when!r}")
    if changed.get("accounts_only"):
        guests = [e.id for e in state.record.all_entrants()
                  if state.settings.seats.get(e.id, {}).get("account") is None]
        if guests:
            raise ConfigError(f"accounts only: {', '.join(guests[:5])} are not accounts")
    for name, value in changed.items():
        setattr(state.settings, name, value)
    return [{"action": "settings", "by": "host", **changed}]


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
