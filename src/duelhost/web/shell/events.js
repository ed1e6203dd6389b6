// The live stream's events as sentences for the event log.

/** Name of a seat as the page calls it: "you" for the viewer's own seat. */
export function seatName(seat, viewer, names) {
  if (seat === null || seat === undefined) return "nobody";
  if (viewer === seat) return "you";
  return (names && names[seat]) || "seat " + seat;
}

function cap(text) { return text ? text[0].toUpperCase() + text.slice(1) : text; }

/** One event -> one sentence (null: nothing worth a line). */
export function sentence(event, viewer, names) {
  const who = seatName(event.seat, viewer, names);
  switch (event.type) {
    case "game": return event.line || null;
    case "submitted":
      if (event.seat === viewer) return null;  // your own line comes with your_submission
      return cap(who) + (event.kind === "order" ? " sent orders" : " submitted") + " (receipt " + event.receipt.slice(0, 8) + "…).";
    case "your_submission": return "You submitted " + event.text + " (receipt " + event.receipt.slice(0, 8) + "…).";
    case "reveal": return null;  // shown in the receipts panel as "verified"
    case "committed": return cap(who) + " committed to a move (sealed: only its hash was sent).";
    case "reveal_requested": return "Every move of decision " + (event.decision + 1) + " is sealed: the reveals are asked for.";
    case "timeout": return cap(who) + " ran out of time; the game's timeout rule played for " + (who === "you" ? "you" : "them") + ".";
    case "tick": return "Tick " + (event.decision + 1) + " resolved.";
    case "resign": return cap(who) + (who === "you" ? " resigned." : " resigned.");
    case "extend": return cap(who) + " called extended time.";
    case "over": return "Game over: " + resultSentence(event, viewer, names) + ".";
    default: return null;
  }
}

/** "seat 1 wins by ... (13-12)" from a result object. */
export function resultSentence(result, viewer, names) {
  let text;
  if (result.winner === null || result.winner === undefined) text = "a draw";
  else if (result.winner === viewer) text = "you win";
  else if (viewer === 0 || viewer === 1) text = "you lose";
  else text = seatName(result.winner, viewer, names) + " wins";
  if (result.reason) text += " (" + result.reason + ")";
  const score = scoreText(result.scores);
  if (score) text += ", " + score;
  return text;
}

export function scoreText(scores) {
  if (Array.isArray(scores) && scores.length === 2 && scores.every((x) => typeof x === "number")) return scores[0] + "–" + scores[1];
  return "";
}
