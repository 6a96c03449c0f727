/* The browser table: one generic client for every game.

It connects to /ws/<room>?lang=…&accept=… (its reader's languages), says hello (with the seat
token from the URL fragment #t=..., never sent over HTTP), and renders each "table" message the
server sends: the seat's view, its legal actions as buttons, its own event log, and at the end
the outcome and the game's summary. It knows nothing about any particular game; what it knows
comes from the view itself and from the optional per-game LAYOUT the server sends
(static/layouts.json, keyed by game slug).

LAYOUT FORMAT (all keys optional; a game with no layout is rendered from its view alone)

  {
    "cards":  {"card-id": "Display name", ...},  card ids that appear in the view, as names
    "kinds":  {"card-id or value": "kind", ...}, a kind per card (cards of a kind share a colour)
    "texts":  {"card-id": "rules text", ...},    shown when the card is tapped (and as its
                                                 tooltip); the server adds every text the
                                                 game's content carries
    "labels": {"view-key": "Heading", ...},      headings for zones without a "label" (summary
                                                 zones look up "summary.<key>" first)
    "themes": {"theme": {"labels": {...}}},      overrides when the message names a theme
    "words":  {"English value": "shown", ...},   the reader's words for view values (roles,
                                                 prompts, colours): the server fills it per
                                                 reader's language, as it does the headings
    "hide":   ["view-key", ...],                 view keys never shown (besides those below)
    "header": [{"key": "turn", "label": "Turn"}] small facts shown in the status bar
    "empty":  {"view-key": "none"}               a fact shown even when null ("Trophy: none")
    "absent": {"decision-key": 0}                a decision's value meaning "not there" (no
                                                 chip: Ribbon of Bone's second roll 0)
    "zones":  [ZONE, ...],                       the table, in order
    "summary":[ZONE, ...]                        the end-of-game summary (keys of "summary")
  }

  A ZONE is {"key": path, "type": TYPE, "label": heading, ...options}; "path" is a view key,
  dotted for nested keys ("scenario.goal"). A zone whose value is null, "" or missing is not
  shown. "goal": a number the zone's count is played towards, shown as "Queue · 1/5" (the
  server reads a value "config.<field>" from the room's rule parameters). TYPE is one of:
    "counter"  a number or short text                       e.g. "bag": 10
    "text"     a line of text
    "track"    a number on a bar from "min" to "max"; "caption": a sibling key shown with it
               (its value through "words")
    "pile"     a face-down pile: a number (its count) or a list of cards (count + top card
               when "show": "top", all cards when "show": "all"; the rest fold away)
    "cards"    a list of face-up cards (ids or objects)
    "hand"     a list of cards, or an object with a card list under "cards" and a count
               under "count" (only the count is shown when the list is absent: face down)
    "hands"    one such object per seat (a view's per-seat hands; guessed from the shape):
               drawn as "players", each seat named by its role
    "rows"     a list of rows, each a list of cards or an object whose "parts" keys hold cards
               (the queue of sets); "numbered": true numbers the rows
    "items"    a list of objects (or one object) shown as cards: the name from "name"
               (default "name", else "showing", else "id"), small facts from "fields",
               highlighted when the "flag" key is true (with "flag_text"), coloured by the
               kind of the value under "kind"
    "players"  one entry per seat: its name under "name", its hand under "hand" (present
               only for the seat's own entry), the hand's size under "count", facts from
               "fields"; the seat's own entry is marked "you"; "tracks": [{"key", "max"}]
               draws those numbers of each entry as bars ("max" a number or a view key)
    "map"      an object of name → value, shown as labelled chips
    "list"     a list of short texts, shown as chips
    "lines"    a list of sentences, one per line
    "group"    an object whose own "zones" (paths relative to it) are shown in one box;
               "hide": its keys not shown (a track's maximum it names as "max")
  View keys that no zone names and "hide" does not list are still shown, by a generic
  renderer that guesses from the value's shape, so nothing a seat may see is ever lost.

  A card is a string id (its name from "cards", else the id made readable) or an object (its
  name from "name"/"showing"/"card"/"id"). Every card face opens its full text on a tap (in
  the action panel: its name, type, what the table shows of it and its "texts" entry). When a
  legal action's text names a card shown on the table (the longest name that matches wins:
  "Very Hard" over "Hard"), the tap also highlights those actions among the buttons (only a
  button acts).
  Any zone may say "tap": false to keep its cards from acting (a discard pile's copies).
*/

import { h, languagePicker, rulesNodes, setWords, t, tn, translatePage } from "/static/dom.js";

const ROOM = decodeURIComponent(location.pathname.split("/").filter(Boolean).pop() || "");
const TOKEN = new URLSearchParams(location.hash.slice(1)).get("t");
const LANG = new URLSearchParams(location.search).get("lang"); // this link's language, if it names one
const GENERIC_HIDE = new Set(["game", "seat", "to_move", "decision", "over", "outcome", "summary"]);

