"""Who is connected (issue 32 point 8): a stream that asks for ``"presence": true`` is told at
once and whenever a seat's page or a spectator joins or leaves; ``GET /api/matches/{id}`` says
the same. Real WebSocket clients against a real ``duelhost serve``."""

from __future__ import annotations

import asyncio
import json
from typing import Any

import httpx
from websockets.asyncio.client import ClientConnection, connect

from duelhost.server.client import seat_tokens
from tests.server.live import Server, free_port


async def presence(ws: ClientConnection) -> dict[str, Any]:
    """The next presence message on ``ws`` (frames before it are passed over)."""
    while True:
        data: dict[str, Any] = json.loads(await asyncio.wait_for(ws.recv(), 20))
        if data["type"] == "presence":
            return data


def test_each_page_is_told_who_is_connected(servers: list[Server], tmp_path: Any) -> None:
    server = Server(f"sqlite:///{tmp_path / 'p.sqlite3'}", free_port())
    servers.append(server)
    made = httpx.post(
        server.url + "/api/matches",
        json={"game": "toy_bids", "seed": 1, "seats": [{"kind": "human"}, {"kind": "human"}]},
        timeout=10,
    ).json()
    t0, t1 = seat_tokens(httpx, made, server.url)
    url = server.url.replace("http://", "ws://") + f"/api/matches/{made['id']}/live"

    def summary(token: str | None) -> Any:
        headers = {"Authorization": f"Bearer {token}"} if token else {}
        got = httpx.get(f"{server.url}/api/matches/{made['id']}", headers=headers, timeout=10)
        return got.json()["presence"]

    async def play() -> None:
        assert summary(None) == {"seats": ["away", "away"], "spectators": 0}
        async with connect(url) as seat0:
            await seat0.send(json.dumps({"token": t0, "presence": True}))
            assert await presence(seat0) == {
                "type": "presence",
                "seats": ["connected", "away"],
                "spectators": 0,
            }
            async with connect(url) as watcher:
                await watcher.send(json.dumps({"presence": True}))
                told = {"type": "presence", "seats": ["connected", "away"], "spectators": 1}
                assert await presence(watcher) == told
                assert await presence(seat0) == told
                async with connect(url) as seat1:
                    await seat1.send(json.dumps({"token": t1, "presence": True}))
                    both = {
                        "type": "presence",
                        "seats": ["connected", "connected"],
                        "spectators": 1,
                    }
                    assert await presence(seat1) == both
                    assert await presence(seat0) == both
                    assert await presence(watcher) == both
                    assert summary(t0) == {"seats": ["connected", "connected"], "spectators": 1}
                # Seat 1's page is gone: the other seat and the spectator are told.
                gone = {"type": "presence", "seats": ["connected", "away"], "spectators": 1}
                assert await presence(seat0) == gone
                assert await presence(watcher) == gone
                assert summary(None) == {"seats": ["connected", "away"], "spectators": 1}
            assert (await presence(seat0))["spectators"] == 0  # the spectator left
            # A stream that did not ask is told nothing: its first message is the frame.
            async with connect(url) as plain:
                await plain.send(json.dumps({"token": t1}))
                assert json.loads(await plain.recv())["type"] == "frame"
                assert (await presence(seat0))["seats"] == ["connected", "connected"]
                await plain.send(json.dumps({"type": "ping", "ref": 1}))
                assert json.loads(await plain.recv())["type"] == "pong"

    asyncio.run(play())


def test_a_bot_seat_is_shown_as_a_bot(servers: list[Server], tmp_path: Any) -> None:
    server = Server(f"sqlite:///{tmp_path / 'b.sqlite3'}", free_port())
    servers.append(server)
    made = httpx.post(
        server.url + "/api/matches",
        json={
            "game": "toy_bids",
            "seed": 1,
            "seats": [{"kind": "human"}, {"kind": "bot", "bot": "random"}],
        },
        timeout=10,
    ).json()
    got = httpx.get(f"{server.url}/api/matches/{made['id']}", timeout=10).json()
    assert got["presence"] == {"seats": ["away", "bot"], "spectators": 0}
