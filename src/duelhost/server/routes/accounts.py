"""The accounts routes (issue 30): sign-up, sign-in (password, recovery code, passkey), the
session, the account itself.

- ``POST /api/accounts`` ``{name, password}``: a new account, signed in; answers its one-time
  recovery codes (shown only then).
- ``POST /api/session`` ``{name, password}`` (or ``{name, recovery_code}``): sign in;
  ``DELETE /api/session``: sign out; ``DELETE /api/sessions``: sign out everywhere.
- ``POST /api/passkeys/registration/options`` ``{name}`` (a new account) or ``{}`` (a passkey
  for the signed-in account), then ``.../registration/verify`` ``{ceremony, credential}``;
  ``POST /api/passkeys/authentication/options`` and ``.../authentication/verify``: sign in.
- ``GET /api/session``: ``{"account": ... or null}`` (the pages ask it);
- ``GET /api/me``; ``PUT /api/me/password``; ``DELETE /api/me`` ``{name}``: delete the account.

The session is a cookie (``duelhost.server.accounts.sessions``); every write it authenticates must
come from this server's own pages (``Origin``), else 403. Sign-in failures all say the same.
"""

from __future__ import annotations

from typing import Any, cast

from fastapi import APIRouter, Request, Response
from fastapi.responses import JSONResponse
from starlette.requests import HTTPConnection

from duelhost.core.errors import ConfigError
from duelhost.server.account_models import (
    CeremonyOut,
    DeleteAccount,
    MeOut,
    NewPassword,
    PasskeyAnswer,
    PasskeyOptionsIn,
    SignedInOut,
    SignIn,
    SignUp,
)
from duelhost.server.accounts import sessions
from duelhost.server.accounts.ceremonies import CeremonyError
from duelhost.server.accounts.names import check_name
from duelhost.server.accounts.service import Accounts, Refused, SignedIn
from duelhost.server.errors import ERRORS
from duelhost.server.limits import client_of
from duelhost.store.accounts import Account, Passkey

router = APIRouter()


def accounts_of(connection: HTTPConnection) -> Accounts:
    return cast(Accounts, connection.app.state.accounts)


def signed_in(connection: HTTPConnection) -> Account | None:
    """The account the request's session cookie is signed in to (None: none)."""
    return accounts_of(connection).session(sessions.presented(connection))


def acting(connection: HTTPConnection) -> Account:
    """The signed-in account of a write: 401 without a session, 403 from another site."""
    account = signed_in(connection)
    if account is None:
        raise Refused(401, "sign in first (this needs an account's session)")
    if not sessions.same_origin(connection):
        raise Refused(403, "refused: this request did not come from this site's pages (Origin)")
    return account


def not_cross_site(connection: HTTPConnection) -> None:
    """Sign-in and sign-up from another site's page are refused (a browser sends Origin)."""
    if "origin" in connection.headers and not sessions.same_origin(connection):
        raise Refused(403, "refused: this request did not come from this site's pages (Origin)")


def _signed(request: Request, signed: SignedIn, status: int = 200) -> Response:
    body = SignedInOut(name=signed.account.name, recovery_codes=signed.recovery_codes)
    response = JSONResponse(body.model_dump(), status_code=status)
    sessions.set_cookie(response, request, signed.token)
    return response


@router.post("/api/accounts", status_code=201, response_model=SignedInOut, responses=ERRORS)
async def sign_up(request: Request, body: SignUp) -> Response:
    """A new account with a password, signed in at once. The answer holds its ten one-time
    recovery codes: shown only here (each signs in once in place of the password)."""
    not_cross_site(request)
    signed = await accounts_of(request).sign_up(body.name, body.password, client_of(request.scope))
    return _signed(request, signed, 201)


@router.post("/api/session", response_model=SignedInOut, responses=ERRORS)
async def sign_in(request: Request, body: SignIn) -> Response:
    """Sign in with the name and password (or a recovery code, used up by this): sets the
    session cookie. A wrong name and a wrong password get the same 401."""
    not_cross_site(request)
    accounts = accounts_of(request)
    client = client_of(request.scope)
    if body.recovery_code is not None:
        signed = await accounts.recover(body.name, body.recovery_code, client)
    else:
        signed = await accounts.sign_in(body.name, body.password or "", client)
    return _signed(request, signed)


@router.delete("/api/session", responses=ERRORS)
async def sign_out(request: Request) -> Response:
    """Sign out this browser (its session ends)."""
    token = sessions.presented(request)
    if token is not None and signed_in(request) is not None:
        acting(request)
        await accounts_of(request).sign_out(token)
    response = JSONResponse({"signed_out": True})
    sessions.clear_cookie(response, request)
    return response


@router.delete("/api/sessions", responses=ERRORS)
async def sign_out_everywhere(request: Request) -> Response:
    """End every session of the account, on every device."""
    account = acting(request)
    ended = await accounts_of(request).sign_out_everywhere(account)
    request.app.state.lobby.signed_out(account.id)
    response = JSONResponse({"signed_out": True, "sessions_ended": ended})
    sessions.clear_cookie(response, request)
    return response


@router.get("/api/session", responses=ERRORS)
async def session(request: Request) -> Any:
    """Whether this browser is signed in: ``{"account": <as GET /api/me> or null}`` (never a
    401: the pages ask it on every load)."""
    account = signed_in(request)
    return {"account": None if account is None else _me(request, account)}