const el = (id) => document.getElementById(id);
let socket = null;
let last = null; // the last table message
let pending = false; // an act was sent and its answer has not come yet
let retries = 0;
let retryTimer = null;
let fatal = false;
let errorTimer = null;
let lastEvent = null; // the newest log line already shown
let seatKinds = []; // who sits at each seat: "human" or an agent (the room's first table)

/* ------------------------------------------------------------------ small helpers */


function readable(key) {
  const s = String(key).replace(/[_-]+/g, " ").trim();
  return s.charAt(0).toUpperCase() + s.slice(1);
}

function get(obj, path) {
  let value = obj;
  for (const part of String(path).split(".")) {
    if (value === null || typeof value !== "object") return undefined;
    value = value[part];
  }
  return value;
}

function empty(value) {
  return value === null || value === undefined || value === "" ||
    (Array.isArray(value) && value.length === 0);
}

/* ------------------------------------------------------------------ the layout */

// A connection's first table carries the layout and what never changes in a room (KEPT);
// later tables leave them out and the page keeps them from the first.
const KEPT = ["layout", "room", "game", "title", "theme", "notice", "seats", "lang", "languages", "words"];
let firstTable = {};

function theLayout(msg) {
  const base = msg.layout || {};
  const theme = msg.theme || (msg.settings && msg.settings.theme);
  const over = (theme && base.themes && base.themes[theme]) || {};
  return {
    ...base,
    labels: { ...(base.labels || {}), ...(over.labels || {}) },
    cards: { ...(base.cards || {}), ...(over.cards || {}) },
  };
}

const palette = new Map();
function kindClass(layout, kind) {
  if (kind === undefined || kind === null || kind === "") return "";
  if (palette.size === 0) {
    for (const k of Object.values(layout.kinds || {})) if (!palette.has(k)) palette.set(k, palette.size);
  }
  if (!palette.has(kind)) palette.set(kind, palette.size);
  return ` hue-${palette.get(kind) % 8}`;
}

function cardName(layout, card) {
  if (card === null || card === undefined) return "";
  if (typeof card === "object") {
    const id = card.id;
    return card.name || card.showing || card.card || (id && layout.cards[id]) || readable(id || "?");
  }
  const text = String(card);
  return (layout.cards && layout.cards[text]) || word(layout, text);
}

/* A value the view holds in English (a role, a colour, a prompt), as this reader words it
(the layout's "words"); else an id made readable, else as it is. */
function word(layout, value) {
  const text = String(value);
  const said = (layout.words || {})[text];
  if (said !== undefined) return said;
  return /^[a-z0-9]+(-[a-z0-9]+)+$/.test(text) ? readable(text) : text;
}

function labelFor(layout, zone, fallbackKey) {
  const { labels } = layout;
  return zone.label || labels[`${zone.prefix || ""}${zone.key}`] || labels[zone.key] || labels[fallbackKey] || readable(String(fallbackKey).split(".").pop());
}

/* ------------------------------------------------------------------ cards */

function cardNode(layout, card, extra = {}) {
  const name = cardName(layout, card);
  const id = typeof card === "object" && card !== null ? card.id : card;
  const kind = extra.kind !== undefined ? extra.kind : layout.kinds && layout.kinds[id];
  const kindText = kind && !String(kind).startsWith("lord-") ? kind : null;
  const node = h(
    "div",
    { class: `card${kindClass(layout, kind)}${extra.flag ? " flagged" : ""}`, title: (layout.texts || {})[id] || null, "data-card": name, "data-id": id === undefined || id === null ? null : String(id) },
    h("span", { class: "card-name", text: name }),
  );
  if (kindText && !extra.facts) node.append(h("span", { class: "card-kind", text: (layout.words || {})[kindText] ?? readable(kindText) }));
  if (extra.facts) {
    for (const fact of extra.facts) node.append(h("span", { class: "card-fact", text: fact }));
  }
  if (extra.flag && extra.flagText) node.append(h("span", { class: "card-flag", text: extra.flagText }));
  return node;
}

function backs(count, label) {
  if (!count) return h("div", { class: "muted", text: t("none") });
  const row = h("div", { class: "cards backs", "aria-label": label || t("{count} cards face down", { count }) });
  const shown = Math.min(count, 8);
  for (let i = 0; i < shown; i++) row.append(h("div", { class: "card back", "aria-hidden": "true" }));
  row.append(h("span", { class: "count", text: tn(count, "{count} card", "{count} cards") }));
  return row;
}

function cardRow(layout, cards) {
  const row = h("div", { class: "cards" });
  for (const card of cards) row.append(cardNode(layout, card));
  return row;
}

