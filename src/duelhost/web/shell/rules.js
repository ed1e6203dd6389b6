// A game's rules page (/rules/<game>): its Markdown (GET /api/rules/<game>: {game, title, markdown}) as HTML,
// through a small renderer for what the rules pages use: headings, paragraphs, lists, tables, code.
import {fill, h} from "./dom.js";

export async function rulesPage(app, game) {
  document.getElementById("title").textContent = "rules";
  const response = await fetch("/api/rules/" + encodeURIComponent(game));
  if (!response.ok) { app.textContent = "No rules page for " + game + "."; return; }
  const page = await response.json();
  const text = page.markdown;
  // The game's title, as the lobby names it (the engine's name, with underscores, is for developers).
  document.getElementById("title").textContent = "rules of " + (page.title || game);
  document.title = (page.title || game) + ": rules";
  fill(app, h("article", {class: "rules", id: "rules"}, markdown(text)), h("p", {}, h("a", {href: "/"}, "Back to the lobby")));
  window.duelhost = {renders: 1, frame: null};
}

/** Inline Markdown: `code`, **bold**, *em*, [links](url). Text stays text (no HTML parsing). */
function inline(text) {
  const out = [];
  const pattern = /(`[^`]+`|\*\*[^*]+\*\*|\*[^*\s][^*]*\*|\[[^\]]+\]\([^)\s]+\))/g;
  let last = 0;
  for (const match of text.matchAll(pattern)) {
    out.push(text.slice(last, match.index));
    const token = match[0];
    if (token.startsWith("`")) out.push(h("code", {}, token.slice(1, -1)));
    else if (token.startsWith("**")) out.push(h("strong", {}, inline(token.slice(2, -2))));
    else if (token.startsWith("*")) out.push(h("em", {}, inline(token.slice(1, -1))));
    else {
      const [, label, url] = token.match(/\[([^\]]+)\]\(([^)\s]+)\)/);
      const safe = /^(https?:|\/|#|[\w.-]+\.md)/.test(url) && !/^javascript:/i.test(url);
      out.push(safe ? h("a", {href: url.endsWith(".md") && !url.includes("/") ? "/rules/" + url.slice(0, -3) : url}, inline(label)) : label);
    }
    last = match.index + token.length;
  }
  out.push(text.slice(last));
  return out;
}

export function markdown(source) {
  const lines = source.replace(/\r/g, "").split("\n");
  const blocks = [];
  let i = 0;
  while (i < lines.length) {
    const line = lines[i];
    if (!line.trim()) { i++; continue; }
    if (line.startsWith("```")) {
      const code = [];
      for (i++; i < lines.length && !lines[i].startsWith("```"); i++) code.push(lines[i]);
      i++;
      blocks.push(h("pre", {}, h("code", {}, code.join("\n"))));
      continue;
    }
    const heading = line.match(/^(#{1,6})\s+(.*)$/);
    if (heading) { blocks.push(h("h" + Math.min(6, heading[1].length + 1), {}, inline(heading[2]))); i++; continue; }
    if (line.startsWith("|")) {
      const rows = [];
      for (; i < lines.length && lines[i].startsWith("|"); i++) rows.push(lines[i]);
      const cells = (row) => row.replace(/^\||\|$/g, "").split("|").map((c) => c.trim());
      const body = rows.filter((r, n) => n !== 1 || !/^\|[\s:|-]+\|?$/.test(r));
      blocks.push(h("div", {class: "scroll-x"}, h("table", {},
        h("tr", {}, cells(body[0]).map((c) => h("th", {}, inline(c)))),
        body.slice(1).map((r) => h("tr", {}, cells(r).map((c) => h("td", {}, inline(c))))))));
      continue;
    }
    if (/^\s*([-*]|\d+\.)\s/.test(line)) {
      const ordered = /^\s*\d+\./.test(line);
      const items = [];
      for (; i < lines.length && lines[i].trim(); i++) {
        if (/^\s*([-*]|\d+\.)\s/.test(lines[i])) items.push(lines[i].replace(/^\s*([-*]|\d+\.)\s+/, ""));
        else items[items.length - 1] += " " + lines[i].trim();
      }
      blocks.push(h(ordered ? "ol" : "ul", {}, items.map((item) => h("li", {}, inline(item)))));
      continue;
    }
    if (line.startsWith("    ")) {
      const code = [];
      for (; i < lines.length && (lines[i].startsWith("    ") || !lines[i].trim()); i++) code.push(lines[i].slice(4));
      blocks.push(h("pre", {}, h("code", {}, code.join("\n").trimEnd())));
      continue;
    }
    const para = [];
    for (; i < lines.length && lines[i].trim() && !/^(#|\||```|\s*([-*]|\d+\.)\s)/.test(lines[i]); i++) para.push(lines[i].trim());
    blocks.push(h("p", {}, inline(para.join(" "))));
  }
  return blocks;
}
