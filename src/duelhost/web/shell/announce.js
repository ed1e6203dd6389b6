// On a board of an event (play or watch page): the event's name with a link to its page, and
// the host's latest announcement, looked for every few seconds.
import {api} from "./api.js";
import {h} from "./dom.js";

const POLL_MS = 4000;

export async function eventBanner(app, matchId) {
  let info;
  try { info = await api("GET", `/api/matches/${matchId}/event`); } catch { return; }
  if (!info.event) return;  // not an event's game
  const banner = h("p", {class: "announce eventbar", role: "status", "aria-live": "polite"});
  app.prepend(banner);
  let shown = "";
  function show(data) {
    const last = (data.announcements || []).at(-1);
    const text = last ? last.text : "";
    if (text === shown && banner.childNodes.length) return;
    shown = text;
    banner.replaceChildren(h("a", {href: data.url}, data.name), last ? [" · ", h("strong", {}, "Announcement: "), text] : "");
  }
  show(info);
  setInterval(async () => {
    try { show(await api("GET", `/api/matches/${matchId}/event`)); } catch { /* try again later */ }
  }, POLL_MS);
}
