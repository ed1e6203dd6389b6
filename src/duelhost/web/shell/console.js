// The host's console of an event (/events/{id}/host#key=HOST_KEY): start the event or a round,
// every board of the round at a glance with its clock (pause, resume, adjudicate, re-issue a
// lost seat), the entrants (add, withdraw, disqualify, substitute, forbid a pairing), the
// settings (spectator delay, no scouting, no-show grace, check-in, autostart, automatic
// pairing), announcements, closing, exports. The host key stays in this browser.
import {api} from "./api.js";
import {$, copyField, fill, h} from "./dom.js";
import {announcement, boardCard, boardNames, eventLine, standingsTable} from "./eventparts.js";
import {keepOnly, prepare} from "./thumbs.js";

const POLL_MS = 1500;

function hostKey(id) {
  const match = /(?:^|[#&])key=([^&]+)/.exec(location.hash);
  const storage = "duelhost:event-host:" + id;
  let key = match ? decodeURIComponent(match[1]) : null;
  try {
    if (key) { localStorage.setItem(storage, key); history.replaceState(null, "", location.pathname); }
    else key = localStorage.getItem(storage);
  } catch { /* no storage */ }
  return key;
}

export async function consolePage(app, id) {
  const key = hostKey(id);
  if (!key) {
    fill(app, h("p", {class: "refusal"}, "This console needs the event's host key: open the host link you were given when the event was created."));
    return;
  }
  const note = h("p", {class: "note", role: "status", "aria-live": "polite"});
  const head = h("div", {class: "ehead"});
  const controls = h("div", {class: "controls"});
  const buttons = h("div"), settings = h("div");
  controls.append(buttons, settings);
  const boards = h("div", {class: "eboards", id: "boards"});
  const entrants = h("div", {id: "entrants"});
  const standings = h("div", {id: "standings"});
  let event = null;
  let bots = [];

  async function act(label, method, url, body) {
    try {
      const answer = await api(method, url, body, key);
      note.className = "note ok";
      note.textContent = label + ": done.";
      await refresh();
      return answer;
    } catch (error) {
      note.className = "note refusal";
      note.textContent = label + ": " + error.message;
      return null;
    }
  }
  const base = `/api/events/${id}`;

  function settingsForm() {
    const s = event.settings;
    const delay = h("input", {type: "number", min: 0, max: 600, step: 1, value: s.delay, id: "delay", class: "short"});
    const grace = h("input", {type: "number", min: 1, max: 3600, step: 1, value: s.no_show_grace ?? "", id: "grace", class: "short", placeholder: "off"});
    const scouting = h("input", {type: "checkbox", id: "scouting", checked: s.no_scouting});
    const auto = h("input", {type: "checkbox", id: "auto", checked: s.auto});
    const text = h("input", {type: "text", id: "announce-text", maxlength: 500, placeholder: "a message for every board"});
    return h("div", {class: "settings"},
      h("label", {}, "Spectator delay (s) ", delay),
      h("label", {}, "No-show grace (s) ", grace),
      h("label", {}, scouting, " no scouting"),
      h("label", {}, auto, " pair rounds by itself"),
      h("button", {type: "button", id: "save-settings", onclick: () => {
        const body = {delay: Number(delay.value), no_scouting: scouting.checked, auto: auto.checked};
        if (grace.value) body.no_show_grace = Number(grace.value);
        act("Settings", "POST", `${base}/settings`, body);
      }}, "Save settings"),
      h("span", {class: "announce-form"}, text, h("button", {type: "button", id: "announce", onclick: () => {
        act("Announcement", "POST", `${base}/announce`, {text: text.value}).then((ok) => { if (ok) text.value = ""; });
      }}, "Announce")));
  }

  /** Whether a board of the last round is still on (its next round waits for it). */
  function roundOn() {
    const last = event.rounds.at(-1);
    return Boolean(last) && last.pairings.some((p) => p.second !== null && (!(p.games || []).length || p.games.some((g) => !g.outcome)));
  }

  function eventButtons() {
    const running = event.phase === "running";
    const rounds = event.format !== "arena" && running;
    const allPlayed = rounds && event.planned_rounds !== null && event.rounds.length >= event.planned_rounds;
    const waiting = rounds && roundOn();
    return h("div", {class: "buttons"},
      event.phase === "entry" ? h("button", {type: "button", class: "primary", id: "start", onclick: () => act("Start", "POST", `${base}/start`)}, "Start the event") : null,
      rounds && !allPlayed ? h("button", {type: "button", class: "primary", id: "next-round", disabled: waiting,
        title: waiting ? "every board of this round must be over first" : null,
        onclick: () => act("Next round", "POST", `${base}/rounds`)}, waiting ? `Round ${event.rounds.length} is on` : `Pair round ${event.rounds.length + 1}`) : null,
      running ? h("button", {type: "button", class: allPlayed && !waiting ? "primary" : "danger", id: "close", onclick: () => {
        if (confirm("Close the event and publish the standings?")) act("Close", "POST", `${base}/close`);
      }}, "Close and publish") : null,
      h("a", {href: `/events/${id}`, target: "_blank"}, "audience page"),
      h("a", {href: `${base}/standings.csv`}, "CSV"), h("a", {href: `${base}/standings.json`}, "JSON"),
      event.format === "swiss" ? h("a", {href: `${base}/trf`}, "TRF") : null,
      h("a", {href: `${base}/record`}, "record"));
  }

  function addForm() {
    const name = h("input", {type: "text", id: "add-name", maxlength: 64, placeholder: "name", required: true});
    const kind = h("select", {id: "add-kind"}, h("option", {value: "guest"}, "guest (gets a link)"), h("option", {value: "bot"}, "bot"));
    const level = h("select", {id: "add-bot", hidden: true, "aria-label": "bot level"}, bots.map((b) => h("option", {value: b}, b)));
    kind.addEventListener("change", () => { level.hidden = kind.value !== "bot"; });
    const out = h("span", {class: "added"});
    return h("div", {class: "addform"}, name, kind, level,
      h("button", {type: "button", id: "add", onclick: async () => {
        const body = {name: name.value.trim(), kind: kind.value};
        if (kind.value === "bot") body.bot = level.value;
        const answer = await act("Add " + body.name, "POST", `${base}/entrants`, body);
        if (answer && answer.url) fill(out, "Send this link to " + body.name + ": ", copyField(location.origin + answer.url));
        if (answer) name.value = "";
      }}, "Add entrant"), out);
  }

  /** "Never pair A with B" (Swiss and arena pair as they go): two different entrants by
   *  default; the same one twice is refused here, in words, before anything is sent. */
  function forbidForm() {
    const inEvent = event.entrants.filter((e) => e.status === "in");
    if (!["swiss", "arena"].includes(event.format) || inEvent.length < 2) return null;
    const options = () => inEvent.map((e) => h("option", {value: e.id}, e.name));
    const first = h("select", {id: "forbid-a", "aria-label": "first entrant"}, options());
    const second = h("select", {id: "forbid-b", "aria-label": "second entrant"}, options());
    second.selectedIndex = 1;
    return h("div", {class: "forbid"}, "Never pair ", first, " with ", second,
      h("button", {type: "button", id: "forbid", onclick: () => {
        if (first.value === second.value) {
          note.className = "note refusal";
          note.textContent = "Forbid: choose two different entrants (an entrant never meets itself).";
          return;
        }
        act("Forbid", "POST", `${base}/forbid`, {first: first.value, second: second.value, reason: "the host's decision"});
      }}, "Forbid"));
  }

  function entrantRows() {
    return [
      h("table", {class: "entrants"}, h("tbody", {}, event.entrants.map((e) => h("tr", {dataset: {entrant: e.id}},
        h("td", {class: "name"}, e.name), h("td", {class: "muted"}, e.kind === "bot" && e.account ? h("a", {href: `/players/${e.account}`, title: "the bot's account: its rating"}, "bot " + e.bot) : e.kind),
        h("td", {}, e.status === "in" ? (e.checked_in ? "checked in" : "") : h("strong", {}, e.status)),
        h("td", {class: "acts"}, e.status === "in" ? [
          h("button", {type: "button", class: "quiet", onclick: () => act("Withdraw " + e.name, "POST", `${base}/withdraw`, {entrant: e.id, reason: "withdrawn by the host"})}, "withdraw"),
          h("button", {type: "button", class: "quiet danger", onclick: () => {
            const reason = prompt("Disqualify " + e.name + ": the reason?");
            if (reason) act("Disqualify " + e.name, "POST", `${base}/disqualify`, {entrant: e.id, reason});
          }}, "disqualify"),
          h("button", {type: "button", class: "quiet", onclick: async () => {
            const who = prompt("Who plays " + e.name + "'s place from now on? (a guest's name)");
            if (!who) return;
            const answer = await act("Substitute", "POST", `${base}/substitute`, {entrant: e.id, holder: {name: who, kind: "guest"}});
            if (answer && answer.url) note.append(" Link for " + who + ": ", copyField(location.origin + answer.url));
          }}, "substitute")] : null))))),
      forbidForm(),
    ];
  }

  function boardActions(board, names) {
    const url = `${base}/matches/${board.match}`;
    if (board.over) return h("p", {class: "muted"}, board.reason || "over");
    const outcome = h("select", {class: "outcome", "aria-label": "result"},
      h("option", {value: "1-0"}, `${names[0]} wins`), h("option", {value: "0-1"}, `${names[1]} wins`),
      h("option", {value: "1/2-1/2"}, "draw"));
    const reason = h("input", {type: "text", class: "reason", placeholder: "reason", maxlength: 500, "aria-label": "reason"});
    const seats = Object.entries(board.invites || {}).map(([seat, invite]) => h("div", {class: "seatline"},
      board.joined && board.joined[seat] ? `${names[seat] || "seat " + seat}: seated` : `${names[seat] || "seat " + seat} not seated yet: their link`,
      board.joined && board.joined[seat] ? null : copyField(location.origin + `/play/${board.match}#invite=${invite}`),
      h("button", {type: "button", class: "quiet", onclick: () => act("Re-issue seat " + seat, "POST", `${url}/seats/${seat}/reissue`)}, "re-issue")));
    return h("div", {class: "bacts"},
      board.paused
        ? h("button", {type: "button", class: "primary resume", onclick: () => act("Resume", "POST", `${url}/resume`)}, "Resume")
        : h("button", {type: "button", class: "pause", disabled: board.phase !== "playing", onclick: () => act("Pause", "POST", `${url}/pause`)}, "Pause"),
      h("span", {class: "adjudicate"}, outcome, reason,
        h("button", {type: "button", class: "adjudicate-go", onclick: () => act("Adjudicate", "POST", `${url}/adjudicate`, {outcome: outcome.value, reason: reason.value})}, "Adjudicate")),
      seats);
  }

  fill(app, h("div", {class: "event console"}, head, note, controls,
    h("section", {class: "panel"}, h("h3", {}, "Boards of the round"), boards),
    h("div", {class: "ecols"},
      h("section", {class: "panel"}, h("h3", {}, "Entrants"), entrants),
      h("section", {class: "panel"}, h("h3", {}, "Standings"), standings))));

  let shownControls = "";
  let shownPhase = "";
  async function refresh() {
    try { event = await api("GET", base, undefined, key); } catch (error) {
      note.className = "note refusal";
      note.textContent = error.message;
      return;
    }
    if (!bots.length) {
      const games = await api("GET", "/api/games").catch(() => []);
      bots = (games.find((g) => g.name === event.game) || {}).bots || [];
    }
    $("title").textContent = "Console: " + event.name;
    $("title").classList.add("wraps");  // on a phone the whole name, on a line of its own
    document.title = "Console: " + event.name + " · duelhost";
    fill(head, h("h2", {}, event.name, h("span", {class: "muted"}, " · host's console")), h("p", {class: "muted"}, eventLine(event)), announcement(event));
    // The forms are rebuilt only when what they show changes, so typing is never interrupted:
    // the settings with the phase (a game ending while the host typed a delay lost it), the
    // entrants with their list, keeping a name being typed in the add form.
    if (event.phase !== shownPhase) {
      shownPhase = event.phase;
      fill(settings, settingsForm());
    }
    const signature = event.phase + ":" + event.entrants.length + ":" + event.entrants.map((e) => e.status).join();
    if (signature !== shownControls) {
      shownControls = signature;
      const typed = $("add-name")?.value || "";
      fill(entrants, entrantRows(), event.phase !== "closed" ? addForm() : null);
      if (typed && $("add-name")) $("add-name").value = typed;
    }
    fill(buttons, eventButtons());
    fill(standings, standingsTable(event));
    if (event.phase === "running") {
      await prepare(event.game);
      const data = await api("GET", `${base}/boards?views=true`, undefined, key).catch(() => ({boards: []}));
      const typing = boards.contains(document.activeElement) && ["INPUT", "SELECT"].includes(document.activeElement.tagName);
      if (!typing) {
        keepOnly(data.boards.map((b) => b.match));
        fill(boards, data.boards.length ? data.boards.map((b) => boardCard(b, boardNames(event, b),
          boardActions(b, boardNames(event, b)), {href: `/watch/${b.match}`, target: "_blank"})) :
          h("p", {class: "muted"}, "No board on: pair the next round."));
      }
    } else fill(boards, h("p", {class: "muted"}, event.phase === "entry" ? "Add the entrants, then start the event." : "The event is closed."));
  }
  await refresh();
  setInterval(refresh, POLL_MS);
}
