// The one place where a seat's submissions leave the page.
//
// A decision both seats make secretly is played by commit, then reveal (issue 19,
// docs/fairness.md): the page draws a nonce (32 hex digits, crypto.getRandomValues), hashes
// ["duelhost-commit-v1", match, seat, decision, text, nonce] with SHA-256 (Web Crypto), keeps
// text, nonce and commitment in localStorage (before anything is sent), sends only the
// commitment, and reveals text and nonce when the server asks for the reveals (every seat has
// committed). The server never holds the move before then. Once the reveal is accepted the
// page recomputes the commitment itself and marks the entry verified. A reveal the game refuses
// drops the commitment on the page: the player corrects the move and commits again.
// Other decisions (a sequential move, tick orders) are plain submissions: each gets an
// idempotency key, its receipt is kept, and once the server publishes the nonce the page
// recomputes the receipt and marks it verified.
import {commitText, randomNonce, receiptText, sha256hex} from "./crypto.js";

const NOT_SECRET = "commit, then reveal is for decisions both seats make secretly";

export class Submissions {
  /** `refused(message)`: the server refused a reveal (the game's rules refused the move): the
   *  commitment is dropped here, so the seat can correct its move and commit again. */
  constructor(live, matchId, seat, changed, refused = () => {}) {
    this.live = live;
    this.matchId = matchId;
    this.seat = seat;
    this.changed = changed;
    this.refused = refused;
    this.storeKey = "duelhost:receipts:" + matchId + ":" + seat;
    this.list = [];
    try { this.list = JSON.parse(localStorage.getItem(this.storeKey) || "[]"); } catch { this.list = []; }
    // The opponent's receipts, from the `submitted` events (one per decision: the last), so
    // `duelhost verify` detects a change to either side's moves.
    this.theirs = [];
    try { this.theirs = JSON.parse(localStorage.getItem(this.storeKey + ":theirs") || "[]"); } catch { this.theirs = []; }
    this.reveals = new Map();  // "decision:seat" -> the reveal notice (nonce, and per order message nonces)
    this.requested = new Set();  // decisions whose reveals the server asked this seat for
    this.revealing = new Set();  // decisions whose reveal is on its way
    this.decision = null;        // the decision in play (the last frame's)
  }

  save() {
    try {
      localStorage.setItem(this.storeKey, JSON.stringify(this.list));
      localStorage.setItem(this.storeKey + ":theirs", JSON.stringify(this.theirs));
    } catch { /* private mode: keep in memory */ }
    this.changed();
  }

  /** This seat's commitment for `decision`, if it made one. */
  commitment(decision) {
    return this.list.find((r) => r.mode === "commit" && r.decision === decision) || null;
  }

  /** Submit for this seat; resolves with the ack, rejects with the error. `decision`: the
   *  decision in play as the frame shows it ({decision, secret}: whether both seats make it
   *  secretly, so that it is played by commit, then reveal). */
  async submit(text, decision = null) {
    if (decision && this.commitment(decision.decision)) {
      throw new Error("you have committed to your move for this decision: it is revealed once your opponent has committed");
    }
    if (decision && decision.secret) {
      const ack = await this.commit(text, decision.decision);
      if (ack) return ack;
    }
    const key = this.matchId + ":" + this.seat + ":" + Date.now().toString(36) + ":" + Math.random().toString(36).slice(2);
    const ack = await this.live.send({type: "submit", text, key});
    if (ack.receipt) this.keep(ack.decision, ack.text, ack.receipt);
    return ack;
  }

  /** Commit to `text` for `decision`: null when the server takes no commitment for it (then
   *  the caller submits plainly). */
  async commit(text, decision) {
    const nonce = randomNonce();
    const commitment = await sha256hex(commitText(this.matchId, this.seat, decision, text, nonce));
    // Kept before it is sent: a page that reloads mid-way can still reveal.
    const entry = {decision, text, nonce, receipt: commitment, mode: "commit", revealed: false, verified: null};
    this.list.push(entry);
    this.save();
    let ack;
    try {
      ack = await this.live.send({type: "commit", commitment, key: this.matchId + ":" + this.seat + ":commit:" + decision + ":" + commitment.slice(0, 16)});
    } catch (error) {
      this.list.splice(this.list.indexOf(entry), 1);
      this.save();
      if (error.message.startsWith(NOT_SECRET)) return null;
      throw error;
    }
    if (this.requested.has(decision)) this.reveal(decision);
    return ack;
  }

