// The lobby (/): one card per game, the match form generated from the game's declared options
// (GET /api/lobby: kinds, bounds, defaults, help), "play the bot now", the matches in play;
// the players' side (seeks, challenges, the account's matches) is seeks.js.
import {api} from "./api.js";
import {randomNonce} from "./crypto.js";
import {copyField, fill, h} from "./dom.js";
import {keepHost, yourMatches} from "./seats.js";
import {clockSelect, clockText, optionInput, readOptions} from "./forms.js";
import {playersSide} from "./seeks.js";

export async function lobbyPage(app) {
  document.getElementById("title").textContent = "lobby";
  const games = await api("GET", "/api/lobby");
  const formBox = h("section", {class: "panel", id: "setup", hidden: true});
  const made = h("section", {class: "panel links", id: "created", hidden: true});
  const list = h("ul", {class: "matches", id: "matches"});
  window.duelhost = {games, renders: 0, frame: null};
  const players = await playersSide(games);
  fill(app,
    h("h1", {}, "Play a duel"),
    yourMatches(games),
    players,
    h("h2", {class: "section-head"}, "Start a match yourself"),
    h("div", {class: "cards", id: "games"}, games.map((game) => gameCard(game, formBox, made))),
    made, formBox,
    h("section", {class: "panel", id: "inplay"}, h("h3", {}, "Matches"), list));
  Object.assign(window.duelhost, {renders: 1, interactiveAt: performance.now()});  // ms since navigation
  if (location.hash.length > 1) document.getElementById(location.hash.slice(1))?.scrollIntoView({block: "start"});
  refreshMatches(list, games);
  setInterval(() => refreshMatches(list, games), 10000);
}

/** The bot "Play the bot now" seats: the game's choice (`practice_bot`), else `greedy`, else
 *  its first bot (levels first). */
function bestBot(game) {
  if (game.practice_bot && game.bots.includes(game.practice_bot)) return game.practice_bot;
  return game.bots.includes("greedy") ? "greedy" : game.bots[0];
}

function gameCard(game, formBox, made) {
  return h("article", {class: "panel gamecard", "data-game": game.name},
    h("h2", {}, game.title),
    h("p", {}, game.summary),
    h("p", {class: "muted small", "data-clock": ""}, "Clock: " + clockText(game.clock) + botClockText(game) + " · bots: " + (game.bots.join(", ") || "none")),
    h("div", {class: "buttons"},
      game.bots.length ? h("button", {type: "button", class: "primary", "data-action": "play-bot", onclick: (event) => playBot(game, made, event.currentTarget)}, "Play the bot now") : null,
      h("button", {type: "button", "data-action": "setup", onclick: () => showForm(game, formBox, made)}, "Set up a match"),
      h("a", {href: game.rules}, "Rules"),
      h("a", {href: "/leaderboard/" + encodeURIComponent(game.name)}, "Leaderboard")));
}

/** One click, one match (issue 32): every create of a button carries the button's idempotency
 *  key, so a double click (or a retry after a lost answer) makes one match; the key is renewed
 *  for another request (changed options) and once a created match has been shown for two
 *  seconds (a deliberate second click then makes another). The button is disabled while its
 *  create is on its way. */
async function createOnce(button, body) {
  const now = Date.now();
  const asked = JSON.stringify(body);
  if (!button.dataset.key || button.dataset.asked !== asked || (button.dataset.made && now - Number(button.dataset.made) > 2000)) {
    button.dataset.key = randomNonce();
    button.dataset.asked = asked;
    delete button.dataset.made;
  }
  button.disabled = true;
  try {
    const match = await api("POST", "/api/matches", {...body, idempotency_key: button.dataset.key});
    button.dataset.made = String(Date.now());
    keepHost(match.id, match.host_token, match.game, match.seats.filter((s) => s.kind === "human").map((s) => s.seat));
    return match;
  } finally {
    button.disabled = false;
  }
}

/** "Play the bot now" gives a move at least the server's practice time (``bot_clock``: 30 s;
 *  a rule clock of 10 s is too short for a first match): the card says so. */
function botClockText(game) {
  const practice = game.bot_clock;
  if (!game.bots.length || !practice || !game.clock || practice.seconds === game.clock.seconds) return "";
  return " (" + clockText(practice) + " against the bot)";
}

async function playBot(game, made, button) {
  const body = {game: game.name, seats: [{kind: "human"}, {kind: "bot", bot: bestBot(game)}]};
  if (game.bot_clock && game.clock && game.bot_clock.seconds !== game.clock.seconds) body.clock = {seconds: game.bot_clock.seconds, extended_seconds: game.bot_clock.extended_seconds};
  try {
    const match = await createOnce(button, body);
    // The seat's page opens the creator's own invite (the seat token is made then).
    location.href = match.seats[0].invite_url;
  } catch (error) {
    made.hidden = false;
    fill(made, h("p", {class: "error"}, error.message));
  }
}

function seatSelect(game, seat) {
  return h("select", {id: "seat" + seat, name: "seat" + seat},
    h("option", {value: "human"}, "a person (gets an invite link)"),
    game.bots.map((bot) => h("option", {value: "bot:" + bot, selected: seat === 1 && bot === bestBot(game)}, "bot: " + bot)));
}

