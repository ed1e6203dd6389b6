// Match forms shared by the lobby's "start a match", seeks and challenges: the clock's words and
// presets, one input per declared option (its kind decides the control) and reading them back.
import {h} from "./dom.js";

export function clockText(clock) {
  if (!clock) return "untimed";
  if (clock.mode === "tick") return "a tick every " + clock.seconds + " s, " + (clock.planning_seconds || 0) + " s to plan";
  return clock.seconds + " s a " + (clock.mode === "turn" ? "turn" : "move");
}

export function clockSelect(game) {
  const presets = [["default", "the game's clock: " + clockText(game.clock)], ["none", "untimed"]];
  if (game.clock && game.clock.mode !== "tick") for (const s of [10, 30, 60, 300]) if (s !== game.clock.seconds) presets.push([String(s), s + " s a " + (game.clock.mode === "turn" ? "turn" : "move")]);
  if (game.clock && game.clock.mode === "tick") for (const s of [5, 20]) presets.push([String(s), "a tick every " + s + " s"]);
  return h("select", {id: "clock", name: "clock"}, presets.map(([value, text]) => h("option", {value}, text)));
}

/** An input for one declared option: its kind decides the control. */
export function optionInput(option, prefix) {
  const id = prefix + option.name;
  const common = {id, name: option.name, "data-kind": option.kind, "data-nullable": option.nullable ? "1" : null, "aria-describedby": id + "-help"};
  if (option.kind === "bool") return h("input", {...common, type: "checkbox", checked: option.default === true});
  if (option.choices) {
    return h("select", common,
      option.nullable ? h("option", {value: ""}, "(none)") : null,
      option.choices.map((c) => h("option", {value: String(c), selected: c === option.default}, String(c))));
  }
  if (option.kind === "int" || option.kind === "float") {
    return h("input", {...common, type: "number", step: option.kind === "int" ? 1 : "any", min: option.minimum, max: option.maximum,
      value: option.default ?? "", placeholder: option.nullable ? "none" : null});
  }
  const value = option.default === null || option.default === undefined ? "" : option.kind === "json" ? JSON.stringify(option.default) : String(option.default);
  return h("input", {...common, type: "text", value, placeholder: option.nullable || option.default === null ? "none (the default)" : null, spellcheck: "false"});
}

export function readOptions(form, options, prefix) {
  const out = {};
  for (const option of options) {
    const el = form.querySelector("#" + CSS.escape(prefix + option.name));
    if (!el) continue;
    let value;
    if (option.kind === "bool") value = el.checked;
    else if (el.value.trim() === "") continue;  // blank: the default
    else if (option.kind === "int") value = Number.parseInt(el.value, 10);
    else if (option.kind === "float") value = Number(el.value);
    else if (option.kind === "json") { try { value = JSON.parse(el.value); } catch { value = el.value; } }
    else value = option.choices ? option.choices.find((c) => String(c) === el.value) ?? el.value : el.value;
    if (JSON.stringify(value) !== JSON.stringify(option.default)) out[option.name] = value;
  }
  return out;
}
