// The lobby's players' side (issue 30): the open seeks, live (WS /api/lobby/live), each with its
// Accept button (a guest gives a name for a casual one); for a signed-in player the "Post a
// seek" form, the challenges received and sent, "Challenge a player or a bot", and "My matches"
// (every seat the account holds, from any device). A match made from the player's seek or
// challenge opens its board at once.
import {api} from "./api.js";
import {LobbyLive, account, challengeLine, goToMatch} from "./account.js";
import {fill, h} from "./dom.js";
import {clockSelect, clockText, optionInput, readOptions} from "./forms.js";

/** A label and its control, kept together when the form wraps. */
const field = (label, control, id) => h("span", {class: "field"}, h("label", id ? {for: id} : {}, label), control);

const title = (games, name) => (games.find((g) => g.name === name) || {title: name}).title;

function optionsText(options) {
  const parts = Object.entries(options || {}).map(([k, v]) => k.replaceAll("_", " ") + " " + (typeof v === "object" ? JSON.stringify(v) : v));
  return parts.length ? parts.join(", ") : "standard options";
}

/** The lobby's panels for seeks, challenges and the account's matches. */
export async function playersSide(games) {
  const me = await account();
  const seekList = h("ul", {class: "offers", id: "seek-list", "aria-live": "polite"});
  const seeksBox = h("section", {class: "panel", id: "seeks"},
    h("h3", {}, "Open seeks: players looking for a match"), seekList);
  const seeks = new Map();
  const drawSeeks = () => {
    const items = [...seeks.values()].sort((a, b) => a.created - b.created).map((s) => seekLine(s, me, games));
    fill(seekList, items.length ? items : [h("li", {class: "muted", id: "no-seeks"}, me ? "No open seeks: post one below." : "No open seeks right now.")]);
  };
  const panels = [seeksBox];
  let challenges = null;
  if (me) {
    seeksBox.append(seekForm(games));
    challenges = challengesPanel(games, me);
    panels.push(challenges.box, myMatches(games));
  } else {
    seeksBox.append(h("p", {class: "small muted", id: "signin-hint"}, h("a", {href: "/signin"}, "Sign in"),
      " to post seeks, challenge players by name and keep your seats on every device; as a guest you can accept a casual seek."));
  }
  const live = new LobbyLive({
    hello: (data) => { seeks.clear(); for (const s of data.seeks) seeks.set(s.id, s); drawSeeks(); challenges?.reset(data.challenges); },
    seek: (s) => { seeks.set(s.id, s); drawSeeks(); },
    seekGone: (id) => { seeks.delete(id); drawSeeks(); },
    challenge: (c) => challenges?.add(c),
    challengeGone: (id) => challenges?.remove(id),
    matched: goToMatch,
  });
  drawSeeks();
  live.connect();
  window.duelhost.lobbyLive = live;
  window.duelhost.seeks = seeks;
  return panels;
}

function seekLine(s, me, games) {
  const error = h("span", {class: "error small", role: "alert"});
  const mine = me && s.by === me.name;
  const accept = async (body) => {
    try {
      const made = await api("POST", "/api/seeks/" + encodeURIComponent(s.id) + "/accept", body);
      location.href = "/play/" + encodeURIComponent(made.match_id) + "#token=" + made.token;
    } catch (e) { error.textContent = e.message; }
  };
  let action;
  if (mine) {
    action = h("button", {type: "button", "data-action": "withdraw", onclick: async () => {
      try { await api("DELETE", "/api/seeks/" + encodeURIComponent(s.id)); } catch (e) { error.textContent = e.message; }
    }}, "Withdraw");
  } else if (me) {
    action = h("button", {type: "button", class: "primary", "data-action": "accept", onclick: () => accept({})}, "Accept");
  } else if (s.rated) {
    action = h("a", {href: "/signin?next=/"}, "sign in to accept");
  } else {
    const name = h("input", {class: "guest-name", placeholder: "your name", maxlength: 20, "aria-label": "your name as a guest"});
    action = h("form", {class: "guest", onsubmit: (event) => { event.preventDefault(); accept({guest_name: name.value}); }},
      name, h("button", {type: "submit", class: "primary", "data-action": "accept-guest"}, "Play as guest"));
  }
  return h("li", {"data-seek": s.id, class: mine ? "mine" : ""},
    h("span", {class: "who"}, h("b", {}, s.by), mine ? " (you)" : ""),
    h("span", {class: "what"}, h("b", {}, s.title || title(games, s.game)), " · " + optionsText(s.options) + " · " + clockText(s.clock) + " · ",
      h("span", {class: s.rated ? "tag rated" : "tag"}, s.rated ? "rated" : "casual"),
      s.rating_min !== null || s.rating_max !== null ? " · rating " + (s.rating_min ?? "") + "–" + (s.rating_max ?? "") : ""),
    h("span", {class: "act"}, action), error);
}

/** A game select whose change rebuilds the options and clock controls below it. */
function gameControls(games, prefix) {
  const select = h("select", {id: prefix + "game", name: "game"}, games.map((g) => h("option", {value: g.name}, g.title)));
  const clockBox = h("span", {});
  const optionsBox = h("div", {class: "options compact"});
  const draw = () => {
    const game = games.find((g) => g.name === select.value);
    const clock = clockSelect(game);
    clock.id = prefix + "clock";
    fill(clockBox, clock);
    fill(optionsBox, game.options.map((o) => [h("label", {for: prefix + "opt-" + o.name}, o.name.replaceAll("_", " ")), optionInput(o, prefix + "opt-")]));
  };
  select.addEventListener("change", draw);
  draw();
  const read = (form) => {
    const game = games.find((g) => g.name === select.value);
    const body = {game: game.name, options: readOptions(form, game.options, prefix + "opt-")};
    const clock = clockBox.querySelector("select").value;
    if (clock === "none") body.clock = null;
    else if (clock !== "default") body.clock = {seconds: Number(clock)};
    return body;
  };
  return {select, clockBox, optionsBox, read, game: () => games.find((g) => g.name === select.value)};
}

