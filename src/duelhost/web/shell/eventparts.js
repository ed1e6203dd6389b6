// Parts shared by an event's pages (the audience's /events/{id} and the host's console): the
// standings table, the rounds with their pairings and results, and the boards at a glance
// (each with its live thumbnail: thumbs.js).
import {h} from "./dom.js";
import {thumbnail} from "./thumbs.js";

const FORMATS = {swiss: "Swiss", knockout: "Knockout", round_robin: "Round robin", arena: "Arena"};

/** "Swiss · <game> · round 3 of 5 · running" */
export function eventLine(event) {
  const parts = [FORMATS[event.format] || event.format, event.game];
  if (event.format === "arena") parts.push(`${Math.round(event.config.duration / 60 * 10) / 10} min`);
  else if (event.planned_rounds && !event.rounds.length) parts.push(`${event.planned_rounds} rounds`);
  else if (event.planned_rounds) parts.push(`round ${event.rounds.length} of ${event.planned_rounds}`);
  parts.push({entry: "taking entries", running: "running", closed: "closed"}[event.phase] || event.phase);
  if (event.config.rated) parts.push("rated");
  return parts.join(" · ");
}

/** The latest announcement as a banner (null when none). */
export function announcement(event) {
  const last = (event.announcements || []).at(-1);
  if (!last) return null;
  return h("p", {class: "announce", role: "status"}, h("strong", {}, "Announcement: "), last.text);
}

function points(value) {
  return value === null || value === undefined ? "" : String(value).replace(".5", "½").replace(/^0½$/, "½");
}

function gone(line) {
  return line.status === "withdrawn" || line.status === "disqualified";
}

/** The standings as a table: rank, name, points, the tie-breaks the format uses, W/D/L. */
export function standingsTable(event) {
  const lines = event.standings || [];
  if (!lines.length) return h("p", {class: "muted"}, "No standings yet.");
  // Wins are in the W-D-L column already.
  const breaks = Object.keys(lines[0].tiebreaks || {}).filter((b) => b !== "wins");
  const label = {buchholz_cut1: "Bh-1", sonneborn_berger: "SB", direct_encounter: "DE", wins: "W", performance: "Perf"};
  return h("table", {class: "standings"},
    h("thead", {}, h("tr", {},
      h("th", {scope: "col"}, "#"), h("th", {scope: "col", class: "name"}, "Entrant"), h("th", {scope: "col"}, "Pts"),
      breaks.map((b) => h("th", {scope: "col", title: b}, label[b] || b)),
      h("th", {scope: "col", class: "wdl"}, "W-D-L"))),
    h("tbody", {}, lines.map((line) => h("tr", {class: gone(line) ? "gone" : null},
      h("td", {class: "num"}, line.rank),
      h("td", {class: "name"}, line.name, gone(line) ? h("span", {class: "muted"}, ` (${line.status})`) : null),
      h("td", {class: "num strong"}, points(line.points)),
      breaks.map((b) => h("td", {class: "num"}, points(line.tiebreaks[b]))),
      h("td", {class: "num wdl"}, `${line.wins ?? 0}-${line.draws ?? 0}-${line.losses ?? 0}`)))));
}

function result(pairing) {
  if (pairing.second === null) return "bye";
  const games = pairing.games || [];
  if (!games.length) return "–";
  return games.map((g) => (g.outcome || "…") + (g.adjudicated ? "*" : "")).join(" ");
}

/** Every round's pairings and results (newest first); links to replays once the event closed. */
export function roundsList(event) {
  if (!event.rounds.length) return h("p", {class: "muted"}, "No round paired yet.");
  const closed = event.phase === "closed";
  const rounds = [...event.rounds].reverse().slice(0, event.format === "arena" ? 12 : undefined);
  const judged = rounds.some((r) => r.pairings.some((p) => (p.games || []).some((g) => g.adjudicated)));
  return h("div", {class: "rounds"}, rounds.map((round) => h("section", {class: "round"},
    h("h4", {}, event.format === "arena" ? `Wave ${round.number}` + (round.at !== null ? ` · ${Math.round(round.at)} s` : "") : `Round ${round.number}`),
    h("ol", {class: "pairings"}, round.pairings.map((p) => h("li", {},
      h("span", {class: "board num"}, p.board),
      h("span", {class: "who"}, p.first_name, h("span", {class: "muted"}, " – "), p.second_name ?? h("em", {}, "bye")),
      h("span", {class: "res num"}, result(p)),
      closed ? (p.games || []).filter((g) => g.match_id).map((g, k) =>
        h("a", {href: `/replay/${g.match_id}`, class: "replay"}, (p.games.length > 1 ? `game ${k + 1}` : "replay"))) : null))))),
    judged ? h("p", {class: "small muted legend"}, "* adjudicated by the host (the reason is in the match's record)") : null);
}

function clockText(board, names) {
  if (board.over) return board.winner === null || board.winner === undefined ? "over: draw" : `over: ${names[board.winner] || "seat " + board.winner} won`;
  if (board.paused) return "paused";
  if (board.phase === "waiting") return "waiting for seats";
  if (board.remaining === null || board.remaining === undefined) return "untimed";
  return `${Math.max(0, Math.ceil(board.remaining))} s to decide`;
}

/** One board's card: who plays (● seat 0, ■ seat 1), its clock, its live thumbnail (one click
 *  on it spectates: `watch`, the link's attributes) and `extra` (buttons). */
export function boardCard(board, names, extra, watch) {
  const label = `Watch ${names[0] || "?"} v ${names[1] || "?"}`;
  const picture = board.hosted_elsewhere ? h("p", {class: "muted"}, "hosted by another process")
    : h("a", {...watch, class: "thumblink", title: label, "aria-label": label}, thumbnail(board, names));
  return h("article", {class: "eboard" + (board.paused ? " paused" : "") + (board.over ? " over" : ""), dataset: {match: board.match}},
    h("header", {},
      h("span", {class: "num muted"}, `R${board.round} · B${board.board}`),
      h("span", {class: "who"}, h("span", {class: "s0t"}, "● "), names[0] || "?", h("span", {class: "muted"}, " v "),
        h("span", {class: "s1t"}, "■ "), names[1] || "?")),
    h("p", {class: "clockline" + (board.paused ? " strong" : "")}, clockText(board, names),
      board.decision !== undefined && !board.over ? h("span", {class: "muted"}, ` · decision ${board.decision}`) : null),
    picture,
    extra);
}

/** The names of a board's two seats, from the event's current round. */
export function boardNames(event, board) {
  const round = event.rounds[board.round - 1];
  const pairing = round && round.pairings.find((p) => p.board === board.board);
  if (!pairing) return ["?", "?"];
  const game = (pairing.games || []).find((g) => g.match_id === board.match);
  const byId = Object.fromEntries(event.entrants.map((e) => [e.id, e.name]));
  return game ? [byId[game.first], byId[game.second]] : [pairing.first_name, pairing.second_name];
}
