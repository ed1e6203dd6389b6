// The audience's page of an event (/events/{id}): standings, every live board as a live
// thumbnail drawn by the game's own board with its clock (one click on it spectates), pairings and results per round, the host's
// announcements; after the event, every match's replay. Everything here lags by the host's
// spectator delay (the server sends it so). An entrant's link (#entrant=KEY) also shows the
// entrant's own game with its seat's invite, and the check-in button during the check-in.
import {api} from "./api.js";
import {$, fill, h} from "./dom.js";
import {announcement, boardCard, boardNames, eventLine, roundsList, standingsTable} from "./eventparts.js";
import {keepOnly, prepare} from "./thumbs.js";

const POLL_MS = 2000;

function entrantKey(id) {
  const match = /(?:^|[#&])entrant=([^&]+)/.exec(location.hash);
  const storage = "duelhost:entrant:" + id;
  let key = match ? decodeURIComponent(match[1]) : null;
  try {
    if (key) localStorage.setItem(storage, key);
    else key = localStorage.getItem(storage);
  } catch { /* no storage */ }
  if (key) {
    // The server recognises the entrant's browser by this cookie ("no scouting").
    document.cookie = `duelhost_entrant_${id}=${encodeURIComponent(key)}; path=/; SameSite=Strict`;
  }
  return key;
}

async function mine(id, key, box) {
  let me;
  try { me = await api("GET", `/api/events/${id}/me`, undefined, key || undefined); } catch (error) {
    fill(box, h("p", {class: "refusal"}, error.message));
    return;
  }
  if (!me.entrant) return;  // not an entrant (no key, not signed in to an entered account)
  const parts = [h("strong", {}, me.entrant.name)];
  if (me.standing) parts.push(h("span", {class: "muted"}, ` · place ${me.standing.rank}, ${me.standing.points} points`));
  if (me.game) {
    parts.push(h("a", {class: "button primary", href: me.game.url, id: "my-game"},
      `Play your game: round ${me.game.round}, board ${me.game.board}`));
  } else if (me.phase === "entry") {
    parts.push(h("span", {class: "muted"}, " · the event has not started"));
  } else if (me.phase === "running") {
    parts.push(h("span", {class: "muted"}, " · no game for you right now"));
  }
  if (me.phase === "entry" && !me.checked_in) {
    parts.push(h("button", {type: "button", id: "checkin", onclick: async () => {
      try { await api("POST", `/api/events/${id}/checkin`, undefined, key); mine(id, key, box); }
      catch (error) { box.append(h("p", {class: "refusal"}, error.message)); }
    }}, "Check in"));
  } else if (me.checked_in) parts.push(h("span", {class: "ok"}, " · checked in"));
  fill(box, h("p", {class: "me"}, parts));
}

export async function eventPage(app, id) {
  const key = entrantKey(id);
  const head = h("div", {class: "ehead"});
  const me = h("div", {id: "me"});
  const boards = h("div", {class: "eboards", id: "boards"});
  const standings = h("div", {id: "standings"});
  const rounds = h("div", {id: "rounds"});
  fill(app, h("div", {class: "event"},
    head, me,
    h("div", {class: "ecols"},
      h("section", {class: "panel"}, h("h3", {}, "Standings"), standings),
      h("section", {class: "panel wide"}, h("h3", {}, "Boards"), boards)),
    h("section", {class: "panel"}, h("h3", {}, "Pairings and results"), rounds)));
  async function refresh() {
    let event;
    try { event = await api("GET", `/api/events/${id}`); } catch (error) {
      fill(head, h("p", {class: "refusal"}, error.message));
      return;
    }
    $("title").textContent = event.name;
    $("title").classList.add("wraps");  // on a phone the whole name, on a line of its own
    document.title = event.name + " · duelhost";
    fill(head,
      h("h2", {}, event.name),
      h("p", {class: "muted"}, eventLine(event),
        event.delayed ? h("span", {class: "delay"}, ` · everything here is ${Math.round(event.delayed)} s behind the boards`) : null),
      announcement(event));
    fill(standings, standingsTable(event));
    fill(rounds, roundsList(event));
    if (event.phase === "running") {
      await prepare(event.game);
      const data = await api("GET", `/api/events/${id}/boards?views=true`).catch(() => ({boards: []}));
      keepOnly(data.boards.map((b) => b.match));
      fill(boards, data.boards.length ? data.boards.map((b) => boardCard(b, boardNames(event, b), null, {href: `/watch/${b.match}`})) :
        h("p", {class: "muted"}, "No board on right now."));
    } else {
      fill(boards, h("p", {class: "muted"}, event.phase === "closed" ? "The event is over: every game's replay is under its result below." : "The boards appear when the event starts."));
    }
    await mine(id, key, me);
  }
  await refresh();
  setInterval(refresh, POLL_MS);
}
