"""Accounts (issue 30 point 1), on SQLite and PostgreSQL: sign-up with recovery codes, sign-in
with a password or a recovery code, sign-out, sign-out everywhere, deletion (personal data
erased, records kept with the name replaced), the username rule, rate limits, CSRF (Origin) and
the same answer for an unknown name and a wrong password."""

from __future__ import annotations

import hashlib
import time

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import create_engine, text

from duelhost.core.errors import ConfigError
from duelhost.server import create_app
from duelhost.server.accounts import passwords
from duelhost.server.accounts.names import check_guest_name, check_name
from duelhost.server.settings import ServerSettings
from tests.server.accounts_kit import (
    ORIGIN,
    PASSWORD,
    SETTINGS,
    Player,
    app_client,
    clock,
    player,
)

__all__ = ["app_client", "clock"]


def test_sign_up_signs_in_and_shows_recovery_codes_once(app_client: TestClient) -> None:
    alice = player(app_client)
    made = alice.sign_up("Alice")
    assert made["name"] == "Alice" and len(made["recovery_codes"]) == 10
    assert len(set(made["recovery_codes"])) == 10
    me = alice.get("/api/me").json()
    assert me == {
        "name": "Alice",
        "created": me["created"],
        "passkeys": 0,
        "has_password": True,
        "recovery_codes_left": 10,
    }
    cookie = alice.cookies.get("duelhost_session")
    assert cookie
    # Nothing but hashes at rest: no cookie, no recovery code, no password in the database.
    engine = create_engine(str(app_client.app.state.hub.store.url))  # type: ignore[attr-defined]
    with engine.connect() as connection:
        dump = " ".join(
            str(row)
            for table in ("accounts", "sessions", "recovery_codes")
            for row in connection.execute(text(f"SELECT * FROM {table}")).all()
        )
    engine.dispose()
    assert cookie not in dump and PASSWORD not in dump
    assert not any(code in dump for code in made["recovery_codes"])
    assert hashlib.sha256(cookie.encode()).hexdigest() in dump
    assert "$argon2id$" in dump


def test_the_session_cookie_is_httponly_and_lax(app_client: TestClient) -> None:
    answer = app_client.post(
        "/api/accounts", json={"name": "carol", "password": PASSWORD}, headers=ORIGIN
    )
    header = answer.headers["set-cookie"].lower()
    assert "httponly" in header and "samesite=lax" in header and "path=/" in header
    assert "secure" not in header  # plain HTTP here; Secure behind TLS (next test)


def test_the_cookie_is_secure_behind_tls(db_url: str) -> None:
    with TestClient(create_app(db_url, settings=SETTINGS), base_url="https://testserver") as c:
        answer = c.post(
            "/api/accounts",
            json={"name": "dora", "password": PASSWORD},
            headers={"Origin": "https://testserver"},
        )
        assert answer.status_code == 201, answer.text
        assert "secure" in answer.headers["set-cookie"].lower()


def test_names_are_unique_without_regard_to_case(app_client: TestClient) -> None:
    player(app_client, "Zed_1")
    again = player(app_client).post("/api/accounts", json={"name": "zED_1", "password": PASSWORD})
    assert again.status_code == 409 and "taken" in again.json()["error"]


@pytest.mark.parametrize(
    "name", ["ab", "a" * 21, "al ice", "émile", "easy", "Hard", "bot", "robot", "bot_7",
             "easy-2", "admin", "Guest42", "deleted-abc", "me"]
)  # fmt: skip
def test_the_username_rule_refuses(name: str) -> None:
    with pytest.raises(ConfigError):
        check_name(name)


@pytest.mark.parametrize("name", ["abc", "A-b_9", "x" * 20, "easy_rider", "Hardy"])
def test_the_username_rule_takes(name: str) -> None:
    assert check_name(name) == name


def test_a_refused_name_or_password_says_why(app_client: TestClient) -> None:
    someone = player(app_client)
    bad_name = someone.post("/api/accounts", json={"name": "medium", "password": PASSWORD})
    assert bad_name.status_code == 400 and "bot" in bad_name.json()["error"]
    short = someone.post("/api/accounts", json={"name": "valid", "password": "short"})
    assert short.status_code == 400 and "8 to 256" in short.json()["error"]
    assert someone.get("/api/me").status_code == 401
    assert check_guest_name("  Ann   Lee ") == "Ann Lee"
    with pytest.raises(ConfigError):
        check_guest_name("bad\x00name")


def test_sign_in_sign_out_and_a_wrong_password(app_client: TestClient) -> None:
    player(app_client, "erin")
    browser = player(app_client)
    wrong = browser.post("/api/session", json={"name": "erin", "password": "not the one"})
    assert wrong.status_code == 401
    right = browser.post("/api/session", json={"name": "ERIN", "password": PASSWORD})
    assert right.status_code == 200 and right.json()["name"] == "erin"
    assert browser.get("/api/me").json()["name"] == "erin"
    out = browser.delete("/api/session")
    assert out.status_code == 200
    assert browser.get("/api/me").status_code == 401


def test_an_unknown_name_and_a_wrong_password_look_alike(app_client: TestClient) -> None:
    player(app_client, "frank")
    browser = player(app_client)
    timings: dict[str, list[float]] = {"unknown": [], "wrong": []}
    answers = {}
    for _ in range(3):
        for kind, name in (("unknown", "nobody_here"), ("wrong", "frank")):
            started = time.perf_counter()
            answer = browser.post("/api/session", json={"name": name, "password": "guess-1234"})
            timings[kind].append(time.perf_counter() - started)
            answers[kind] = (answer.status_code, answer.json())
    assert answers["unknown"] == answers["wrong"] == (401, {"error": "wrong name or password"})
    # Both check an argon2id hash: neither is a quick refusal (no assertion on speed itself).
    assert min(timings["unknown"]) > 0.2 * min(timings["wrong"])


