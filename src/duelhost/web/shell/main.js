// Entry point of every page: picks the page from the path and wires the light/dark switch.
import {$} from "./dom.js";

const SCHEME_KEY = "duelhost:scheme";

function setupScheme() {
  const root = document.documentElement;
  let saved = null;
  try { saved = localStorage.getItem(SCHEME_KEY); } catch { /* no storage */ }
  if (saved === "light" || saved === "dark") root.dataset.scheme = saved;
  $("scheme").addEventListener("click", () => {
    const dark = root.dataset.scheme ? root.dataset.scheme === "dark" : matchMedia("(prefers-color-scheme: dark)").matches;
    root.dataset.scheme = dark ? "light" : "dark";
    try { localStorage.setItem(SCHEME_KEY, root.dataset.scheme); } catch { /* no storage */ }
  });
}

async function route() {
  setupScheme();
  // The account menu, and (signed in, off the lobby) the challenges that come in live.
  const accountSide = import("./account.js").then(({accountMenu, watchChallenges}) => {
    accountMenu();
    const [first] = location.pathname.split("/").filter(Boolean);
    if (first && first !== "signin") watchChallenges();
  });
  accountSide.catch((error) => console.warn("account menu", error));
  const app = $("app");
  const [page, id] = location.pathname.split("/").filter(Boolean).map(decodeURIComponent);
  if (page === "play" && id) {
    const [{matchPage}, {takeToken}] = await Promise.all([import("./match.js"), import("./seats.js")]);
    let token;
    try { token = await takeToken(id); } catch (error) { app.textContent = error.message + " You can watch at /watch/" + id + "."; return; }
    if (!token) { app.textContent = "This browser holds no seat of this match: open the invite or the private resume link you were given, or watch at /watch/" + id + "."; return; }
    await matchPage(app, id, token);
    import("./announce.js").then(({eventBanner}) => eventBanner(app, id));
  } else if (page === "watch" && id) {
    const {matchPage} = await import("./match.js");
    await matchPage(app, id, null);
    import("./announce.js").then(({eventBanner}) => eventBanner(app, id));
  } else if (page === "events" && id) {
    const host = location.pathname.split("/").filter(Boolean)[2] === "host";
    if (host) { const {consolePage} = await import("./console.js"); await consolePage(app, id); }
    else { const {eventPage} = await import("./event.js"); await eventPage(app, id); }
  } else if (page === "replay") {
    const {replayPage} = await import("./replay.js");
    await replayPage(app, id || null);
  } else if (page === "signin") {
    const {signinPage} = await import("./signin.js");
    await signinPage(app);
  } else if (page === "rules" && id) {
    const {rulesPage} = await import("./rules.js");
    await rulesPage(app, id);
  } else if (page === "players" && id) {
    const {playerPage} = await import("./ratings.js");
    await playerPage(app, id);
  } else if (page === "leaderboard") {
    const {leaderboardPage} = await import("./ratings.js");
    await leaderboardPage(app, id || null);
  } else {
    const {lobbyPage} = await import("./lobby.js");
    await lobbyPage(app);
  }
}

route().catch((error) => {
  $("app").textContent = "This page failed to start: " + error.message;
  console.error(error);
});
