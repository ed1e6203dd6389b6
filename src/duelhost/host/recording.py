"""The record of a match: the kernel's record, each history entry annotated with its time,
decision, receipt (and, once published, nonce), the orders of a tick window, a reveal's committed
text, and every commitment. Functions of a ``Match``, kept apart from its event loop.
"""

from __future__ import annotations

from typing import Any

from duelhost.host.hosted import Hosted
from duelhost.host.messages import LogEntry


def match_record(match: Hosted) -> dict[str, Any]:
    """The match record: seed, options, setup, and every history entry with its time,
    decision, receipt and (once revealed) nonce; ``duelhost replay`` plays it back."""
    data = match.state.record.to_dict()
    data["match"] = match.id
    data["created"] = match.created
    data["clock"] = None if match.clock is None else match.clock.to_dict()
    data["seats"] = [spec.to_dict() for spec in match.seats]
    data["result"] = match.result
    data["ended"] = ending(match, len(data["history"]))
    data["seed_salt"] = match.seed_salt
    data["seed_commitment"] = match.seed_commitment
    data["seed_chosen_by_creator"] = match.seed_chosen_by_creator
    if match.pauses:
        data["pauses"] = [dict(p) for p in match.pauses]
    history = []
    for item, note in zip(data["history"], match._annotations, strict=True):
        item = {**item, **note}
        if "receipt" in item and match._nonce_public(item["decision"], item["seat"], None):
            item["nonce"] = match.ledger.nonce(item["decision"], item["seat"])
            if "orders" in item:
                nonces = match.ledger.order_nonces(item["decision"], item["seat"])
                item["orders"] = [
                    {**order, "nonce": nonce}
                    for order, nonce in zip(item["orders"], nonces, strict=True)
                ]
        history.append(item)
    data["history"] = history
    data["commitments"] = [
        {"seat": s, "decision": d, "commitment": c}
        for (d, s), c in sorted(match.ledger.commitments.items())
    ]
    return data


def ending(match: Hosted, entries: int) -> dict[str, Any] | None:
    """What ended a match the game's rules did not end: the server's ``abandon`` entry (its
    reason and time) or the event host's ``adjudicate`` entry (its winner, reason and time),
    and the history entries before it; None otherwise. ``duelhost verify`` checks that the
    result is the one it gives."""
    if match.adjudicated is not None:
        return {"kind": "adjudicate", **match.adjudicated, "entries": entries}
    if match.abandoned is None:
        return None
    for entry in reversed(match.log):
        if entry["type"] == "abandon":
            return {
                "kind": "abandon",
                "reason": entry["reason"],
                "time": entry["time"],
                "entries": entries,
            }
    return None


def annotate(match: Hosted, entry: LogEntry, decision: int, time: float) -> None:
    """Note the time, decision and receipt of the kernel history entries this effect
    added (the record shows them)."""
    history = match.state.history  # a copy of the whole history: taken once, not per entry
    while len(match._annotations) < len(history):
        history_entry = history[len(match._annotations)]
        note: dict[str, Any] = {"time": time, "decision": decision}
        if history_entry.kind == "submit":
            digest = match.ledger.receipts.get((decision, history_entry.seat))
            if digest is None and entry["type"] == "submit":
                digest = entry.get("receipt")
            if digest is not None:
                note["receipt"] = digest
            if entry.get("mode") == "commit" and entry.get("seat") == history_entry.seat:
                note["mode"] = "commit"
                note["revealed"] = entry["revealed"]
            orders = match.ledger.orders.get((decision, history_entry.seat))
            if orders:
                note["orders"] = [
                    {"number": o["number"], "text": o["text"], "receipt": o["receipt"]}
                    for o in orders
                ]
        match._annotations.append(note)
