"""The secrecy oracle: every frame the server sends to each recipient during random matches of
every game is recorded and checked; a pending submission or private state reaching anyone
else before its reveal fails the test.

Checks, for each frame sent to recipient r (seat 0, seat 1 or spectators):
- its ``view`` is exactly the game's ``view(r)`` at that moment (the host adds no game data);
- seat-only fields (``orders``, ``legal``, ``your_submission`` events) are r's own;
- a nonce of another seat's submission reaches r only once that submission is revealed (the
  decision resolved in a game whose submissions are public, or the match is over): an early
  nonce would let r test the few possible texts against the receipt;
- non-interference: while seat s's submission is pending, the frames everyone else gets are the
  same whatever s submitted (receipts masked), checked against a twin match rebuilt from the log.
"""

from __future__ import annotations

import asyncio
import json
import random
from typing import Any

import pytest

import duelhost
from duelhost.host import Match, bookkeeping, frame_builder
from duelhost.host.hosted import Hosted
from duelhost.host.match import Recipient
from duelhost.server.hub import Hub, Live
from duelhost.store import Store
from tests.host.helpers import restored

MAX_SUBMISSIONS = 60


def _mask(frame: dict[str, Any]) -> str:
    data = json.loads(json.dumps(frame))
    for event in data["events"]:
        event.pop("receipt", None)
    return json.dumps(data, sort_keys=True)


class Oracle:
    def __init__(self, hub: Hub, live: Live) -> None:
        self.hub, self.live = hub, live
        self.queues = {r: hub.subscribe(live, r) for r in (0, 1, None)}
        self.frames = 0
        self.compared = 0

    def drain(self) -> None:
        match = self.live.match
        for recipient, queue in self.queues.items():
            while not queue.empty():
                frame = json.loads(queue.get_nowait())
                self.check(recipient, frame, match)
                self.frames += 1

    def check(self, r: Recipient, frame: dict[str, Any], match: Match) -> None:
        assert frame["seat"] == r
        assert frame["view"] == json.loads(json.dumps(match.state.view(r))), (
            "frame view is not view(r)"
        )
        if r is None:
            assert "orders" not in frame and "legal" not in frame
        else:
            assert frame["orders"] == match._orders.get(r)
        for event in frame["events"]:
            if event["type"] == "your_submission":
                assert event["seat"] == r, f"seat {event['seat']}'s submission sent to {r}"
            if event["type"] == "reveal" and event["seat"] != r:
                resolved = event["decision"] < match.state.decision
                assert match.is_over or (match.public_submissions and resolved), (
                    f"nonce of seat {event['seat']} decision {event['decision']} sent to {r} early"
                )


def _play(db_url: str, name: str, seed: int) -> Oracle:
    return asyncio.run(_play_async(db_url, name, seed))


async def _play_async(db_url: str, name: str, seed: int) -> Oracle:
    clock_now = [1000.0]
    hub = Hub(Store(db_url), now=lambda: clock_now[0])
    game = duelhost.load(name)
    tick = "tick" in game.spec.dynamics
    # A tick game keeps its default clock, started at once (nobody opens the invites here).
    clock = {"start": "created"} if tick else None
    made = await hub.create(
        name, {}, seed, {}, [{"kind": "human"}, {"kind": "human"}], clock, clock_absent=False
    )
    live = made.live
    oracle = Oracle(hub, live)
    match = live.match
    rng = random.Random(seed)
    submissions = 0
    while not match.is_over and submissions < MAX_SUBMISSIONS:
        for seat in match.state.to_act:
            if match._tick_mode and seat in match._orders:
                continue
            text = match.state.sample(seat, rng)
            twin = restored(match)
            other = match.state.sample(seat, rng)
            decision = match.state.decision
            await hub.submit(live, seat, text, None)
            submissions += 1
            if match.state.decision == decision and not match.is_over:
                # Still pending: compare with the twin that got another submission.
                try:
                    alternative = twin.submit(seat, other, clock_now[0])
                except duelhost.IllegalAction:
                    alternative = None
                if alternative is not None and twin.state.decision == decision:
                    oracle.compared += 1
                    for r in (0, 1, None):
                        if r == seat:
                            continue
                        theirs = alternative.frames[r]
                        ours = json.loads(match.book.buffers[r][-1][2])
                        assert _mask(ours) == _mask(theirs), (
                            f"{name}: frame to {r} depends on seat {seat}'s pending submission"
                        )
            oracle.drain()
            if match.is_over:
                break
        if match._tick_mode and not match.is_over:
            assert match.deadline is not None
            clock_now[0] = match.deadline
            await hub.fire(live)
            oracle.drain()
    oracle.drain()
    hub.stop()
    hub.store.close()
    return oracle