function showForm(game, box, made) {
  box.hidden = false;
  const rows = (options, prefix) => options.map((option) => [
    h("label", {for: prefix + option.name}, option.name.replaceAll("_", " ")),
    optionInput(option, prefix),
    h("div", {class: "help", id: prefix + option.name + "-help"}, option.doc + " (" + option.accepts + ")"),
  ]);
  const error = h("div", {class: "error full", id: "form-error", role: "alert"});
  const form = h("form", {class: "options", id: "match-form"},
    h("label", {for: "seat0"}, game.seat_names[0]), seatSelect(game, 0),
    h("label", {for: "seat1"}, game.seat_names[1]), seatSelect(game, 1),
    h("label", {for: "clock"}, "clock"), clockSelect(game),
    h("label", {for: "seed"}, "seed"), h("input", {id: "seed", type: "number", min: 0, placeholder: "random"}),
    h("div", {class: "help"}, "The match's seed: the same seed and options give the same deal, map or draw."),
    game.options.length ? h("div", {class: "full section-title"}, "Options of " + game.title) : null,
    rows(game.options, "opt-"),
    game.setup.length ? h("div", {class: "full section-title"}, "Setup") : null,
    rows(game.setup, "setup-"),
    error,
    h("div", {class: "full"}, h("button", {type: "submit", class: "primary", id: "create"}, "Create the match")));
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    error.textContent = "";
    const seat = (value) => (value === "human" ? {kind: "human"} : {kind: "bot", bot: value.slice(4)});
    const body = {game: game.name, seats: [seat(form.seat0.value), seat(form.seat1.value)],
      options: readOptions(form, game.options, "opt-"), setup: readOptions(form, game.setup, "setup-")};
    const seed = form.querySelector("#seed").value;
    if (seed !== "") body.seed = Number(seed);
    const clock = form.querySelector("#clock").value;
    if (clock === "none") body.clock = null;
    else if (clock !== "default") body.clock = {seconds: Number(clock)};
    try {
      const match = await createOnce(form.querySelector("#create"), body);
      showCreated(match, game, made);
    } catch (e) {
      error.textContent = e.message;
    }
  });
  fill(box, h("h3", {}, "New match of " + game.title), form);
  box.scrollIntoView({block: "nearest"});
}

/** The new match: the creator's own seat (the first human one: its invite opens on a click),
 *  the invite links to send, and which seats have joined (read with the host key). */
function showCreated(match, game, box) {
  box.hidden = false;
  box.dataset.match = match.id;
  const humans = match.seats.filter((s) => s.invite_url);
  const mine = humans[0];
  const joined = new Map();
  const seatLine = (s) => h("li", {"data-seat": s.seat}, game.seat_names[s.seat] + ": ",
    !s.invite_url ? "bot " + s.bot
      : s === mine ? h("a", {href: s.invite_url, class: "seat-link primary"}, "your seat: go to it")
      : copyField(location.origin + s.invite_url, {class: "invite-link"}),
    s.invite_url ? (joined.set(s.seat, h("span", {class: "muted joined", "data-joined": "no"}, " · not opened yet")), joined.get(s.seat)) : null);
  fill(box,
    h("h3", {}, "Match " + match.id + " (" + game.title + ") is ready"),
    humans.length > 1 ? h("p", {}, "Each invite link gives its seat once, to whoever opens it first: keep yours, send the other to your opponent.") : null,
    h("ul", {},
      match.seats.map(seatLine),
      h("li", {}, "spectators: ", h("a", {href: match.spectate, class: "watch-link"}, location.origin + match.spectate))));
  box.scrollIntoView({block: "nearest"});
  // The host key shows which seats have joined; it holds no seat and reads nothing secret.
  const poll = async () => {
    if (!box.isConnected || box.hidden || box.dataset.match !== match.id) return;
    try {
      const state = await api("GET", "/api/matches/" + encodeURIComponent(match.id), undefined, match.host_token);
      for (const [seat, el] of joined) {
        const taken = Boolean(state.joined && state.joined[seat]);
        el.dataset.joined = taken ? "yes" : "no";
        el.textContent = taken ? " · joined ✓" : " · not opened yet";
      }
      if (state.joined && state.joined.every(Boolean)) return;
    } catch { /* try again later */ }
    setTimeout(poll, 3000);
  };
  if (joined.size) setTimeout(poll, 3000);
}

async function refreshMatches(list, games) {
  let data;
  try { data = await api("GET", "/api/matches?limit=30"); } catch { return; }
  const title = (name) => (games.find((g) => g.name === name) || {title: name}).title;
  const named = (p) => p.name + (p.guest ? " (guest)" : "");
  const who = (seats, players) => seats.map((s, i) => (s.kind === "bot" ? "bot " + s.bot : players && players[i] ? named(players[i]) : "person")).join(" v ");
  fill(list, data.matches.length ? data.matches.map((m) => h("li", {"data-match": m.id},
    h("b", {}, title(m.game)), " · " + who(m.seats, m.players) + " · ",
    m.over ? [resultText(m.result), " · ", h("a", {href: "/replay/" + m.id}, "replay")] : [h("span", {}, "in play"), " · ", h("a", {href: m.spectate}, "watch")]))
    : [h("li", {class: "muted"}, "No matches yet.")]);
}

function resultText(result) {
  if (!result) return "over";
  return result.winner === null ? "draw" : "seat " + result.winner + " won";
}
