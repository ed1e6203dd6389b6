// A seat is never lost (issue 32): every seat token this browser holds, and the host key of every
// match it created, are kept in localStorage ("duelhost:seats"), so closing the tab or the
// browser loses nothing; the lobby lists them ("Your matches"). A seat's private resume link
// (/play/<id>#token=<token>) restores it in any browser: it is shown once, when the invite is
// opened. The match's host can re-issue a seat's invite (the old token is then refused).
// The token never stays in the address bar: the page takes it from the fragment and removes it.
import {api} from "./api.js";
import {account} from "./account.js";
import {copyField, h} from "./dom.js";

const KEY = "duelhost:seats";
const MAX = 50;  // matches remembered; the oldest is forgotten first

/** Every match this browser holds a seat or the host key of:
 *  {matchId: {game, created, seats: {seat: token}, last: seat, host: key, resumeShown: [seat]}} */
export function held() {
  try {
    const data = JSON.parse(localStorage.getItem(KEY) || "{}");
    return data && typeof data === "object" ? data : {};
  } catch { return {}; }
}

function save(data) {
  const ids = Object.keys(data).sort((a, b) => (data[b].created || 0) - (data[a].created || 0));
  for (const id of ids.slice(MAX)) delete data[id];
  try { localStorage.setItem(KEY, JSON.stringify(data)); } catch { /* storage off: this page only */ }
}

function entry(data, matchId) {
  if (!data[matchId]) data[matchId] = {created: Date.now() / 1000, seats: {}};
  data[matchId].seats = data[matchId].seats || {};
  return data[matchId];
}

/** Keep a seat's token. */
export function keepSeat(matchId, seat, token, game) {
  const data = held();
  const e = entry(data, matchId);
  e.seats[seat] = token;
  e.last = seat;
  if (game) e.game = game;
  save(data);
}

/** Keep the host key of a match this browser created (`humans`: its human seats). */
export function keepHost(matchId, hostKey, game, humans) {
  const data = held();
  const e = entry(data, matchId);
  e.host = hostKey;
  e.game = game;
  e.humans = humans;
  save(data);
}

/** Forget a token the server refused (its seat's invite was re-issued). */
export function forgetToken(matchId, token) {
  const data = held();
  const e = data[matchId];
  if (!e) return;
  for (const [seat, t] of Object.entries(e.seats || {})) if (t === token) delete e.seats[seat];
  if (!Object.keys(e.seats).length && !e.host) delete data[matchId];
  save(data);
  try { if (sessionStorage.getItem("duelhost:token:" + matchId) === token) sessionStorage.removeItem("duelhost:token:" + matchId); } catch { /* storage off */ }
}

/** The seat's private link: it restores the seat in any browser. */
export function resumeLink(matchId, token) {
  return location.origin + "/play/" + encodeURIComponent(matchId) + "#token=" + token;
}

let fresh = null;  // {matchId, seat, token}: the seat this page load took from an invite

/** The seat token of this page (/play/<id>). The fragment holds the seat's single-use invite
 *  (#invite=<code>: exchanged for the token, POST /api/invites/<code>) or its resume link's
 *  token (#token=<token>, or an older link's #<token>); the page removes it from the address
 *  bar. Without a fragment: this tab's token (sessionStorage), else the one this browser keeps
 *  (localStorage). Rejects with the server's sentence (an invite used before: 410). */
export async function takeToken(matchId) {
  const key = "duelhost:token:" + matchId;
  const fragment = decodeURIComponent(location.hash.slice(1));
  let stored = null;
  try { stored = sessionStorage.getItem(key); } catch { /* storage off */ }
  const kept = held()[matchId];
  if (!stored && kept && kept.seats) stored = kept.seats[kept.last] ?? Object.values(kept.seats)[0] ?? null;
  if (!fragment) return stored || claimed(matchId, null);
  history.replaceState(null, "", location.pathname + location.search);
  if (fragment.startsWith("claim=")) {
    // A seat the signed-in account holds (a seek, a challenge, "my matches"): its token comes
    // from the session, on any device (POST /api/matches/<id>/seats/<seat>/claim).
    const token = stored || await claimed(matchId, fragment.slice(6));
    if (token) try { sessionStorage.setItem(key, token); } catch { /* storage off */ }
    return token;
  }
  let token = fragment.startsWith("token=") ? fragment.slice(6) : fragment;
  if (fragment.startsWith("invite=")) {
    try {
      const opened = await api("POST", "/api/invites/" + encodeURIComponent(fragment.slice(7)));
      token = opened.token;
      fresh = {matchId, seat: opened.seat, token};
      keepSeat(matchId, opened.seat, token);
    } catch (error) {
      // This browser opened the invite before (a reload that kept the fragment): its token holds.
      if (stored) return stored;
      throw error;
    }
  }
  try { sessionStorage.setItem(key, token); } catch { /* storage off: this load only */ }
  return token;
}

/** The token of the signed-in account's seat of a match (`seat`, or the one it holds), or
 *  null when signed out or holding none. */
