"""Passkeys (WebAuthn, the ``webauthn`` package): the options of a registration or an
authentication ceremony and the check of its answer.

The relying party is the request's host name without its port (``localhost``,
``duel.example.org``); the expected origin is the page's own (scheme, host and port). The
challenge travels with a ``ceremony`` the server signs (HMAC with a key derived from the server
key) and the client sends back, so any process of a cluster can check the answer; a ceremony
is good for 5 minutes and, on the process that checks it, once. Sign-in asks for a discoverable
credential (no list of an account's credentials is ever sent: nothing tells whether a name
exists); user verification is required.
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import json
import time
from collections import OrderedDict
from dataclasses import dataclass
from typing import Any

import webauthn
from starlette.requests import HTTPConnection
from webauthn.helpers import bytes_to_base64url, options_to_json
from webauthn.helpers.exceptions import WebAuthnException
from webauthn.helpers.structs import (
    AuthenticatorSelectionCriteria,
    PublicKeyCredentialDescriptor,
    ResidentKeyRequirement,
    UserVerificationRequirement,
)

from duelhost.core.errors import ConfigError

CEREMONY_SECONDS = 300.0
RP_NAME = "duelhost"


class CeremonyError(ConfigError):
    """A passkey answer that does not check out (the message says why, in general terms)."""


@dataclass(frozen=True)
class Ceremony:
    purpose: str
    """``register`` or ``authenticate``."""
    challenge: bytes
    name: str | None
    """The new account's name (``register`` for a new account)."""
    account_id: str | None
    """The account a passkey is added to, or made for."""
    expires: float


def rp_id(connection: HTTPConnection) -> str:
    """The relying party: the host name the page was loaded from, without its port."""
    return (connection.url.hostname or "localhost").lower()


def origin(connection: HTTPConnection) -> str:
    """The page's origin as the browser reports it in ``clientDataJSON``."""
    url = connection.url
    port = f":{url.port}" if url.port else ""
    scheme = "https" if url.scheme in ("https", "wss") else "http"
    return f"{scheme}://{(url.hostname or '').lower()}{port}"


