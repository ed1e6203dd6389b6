// The one place where a seat's submissions leave the page: each gets an idempotency key, its
// receipt is kept in a list (and in localStorage, so a reload keeps it), and once the server
// publishes the nonce the page recomputes the receipt itself and marks it verified.
// (Issue 19's commit-then-reveal mode plugs in here: commit() before, reveal() after.)
import {receiptText, sha256hex} from "./crypto.js";

export class Submissions {
  constructor(live, matchId, seat, changed) {
    this.live = live;
    this.matchId = matchId;
    this.seat = seat;
    this.changed = changed;
    this.storeKey = "duelhost:receipts:" + matchId + ":" + seat;
    this.list = [];
    try { this.list = JSON.parse(localStorage.getItem(this.storeKey) || "[]"); } catch { this.list = []; }
    this.reveals = new Map();  // "decision:seat" -> the reveal notice (nonce, and per order message nonces)
  }

  save() {
    try { localStorage.setItem(this.storeKey, JSON.stringify(this.list)); } catch { /* private mode: keep in memory */ }
    this.changed();
  }

  /** Submit canonical notation for this seat; resolves with the ack, rejects with the error. */
  async submit(text) {
    const key = this.matchId + ":" + this.seat + ":" + Date.now().toString(36) + ":" + Math.random().toString(36).slice(2);
    const ack = await this.live.send({type: "submit", text, key});
    if (ack.receipt) this.keep(ack.decision, ack.text, ack.receipt);
    return ack;
  }

  keep(decision, text, receipt) {
    if (this.list.some((r) => r.receipt === receipt)) return;
    this.list.push({decision, text, receipt, verified: null});
    this.check(this.list[this.list.length - 1]);
    this.save();
  }

  /** Events of a frame: our own submissions (after a reload) and published nonces. */
  note(events) {
    for (const e of events) {
      if (e.type === "your_submission" && e.seat === this.seat) this.keep(e.decision, e.text, e.receipt);
      if (e.type === "reveal") {
        this.reveals.set(e.decision + ":" + e.seat, e);
        if (e.seat === this.seat) for (const r of this.list) if (r.decision === e.decision) this.check(r);
      }
    }
  }

  async check(entry) {
    const reveal = this.reveals.get(entry.decision + ":" + this.seat);
    if (!reveal || entry.verified !== null) return;
    let nonce = reveal.nonce;
    let number;
    if (Array.isArray(reveal.nonces)) {
      // A tick window: each order message has its own nonce, and its number in the window
      // (0, 1, ...) is in both its nonce and its receipt (docs/server.md).
      number = this.list.filter((r) => r.decision === entry.decision).indexOf(entry);
      nonce = reveal.nonces[number];
    }
    if (!nonce) return;
    const digest = await sha256hex(receiptText(this.matchId, this.seat, entry.decision, entry.text, nonce, number));
    entry.nonce = nonce;
    entry.verified = digest === entry.receipt;
    this.save();
  }

}