async function claimed(matchId, seat) {
  if (!(await account())) return null;
  const url = "/api/matches/" + encodeURIComponent(matchId) + (seat === null ? "/claim" : "/seats/" + encodeURIComponent(seat) + "/claim");
  try {
    const made = await api("POST", url);
    keepSeat(matchId, made.seat, made.token);
    return made.token;
  } catch (error) {
    if (seat === null) return null;
    throw error;
  }
}

/** The private resume link, shown once: on the page load that opened the seat's invite. */
export function resumeNotice(matchId) {
  if (!fresh || fresh.matchId !== matchId) return null;
  const {seat, token} = fresh;
  fresh = null;
  const data = held();
  const e = entry(data, matchId);
  e.resumeShown = [...new Set([...(e.resumeShown || []), seat])];
  save(data);
  const box = h("section", {class: "panel resume", id: "resume"},
    h("h3", {}, "Your private link to this seat"),
    h("p", {class: "small"}, "It brings you back to this seat from any browser or device; whoever opens it plays for you, so keep it to yourself. It is shown only now (this browser also keeps your seat: the lobby lists it under \"Your matches\")."),
    copyField(resumeLink(matchId, token), {class: "resume-link", "aria-label": "your private resume link"}),
    h("button", {type: "button", class: "quiet", id: "resume-done", onclick: () => box.remove()}, "Done, I kept it"));
  return box;
}

/** The lobby's "Your matches": every seat and host key this browser keeps, newest first, each
 *  with its state (in play, over) read from the server; a host may re-issue a seat's invite. */
export function yourMatches(games) {
  const list = h("ul", {class: "matches", id: "mine"});
  const box = h("section", {class: "panel", id: "yours", hidden: true}, h("h3", {}, "Your matches"), list);
  const data = held();
  const ids = Object.keys(data).sort((a, b) => (data[b].created || 0) - (data[a].created || 0));
  if (!ids.length) return box;
  box.hidden = false;
  const title = (name) => (games.find((g) => g.name === name) || {title: name || "match"}).title;
  for (const id of ids) {
    const e = data[id];
    const state = h("span", {class: "muted state"}, "");
    const links = Object.entries(e.seats || {}).map(([seat, token]) =>
      h("a", {href: "/play/" + encodeURIComponent(id) + "#token=" + token, class: "seat-link", "data-seat": seat}, "your seat " + seat));
    const item = h("li", {"data-match": id}, h("b", {}, title(e.game)), h("span", {class: "muted"}, " · match " + id.slice(0, 8) + " · "),
      links.length ? links.flatMap((a, i) => (i ? [" · ", a] : [a])) : "you host it", " · ", state, " · ",
      h("a", {href: "/watch/" + encodeURIComponent(id)}, "watch"),
      e.host ? hostTools(id, e.host, e.humans || [0, 1], Object.keys(e.seats || {})) : null);
    list.append(item);
    matchState(id, e).then((text) => { state.textContent = text; });
  }
  return box;
}

async function matchState(id, e) {
  const token = e.host || Object.values(e.seats || {})[0];
  try {
    const state = await api("GET", "/api/matches/" + encodeURIComponent(id), undefined, token);
    return state.is_over ? "over" : "in play";
  } catch (error) {
    return error.status === 404 ? "gone" : error.status === 403 ? "seat revoked" : "";
  }
}

/** The host's recourse: a new invite for a seat (its old token is refused from then on).
 *  Offered only for a human seat this browser does not hold (`held`: the seats it holds):
 *  re-issuing one's own seat would revoke it; a click asks first, saying what it does. */
function hostTools(id, hostKey, humans, held) {
  const others = humans.filter((seat) => !held.includes(String(seat)));
  if (!others.length) return null;
  const out = h("div", {class: "reissue small"});
  const reissue = async (seat) => {
    try {
      const made = await api("POST", "/api/matches/" + encodeURIComponent(id) + "/seats/" + seat + "/reissue", undefined, hostKey);
      out.replaceChildren(h("span", {}, "New invite for seat " + seat + " (the old link and seat no longer work): "),
        copyField(location.origin + made.invite_url, {class: "invite-link", "data-seat": seat}));
    } catch (error) {
      out.replaceChildren(h("span", {class: "error", role: "alert"}, error.message));
    }
  };
  const offer = () => out.replaceChildren(h("span", {class: "muted"}, "You host it; a player who lost their seat gets a new invite: "),
    ...others.map((seat) => h("button", {type: "button", class: "reissue-offer", "data-reissue": seat,
      onclick: () => ask(seat)}, "New invite for seat " + seat + "…")));
  const ask = (seat) => out.replaceChildren(
    h("span", {class: "confirm-text", role: "alert"}, "Make a new invite for seat " + seat + "? Its old link and whoever plays with it are shut out of the match: the player needs the new link to play on. "),
    h("button", {type: "button", class: "danger", "data-reissue-confirm": seat, onclick: () => reissue(seat)}, "Yes, re-issue seat " + seat),
    " ", h("button", {type: "button", class: "quiet", "data-reissue-cancel": seat, onclick: offer}, "Cancel"));
  offer();
  return out;
}
