"""The request and answer bodies of the accounts, seeks and challenges routes (issue 30): the
schema ``/openapi.json`` serves for them."""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, ConfigDict, Field


class SignUp(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)
    name: str = Field(max_length=64, description="3-20 of A-Z a-z 0-9 _ -, unique without case")
    password: str = Field(max_length=1024, description="8 to 256 characters")


class SignIn(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)
    name: str = Field(max_length=64)
    password: str | None = Field(default=None, max_length=1024)
    recovery_code: str | None = Field(
        default=None,
        max_length=64,
        description="instead of the password: a recovery code (used up)",
    )


class NewPassword(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)
    password: str = Field(max_length=1024)


class DeleteAccount(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)
    name: str = Field(max_length=64, description="the account's own name, to confirm")


class SignedInOut(BaseModel):
    name: str
    recovery_codes: list[str] | None = Field(
        default=None, description="a new account's one-time recovery codes: shown only here"
    )


class MeOut(BaseModel):
    name: str
    created: float
    passkeys: int
    has_password: bool
    recovery_codes_left: int


class PasskeyOptionsIn(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)
    name: str | None = Field(
        default=None,
        max_length=64,
        description="a new account's name (absent: add a passkey to the signed-in account)",
    )


class PasskeyAnswer(BaseModel):
    model_config = ConfigDict(extra="forbid")
    ceremony: str = Field(max_length=2000, description="as the options answer gave it")
    credential: dict[str, Any] = Field(description="the browser's PublicKeyCredential as JSON")


class CeremonyOut(BaseModel):
    options: dict[str, Any] = Field(description="the WebAuthn options (base64url fields)")
    ceremony: str = Field(description="send it back with the answer")


class OfferIn(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)
    game: str = Field(max_length=64)
    options: dict[str, Any] = Field(default_factory=dict)
    clock: dict[str, Any] | None = Field(
        default=None, description="null: untimed; absent: the game's default clock"
    )
    rated: bool = False
    rating_min: int | None = Field(default=None, ge=0, le=10_000)
    rating_max: int | None = Field(default=None, ge=0, le=10_000)
    to: str | None = Field(default=None, max_length=64, description="challenges: the player")
    bot: str | None = Field(
        default=None,
        max_length=64,
        description="challenges: a bot level instead of a player (the match is made at once)",
    )

    def body(self) -> dict[str, Any]:
        data = self.model_dump()
        data["clock_given"] = "clock" in self.model_fields_set
        return data


class AcceptIn(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)
    guest_name: str | None = Field(
        default=None, max_length=64, description="a guest's display name (casual seeks only)"
    )


class MadeOut(BaseModel):
    match_id: str
    seat: int
    token: str = Field(description="the seat's token (keep it secret)")
    game: str
    url: str


class ClaimOut(BaseModel):
    match_id: str
    seat: int
    token: str = Field(description="the seat's token (keep it secret)")
