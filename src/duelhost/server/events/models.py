"""The request bodies of the events' routes (pydantic: they are the schema ``/openapi.json``
serves)."""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field

Name = Field(min_length=1, max_length=64)
Reason = Field(default="", max_length=500)


class EntrantIn(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)
    name: str = Field(min_length=1, max_length=64, description="shown in pairings and standings")
    kind: Literal["bot", "guest", "account"] = Field(
        default="guest",
        description="bot: a bot level of the event's game (``bot``); guest: a "
        "named player given a key that leads to each game's single-use invite; account: a "
        "player's account (``account``: its name), who finds each game on the event's page "
        "signed in",
    )
    account: str | None = Field(
        default=None, max_length=64, description="the account's name (account entries)"
    )
    bot: str | None = Field(default=None, max_length=64, description="the bot level (bots)")
    rating: int = Field(
        default=0,
        ge=0,
        le=4000,
        description="for seeding (0: an account's "
        "or bot's rating in the event's pool, 1500 when it has none there)",
    )
    id: str | None = Field(
        default=None,
        min_length=1,
        max_length=32,
        pattern=r"^[A-Za-z0-9_.-]+$",
        description="the entry's id (default: made from the name)",
    )


class CreateEvent(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)
    format: Literal["swiss", "knockout", "round_robin", "arena"]
    game: str = Field(max_length=64, description="engine name (GET /api/games lists them)")
    options: dict[str, Any] = Field(default_factory=dict, description="game options")
    clock: dict[str, Any] | None = Field(
        default=None,
        description="every game's clock, as for POST /api/matches (null or "
        "absent: the game's default)",
    )
    rounds: int | None = Field(default=None, ge=1, le=100, description="a Swiss's rounds")
    duration: float | None = Field(
        default=None, gt=0, le=86_400, description="an arena's length in seconds"
    )
    rated: bool = False
    best_of: int = Field(default=1, ge=1, le=15, description="a knockout tie's games (odd)")
    third_place: bool = False
    double: bool = Field(default=False, description="double round robin")
    name: str = Field(default="", max_length=100)
    auto: bool = Field(
        default=False,
        description="pair each round and close at the end without waiting for the host",
    )
    entrants: list[EntrantIn] = Field(default_factory=list, max_length=1000)
    delay: float = Field(default=0.0, ge=0, le=600, description="spectator delay, seconds")
    no_scouting: bool = False
    no_show_grace: float | None = Field(default=None, gt=0, le=3600)
    accounts_only: bool = Field(
        default=False,
        description="entry condition: accounts only (players' accounts and bots; no named guests)",
    )
    min_rated_games: int = Field(
        default=0,
        ge=0,
        le=100_000,
        description="entry condition: "
        "at least this many rated games in the event's rating pool "
        "(every entrant, bots included)",
    )


class EventSettingsIn(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)
    checkin_until: float | None = Field(
        default=None,
        description="end of the check-in "
        "window (Unix seconds); entrants not checked in by the "
        "start are dropped",
    )
    autostart_at: float | None = Field(default=None, description="start the event then")
    accounts_only: bool | None = None
    min_rated_games: int | None = Field(default=None, ge=0, le=100_000)
    delay: float | None = Field(default=None, ge=0, le=600)
    no_scouting: bool | None = None
    no_show_grace: float | None = Field(default=None, gt=0, le=3600)
    auto: bool | None = None


class EntrantAction(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)
    entrant: str = Field(min_length=1, max_length=32)
    reason: str = Reason


class Substitute(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)
    entrant: str = Field(min_length=1, max_length=32)
    holder: EntrantIn


class Forbid(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)
    first: str = Field(min_length=1, max_length=32)
    second: str = Field(min_length=1, max_length=32)
    reason: str = Reason


class Adjudicate(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)
    outcome: Literal["1-0", "0-1", "1/2-1/2"] = Field(description="seat 0's result first")
    reason: str = Field(min_length=1, max_length=500)


class Announce(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)
    text: str = Field(min_length=1, max_length=500)


class Cohost(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)
    name: str = Field(min_length=1, max_length=64, description="the co-host's account name")
