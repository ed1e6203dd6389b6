// Choices a seat has made on its board but not yet sent (a card picked, orders queued), kept in
// the browser's localStorage so a reload or a reopened tab finds them again (issue 32 point 8). Keyed by match and seat; each value is stored with the decision it
// was made for, and a board reads it back only for the decision it asks about (or for any, when
// its choices outlive a decision, as queued orders do).

const PREFIX = "duelhost:unsent:";

export class Unsent {
  constructor(matchId, seat) {
    this.key = PREFIX + matchId + ":" + seat;
  }

  read() {
    try { return JSON.parse(localStorage.getItem(this.key) || "{}"); } catch { return {}; }
  }

  /** The value kept under `name` for `decision` (null: any decision); undefined if none. */
  get(name, decision = null) {
    const entry = this.read()[name];
    if (!entry || (decision !== null && entry.decision !== decision)) return undefined;
    return entry.value;
  }

  /** Keep `value` under `name` for `decision` (undefined or null: forget it). */
  set(name, decision, value) {
    const all = this.read();
    if (value === undefined || value === null) delete all[name];
    else all[name] = {decision, value};
    try {
      if (Object.keys(all).length) localStorage.setItem(this.key, JSON.stringify(all));
      else localStorage.removeItem(this.key);
    } catch { /* storage off: this page only */ }
  }
}