def test_a_recovery_code_signs_in_once(app_client: TestClient) -> None:
    player(app_client, "gwen")
    other = player(app_client)
    made = other.sign_up("gwen2")
    code = made["recovery_codes"][0]
    fresh = player(app_client)
    first = fresh.post("/api/session", json={"name": "gwen2", "recovery_code": code.upper()})
    assert first.status_code == 200, first.text
    assert fresh.get("/api/me").json()["recovery_codes_left"] == 9
    again = player(app_client).post("/api/session", json={"name": "gwen2", "recovery_code": code})
    assert again.status_code == 401
    other_account = player(app_client).post(
        "/api/session", json={"name": "gwen", "recovery_code": made["recovery_codes"][1]}
    )
    assert other_account.status_code == 401  # a code is its own account's only
    # A recovered account sets a new password.
    changed = fresh.call("PUT", "/api/me/password", json={"password": "a new password!"})
    assert changed.status_code == 200
    assert (
        player(app_client)
        .post("/api/session", json={"name": "gwen2", "password": "a new password!"})
        .status_code
        == 200
    )


def test_sign_out_everywhere(app_client: TestClient) -> None:
    home = player(app_client, "hugo")
    phone = player(app_client)
    assert phone.post("/api/session", json={"name": "hugo", "password": PASSWORD}).is_success
    answer = phone.delete("/api/sessions")
    assert answer.status_code == 200 and answer.json()["sessions_ended"] == 2
    assert home.get("/api/me").status_code == 401
    assert phone.get("/api/me").status_code == 401


def test_cookie_writes_from_another_site_are_refused(app_client: TestClient) -> None:
    ivy = player(app_client, "ivy")
    for headers in ({"Origin": "http://evil.example"}, {"Origin": "null"}):
        answer = ivy.delete("/api/sessions", headers=headers)
        assert answer.status_code == 403 and "Origin" in answer.json()["error"]
    # No Origin and no Referer: refused too (every browser sends Origin with a DELETE).
    app_client.cookies = ivy.cookies
    bare = app_client.delete("/api/sessions")
    app_client.cookies.clear()
    assert bare.status_code == 403
    assert ivy.get("/api/me").status_code == 200  # nothing changed
    referer = ivy.delete("/api/sessions", headers={"Origin": "", "Referer": "http://testserver/"})
    assert referer.status_code == 200
    cross = app_client.post(
        "/api/session",
        json={"name": "ivy", "password": PASSWORD},
        headers={"Origin": "http://evil.example"},
    )
    assert cross.status_code == 403  # no signing a visitor in from another site


def test_delete_account_erases_it_and_keeps_the_records(app_client: TestClient) -> None:
    jack = player(app_client, "jack")
    made = app_client.post(
        "/api/matches",
        json={"game": "toy_bids", "seed": 1, "clock": None, "options": {"rounds": 1}},
    ).json()
    opened = jack.post(f"/api/invites/{made['seats'][0]['invite']}")
    assert opened.status_code == 200
    assert app_client.get(f"/api/matches/{made['id']}").json()["players"][0]["name"] == "jack"
    refused = jack.call("DELETE", "/api/me", json={"name": "someone"})
    assert refused.status_code == 400
    gone = jack.call("DELETE", "/api/me", json={"name": "JACK"})
    assert gone.status_code == 200, gone.text
    assert jack.get("/api/me").status_code == 401
    assert app_client.get("/api/players/jack").status_code == 404
    assert (
        player(app_client).post("/api/session", json={"name": "jack", "password": PASSWORD})
    ).status_code == 401
    seat = app_client.get(f"/api/matches/{made['id']}").json()["players"][0]
    assert seat == {"name": "deleted player", "guest": False, "account": False}
    engine = create_engine(str(app_client.app.state.hub.store.url))  # type: ignore[attr-defined]
    with engine.connect() as connection:
        # (the bots hold accounts too: issue 30's ratings)
        row = connection.execute(
            text("SELECT name, password_hash FROM accounts WHERE kind = 'person'")
        ).one()
        left = [
            connection.execute(text(f"SELECT count(*) FROM {table}")).scalar()
            for table in ("sessions", "recovery_codes", "passkeys")
        ]
    engine.dispose()
    assert row[0].startswith("deleted-") and row[1] is None and left == [0, 0, 0]
    # The name is free again.
    player(app_client, "jack")


def test_sign_up_and_sign_in_are_rate_limited(db_url: str) -> None:
    settings = ServerSettings(
        signups_per_minute=2,
        signins_per_minute=100,
        signins_per_name=3,
        password_time_cost=1,
        password_memory_kib=8_192,
    )
    with TestClient(create_app(db_url, settings=settings)) as client:
        browser = Player(client)
        for name in ("kim1", "kim2"):
            assert browser.post(
                "/api/accounts", json={"name": name, "password": PASSWORD}
            ).is_success
        third = browser.post("/api/accounts", json={"name": "kim3", "password": PASSWORD})
        assert third.status_code == 429 and "Retry-After" in third.headers
        # Per name, whether or not an account has it: the same count and the same answer.
        for name in ("kim1", "no_such_kim"):
            codes = [
                browser.post(
                    "/api/session", json={"name": name, "password": "wrong pass"}
                ).status_code
                for _ in range(4)
            ]
            assert codes == [401, 401, 401, 429], name


def test_the_default_hash_is_argon2id_64_mib_3_passes() -> None:
    made = passwords.Passwords()
    assert made.dummy.startswith("$argon2id$v=19$m=65536,t=3,p=1$")