class Ceremonies:
    """Signs ceremonies and remembers the ones checked (each is good once)."""

    def __init__(self, server_key: bytes, clock: Any = time.time) -> None:
        self.key = hmac.new(server_key, b"duelhost passkey ceremonies", hashlib.sha256).digest()
        self.clock = clock
        self._used: OrderedDict[bytes, float] = OrderedDict()

    def _sign(self, ceremony: Ceremony) -> str:
        body = json.dumps(
            {
                "p": ceremony.purpose,
                "c": bytes_to_base64url(ceremony.challenge),
                "n": ceremony.name,
                "a": ceremony.account_id,
                "e": ceremony.expires,
            },
            separators=(",", ":"),
        ).encode()
        mac = hmac.new(self.key, body, hashlib.sha256).digest()
        return _b64(body) + "." + _b64(mac)

    def _open(self, signed: object, purpose: str) -> Ceremony:
        if not isinstance(signed, str) or signed.count(".") != 1 or len(signed) > 2000:
            raise CeremonyError("this passkey ceremony is not one of this server's; start again")
        body_text, mac_text = signed.split(".")
        try:
            body, mac = _unb64(body_text), _unb64(mac_text)
        except ValueError:
            raise CeremonyError("this passkey ceremony is not one of this server's") from None
        if not hmac.compare_digest(mac, hmac.new(self.key, body, hashlib.sha256).digest()):
            raise CeremonyError("this passkey ceremony is not one of this server's; start again")
        data = json.loads(body)
        ceremony = Ceremony(
            data["p"], webauthn.base64url_to_bytes(data["c"]), data["n"], data["a"], data["e"]
        )
        now = self.clock()
        if ceremony.purpose != purpose or ceremony.expires < now:
            raise CeremonyError("this passkey ceremony has expired; start again")
        if ceremony.challenge in self._used:
            raise CeremonyError("this passkey ceremony was used already; start again")
        self._used[ceremony.challenge] = ceremony.expires
        while self._used and next(iter(self._used.values())) < now:
            self._used.popitem(last=False)
        return ceremony

    def registration(
        self,
        connection: HTTPConnection,
        name: str,
        account_id: str,
        exclude: list[str],
    ) -> dict[str, Any]:
        """The options of a registration for the account ``account_id`` named ``name`` (a new
        account, or one that adds a passkey), with the signed ``ceremony``."""
        options = webauthn.generate_registration_options(
            rp_id=rp_id(connection),
            rp_name=RP_NAME,
            user_name=name,
            user_id=account_id.encode(),
            user_display_name=name,
            authenticator_selection=AuthenticatorSelectionCriteria(
                resident_key=ResidentKeyRequirement.REQUIRED,
                user_verification=UserVerificationRequirement.REQUIRED,
            ),
            exclude_credentials=[
                PublicKeyCredentialDescriptor(id=webauthn.base64url_to_bytes(c)) for c in exclude
            ],
        )
        ceremony = Ceremony(
            "register", options.challenge, name, account_id, self.clock() + CEREMONY_SECONDS
        )
        return {"options": json.loads(options_to_json(options)), "ceremony": self._sign(ceremony)}

    def check_registration(
        self, connection: HTTPConnection, signed: object, credential: object
    ) -> tuple[Ceremony, str, str, int]:
        """The ceremony and the new passkey: ``(ceremony, credential id, public key, sign
        count)`` (ids and keys as base64url). CeremonyError when it does not check out."""
        ceremony = self._open(signed, "register")
        try:
            verified = webauthn.verify_registration_response(
                credential=_credential(credential),
                expected_challenge=ceremony.challenge,
                expected_rp_id=rp_id(connection),
                expected_origin=origin(connection),
                require_user_verification=True,
            )
        except (WebAuthnException, ValueError, KeyError, TypeError) as error:
            raise CeremonyError(f"the passkey was not accepted: {error}") from None
        return (
            ceremony,
            bytes_to_base64url(verified.credential_id),
            bytes_to_base64url(verified.credential_public_key),
            verified.sign_count,
        )

    def authentication(self, connection: HTTPConnection) -> dict[str, Any]:
        """The options of a sign-in with any passkey of this site (discoverable)."""
        options = webauthn.generate_authentication_options(
            rp_id=rp_id(connection),
            user_verification=UserVerificationRequirement.REQUIRED,
        )
        ceremony = Ceremony(
            "authenticate", options.challenge, None, None, self.clock() + CEREMONY_SECONDS
        )
        return {"options": json.loads(options_to_json(options)), "ceremony": self._sign(ceremony)}

    def credential_of(self, credential: object) -> str:
        """The credential id an authentication answer names (base64url)."""
        if not isinstance(credential, dict) or not isinstance(credential.get("rawId"), str):
            raise CeremonyError("the passkey answer must be the credential as JSON")
        return str(credential["rawId"])

    def check_authentication(
        self,
        connection: HTTPConnection,
        signed: object,
        credential: object,
        public_key: str,
        sign_count: int,
    ) -> int:
        """The passkey's new sign count, if the answer checks out (CeremonyError if not)."""
        ceremony = self._open(signed, "authenticate")
        try:
            verified = webauthn.verify_authentication_response(
                credential=_credential(credential),
                expected_challenge=ceremony.challenge,
                expected_rp_id=rp_id(connection),
                expected_origin=origin(connection),
                credential_public_key=webauthn.base64url_to_bytes(public_key),
                credential_current_sign_count=sign_count,
                require_user_verification=True,
            )
        except (WebAuthnException, ValueError, KeyError, TypeError) as error:
            raise CeremonyError(f"the passkey was not accepted: {error}") from None
        return int(verified.new_sign_count)


def _credential(credential: object) -> dict[str, Any]:
    if not isinstance(credential, dict):
        raise CeremonyError("the passkey answer must be the credential as JSON")
    return credential


def _b64(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode()


def _unb64(text: str) -> bytes:
    try:
        return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))
    except (ValueError, TypeError) as error:
        raise ValueError(str(error)) from None
