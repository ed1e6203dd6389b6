"""A hostile anonymous client on loopback (issue 32 point 5), against a real ``duelhost serve``
process: forwarded headers are believed only from proxies named in the configuration; a
client trickling a request's header or body is cut off; live streams are capped per client
and in all; an error message never echoes a long path."""

from __future__ import annotations

import socket
import time
from dataclasses import replace
from pathlib import Path

import httpx
import pytest
from fastapi.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

from duelhost.server import create_app
from tests.server.conftest import GENEROUS
from tests.server.live import Server, free_port

BODY = {"game": "toy_bids", "seed": 1, "clock": None, "seats": [{"kind": "human"}] * 2}


def start(tmp_path: Path, servers: list[Server], *extra: str) -> Server:
    server = Server(f"sqlite:///{tmp_path / 'hostile.sqlite3'}", free_port(), extra)
    servers.append(server)
    return server


def creations(server: Server, addresses: list[str]) -> list[int]:
    return [
        httpx.post(
            server.url + "/api/matches", json=BODY, headers={"X-Forwarded-For": a}, timeout=30
        ).status_code
        for a in addresses
    ]


def test_forwarded_headers_are_believed_only_from_named_proxies(
    tmp_path: Path, servers: list[Server]
) -> None:
    spoofed = [f"203.0.113.{n}" for n in range(1, 5)]
    # No proxy named: a client on 127.0.0.1 claiming four addresses is one client, held to
    # its two creations a minute (uvicorn alone believed it from 127.0.0.1: 4 of 4 created).
    plain = start(tmp_path, servers, "--max-matches-per-client", "2")
    assert creations(plain, spoofed) == [201, 201, 429, 429]
    plain.kill()
    # 127.0.0.1 named as the proxy: the four forwarded addresses are four clients.
    proxied = start(
        tmp_path, servers, "--max-matches-per-client", "2", "--trusted-proxy", "127.0.0.1"
    )
    assert creations(proxied, spoofed) == [201, 201, 201, 201]


def cut_off(sock: socket.socket, trickle: bytes, limit: float = 60.0) -> bytes:
    """Send ``trickle`` a byte at a time until the server answers or closes; what it sent
    (b"" when it closed without a word). Fails if the server holds on for ``limit`` s."""
    sock.settimeout(0.2)
    deadline = time.monotonic() + limit
    for byte in trickle * 10_000:
        try:
            sock.sendall(bytes([byte]))
            answer = sock.recv(65_536)
            return answer and whole(sock, answer)
        except TimeoutError:
            pass
        except (BrokenPipeError, ConnectionResetError):
            return b""
        assert time.monotonic() < deadline, "the server kept a trickling client for a minute"
    raise AssertionError("unreachable")


def whole(sock: socket.socket, start: bytes) -> bytes:
    """The answer that begins with ``start``, read to the end of its body (the head and the
    body may come in separate reads: a loaded machine sent the head alone)."""
    answer = start
    sock.settimeout(10.0)
    while b"\r\n\r\n" not in answer or len(answer.split(b"\r\n\r\n", 1)[1]) < length(answer):
        more = sock.recv(65_536)
        if not more:
            break
        answer += more
    return answer


def length(answer: bytes) -> int:
    for line in answer.split(b"\r\n\r\n", 1)[0].split(b"\r\n"):
        name, _, value = line.partition(b":")
        if name.strip().lower() == b"content-length":
            return int(value)
    return 0


def test_a_trickling_client_is_cut_off(tmp_path: Path, servers: list[Server]) -> None:
    server = start(tmp_path, servers, "--header-timeout", "1", "--body-timeout", "1")
    port = int(server.url.rsplit(":", 1)[1])
    with socket.create_connection(("127.0.0.1", port)) as sock:
        sock.sendall(b"GET /api/games HTTP/1.1\r\nHost: x\r\n")
        # A header that never ends: the connection is closed.
        assert cut_off(sock, b"X-Slow: aaaa\r\n") == b""
    with socket.create_connection(("127.0.0.1", port)) as sock:
        sock.sendall(
            b"POST /api/matches HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
            b"Content-Length: 100000\r\n\r\n"
        )
        # A body that never ends: 408, and the reason.
        answer = cut_off(sock, b" ")
        assert answer.startswith(b"HTTP/1.1 408"), answer[:200]
        assert b"the request body took over 1 s to arrive" in answer
    # The server still answers everyone else.
    assert httpx.get(server.url + "/api/games", timeout=30).status_code == 200


def test_live_streams_are_capped_per_client_and_in_all(db_url: str) -> None:
    settings = replace(GENEROUS, max_streams_per_client=2, max_streams=3)
    with TestClient(create_app(db_url, settings=settings)) as client:
        mid = client.post("/api/matches", json=BODY).json()["id"]
        url = f"/api/matches/{mid}/live"
        with client.websocket_connect(url), client.websocket_connect(url):
            with (
                pytest.raises(WebSocketDisconnect) as refused,
                client.websocket_connect(url) as third,
            ):
                third.receive_text()
            assert refused.value.code == 4429
            assert "this address holds 2 live streams" in refused.value.reason
        # Both closed: the address may open streams again.
        with client.websocket_connect(url) as again:
            again.send_json({})
            assert again.receive_json()["type"] in ("hello", "frame")


def test_no_error_echoes_a_long_path(client: TestClient) -> None:
    long = "x" * 60_000
    for path in (
        f"/api/rules/{long}",
        f"/static/{long}",
        f"/api/matches/{long}/replay",
        f"/api/matches/{long}/reference",
        f"/api/matches/{long}",
        f"/api/matches/{long}/record",
    ):
        answer = client.get(path)
        assert answer.status_code == 404, path[:40]
        assert len(answer.content) < 700 and answer.json()["error"].endswith("…'"), path[:40]


def test_live_streams_are_capped_in_all(db_url: str) -> None:
    settings = replace(GENEROUS, max_streams_per_client=5, max_streams=1)
    with TestClient(create_app(db_url, settings=settings)) as client:
        mid = client.post("/api/matches", json=BODY).json()["id"]
        url = f"/api/matches/{mid}/live"
        with client.websocket_connect(url):
            with pytest.raises(WebSocketDisconnect) as refused, client.websocket_connect(url) as ws:
                ws.receive_text()
            assert refused.value.code == 4429
            assert refused.value.reason == "the server holds 1 live streams; try later"