function factText(layout, key, value) {
  const label = layout.labels[key] || readable(key);
  const colon = t(": "); // "：" and "、" in Japanese
  if (value === null || value === undefined || value === "") {
    const empty = (layout.empty || {})[key]; // a fact worth showing even when it is not there
    return empty === undefined ? null : `${label}${colon}${empty}`;
  }
  if (Array.isArray(value)) {
    if (!value.length) return null;
    return `${label}${colon}${value.map((v) => cardName(layout, v)).join(t(", "))}`;
  }
  if (typeof value === "object") return `${label}${colon}${JSON.stringify(value)}`;
  if (typeof value === "boolean") return value ? label : null;
  return `${label}${colon}${cardName(layout, value)}`;
}

/* ------------------------------------------------------------------ zones */

/* A zone's heading with its count, and its goal where the layout names one: "Queue · 1/5". */
function counted(title, zone, count) {
  const goal = Number(zone.goal);
  return zone.goal !== undefined && zone.goal !== null && Number.isFinite(goal) ? `${title} · ${count}/${goal}` : `${title} · ${count}`;
}

function box(title, ...content) {
  return h("section", { class: "zone" }, title ? h("h3", { text: title }) : null, ...content);
}

function renderZone(layout, zone, value, view) {
  const node = drawZone(layout, zone, value, view);
  if (node && zone.tap === false) node.dataset.notap = "1";
  return node;
}