GAMES = sorted({*duelhost.list_games(), "toy_bids", "toy_turns", "toy_ticks"})


@pytest.mark.parametrize("name", GAMES)
def test_no_secret_reaches_anyone_before_its_reveal(db_url: str, name: str) -> None:
    oracles = [_play(db_url, name, seed) for seed in (3, 11)]
    assert all(oracle.frames > 0 for oracle in oracles)
    if set(duelhost.load(name).spec.dynamics) & {"simultaneous", "tick"}:
        assert sum(oracle.compared for oracle in oracles) > 0, "no pending submission was compared"


def test_the_oracle_catches_a_pending_submission_in_a_frame(
    db_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    original = frame_builder.make_frame

    def leaky(
        match: Match, recipient: Recipient, now: float, prev: int, kind: str, text: bool = True
    ) -> dict[str, Any]:
        frame = original(match, recipient, now, prev, kind, text)
        frame["debug"] = repr(sorted(match.state._pending.items()))
        return frame

    monkeypatch.setattr(frame_builder, "make_frame", leaky)
    with pytest.raises(AssertionError, match="depends on seat 0's pending submission"):
        _play(db_url, "toy_bids", 3)


def test_the_oracle_catches_a_leaky_host(db_url: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """If the host published nonces at once to everyone, the oracle must fail."""
    monkeypatch.setattr(Match, "_nonce_public", lambda self, d, s, r: True)
    original = bookkeeping.decision_resolved

    def leaky(match: Hosted, seq: int, decision: int, time: float) -> None:
        match.ledger.public = True
        original(match, seq, decision, time)
        match.ledger.public = False

    monkeypatch.setattr(bookkeeping, "decision_resolved", leaky)
    with pytest.raises(AssertionError, match="early"):
        _play(db_url, "toy_bids", 3)


# ---------------------------------------------------------------------- hidden randomness (G7)
#
# The Goofspiel deal and the Multiplanetary map come from the seed (G6). A match created
# without a seed gets one the server draws and only commits to (RULINGS G7): nobody, its
# creator included, may learn a galaxy value or planet worth before its reveal from any answer
# or frame. Checked two ways: the seed and its salt appear in nothing sent before the match is
# over, and the frames do not depend on the part of a deal not yet revealed.


def _texts_until_over(
    db_url: str, name: str, options: dict[str, Any], bids: int
) -> tuple[int, str, list[str]]:
    """Play a match with a seed the server draws; every frame and state sent before the match
    is over, as JSON text, with the seed and salt the record publishes at the end."""

    async def play() -> tuple[int, str, list[str]]:
        clock_now = [1000.0]
        hub = Hub(Store(db_url), now=lambda: clock_now[0])
        tick = "tick" in duelhost.load(name).spec.dynamics
        humans = [{"kind": "human"}, {"kind": "human"}]
        clock = {"start": "created"} if tick else None  # started at once: no invite is opened
        live = (await hub.create(name, options, None, {}, humans, clock, False)).live
        queues = {r: hub.subscribe(live, r) for r in (0, 1, None)}
        match, rng, sent = live.match, random.Random(5), []
        for _ in range(bids):
            if match.is_over:
                break
            for r in (0, 1, None):
                sent.append(json.dumps(match.summary(r, clock_now[0])))
                while not queues[r].empty():
                    sent.append(queues[r].get_nowait())
            if match._tick_mode:
                clock_now[0] = float(match.deadline or clock_now[0])
                await hub.fire(live)
                continue
            for seat in match.state.to_act:
                await hub.submit(live, seat, match.state.sample(seat, rng), None)
        for seat in (0, 1):
            if not match.is_over:
                await hub.act(live, seat, "resign")
        record = match.record()
        hub.stop()
        hub.store.close()
        return record["seed"], record["seed_salt"], sent

    return asyncio.run(play())


@pytest.mark.parametrize(("name", "options"), [("goofspiel", {}), ("multiplanetary", {})])
def test_a_drawn_seed_and_its_salt_reach_nobody_before_the_match_is_over(
    db_url: str, name: str, options: dict[str, Any]
) -> None:
    seed, salt, sent = _texts_until_over(db_url, name, options, bids=12)
    assert len(sent) > 30
    assert len(salt) == 32 and seed.bit_length() > 40  # a drawn 63-bit seed, not a small one
    for text in sent:
        assert str(seed) not in text and salt not in text, "the seed was sent before the end"


DEAL = {
    "galaxies": 3,
    "planets": 3,
    "galaxy_order": "ABC",
    "planet_orders": {"A": "XYZ", "B": "XYZ", "C": "XYZ"},
    "values": {"A": 1, "B": 2, "C": 3},
    "worths": {g: {"X": 1, "Y": 2, "Z": 3} for g in "ABC"},
}


def _masked_frames(db_url: str, label: str, options: dict[str, Any]) -> list[tuple[int, str]]:
    """Every frame of a Goofspiel match played with fixed bids, each with the number of
    decisions resolved when it was sent, with what differs between any two matches (ids,
    receipts, nonces, the seed commitment) masked."""

    async def play() -> list[tuple[int, str]]:
        hub = Hub(Store(db_url), now=lambda: 1000.0)
        humans = [{"kind": "human"}, {"kind": "human"}]
        live = (await hub.create("goofspiel", options, None, {}, humans, None, False)).live
        queues = {r: hub.subscribe(live, r) for r in (0, 1, None)}
        match, frames = live.match, []
        for number in range(9):
            await hub.submit(live, 0, str(number % 3 + 1), None)
            await hub.submit(live, 1, str((number + 1) % 3 + 1), None)
            for r in (0, 1, None):
                while not queues[r].empty():
                    frame = json.loads(queues[r].get_nowait())
                    for key in ("match", "seed_commitment"):
                        frame.pop(key)
                    for event in frame["events"]:
                        event.pop("receipt", None)
                        event.pop("nonce", None)
                    frames.append((match.state.decision, json.dumps(frame, sort_keys=True)))
        hub.stop()
        hub.store.close()
        return frames

    return asyncio.run(play())


@pytest.mark.parametrize(
    ("change", "revealed_at"),
    [
        # Galaxies B and C swap values: B's is revealed when its bout starts (decision 3).
        ({"values": {"A": 1, "B": 3, "C": 2}}, 3),
        # Planets Y and Z of galaxy C swap worths: Y's is revealed when its round starts
        # (the eighth round: decision 7).
        ({"worths": {**DEAL["worths"], "C": {"X": 1, "Y": 3, "Z": 2}}}, 7),  # type: ignore[dict-item]
    ],
)
def test_frames_do_not_depend_on_the_unrevealed_deal(
    db_url: str, change: dict[str, Any], revealed_at: int
) -> None:
    ours = _masked_frames(db_url, "deal", DEAL)
    theirs = _masked_frames(db_url, "twin", {**DEAL, **change})
    assert len(ours) == len(theirs) > 20
    before = [
        (a, b) for (decision, a), (_, b) in zip(ours, theirs, strict=True) if decision < revealed_at
    ]
    assert before and all(a == b for a, b in before), "a frame showed the deal before its reveal"
    assert any(a != b for (_, a), (_, b) in zip(ours, theirs, strict=True)), (
        "the two deals never showed: the check is blind"
    )