function seekForm(games) {
  const c = gameControls(games, "seek-");
  const rated = h("input", {type: "checkbox", id: "seek-rated"});
  const error = h("div", {class: "error", id: "seek-error", role: "alert"});
  const form = h("form", {class: "inline-form", id: "seek-form"},
    field("Game", c.select, "seek-game"), field("Clock", c.clockBox),
    h("label", {class: "check"}, rated, " rated"),
    h("button", {type: "submit", class: "primary", id: "seek-post"}, "Post a seek"),
    h("details", {class: "full"}, h("summary", {class: "small"}, "Options"), c.optionsBox),
    error);
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    error.textContent = "";
    try { await api("POST", "/api/seeks", {...c.read(form), rated: rated.checked}); } catch (e) { error.textContent = e.message; }
  });
  return h("div", {class: "post-seek"}, h("h3", {}, "Post a seek"), form);
}

function challengesPanel(games, me) {
  const list = h("ul", {class: "offers", id: "challenge-list"});
  const known = new Map();
  const draw = () => {
    const items = [...known.values()].map((c) => (c.to === me.name
      ? h("li", {"data-challenge": c.id, class: "incoming"}, challengeLine(c, () => { known.delete(c.id); draw(); }))
      : h("li", {"data-challenge": c.id, class: "outgoing"}, "You challenged ", h("b", {}, c.to), " to " + c.title + " · waiting for the answer ",
        h("button", {type: "button", class: "quiet", "data-action": "withdraw", onclick: () => api("POST", "/api/challenges/" + encodeURIComponent(c.id) + "/decline").catch(() => {})}, "withdraw"))));
    fill(list, items.length ? items : [h("li", {class: "muted"}, "No challenges.")]);
  };
  const c = gameControls(games, "ch-");
  const opponent = h("input", {id: "ch-to", placeholder: "a player's name", maxlength: 64, autocomplete: "off"});
  const bot = h("select", {id: "ch-bot"});
  const drawBots = () => fill(bot, h("option", {value: ""}, "— or a bot —"), c.game().bots.map((b) => h("option", {value: b}, "bot: " + b)));
  c.select.addEventListener("change", drawBots);
  drawBots();
  const rated = h("input", {type: "checkbox", id: "ch-rated"});
  const error = h("div", {class: "error", id: "ch-error", role: "alert"});
  const status = h("div", {class: "small", id: "ch-status", role: "status"});
  const form = h("form", {class: "inline-form", id: "challenge-form"},
    field("Opponent", opponent, "ch-to"), bot,
    field("Game", c.select, "ch-game"), field("Clock", c.clockBox),
    h("label", {class: "check"}, rated, " rated"),
    h("button", {type: "submit", class: "primary", id: "ch-send"}, "Challenge"),
    h("details", {class: "full"}, h("summary", {class: "small"}, "Options"), c.optionsBox),
    error, status);
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    error.textContent = ""; status.textContent = "";
    const body = {...c.read(form), rated: rated.checked};
    try {
      if (bot.value) {
        const made = await api("POST", "/api/challenges", {...body, bot: bot.value});
        location.href = "/play/" + encodeURIComponent(made.match_id) + "#token=" + made.token;
        return;
      }
      const sent = await api("POST", "/api/challenges", {...body, to: opponent.value.trim()});
      known.set(sent.id, sent); draw();
      status.textContent = "Challenge sent to " + sent.to + ": it waits for their answer for 5 minutes.";
    } catch (e) { error.textContent = e.message; }
  });
  const box = h("section", {class: "panel", id: "challenges"}, h("h3", {}, "Challenges"), list, h("h3", {}, "Challenge a player or a bot"), form);
  draw();
  return {
    box,
    reset: (all) => { known.clear(); for (const x of all) known.set(x.id, x); draw(); },
    add: (x) => { known.set(x.id, x); draw(); },
    remove: (id) => { known.delete(id); draw(); },
  };
}

/** Every seat the account holds, from any device: whose decision it is, and the way back. */
function myMatches(games) {
  const list = h("ul", {class: "matches", id: "my-matches"}, h("li", {class: "muted"}, "Loading…"));
  api("GET", "/api/me/matches?limit=30").then((data) => {
    const names = (m) => (m.players || []).map((p, i) => (i === m.seat ? "you" : p ? p.name + (p.guest ? " (guest)" : "") : "seat " + i)).join(" v ");
    fill(list, data.matches.length ? data.matches.map((m) => h("li", {"data-match": m.match_id},
      h("b", {}, title(games, m.game)), " · " + names(m) + " · ",
      m.over ? "over" : m.your_turn ? h("span", {class: "tag turn"}, "your turn") : "their turn",
      " · ", h("a", {href: m.over ? "/replay/" + encodeURIComponent(m.match_id) : m.url, class: "seat-link"}, m.over ? "replay" : "go to your seat")))
      : [h("li", {class: "muted"}, "No matches yet: accept a seek, post one, or challenge someone.")]);
  }).catch((error) => fill(list, h("li", {class: "error"}, error.message)));
  return h("section", {class: "panel", id: "account-matches"}, h("h3", {}, "My matches (this account, any device)"), list);
}