function drawZone(layout, zone, value, view) {
  const title = labelFor(layout, zone, zone.key);
  const type = zone.type || guessType(value);
  switch (type) {
    case "counter":
      return h("section", { class: "zone counter" }, h("h3", { text: title }), h("span", { class: "big", text: cardName(layout, value) }));
    case "text":
      return h("section", { class: "zone counter" }, h("h3", { text: title }), h("span", { class: "line", text: typeof value === "boolean" ? t(value ? "yes" : "no") : cardName(layout, value) }));
    case "track": {
      const min = Number(zone.min ?? 0);
      const max = Number(typeof zone.max === "string" ? get(view, zone.max) : zone.max ?? 10);
      const n = Number(value);
      const pct = Math.max(0, Math.min(100, ((n - min) / Math.max(1, max - min)) * 100));
      const caption = zone.caption ? get(view, zone.caption) : null;
      return h(
        "section",
        { class: "zone track" },
        h("h3", { text: title }),
        h("div", { class: "track-line" },
          h("div", { class: "bar", role: "meter", "aria-valuemin": min, "aria-valuemax": max, "aria-valuenow": n },
            h("div", { class: "fill", style: `width:${pct}%` })),
          h("span", { class: "big", text: zone.max !== undefined ? `${n}/${max}` : String(n) })),
        caption ? h("div", { class: "caption", text: word(layout, caption) }) : null,
      );
    }
    case "pile": {
      if (typeof value === "number") {
        return h("section", { class: "zone pile" }, h("h3", { text: title }), h("div", { class: "pile-stack" }, h("div", { class: "card back" }), h("span", { class: "big", text: String(value) })));
      }
      const list = Array.isArray(value) ? value : [];
      const show = zone.show || "top";
      const node = h("section", { class: "zone pile" }, h("h3", { text: counted(title, zone, list.length) }));
      if (!list.length) node.append(h("div", { class: "muted", text: t("empty") }));
      else if (show === "all") node.append(cardRow(layout, list));
      else {
        node.append(cardRow(layout, [list[list.length - 1]]));
        if (list.length > 1) node.append(h("details", {}, h("summary", { text: t("all {count}", { count: list.length }) }), cardRow(layout, [...list].reverse())));
      }
      return node;
    }
    case "cards":
      return box(title, Array.isArray(value) && value.length ? cardRow(layout, value) : h("div", { class: "muted", text: t("none") }));
    case "hand": {
      let cards = value;
      let count = null;
      if (value && !Array.isArray(value) && typeof value === "object") {
        cards = value[zone.cards || "cards"];
        count = value[zone.count || "count"];
      }
      if (Array.isArray(cards)) return box(counted(title, zone, cards.length), cards.length ? cardRow(layout, cards) : h("div", { class: "muted", text: t("none") }));
      if (typeof count === "number") return box(zone.goal === undefined ? title : counted(title, zone, count), backs(count));
      return null;
    }
    case "rows": {
      const rows = Array.isArray(value) ? value : [];
      const node = box(counted(title, zone, rows.length));
      if (!rows.length) node.append(h("div", { class: "muted", text: t("empty") }));
      const list = h(zone.numbered ? "ol" : "ul", { class: "rows" });
      for (const row of rows) {
        let cards = [];
        if (Array.isArray(row)) cards = row;
        else if (row && typeof row === "object") {
          for (const part of zone.parts || Object.keys(row)) {
            const got = row[part];
            if (Array.isArray(got)) cards = cards.concat(got);
            else if (!empty(got)) cards.push(got);
          }
        } else cards = [row];
        list.append(h("li", {}, cardRow(layout, cards)));
      }
      if (rows.length) node.append(list);
      return node;
    }
    case "items": {
      const items = Array.isArray(value) ? value : value ? [value] : [];
      if (!items.length) return null;
      const row = h("div", { class: "cards items" });
      for (const item of items) {
        if (item === null || typeof item !== "object") {
          row.append(cardNode(layout, item));
          continue;
        }
        const name = item[zone.name || "name"] ?? item.name ?? item.showing ?? item.id;
        const fields = zone.fields || Object.keys(item).filter((k) => !["id", "name", zone.name].includes(k) && typeof item[k] !== "object");
        const facts = fields.map((k) => factText(layout, k, item[k])).filter(Boolean);
        const kind = zone.kind ? (layout.kinds || {})[item[zone.kind]] ?? item[zone.kind] : undefined;
        row.append(cardNode(layout, { ...item, name: cardName(layout, name) }, { facts, kind, flag: zone.flag && item[zone.flag], flagText: zone.flag_text }));
      }
      return box(title, row);
    }
    case "hands": // one {cards, count} per seat (cards null where hidden): drawn as the seats
      return drawZone(layout, { ...zone, type: "players", hand: "cards", count: "count" }, value, view);
    case "players": {
      const players = Array.isArray(value) ? value : [];
      const node = h("section", { class: "zone players" });
      players.forEach((p, seat) => {
        const mine = view.seat === seat;
        const toMove = view.to_move === seat;
        const given = p[zone.name || "role"] || p.name;
        const name = given ? word(layout, given) : (last && last.roles && last.roles[seat]) || t("Seat {number}", { number: seat + 1 });
        const facts = (zone.fields || []).map((k) => factText(layout, k, p[k])).filter(Boolean);
        const hand = p[zone.hand || "hand"];
        const count = p[zone.count || "hand_size"];
        const player = h(
          "div",
          { class: `player${mine ? " mine" : ""}${toMove ? " to-move" : ""}`, "data-seat": seat },
          h("div", { class: "player-head" },
            h("strong", { text: name }),
            mine ? h("span", { class: "tag", text: t("you") }) : null,
            isAI(seat) ? h("span", { class: "tag ai", title: seatKinds[seat], text: t("AI") }) : null,
            toMove ? h("span", { class: "tag turn", text: t("to move") }) : null,
            h("span", { class: "facts", text: facts.join(" · ") })),
        );
        for (const t of zone.tracks || []) { // a number per player drawn as a bar: {key, max}
          const n = Number(p[t.key]);
          const max = Number(typeof t.max === "string" ? get(view, t.max) : t.max ?? 10);
          const pct = Math.max(0, Math.min(100, (n / Math.max(1, max)) * 100));
          player.append(h("div", { class: "track-line player-track" },
            h("span", { class: "track-label", text: layout.labels[t.key] || readable(t.key) }),
            h("div", { class: "bar", role: "meter", "aria-valuemin": 0, "aria-valuemax": max, "aria-valuenow": n },
              h("div", { class: "fill", style: `width:${pct}%` })),
            h("strong", { text: `${n}/${max}` })));
        }
        if (Array.isArray(hand)) {
          player.append(h("div", { class: "hand-label", text: t("Hand · {count}", { count: hand.length }) }), h("div", { class: "hand" }, cardRow(layout, hand)));
        } else if (typeof count === "number") {
          player.append(h("div", { class: "hand" }, backs(count)));
        }
        node.append(player);
      });
      return node;
    }
    case "map": {
      if (!value || typeof value !== "object") return null;
      const chips = h("div", { class: "chips" });
      for (const [k, v] of Object.entries(value)) {
        // nothing to say: no chip ("played this turn: false", an empty list); true: the label
        if (v === false || v === null || v === undefined || v === "" || (Array.isArray(v) && !v.length)) continue;
        const shown = v === true ? "" : Array.isArray(v) ? v.map((x) => cardName(layout, x)).join(t(", ")) : typeof v === "object" ? JSON.stringify(v) : cardName(layout, v);
        chips.append(h("span", { class: `chip${kindClass(layout, (layout.kinds || {})[k])}` }, h("b", { text: layout.labels[k] || (layout.cards || {})[k] || (layout.words || {})[k] || readable(k) }), shown === "" ? "" : " ", shown));
      }
      if (!chips.childNodes.length) return null; // an empty map is not shown, like a null zone
      return box(title, chips);
    }
    case "lines": {
      const list = Array.isArray(value) ? value : [value];
      return box(title, h("ul", { class: "lines" }, list.map((v) => h("li", { text: typeof v === "object" && v !== null ? JSON.stringify(v) : cardName(layout, v) }))));
    }
    case "list": {
      const list = Array.isArray(value) ? value : [value];
      if (!list.length) return null;
      const chips = h("div", { class: "chips" });
      for (const v of list) chips.append(h("span", { class: "chip" }, typeof v === "object" && v !== null ? Object.values(v).join(" ") : cardName(layout, v)));
      return box(title, chips);
    }
    case "group": {
      if (!value || typeof value !== "object") return null;
      const inner = h("div", { class: "group" });
      const named = new Set(zone.hide || []);
      for (const sub of zone.zones || []) {
        named.add(sub.key.split(".")[0]);
        const v = get(value, sub.key);
        if (empty(v)) continue;
        const node = renderZone(layout, { ...sub, key: `${zone.key}.${sub.key}`, label: sub.label || readable(sub.key.split(".").pop()) }, v, view);
        if (node) inner.append(node);
      }
      for (const [k, v] of Object.entries(value)) {
        if (named.has(k) || empty(v)) continue;
        const node = renderZone(layout, { key: `${zone.key}.${k}`, label: readable(k) }, v, view);
        if (node) inner.append(node);
      }
      if (!inner.childNodes.length) return null;
      return h("section", { class: "zone group-box" }, h("h3", { text: title }), inner);
    }
    default:
      return box(title, h("pre", { text: JSON.stringify(value, null, 1) }));
  }
}

