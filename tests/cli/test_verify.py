"""``duelhost verify`` against forged records (issue 19, point 2).

A real server (the FastAPI app over a temporary SQLite file) plays a classic 5-card Goofspiel
match; each seat keeps the receipts it was answered with, as the page's "download my receipts"
does. Each forgery of the issue is then applied to the record, with the forger recomputing
whatever the record alone lets them recompute (receipts, results); ``verify`` must reject every
one, naming the entry, and says when it could only check the record's own consistency.
"""

from __future__ import annotations

import contextlib
import copy
import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from typer.testing import CliRunner

import duelhost
from duelhost.cli import app
from duelhost.cli.commands.verify import RECEIPTS_FORMAT, check_record, seed_commitment
from duelhost.core.registry import load_record
from duelhost.host import receipts
from duelhost.server import create_app
from duelhost.server.client import seat_tokens

runner = CliRunner()
# seat 0 bids 1..5 in order, seat 1 bids 5..1: seat 1 wins the first two planets, ties the third
BIDS = [("1", "5"), ("2", "4"), ("3", "3"), ("4", "2"), ("5", "1")]
Record = dict[str, Any]


@pytest.fixture(scope="module")
def played(tmp_path_factory: pytest.TempPathFactory) -> tuple[Record, list[dict[str, Any]]]:
    db = tmp_path_factory.mktemp("verify") / "server.sqlite3"
    with TestClient(create_app(f"sqlite:///{db}")) as client:
        body = {
            "game": "goofspiel",
            "options": {"galaxies": 1, "planets": 5},
            "seed": 9,  # not tied (a tie would replay the match, GO4)
            "seats": [{"kind": "human"}, {"kind": "human"}],
            "clock": None,
        }
        made = client.post("/api/matches", json=body).json()
        tokens = seat_tokens(client, made)
        kept: list[dict[str, Any]] = [
            {
                "format": RECEIPTS_FORMAT,
                "match": made["id"],
                "seat": seat,
                "seed_commitment": made.get("seed_commitment"),
                "receipts": [],
            }
            for seat in (0, 1)
        ]
        for bids in BIDS:
            for seat, text in enumerate(bids):
                answer = client.post(
                    f"/api/matches/{made['id']}/submissions",
                    json={"text": text},
                    headers={"Authorization": f"Bearer {tokens[seat]}"},
                ).json()
                assert answer["accepted"], answer
                kept[seat]["receipts"].append(
                    {"seat": seat, "decision": answer["decision"], "receipt": answer["receipt"]}
                )
        record: Record = client.get(f"/api/matches/{made['id']}/record").json()
    if "seed_commitment" not in record:
        # A server without committed seeds (RULINGS G7) published none: commit to this seed
        # here, as such a server would have, so the seed checks below have something to check.
        salt = "0123456789abcdef0123456789abcdef"
        record.update(seed_salt=salt, seed_commitment=seed_commitment(record["seed"], salt))
        for document in kept:
            document["seed_commitment"] = record["seed_commitment"]
    return record, kept


def rereceipt(record: Record, nonce: Callable[[dict[str, Any]], str] | None = None) -> None:
    """What a forger can do with the record alone: recompute every receipt (and the result)."""
    for item in record["history"]:
        if "receipt" in item:
            if nonce is not None:
                item["nonce"] = nonce(item)
            item["receipt"] = receipts.receipt(
                record["match"], item["seat"], item["decision"], item["text"], item["nonce"]
            )
    with contextlib.suppress(ValueError):  # a history that no longer replays keeps its result
        record["result"] = load_record(record).result


def entries(record: Record, seat: int) -> list[dict[str, Any]]:
    return [item for item in record["history"] if item["seat"] == seat]


def problems(record: Record, kept: list[dict[str, Any]] | None = None) -> list[str]:
    return check_record(record, kept).problems


def test_a_true_record_passes_every_check(played: tuple[Record, list[Any]]) -> None:
    record, kept = played
    found = check_record(record, kept)
    assert found.problems == []
    assert found.checks == ["replay", "receipts", "seed commitment", "kept receipts"]
    assert found.receipts == 10
    # seat 1 takes the first two planets (5 > 1, 4 > 2), the third is tied, seat 0 takes the
    # last two: the scores are those worths' sums.
    worths = [r["worth"] for r in load_record(record).view(None)["rounds"]]
    scores = [worths[3] + worths[4], worths[0] + worths[1]]
    assert record["result"]["scores"] == scores