def _me(request: Request, account: Account) -> MeOut:
    store = accounts_of(request).store
    return MeOut(
        name=account.name,
        created=account.created,
        passkeys=len(store.passkeys_of(account.id)),
        has_password=account.password_hash is not None,
        recovery_codes_left=store.recovery_left(account.id),
    )


@router.get("/api/me", response_model=MeOut, responses=ERRORS)
async def me(request: Request) -> Any:
    """The signed-in account (401 when signed out)."""
    account = signed_in(request)
    if account is None:
        raise Refused(401, "not signed in")
    return _me(request, account)


@router.put("/api/me/password", responses=ERRORS)
async def set_password(request: Request, body: NewPassword) -> Any:
    """Set (or change) the signed-in account's password."""
    await accounts_of(request).set_password(acting(request), body.password)
    return {"password": "set"}


@router.delete("/api/me", responses=ERRORS)
async def delete_account(request: Request, body: DeleteAccount) -> Response:
    """Delete the signed-in account (send its name to confirm): its name, password, passkeys,
    recovery codes and sessions are erased; its matches' records stay, the name replaced."""
    account = acting(request)
    if body.name.lower() != account.name.lower():
        raise Refused(400, "send the account's own name to confirm its deletion")
    replacement = await accounts_of(request).delete(account)
    request.app.state.lobby.signed_out(account.id)
    request.app.state.seating.forget()
    response = JSONResponse({"deleted": True, "shown_as": replacement})
    sessions.clear_cookie(response, request)
    return response


# ---------------------------------------------------------------------- passkeys


@router.post("/api/passkeys/registration/options", response_model=CeremonyOut, responses=ERRORS)
async def registration_options(request: Request, body: PasskeyOptionsIn) -> Any:
    """Start a passkey registration: for a new account (``name``) or, signed in with no name,
    one more passkey of the account."""
    accounts = accounts_of(request)
    if body.name is None:
        account = acting(request)
        exclude = accounts.store.passkeys_of(account.id)
        return accounts.ceremonies.registration(request, account.name, account.id, exclude)
    not_cross_site(request)
    try:
        name = check_name(body.name)
    except ConfigError as error:
        raise Refused(400, str(error)) from None
    if accounts.store.by_name(name) is not None:
        raise Refused(409, "that name is taken; choose another")
    fresh = accounts.new_account(name, None)
    return accounts.ceremonies.registration(request, name, fresh.id, [])


@router.post("/api/passkeys/registration/verify", responses=ERRORS)
async def registration_verify(request: Request, body: PasskeyAnswer) -> Response:
    """Finish a passkey registration: a new account, signed in (answers its recovery codes,
    shown only here), or the passkey added to the signed-in account."""
    accounts = accounts_of(request)
    try:
        ceremony, credential_id, public_key, count = accounts.ceremonies.check_registration(
            request, body.ceremony, body.credential
        )
    except CeremonyError as error:
        raise Refused(400, str(error)) from None
    assert ceremony.account_id is not None and ceremony.name is not None
    existing = accounts.store.by_id(ceremony.account_id)
    if existing is not None:
        account = acting(request)
        if account.id != existing.id:
            raise Refused(403, "this passkey ceremony is another account's")
        passkey = Passkey(credential_id, account.id, public_key, count)
        accounts.store.add_passkey(passkey, accounts.now())
        return JSONResponse({"name": account.name, "passkey": "added"})
    not_cross_site(request)
    accounts.throttle.signup(client_of(request.scope))
    account = Account(ceremony.account_id, ceremony.name, "person", None, accounts.now(), None)
    signed = await accounts.open_account(
        account, Passkey(credential_id, account.id, public_key, count)
    )
    return _signed(request, signed, 201)


@router.post("/api/passkeys/authentication/options", response_model=CeremonyOut, responses=ERRORS)
async def authentication_options(request: Request) -> Any:
    """Start a passkey sign-in (any passkey of this site: the browser lists them)."""
    return accounts_of(request).ceremonies.authentication(request)


@router.post("/api/passkeys/authentication/verify", response_model=SignedInOut, responses=ERRORS)
async def authentication_verify(request: Request, body: PasskeyAnswer) -> Response:
    """Finish a passkey sign-in: sets the session cookie."""
    not_cross_site(request)
    accounts = accounts_of(request)
    try:
        credential_id = accounts.ceremonies.credential_of(body.credential)
    except CeremonyError as error:
        raise Refused(400, str(error)) from None
    accounts.throttle.signin(client_of(request.scope), "passkey:" + credential_id[:100])
    passkey = accounts.store.passkey(credential_id) if len(credential_id) <= 1024 else None
    if passkey is None:
        raise Refused(401, "this passkey is not one of this site's accounts")
    try:
        count = accounts.ceremonies.check_authentication(
            request, body.ceremony, body.credential, passkey.public_key, passkey.sign_count
        )
    except CeremonyError as error:
        raise Refused(401, str(error)) from None
    account = accounts.store.by_id(passkey.account_id)
    if account is None or account.deleted is not None:
        raise Refused(401, "this passkey is not one of this site's accounts")
    accounts.store.passkey_used(credential_id, count, accounts.now())
    return _signed(request, await accounts.start_session(account))