function guessType(value) {
  if (typeof value === "number") return "counter";
  if (typeof value === "string" || typeof value === "boolean") return "text";
  if (Array.isArray(value)) {
    if (value.every((v) => typeof v === "string")) return value.some((v) => v.length > 28) ? "lines" : "cards";
    if (value.every((v) => typeof v === "number")) return "list";
    if (value.length && value.every((v) => v && typeof v === "object" && "cards" in v && "count" in v)) return "hands";
    if (value.every((v) => v && typeof v === "object" && !Array.isArray(v))) return "items";
    return "rows";
  }
  if (value && typeof value === "object") {
    return Object.values(value).every((v) => v === null || typeof v !== "object" || Array.isArray(v)) ? "map" : "group";
  }
  return "text";
}

function renderZones(layout, zones, data, view, hide, prefix = "") {
  const out = [];
  const named = new Set();
  for (const zone of zones || []) {
    named.add(zone.key.split(".")[0]);
    const value = get(data, zone.key);
    if (empty(value) && (zone.goal === undefined || value === undefined || value === null)) continue; // a goal shows from 0
    const node = renderZone(layout, { ...zone, prefix }, value, view);
    if (node) out.push(node);
  }
  for (const [key, value] of Object.entries(data || {})) {
    if (named.has(key) || hide.has(key) || empty(value)) continue;
    if (value && typeof value === "object" && !Array.isArray(value) && !Object.keys(value).length) continue;
    const node = renderZone(layout, { key, prefix }, value, view);
    if (node) out.push(node);
  }
  return out;
}

/* ------------------------------------------------------------------ cards that act */