def test_seat_1s_moves_swapped_with_receipts_recomputed(played: tuple[Record, list[Any]]) -> None:
    record, kept = played
    forged = copy.deepcopy(record)
    mine = entries(forged, 1)
    mine[0]["text"], mine[4]["text"] = mine[4]["text"], mine[0]["text"]  # 1 first, 5 last
    rereceipt(forged)
    assert forged["result"] != record["result"]  # the winner changes
    assert problems(forged) == []  # the record alone is consistent: that is the point
    found = problems(forged, kept)
    assert any(p.startswith("entry 1 (seat 1, decision 0): its receipt") for p in found), found
    assert any(p.startswith("entry 9 (seat 1, decision 4): its receipt") for p in found), found


def test_made_up_nonces_with_receipts_recomputed(played: tuple[Record, list[Any]]) -> None:
    record, kept = played
    forged = copy.deepcopy(record)
    entries(forged, 1)[2]["text"] = "1"
    entries(forged, 1)[4]["text"] = "3"
    rereceipt(forged, nonce=lambda item: "f" * 32)
    found = problems(forged, kept)
    assert any("entry 5 (seat 1, decision 2)" in p for p in found), found


def test_receipts_deleted_from_edited_entries(played: tuple[Record, list[Any]]) -> None:
    record, _ = played
    forged = copy.deepcopy(record)
    edited = forged["history"][3]
    edited["text"] = "5"
    del edited["receipt"], edited["nonce"]
    found = problems(forged)
    assert "entry 3 (seat 1, decision 1): no receipt, where every submission has one" in found


def test_every_receipt_removed(played: tuple[Record, list[Any]]) -> None:
    record, _ = played
    forged = copy.deepcopy(record)
    for item in forged["history"]:
        item.pop("receipt", None)
        item.pop("nonce", None)
    found = problems(forged)
    assert len([p for p in found if "no receipt, where every submission has one" in p]) == 10


def test_the_seed_changed(played: tuple[Record, list[Any]]) -> None:
    record, kept = played
    forged = copy.deepcopy(record)
    forged["seed"] = record["seed"] + 1
    rereceipt(forged)
    assert any("does not match the seed commitment" in p for p in problems(forged))
    # a forger who also makes up a salt and a commitment is caught by the one players kept
    forged["seed_salt"] = "f" * 32
    forged["seed_commitment"] = seed_commitment(forged["seed"], forged["seed_salt"])
    assert problems(forged) == []
    assert any("the seed commitment you kept" in p for p in problems(forged, kept))


def test_the_result_changed(played: tuple[Record, list[Any]]) -> None:
    record, _ = played
    forged = copy.deepcopy(record)
    forged["result"] = {"winner": 0, "reason": "more points, 12-3", "scores": [12, 3]}
    found = problems(forged)
    assert any(p.startswith("the record's result") for p in found), found


def test_the_last_decisions_cut_off(played: tuple[Record, list[Any]]) -> None:
    record, _ = played
    forged = copy.deepcopy(record)
    forged["history"] = forged["history"][:6]
    found = problems(forged)
    assert any("the replay does not finish: the record stops at decision 3" in p for p in found)


def test_decisions_0_and_3_swapped(played: tuple[Record, list[Any]]) -> None:
    record, _ = played
    forged = copy.deepcopy(record)
    history = forged["history"]
    history[0:2], history[6:8] = history[6:8], history[0:2]
    found = problems(forged)
    assert any(
        p.startswith("entry 0 (seat 0): it says decision 3, but it is decision 0") for p in found
    ), found


def test_the_match_id_changed_and_receipts_recomputed(played: tuple[Record, list[Any]]) -> None:
    record, kept = played
    forged = copy.deepcopy(record)
    forged["match"] = "0" * 16
    rereceipt(forged)
    assert problems(forged) == []
    found = problems(forged, kept)
    assert any(p.startswith("the kept receipts are of match") for p in found), found


