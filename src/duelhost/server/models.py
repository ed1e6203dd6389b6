"""The request and answer bodies of the HTTP API (pydantic models: they are the schema that
``/openapi.json`` serves and docs/openapi.json keeps)."""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field


class SeatIn(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)
    kind: Literal["human", "bot"] = Field(
        description="human: gets a single-use invite; bot: played by the server"
    )
    bot: str | None = Field(default=None, max_length=64, description="the bot's name (bot seats)")


class CreateMatch(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)
    game: str = Field(max_length=64, description="engine name (GET /api/games lists them)")
    options: dict[str, Any] = Field(default_factory=dict, description="game options")
    setup: dict[str, Any] = Field(default_factory=dict, description="setup arguments of game.new")
    seed: int | None = Field(
        default=None, ge=0, le=2**63 - 1, description="match seed (G6); random if absent"
    )
    seats: list[SeatIn] = Field(
        default_factory=lambda: [SeatIn(kind="human"), SeatIn(kind="human")],
        min_length=2,
        max_length=2,
    )
    clock: dict[str, Any] | None = Field(
        default=None,
        description="null: untimed; absent: the game's default; an object changes the "
        "default's fields (mode, seconds, planning_seconds, extended_seconds, extensions)",
    )
    rated: bool = Field(
        default=False,
        description="whether the match changes its players' Glicko-2 ratings when it ends "
        "(in the pool of its game and variant): rated only if every human seat is held by an "
        "account and each seat made a decision; a rated match takes no seed or setup",
    )
    idempotency_key: str | None = Field(
        default=None,
        min_length=1,
        max_length=200,
        description="optional (or the Idempotency-Key header): creates with the same key from "
        "the same client within 10 minutes make one match and all answer it",
    )


class SeatOut(BaseModel):
    seat: int
    kind: str
    bot: str | None = None
    invite: str | None = Field(
        default=None,
        description="human seats: the single-use invite (POST /api/invites/{invite} gives "
        "the seat's token, once); null for a bot seat",
    )
    invite_url: str | None = Field(
        default=None, description="the seat's page that opens the invite: /play/<id>#invite=<code>"
    )


class Created(BaseModel):
    id: str
    game: str
    seed: int | None = Field(
        description="the seed the creator chose; null for a seed the server drew (RULINGS G7: "
        "it is published with the record once the match is over)"
    )
    seed_commitment: str = Field(
        description='lowercase hex SHA-256 of the UTF-8 text "<seed>:<salt>" (G7)'
    )
    seed_chosen_by_creator: bool
    seats: list[SeatOut]
    spectate: str
    clock: dict[str, Any] | None
    host_token: str = Field(
        description="the creator's host key: GET /api/matches/{id} with it shows which seats "
        "have joined; it reads nothing secret and acts for no seat"
    )
    rated: bool = Field(default=False, description="whether the match is rated (issue 30)")
    pool: str | None = Field(
        default=None, description="a rated match's rating pool (GET /api/leaderboard/{pool})"
    )


class Reissued(BaseModel):
    match_id: str
    seat: int
    invite: str = Field(description="the seat's new single-use invite")
    invite_url: str = Field(description="the seat's page that opens it: /play/<id>#invite=<code>")


class Invited(BaseModel):
    match_id: str
    seat: int
    token: str = Field(description="the seat's token: given once, to whoever opened the invite")
    url: str = Field(description="the seat's page (it takes the token from sessionStorage)")


class Submission(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)
    text: str = Field(max_length=20_000, description="the submission in the game's notation")
    key: str | None = Field(default=None, max_length=200, description="idempotency key")
    seat: int | None = Field(default=None, description="optional: must be the token's seat")
    nonce: str | None = Field(
        default=None,
        max_length=32,
        description="the reveal of a commitment: the client's nonce (32 lowercase hex digits)",
    )
    decision: int | None = Field(
        default=None,
        ge=0,
        description="optional: the decision this submission is for (the view's `decision`); "
        "refused if the match is at another one",
    )


class Commitment(BaseModel):
    model_config = ConfigDict(extra="forbid")
    commitment: str = Field(
        max_length=64,
        description='SHA-256 hex of ["duelhost-commit-v1", match_id, seat, decision, text, nonce]',
    )
    key: str | None = Field(default=None, max_length=200, description="idempotency key")
    seat: int | None = Field(default=None, description="optional: must be the token's seat")


class Accepted(BaseModel):
    accepted: bool
    receipt: str | None = None
    decision: int | None = None
    text: str | None = None
    seq: int | None = None
    commitment: str | None = None


class MatchState(BaseModel):
    id: str
    game: str
    seat: int | None
    to_act: list[int]
    view: dict[str, Any]
    is_over: bool
    winner: int | None
    result: dict[str, Any]
    clock: dict[str, Any] | None
    n: int
    orders: str | None = None
    seed_commitment: str
    seed_chosen_by_creator: bool
    phase: str = Field(
        description="waiting (the clock has not started: it starts when both seats are held, "
        "or at start_at), playing, or over"
    )
    start_at: float | None = Field(
        default=None, description="the start time the match's creator set (Unix seconds)"
    )
    joined: list[bool] | None = Field(
        default=None,
        description="with the host key only: whether each seat is taken (a bot seat always, "
        "a human seat once its invite was opened)",
    )
    presence: dict[str, Any] | None = Field(
        default=None,
        description='who is connected now: `seats`, each seat\'s "connected" (a page of that '
        'seat listens to the live stream), "away" or "bot"; `spectators`, the number of '
        "spectators' streams open",
    )
    delayed: float | None = Field(
        default=None,
        description="a spectator's state of a game of an event with a spectator delay: the "
        "match as it was this many seconds ago (issue 31)",
    )
    players: list[dict[str, Any] | None] | None = Field(
        default=None,
        description="who holds each seat: {name, guest, account} (an account's name, or a "
        "guest's display name with guest true), null where nobody signed in holds it",
    )


class MatchSummary(BaseModel):
    id: str
    game: str
    created: float
    over: bool
    result: dict[str, Any] | None
    seats: list[dict[str, Any]]
    spectate: str
    players: list[dict[str, Any] | None] | None = Field(
        default=None,
        description="who holds each seat: {name, guest, account} (an account's name, or a "
        "guest's display name with guest true), null where nobody signed in holds it",
    )


class MatchList(BaseModel):
    total: int
    matches: list[MatchSummary]


class GameInfo(BaseModel):
    name: str
    title: str
    summary: str
    dynamics: list[str]
    options: dict[str, Any]
    clock: dict[str, Any] | None
    bots: list[str]
