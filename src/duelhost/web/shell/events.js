// The live stream's events as sentences for the event log.

/** Name of a seat as the page calls it: "you" for the viewer's own seat. */
export function seatName(seat, viewer, names) {
  if (seat === null || seat === undefined) return "nobody";
  if (viewer === seat) return "you";
  return (names && names[seat]) || "seat " + seat;
}

export function cap(text) { return text ? text[0].toUpperCase() + text.slice(1) : text; }

/** One event -> one sentence (null: nothing worth a line). */
export function sentence(event, viewer, names) {
  const who = seatName(event.seat, viewer, names);
  switch (event.type) {
    case "game": return plainReason(event.line) || null;
    case "submitted":
      if (event.seat === viewer) return null;  // your own line comes with your_submission
      return cap(who) + (event.kind === "order" ? " sent orders" : " submitted") + " (receipt " + event.receipt.slice(0, 8) + "…).";
    case "your_submission": return "You submitted " + event.text + " (receipt " + event.receipt.slice(0, 8) + "…).";
    case "reveal": return null;  // shown in the receipts panel as "verified"
    case "committed": return cap(who) + " committed to a move (sealed: only its hash was sent).";
    case "reveal_requested": return "Every move of decision " + (event.decision + 1) + " is sealed: the reveals are asked for.";
    case "timeout": return cap(who) + " ran out of time; the game's timeout rule played for " + (who === "you" ? "you" : "them") + ".";
    case "your_timeout": return "For you the timeout rule played: " + event.text + ".";
    case "tick": return "Tick " + (event.decision + 1) + " resolved.";
    case "resign": return cap(who) + (who === "you" ? " resigned." : " resigned.");
    case "extend": return cap(who) + " called extended time.";
    case "over": return "Game over.";  // the result itself is in the banner, once
    default: return null;
  }
}

/** Events of the fair-play protocol (commitments, reveals asked for, receipts, ticks resolved),
 *  kept apart from the game's own events in the log (issue 32 point 4). */
export function isProtocol(event) {
  return ["submitted", "your_submission", "committed", "reveal_requested", "tick"].includes(event.type);
}

const EARLY = /^(resignation|timeout|agreement|abandoned)/;
const BY = new Set(["resignation", "elimination", "mutual elimination", "timeout", "agreement"]);

/** The result in plain words, score once and the winner's first: "Blue (seat 1) wins 19–9 on
 *  strategic value", "you lose: Blue (seat 1) wins 3 bouts to 2", "you win by resignation
 *  (score then: you 0, Blue 5)". */
/** A result's reason or a log line as a player reads it: without the rulings' ids ("(TA6)",
 *  "(max_turns, TA12)", "(GO4)"), which are for developers (the rules page cites them). Only
 *  the rulings' prefixes are taken out: "(C3)" is a cell. */
const RULING_IDS = /\s*\((?:[^()]*?,\s*)?(?:(?:GE|GO|MP|TA|TG|WD)\d+(?:,\s*)?)+\)/g;
export function plainReason(reason) {
  return (reason || "").replace(RULING_IDS, "").trim();
}

export function resultSentence(result, viewer, names) {
  const reason = plainReason(result.reason);
  const scores = Array.isArray(result.scores) && result.scores.length === 2 && result.scores.every((x) => typeof x === "number") ? result.scores : null;
  const w = result.winner;
  if (w === null || w === undefined) {
    // A draw's score is shown when it is the tie itself (7-7); unequal figures ("a draw, 4-7":
    // a game's units left after a draw by quiet turns) read as if someone had won.
    const tied = scores && scores[0] === scores[1] && !/\d+-\d+/.test(reason) ? ", " + scores[0] + "–" + scores[1] : "";
    return "a draw" + (reason ? " (" + reason + ")" : "") + tied;
  }
  const player = viewer === 0 || viewer === 1;
  const winner = seatName(w, viewer, names);
  const loserName = seatName(1 - w, viewer, names);
  const wins = winner === "you" ? "you win" : winner + " wins";
  const prefix = player && viewer !== w ? "you lose: " : "";
  const more = reason.match(/^more (.+), (\d+)-(\d+)$/);
  if (more && scores) return prefix + wins + " " + scores[w] + "–" + scores[1 - w] + " on " + more[1];
  if (reason.startsWith("won ")) return prefix + wins + " " + reason.slice(4).replace(/^1 bouts/, "1 bout");
  let text = prefix + wins + (BY.has(reason) ? " by " + reason : reason ? " (" + reason + ")" : "");
  if (scores && EARLY.test(reason)) {
    // Ended before the score decided it: the score is where the match stood, not why it ended.
    return text + "; the score stood at " + winner + " " + scores[w] + ", " + loserName + " " + scores[1 - w];
  }
  if (scores && !/\d+-\d+/.test(reason)) {
    text += scores[w] >= scores[1 - w] ? ", " + scores[w] + "–" + scores[1 - w]
      : " (score then: " + winner + " " + scores[w] + ", " + loserName + " " + scores[1 - w] + ")";
  }
  return text;
}

export function scoreText(scores) {
  if (Array.isArray(scores) && scores.length === 2 && scores.every((x) => typeof x === "number")) return scores[0] + "–" + scores[1];
  return "";
}
