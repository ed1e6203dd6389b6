"""Delta frames (``host.frame_builder.delta``): a recipient's frame as what changed since its
previous one; a client that applies them (``server.stream.Frames``) holds the whole frames a
client of whole frames receives, in every game."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

import duelhost
from duelhost.core.errors import IllegalAction
from duelhost.host import RECIPIENTS, Clock, Match
from duelhost.server.stream import Frames, OutOfStep
from tests.host.helpers import HUMANS, SECRET, make


def _deltas_only(match: Match, *recipients: Any) -> Match:
    match.watchers = set()
    match.delta_watchers = set(recipients)
    return match


def test_a_delta_carries_what_changed_worked_out_by_hand() -> None:
    """toy_bids: seat 0 bids 2, seat 1 bids 1. Seat 0 wins the round (2 > 1): its points go to
    [1, 0], the round's bids are shown, its 2 leaves its bids left [1, 2, 3], its pending bid
    goes, decision 1 starts with both seats to act."""
    match = _deltas_only(make("toy_bids", None), 0)
    first = match.submit(0, "2", 1001.0)
    # No frame before it: the whole frame goes, as an update.
    assert first.deltas[0]["kind"] == "update" and first.deltas[0]["view"]["pending"] == "2"
    second = match.submit(1, "1", 1002.0).deltas[0]
    assert second["kind"] == "delta" and (second["n"], second["prev"]) == (2, 1)
    assert second["patch"] == [
        {"op": "remove", "path": "/pending"},
        {"op": "replace", "path": "/decision", "value": 1},
        {"op": "replace", "path": "/to_act", "value": [0, 1]},
        {"op": "replace", "path": "/submitted", "value": []},
        {"op": "replace", "path": "/points", "value": [1, 0]},
        {"op": "add", "path": "/shown/-", "value": [2, 1]},
        {"op": "replace", "path": "/left", "value": [1, 3]},
    ]
    # The fields that did not change (the match, game, seat, winner, clock...) are absent.
    assert set(second) == {"type", "kind", "n", "prev", "events", "patch"} | {
        "to_act",
        "result",
        "text",
        "legal",
    }
    assert second["to_act"] == [0, 1] and second["result"]["scores"] == [1, 0]
    assert [e["type"] for e in second["events"]] == ["submitted", "game", "reveal"]


def test_only_the_kinds_of_frames_listened_to_are_built() -> None:
    match = _deltas_only(make("toy_bids", None), 1)
    step = match.submit(0, "2", 1001.0)
    assert set(step.frames) == {1} and set(step.deltas) == {1} and step.texts == {}
    assert not match.book.buffers[1]
    match.watchers = {0}
    match.delta_watchers = set()
    step = match.submit(1, "1", 1002.0)
    assert set(step.frames) == {0} and set(step.texts) == {0} and step.deltas == {}
    # Seat 1's deltas stopped: its resume buffer and base are gone, so its next one is whole.
    assert not match.book.delta_buffers[1] and match.book.bases[1] is None
    match.delta_watchers = {1}
    assert match.submit(0, "1", 1003.0).deltas[1]["kind"] == "update"


def test_resume_gets_the_deltas_from_exactly_where_the_client_is() -> None:
    match = _deltas_only(make("toy_bids", None), 0)
    match.submit(0, "2", 1001.0)
    match.submit(1, "1", 1002.0)
    match.submit(0, "1", 1003.0)
    assert [(f["n"], f["prev"]) for f in match.frames_since(0, 1, 1004.0, deltas=True)] == [
        (2, 1),
        (3, 2),
    ]
    assert match.frames_since(0, 3, 1004.0, deltas=True) == []
    # A number no buffered delta follows: one full frame.
    (full,) = match.frames_since(0, 7, 1004.0, deltas=True)
    assert full["kind"] == "full" and full["n"] == 3


def test_frames_out_of_step_are_refused_and_old_ones_ignored() -> None:
    frames = Frames()
    with pytest.raises(OutOfStep, match="delta frame 3 follows frame 2, not -1"):
        frames.take({"type": "frame", "kind": "delta", "n": 3, "prev": 2, "patch": []})
    whole = {"type": "frame", "kind": "full", "n": 4, "prev": 0, "view": {"a": 1}, "events": []}
    assert frames.take(whole) == whole
    assert frames.take({"type": "frame", "kind": "update", "n": 4, "prev": 3}) is None
    delta = {"kind": "delta", "n": 5, "prev": 4, "events": [], "patch": []}
    with pytest.raises(OutOfStep, match="delta frame 7 follows frame 6, not 4"):
        frames.take({**delta, "n": 7, "prev": 6})
    taken = frames.take({**delta, "patch": [{"op": "replace", "path": "/a", "value": 2}]})
    assert taken is not None and taken["view"] == {"a": 2} and taken["kind"] == "update"


def _canonical(frame: dict[str, Any]) -> str:
    return json.dumps({**frame, "kind": "update"}, sort_keys=True)


@pytest.mark.parametrize("game", duelhost.list_games())
def test_deltas_applied_give_the_whole_frames_in_every_game(game: str) -> None:
    """Random play (with a clock, so clock fields change too), every recipient listened to in
    both kinds: each delta applied to the previous frame gives that step's whole frame."""
    loaded = duelhost.load(game)
    clock = Clock("tick", 5.0) if "tick" in loaded.spec.dynamics else Clock("move", 30.0)
    match = Match("m-delta", loaded, 3, {}, HUMANS, clock, SECRET, 1000.0)
    match.watchers = None
    match.delta_watchers = set(RECIPIENTS)
    clients = {r: Frames() for r in RECIPIENTS}
    for r in RECIPIENTS:
        clients[r].take(dict(match.frame(r, 1000.0)))
    rng = random.Random(7)
    now = 1000.0
    checked = 0
    while not match.is_over and checked < 120:
        now += 1.0
        seat = rng.choice(match.to_act) if match.to_act else 0
        legal = match.state.legal(seat) if seat in match.state.to_act else []
        steps = []
        try:
            steps.append(
                match.submit(seat, rng.choice(legal), now) if legal else match.advance(now + 40)
            )
        except IllegalAction:
            if match.refused is not None:  # deadlines fired before the refusal: sent too
                steps.append(match.refused)
            now += 40
            steps.append(match.advance(now))
        for step in steps:
            for r in step.deltas:
                taken = clients[r].take(json.loads(step.delta_texts[r]))
                assert taken is not None
                assert _canonical(taken) == _canonical(json.loads(step.texts[r]))
                checked += 1
    assert checked > 10


def test_the_text_rendering_only_for_recipients_a_client_wants_it_for() -> None:
    match = make("toy_bids", None)
    match.watchers = {0, 1}
    match.text_watchers = {1}
    step = match.submit(0, "2", 1001.0)
    assert "text" not in step.frames[0] and "text" not in json.loads(step.texts[0])
    # toy_bids has no renderer: its text is the view as indented JSON.
    assert json.loads(step.frames[1]["text"]) == step.frames[1]["view"]
    assert not match.renders_text(0) and match.renders_text(1)