function escapeRegExp(s) {
  return s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

/* Which shown card names each legal action's text names (longest match wins). */
function namedCards(names, legal) {
  const byAction = new Map();
  const sorted = [...names].filter((n) => n && n.length > 1).sort((a, b) => b.length - a.length);
  for (const action of legal) {
    const taken = [];
    const found = new Set();
    for (const name of sorted) {
      const re = new RegExp(`(^|[^\\w])(${escapeRegExp(name)})(?![\\w])`, "g");
      let m;
      while ((m = re.exec(action.text))) {
        const start = m.index + m[1].length;
        const end = start + name.length;
        if (taken.some(([s, e]) => start < e && end > s)) continue;
        taken.push([start, end]);
        found.add(name);
      }
    }
    byAction.set(action.id, found);
  }
  return byAction;
}

/* Every card face opens its full text on a tap (a phone has no hover); a card that legal
actions name also points at them. Only a button acts: a tap to look must cost nothing. */
function wireCards(root, legal, layout) {
  const cards = [...root.querySelectorAll(".card[data-card]")];
  const acting = cards.filter((c) => !c.closest("[data-notap]"));
  const byAction = legal.length ? namedCards(new Set(acting.map((c) => c.dataset.card)), legal) : new Map();
  for (const card of cards) {
    const actions = card.closest("[data-notap]") ? [] : legal.filter((a) => byAction.get(a.id).has(card.dataset.card));
    card.classList.add("tappable");
    card.setAttribute("role", "button");
    card.setAttribute("tabindex", "0");
    if (actions.length) {
      card.classList.add("playable");
      card.setAttribute("aria-label", `${card.dataset.card}: ${actions.length === 1 ? actions[0].text : t("{count} actions", { count: actions.length })}`);
    }
    const use = () => {
      showCard(layout, card);
      if (actions.length) suggest(card.dataset.card, actions);
    };
    card.addEventListener("click", use);
    card.addEventListener("keydown", (e) => {
      if (e.key === "Enter" || e.key === " ") {
        e.preventDefault();
        use();
      }
    });
  }
}

/* A card's full text in the action panel: name, type, what the table shows, its text. */
function showCard(layout, card) {
  const info = el("card-info");
  const id = card.dataset.id;
  const text = id ? (layout.texts || {})[id] : null;
  const facts = [...card.querySelectorAll(".card-kind, .card-fact, .card-flag")].map((n) => n.textContent);
  info.replaceChildren(
    h("div", { class: "card-info-head" },
      h("strong", { text: card.dataset.card }),
      h("button", { type: "button", class: "small close", "aria-label": t("Close the card's text"), text: "✕", onclick: () => { info.hidden = true; } })),
    facts.length ? h("p", { class: "card-info-facts", text: facts.join(" · ") }) : null,
    h("p", { class: "card-info-text", text: text || (facts.length ? "" : t("No more text on this card.")) }),
  );
  info.dataset.card = card.dataset.card;
  info.hidden = false;
  el("panel").hidden = false; // after the game too: the end's cards open their text as well
  openPanel(true);
  el("action-hint").hidden = true;
  for (const b of el("actions").querySelectorAll("button.action")) b.classList.remove("suggested", "dimmed");
  el("panel").scrollIntoView({ block: "nearest", behavior: "smooth" });
}

function suggest(name, actions) {
  const ids = new Set(actions.map((a) => String(a.id)));
  for (const b of el("actions").querySelectorAll("button.action")) {
    b.classList.toggle("suggested", ids.has(b.dataset.action));
    b.classList.toggle("dimmed", !ids.has(b.dataset.action));
  }
  el("action-hint").textContent = tn(actions.length, "{count} choice with {card}:", "{count} choices with {card}:", { card: name });
  el("action-hint").hidden = false;
  el("panel").scrollIntoView({ block: "nearest", behavior: "smooth" });
}

/* The action panel folds down to its status line, so it never hides the hand for good. */
function openPanel(open) {
  el("panel").classList.toggle("collapsed", !open);
  el("panel-toggle").setAttribute("aria-expanded", String(open));
  const count = last && last.legal ? last.legal.length : 0;
  el("panel-toggle").textContent = open ? t("Hide") : count ? tn(count, "Show {count} choice", "Show {count} choices") : t("Show");
}

function isAI(seat) {
  const kind = seatKinds[seat];
  return kind !== undefined && kind !== null && kind !== "human";
}

/* How a seat is named to this page: its role, "(AI)" after an AI's; a role that speaks to
its player ("You") names them "the player" to anyone else (a spectator of a solo game). */
function seatName(msg, seat, role) {
  const english = role || "";
  let name = (msg.roles || [])[seat] || (role && word(theLayout(msg), role)) || t("someone");
  if (/^you$/i.test(english) && msg.seat !== seat) name = (msg.roles || []).length === 1 ? t("The player") : t("Seat {number}", { number: seat + 1 });
  return isAI(seat) ? t("{player} (AI)", { player: name }) : name;
}

/* The game's "How to play" (dom.js's rulesNodes). */
function renderRules(text) {
  el("howto-text").replaceChildren(...rulesNodes(text));
  el("howto").hidden = !text;
}

/* ------------------------------------------------------------------ rendering */

function render(msg) {
  const moved = !last || last.n !== msg.n;
  last = msg;
  pending = false;
  const view = msg.view || {};
  const layout = theLayout(msg);
  const hide = new Set([...GENERIC_HIDE, ...(layout.hide || [])]);
  for (const item of layout.header || []) hide.add(item.key.split(".")[0]);
  document.title = `${msg.title || msg.game} · rulebook`;
  document.body.dataset.n = String(msg.n);
  document.body.dataset.over = msg.over ? "1" : "0";
  document.body.dataset.acting = msg.legal && msg.legal.length ? "1" : "0";

  el("title").textContent = msg.title || msg.game;
  seatKinds = msg.seats || [];
  const solo = (msg.roles || []).length === 1;
  el("who").textContent = msg.seat === null || msg.seat === undefined ? t("Watching") : solo ? t("Solo") : t("You are {role}", { role: msg.role });
  renderNotice(msg);
  if (msg.rules && el("howto").dataset.game !== msg.game) {
    renderRules(msg.rules);
    el("howto").dataset.game = msg.game;
  }
  if (moved) el("card-info").hidden = true; // the cards it spoke of may have moved

  // Whose turn and what is decided.
  const decision = view.decision;
  const status = el("status");
  status.replaceChildren();
  status.className = "status";
  if (msg.over) {
    status.classList.add("over");
    status.append(h("strong", { text: t("Game over") }), h("span", { text: msg.outcome || "" }));
  } else if (decision) {
    const mine = msg.seat !== null && msg.seat !== undefined && decision.seat === msg.seat;
    const who = seatName(msg, decision.seat, decision.role);
    status.classList.add(mine ? "mine" : "theirs");
    status.append(
      h("strong", { text: mine ? t("Your turn") : t("{player} to move", { player: who }) }),
      h("span", { text: decision.prompt ? word(layout, decision.prompt) : word(layout, readable(decision.kind || "")) }),
    );
    const extra = Object.entries(decision).filter(([k, v]) => !["kind", "seat", "role", "prompt"].includes(k) && !empty(v) && typeof v !== "object" && (layout.absent || {})[k] !== v);
    for (const [k, v] of extra) status.append(h("span", { class: "chip", text: `${layout.labels[k] || readable(k)} ${cardName(layout, v)}` }));
  }
  const facts = el("facts");
  facts.replaceChildren();
  for (const item of layout.header || []) {
    const v = get(view, item.key);
    if (empty(v)) continue;
    facts.append(h("span", { class: "chip" }, h("b", { text: item.label || readable(item.key) }), " ", cardName(layout, v)));
  }
  const events = msg.events || [];
  const latest = events[events.length - 1];
  if (latest && !msg.over) el("latest").textContent = latest;
  el("latest").hidden = !latest || msg.over;

  // The end: outcome and summary.
  const end = el("end");
  end.replaceChildren();
  end.hidden = !msg.over;
  if (msg.over) {
    end.append(h("h2", { text: t("Game over") }), h("p", { class: "outcome", text: msg.outcome || "" }));
    if (msg.summary && typeof msg.summary === "object") {
      end.append(h("div", { class: "zones summary" }, renderZones(layout, layout.summary, msg.summary, view, hide, "summary.")));
    }
    end.append(h("a", { class: "button", href: `/api/rooms/${encodeURIComponent(msg.room || ROOM)}/save`, download: "", text: t("Download the saved game") }));
    end.append(h("a", { class: "button secondary", href: "/", text: t("New game") }));
  }

  // The table.
  const zones = el("zones");
  zones.replaceChildren(...renderZones(layout, layout.zones, view, view, hide));

  // Actions.
  renderActions(msg);
  el("panel").hidden = Boolean(msg.over); // the end box above says it all
  wireCards(zones, msg.legal || [], layout);
  wireCards(end, [], layout);
  if (el("panel").classList.contains("collapsed")) openPanel(false); // its count of choices

  // The log, latest first.
  renderLog(events);
}

function renderActions(msg) {
  const legal = msg.legal || [];
  const actions = el("actions");
  actions.replaceChildren();
  el("action-hint").hidden = true;
  el("panel").classList.toggle("acting", legal.length > 0);
  if (!legal.length) {
    let text = "";
    if (msg.over) text = t("The game is over.");
    else if (msg.seat === null || msg.seat === undefined) text = t("You are watching this game.");
    else {
      const d = (msg.view || {}).decision;
      const who = d ? seatName(msg, d.seat, d.role) : null;
      text = who ? t("Waiting for {player}…", { player: who }) : t("Waiting…");
    }
    actions.append(h("p", { class: "waiting", text }));
    return;
  }
  for (const note of msg.notes || []) actions.append(h("p", { class: "note", text: note }));
  for (const action of legal) {
    actions.append(h("button", { class: "action", type: "button", "data-action": action.id, onclick: () => act(action.id) }, action.text));
  }
}

function renderLog(events) {
  // The server sends the latest lines only: what is new is what follows the last line seen.
  const log = el("log");
  let fresh = 0;
  if (lastEvent !== null) {
    const at = events.lastIndexOf(lastEvent);
    fresh = at < 0 ? events.length : events.length - 1 - at;
  }
  log.replaceChildren();
  el("log-count").textContent = events.length ? t("· latest {count}", { count: events.length }) : "";
  for (let i = events.length - 1; i >= 0; i--) {
    log.append(h("li", { class: i >= events.length - fresh ? "fresh" : null, text: events[i] }));
  }
  if (!events.length) log.append(h("li", { class: "muted", text: t("Nothing has happened yet.") }));
  lastEvent = events.length ? events[events.length - 1] : lastEvent;
}

function renderNotice(msg) {
  const box = el("notice");
  const key = `rulebook-notice:${msg.game}`;
  let dismissed = false;
  try {
    dismissed = localStorage.getItem(key) === msg.notice;
  } catch (e) {
    dismissed = false;
  }
  if (!msg.notice || dismissed || box.dataset.dismissed) {
    box.hidden = true;
    return;
  }
  if (!box.hidden && box.dataset.text === msg.notice) return;
  box.dataset.text = msg.notice;
  const text = h("span", { class: "notice-text", title: msg.notice, onclick: () => text.classList.toggle("open") }, h("b", { text: `${t("Content notice:")} ` }), msg.notice);
  box.replaceChildren(
    text,
    h("button", {
      type: "button",
      class: "small",
      onclick: () => {
        box.hidden = true;
        box.dataset.dismissed = "1";
        try {
          localStorage.setItem(key, msg.notice);
        } catch (e) {
          /* private mode: dismissed for this page only */
        }
      },
      text: t("OK"),
    }),
  );
  box.hidden = false;
}

/* The page in its reader's language (the first table carries its words), and the choice of
another: this seat's link with ?lang=, reloaded (the seat token stays in the fragment). */
function speak(msg) {
  setWords(msg.words);
  translatePage(msg.lang);
  const pick = languagePicker(msg.languages, msg.lang, (code) => {
    const url = new URL(location.href);
    url.searchParams.set("lang", code);
    location.replace(url.href);
  });
  el("lang").replaceChildren(pick);
  el("log-toggle").dataset.more = t("show all");
  el("log-toggle").dataset.less = t("show less");
}

/* ------------------------------------------------------------------ errors and the socket */

function showError(text) {
  const banner = el("error");
  banner.textContent = text;
  banner.hidden = false;
  clearTimeout(errorTimer);
  errorTimer = setTimeout(() => {
    banner.hidden = true;
  }, 6000);
}

function act(id) {
  if (!last || pending) return;
  if (!socket || socket.readyState !== WebSocket.OPEN) {
    showError(t("Not connected: reconnecting…"));
    return;
  }
  pending = true;
  for (const b of el("actions").querySelectorAll("button")) b.disabled = true;
  socket.send(JSON.stringify({ type: "act", action: id, n: last.n }));
}

function setConnection(state) {
  const ind = el("connection");
  ind.hidden = state === "open";
  ind.textContent = t(state === "closed" ? "reconnecting…" : state === "fatal" ? "disconnected" : "connecting…");
  document.body.dataset.connection = state;
}

function connect() {
  clearTimeout(retryTimer);
  setConnection(last ? "closed" : "connecting");
  const scheme = location.protocol === "https:" ? "wss" : "ws";
  // the link's language and the browser's on the socket's URL too (as in the hello): a
  // refusal before the hello (no such room) reads in them
  const params = new URLSearchParams();
  if (LANG) params.set("lang", LANG);
  if ((navigator.languages || []).length) params.set("accept", navigator.languages.join(","));
  const query = params.toString() ? `?${params}` : "";
  const ws = new WebSocket(`${scheme}://${location.host}/ws/${encodeURIComponent(ROOM)}${query}`);
  socket = ws;
  ws.addEventListener("open", () => {
    const hello = TOKEN ? { type: "hello", token: TOKEN } : { type: "hello" };
    if (LANG) hello.lang = LANG; // else the server goes by the lobby's cookie or Accept-Language
    // the browser's own list, as its page requests' Accept-Language says it (some browsers and
    // proxies give a WebSocket's handshake another header, or none)
    const prefers = navigator.languages || [];
    if (prefers.length) hello.accept = prefers.join(",");
    ws.send(JSON.stringify(hello));
  });
  ws.addEventListener("message", (event) => {
    let msg;
    try {
      msg = JSON.parse(event.data);
    } catch (e) {
      return;
    }
    if (msg.type === "table") {
      retries = 0;
      setConnection("open");
      if ("layout" in msg) {
        firstTable = msg;
        speak(msg);
      } else for (const key of KEPT) if (!(key in msg)) msg[key] = firstTable[key];
      render(msg);
    } else if (msg.type === "error") {
      if (pending) {
        pending = false;
        for (const b of el("actions").querySelectorAll("button")) b.disabled = false;
      }
      if (msg.words && !last) speak(msg); // refused before any table: its words
      showError(msg.message || t("refused"));
    }
  });
  ws.addEventListener("close", (event) => {
    if (socket !== ws) return;
    socket = null;
    pending = false;
    if (event.code === 4403 || event.code === 4404) {
      fatal = true;
      setConnection("fatal");
      clearTimeout(errorTimer); // the server's reason stays up; retrying would not help
      if (el("error").hidden) {
        el("error").textContent = t(event.code === 4404 ? "There is no such room on this server." : "This seat link is not valid for this room.");
        el("error").hidden = false;
      }
      if (!last) {
        // never joined: nothing of a table to show (an empty log, an empty panel), only why
        // and the way back
        el("title").textContent = t("Cannot join this table");
        document.querySelector("main.table").style.display = "none";
        el("connection").style.display = "none"; // the title says it: no badge over the link
        el("error").append(" ", h("a", { href: "/", id: "to-lobby", text: t("Back to the lobby") }));
      }
      return;
    }
    if (fatal) return;
    setConnection("closed");
    const delay = Math.min(8000, 400 * 2 ** retries) * (0.75 + Math.random() * 0.5);
    retries += 1;
    retryTimer = setTimeout(connect, delay);
  });
}

document.addEventListener("visibilitychange", () => {
  // A phone that wakes up reconnects at once instead of waiting out the backoff.
  if (document.visibilityState === "visible" && !socket && !fatal) connect();
});

// Another seat's link pasted into this tab: join as that seat.
window.addEventListener("hashchange", () => location.reload());

el("panel-toggle").addEventListener("click", () => openPanel(el("panel").classList.contains("collapsed")));

el("log-toggle").addEventListener("click", () => {
  const open = el("log-wrap").classList.toggle("open");
  el("log-toggle").setAttribute("aria-expanded", String(open));
});

connect();