  /** Reveal this seat's commitment for `decision` (the server asked for it). */
  async reveal(decision) {
    const entry = this.commitment(decision);
    if (!entry || entry.revealed || this.revealing.has(decision)) return;
    this.revealing.add(decision);
    try {
      const ack = await this.live.send({type: "submit", text: entry.text, nonce: entry.nonce, key: this.matchId + ":" + this.seat + ":reveal:" + decision});
      entry.revealed = true;
      entry.server = ack.receipt;
      await this.check(entry);
    } catch (error) {
      if (error.transient) {
        entry.error = error.message;  // revealed again when the stream is back
        this.save();
      } else {
        // The game refused the move at its reveal (issue 32): it was not played and the
        // decision is still open; the seat corrects it and commits again (the server takes
        // a new commitment until a reveal is accepted).
        this.list.splice(this.list.indexOf(entry), 1);
        this.save();
        this.refused(error.message);
      }
    } finally {
      this.revealing.delete(decision);
    }
  }

  keep(decision, text, receipt) {
    if (this.list.some((r) => r.receipt === receipt)) return;
    this.list.push({decision, text, receipt, verified: null});
    this.check(this.list[this.list.length - 1]);
    this.save();
  }

  /** The opponent's receipt for a decision (a later one replaces it: a tick window's last
   *  order message, or a reveal after its commitment, is what the record holds). */
  keepTheirs(event) {
    const kept = {seat: event.seat, decision: event.decision, receipt: event.receipt};
    const at = this.theirs.findIndex((r) => r.seat === kept.seat && r.decision === kept.decision);
    if (at >= 0 && this.theirs[at].receipt === kept.receipt) return;
    if (at >= 0) this.theirs[at] = kept; else this.theirs.push(kept);
    this.save();
  }

  keepCommitted(decision, text, receipt) {
    if (this.list.some((r) => r.receipt === receipt)) return;
    const entry = {decision, text, receipt, mode: "commit", revealed: true, elsewhere: true, verified: null};
    this.list.push(entry);
    this.check(entry);
    this.save();
  }

  /** Events of a frame: commitments, reveal requests, our own submissions (after a reload)
   *  and published nonces. `decision`: the decision in play after them. */
  note(events, decision) {
    this.decision = decision;
    const asked = [];
    for (const e of events) {
      if (e.type === "reveal_requested" && (e.seats || []).includes(this.seat)) {
        this.requested.add(e.decision);
        asked.push(e.decision);
      }
      if (e.type === "submitted" && e.seat !== this.seat && e.receipt) this.keepTheirs(e);
      if (e.type === "your_submission" && e.seat === this.seat) {
        const entry = this.commitment(e.decision);
        if (entry) {
          entry.revealed = true;
          entry.server = e.receipt;
          this.check(entry);
        } else if (e.mode === "commit") {
          // Committed from another browser of this seat: no nonce kept here; checked with the
          // nonce the server publishes at the reveal.
          this.keepCommitted(e.decision, e.revealed, e.receipt);
        } else this.keep(e.decision, e.text, e.receipt);
      }
      if (e.type === "reveal") {
        this.reveals.set(e.decision + ":" + e.seat, e);
        if (e.seat === this.seat) for (const r of this.list) if (r.decision === e.decision) this.check(r, true);
      }
    }
    // Only the decision in play is still waiting for its reveal (a reload replays them all).
    for (const d of asked) if (d === decision) this.reveal(d);
  }

  async check(entry, again = false) {
    if (entry.mode === "commit") return this.checkCommitment(entry, again);
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

  /** A revealed commitment is verified when this page's own SHA-256 of what it kept equals the
   *  commitment it sent, the server recorded the reveal under that commitment, and the nonce
   *  the server publishes (if it has) is the page's own. */
  async checkCommitment(entry, again) {
    if (!entry.revealed || (entry.verified !== null && !again)) return;
    const published = this.reveals.get(entry.decision + ":" + this.seat);
    if (entry.elsewhere) {
      if (!published) return;  // the nonce is published at the reveal
      entry.nonce = published.nonce;
    }
    const digest = await sha256hex(commitText(this.matchId, this.seat, entry.decision, entry.text, entry.nonce));
    entry.recomputed = digest;
    entry.verified = digest === entry.receipt && (entry.server === undefined || entry.server === entry.receipt)
      && (!published || published.nonce === entry.nonce);
    this.save();
  }
}