def test_the_command_says_what_it_checked(played: tuple[Record, list[Any]], tmp_path: Path) -> None:
    record, kept = played
    path = tmp_path / "record.json"
    path.write_text(json.dumps(record))
    alone = runner.invoke(app, ["verify", str(path)])
    assert alone.exit_code == 0, alone.output
    assert "Only the record's own consistency was checked" in alone.output
    files = []
    for seat, document in enumerate(kept):
        files += ["--receipts", str(tmp_path / f"seat{seat}.json")]
        (tmp_path / f"seat{seat}.json").write_text(json.dumps(document))
    both = runner.invoke(app, ["verify", str(path), *files])
    assert both.exit_code == 0, both.output
    assert "checks run: replay, receipts, seed commitment, kept receipts" in both.output
    assert "Only the record's own consistency" not in both.output
    forged = copy.deepcopy(record)
    entries(forged, 1)[0]["text"], entries(forged, 1)[4]["text"] = "1", "5"
    rereceipt(forged)
    path.write_text(json.dumps(forged))
    caught = runner.invoke(app, ["verify", str(path), *files])
    assert caught.exit_code == 1
    assert "entry 1 (seat 1, decision 0): its receipt" in caught.output


def test_play_writes_receipts_that_verify_checks(tmp_path: Path) -> None:
    """``duelhost play --receipts``: a short hosted terminal match against a bot; the human's
    receipts verify against the record, and a forged record (the human's move changed, its
    receipt recomputed) fails against them."""
    record, kept = tmp_path / "record.json", tmp_path / "receipts.json"
    args = ["play", "goofspiel", "--opt", "galaxies=1", "--opt", "planets=3", "--seed", "4"]
    args += ["--p1", "random", "--record", str(record), "--receipts", str(kept)]
    played = runner.invoke(app, args, input="1\n2\n3\n")
    assert played.exit_code == 0, played.output
    document = json.loads(kept.read_text())
    data = json.loads(record.read_text())
    assert document["format"] == RECEIPTS_FORMAT and document["match"] == data["match"]
    assert document["seat"] == 0 and document["seed_commitment"] == data["seed_commitment"]
    assert [r["decision"] for r in document["receipts"]] == [0, 1, 2]
    assert all(r["seat"] == 0 for r in document["receipts"])
    checked = runner.invoke(app, ["verify", str(record), "--receipts", str(kept)])
    assert checked.exit_code == 0, checked.output
    assert "kept receipts" in checked.output
    forged = copy.deepcopy(data)
    entry = next(e for e in forged["history"] if e["seat"] == 0 and e["decision"] == 0)
    other = next(e for e in forged["history"] if e["seat"] == 0 and e["decision"] == 1)
    entry["text"], other["text"] = other["text"], entry["text"]
    for item in (entry, other):
        item["receipt"] = receipts.receipt(
            forged["match"], 0, item["decision"], item["text"], item["nonce"]
        )
    forged["result"] = load_record(forged).result  # the forger fixes the result too
    assert check_record(forged).problems == []  # the record alone cannot tell
    (tmp_path / "forged.json").write_text(json.dumps(forged))
    caught = runner.invoke(app, ["verify", str(tmp_path / "forged.json"), "--receipts", str(kept)])
    assert caught.exit_code != 0 and "the submission was changed" in caught.output
    alone = runner.invoke(app, ["play", "goofspiel", "--receipts", str(kept), "--p0", "random"])
    assert alone.exit_code != 0 and "--receipts needs --record" in alone.output


def test_a_kept_commitment_never_revealed_is_found_in_the_records_commitments() -> None:
    """A seat commits, then the other seat resigns: the commitment is never revealed, so it is
    in the record's ``commitments`` list; the player's kept file (as the page downloads it)
    verifies, and a record whose listed commitment was changed does not."""
    import secrets as random_bytes

    from duelhost.host import Match, SeatSpec
    from duelhost.host.commits import commitment

    game = duelhost.load("goofspiel", galaxies=1, planets=3)
    seats = (SeatSpec("human"), SeatSpec("human"))
    match = Match("c0ffee0000000001", game, 3, {}, seats, None, random_bytes.token_bytes(32), 1.0)
    digest = commitment(match.id, 0, 0, "2", "0" * 32)
    match.commit(0, digest, 2.0)
    match.resign(1, 3.0)
    record = match.record()
    assert record["commitments"] == [{"seat": 0, "decision": 0, "commitment": digest}]
    kept = {
        "format": RECEIPTS_FORMAT,
        "match": match.id,
        "seat": 0,
        "seed_commitment": record["seed_commitment"],
        "receipts": [{"seat": 0, "decision": 0, "receipt": digest}],
    }
    assert check_record(record, [kept]).problems == []
    changed = copy.deepcopy(record)
    changed["commitments"][0]["commitment"] = "f" * 64
    problems = check_record(changed, [kept]).problems
    assert len(problems) == 1 and "the commitment was changed" in problems[0], problems
