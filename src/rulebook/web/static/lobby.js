/* The lobby: the games, a room's setup (seats, rules, theme, cards left out, seed), and the
invite links with their QR codes once the room exists. Generic: everything comes from
GET /api/games, in the reader's language (GET /api/words: the page's words and the languages
offered; the choice is kept in a cookie the server reads, else the browser's Accept-Language
decides). */

import { h, languagePicker, rulesNodes, setWords, t, translatePage } from "/static/dom.js";

const el = (id) => document.getElementById(id);
let games = [];
let chosen = null;
let speech = { lang: "en", languages: [] }; // the lobby's language and the ones offered


function showError(text) {
  const banner = el("error");
  banner.textContent = text;
  banner.hidden = !text;
  // in view with the Create button just below it (the form's: see choose)
  if (text) (banner.nextElementSibling || banner).scrollIntoView({ block: "nearest", behavior: "smooth" });
}

function players(game) {
  const { min_players: lo, max_players: hi } = game;
  if (lo === hi) return lo === 1 ? t("1 player (solo)") : t("{count} players", { count: lo });
  return t("{low}–{high} players", { low: lo, high: hi });
}

/* The lobby's language: ?lang= if the address names one, else the cookie, else the browser's. */
function asked() {
  const lang = new URLSearchParams(location.search).get("lang");
  return lang ? `?lang=${encodeURIComponent(lang)}` : "";
}

function setLanguage(code) {
  document.cookie = `rulebook-lang=${encodeURIComponent(code)}; path=/; max-age=31536000; SameSite=Lax`;
  const url = new URL(location.href);
  url.searchParams.delete("lang");
  if (chosen) url.searchParams.set("game", chosen.slug);
  location.replace(url.href);
}

async function load() {
  try {
    const said = await fetch(`/api/words${asked()}`);
    if (said.ok) speech = await said.json();
    setWords(speech.words);
    translatePage(speech.lang);
    el("lang").replaceChildren(languagePicker(speech.languages, speech.lang, setLanguage));
    const res = await fetch(`/api/games${asked()}`);
    if (!res.ok) throw new Error(t("The server answered {status}.", { status: res.status }));
    games = await res.json();
  } catch (e) {
    el("games").replaceChildren(h("p", { class: "muted", text: t("Could not load the games: {error}", { error: e.message }) }));
    return;
  }
  const list = el("games");
  list.replaceChildren();
  for (const game of games) {
    list.append(
      h(
        "button",
        { type: "button", class: "game", "aria-pressed": "false", "data-slug": game.slug, onclick: () => choose(game) },
        h("span", { class: "game-title", text: game.title }),
        h("span", { class: "players-count", text: players(game) }),
        h("span", { class: "game-summary", text: game.summary || "" }),
        game.notice ? h("span", { class: "game-notice", text: `${t("Content notice:")} ${game.notice}` }) : null,
      ),
    );
  }
  const wanted = new URLSearchParams(location.search).get("game");
  const first = games.find((g) => g.slug === wanted) || (games.length === 1 ? games[0] : null);
  if (first) choose(first);
}

/* ------------------------------------------------------------------ the setup form */

function options(values) {
  // "true, false" / "point, pleasure-card": a closed list; "a whole number", "text": open.
  if (!values || /whole number|text|ids|comma-separated|number/i.test(values)) return null;
  const parts = values.split(",").map((s) => s.trim()).filter(Boolean);
  return parts.length >= 2 && parts.every((p) => /^[\w.-]+$/.test(p)) ? parts : null;
}

function paramField(p, { value } = {}) {
  const id = `p-${p.name}`;
  const choices = options(p.values);
  let input;
  if (choices) {
    input = h("select", { id, name: p.name, "data-default": p.default });
    for (const c of choices) input.append(h("option", { value: c, selected: c === (value ?? p.default), text: c }));
  } else {
    const numeric = /whole number/i.test(p.values || "");
    input = h("input", {
      id,
      name: p.name,
      type: numeric ? "number" : "text",
      inputmode: numeric ? "numeric" : null,
      placeholder: p.default === "" ? "" : `${p.default}`,
      "data-default": p.default,
      autocomplete: "off",
    });
  }
  return h(
    "div",
    { class: "field" },
    h("label", { for: id, text: p.name }),
    input,
    h("span", { class: "hint", text: [p.meaning, p.values ? t("({values}; default {default})", { values: p.values, default: p.default === "" ? t("none") : p.default }) : ""].filter(Boolean).join(" ") }),
  );
}

function seatRow(game, seat, roles) {
  const role = (roles && roles[seat]) || t("Seat {number}", { number: seat + 1 });
  const kind = h("select", { name: `seat-${seat}`, "data-seat": seat, "aria-label": t("Who plays {role}", { role }) });
  kind.append(h("option", { value: "human", text: t("A person (invite link)") }));
  for (const agent of game.agents || []) kind.append(h("option", { value: agent, text: t("AI: {agent}", { agent }) }));
  // the language this seat's link opens in (first: the person's own browser's)
  const reads = h("select", { name: `lang-${seat}`, "data-lang-seat": seat, class: "seat-lang", "aria-label": `${role}: ${t("Language")}`, title: t("Language") });
  reads.append(h("option", { value: "", text: t("their browser's language") }));
  for (const lang of speech.languages || []) reads.append(h("option", { value: lang.code, text: lang.name }));
  const strengthId = `iterations-${seat}`;
  const strength = h("input", {
    id: strengthId,
    type: "number",
    min: 1,
    max: 100000,
    value: 300,
    name: `iterations-${seat}`,
    title: t("ismcts search iterations (strength)"),
  });
  // the search's strength, labelled: more iterations play better and think longer
  const strengthField = h(
    "label",
    { class: "strength", for: strengthId, hidden: true },
    h("span", { text: t("Strength (search iterations)") }),
    strength,
  );
  kind.addEventListener("change", () => {
    strengthField.hidden = kind.value !== "ismcts";
    reads.hidden = kind.value !== "human";
  });
  return h(
    "div",
    { class: "seat-row" },
    h("span", { class: "seat-name", text: role }),
    h("div", { class: "seat-controls" }, kind, reads),
    strengthField,
  );
}

function choose(game) {
  chosen = game;
  showError("");
  el("room").hidden = true;
  for (const b of el("games").querySelectorAll(".game")) b.setAttribute("aria-pressed", String(b.dataset.slug === game.slug));
  const form = el("setup");
  const banner = el("error"); // kept: it moves into the form, by its Create button
  form.replaceChildren();
  form.hidden = false;

  form.append(h("h2", { text: t("New table: {game}", { game: game.title }) }));
  if (game.notice) form.append(h("p", { class: "notice", text: `${t("Content notice:")} ${game.notice}` }));
  if (game.rules) form.append(h("details", { class: "howto" }, h("summary", { text: t("How to play") }), h("div", { class: "howto-text lobby-rules" }, rulesNodes(game.rules))));

  // Seats: how many players and, where a rule switch decides the seats (a game's mode), the
  // mode first, offered for the players chosen; each seat named by its role.
  const seats = h("fieldset", { id: "seats" }, h("legend", { text: t("Seats") }));
  const rows = h("div", { class: "seat-rows" });
  const modes = game.modes;
  const params = game.parameters || [];
  const modeParam = modes ? params.find((p) => p.name === modes.parameter) : null;
  const modeSelect = modes ? h("select", { id: `p-${modes.parameter}`, name: modes.parameter, "data-default": modes.default }) : null;
  const modeField = modes
    ? h("div", { class: "field mode-field" },
      h("label", { for: `p-${modes.parameter}`, text: t("Mode") }),
      modeSelect,
      modeParam ? h("span", { class: "hint", text: modeParam.meaning }) : null)
    : null;
  const setRows = (n) => {
    const mode = modes ? modes.choices.find((c) => c.value === modeSelect.value) : null;
    rows.replaceChildren();
    for (let s = 0; s < n; s++) rows.append(seatRow(game, s, mode ? mode.roles : game.roles));
  };
  const setCount = (n) => {
    if (modes) {
      const fits = modes.choices.filter((c) => c.players === n);
      const keep = fits.some((c) => c.value === modeSelect.value) ? modeSelect.value : fits[0] && fits[0].value;
      modeSelect.replaceChildren(...fits.map((c) => h("option", { value: c.value, text: c.value, selected: c.value === keep })));
      modeField.hidden = fits.length < 2;
    }
    setRows(n);
  };
  const counts = modes ? [...new Set(modes.choices.map((c) => c.players))].sort((a, b) => a - b) : [];
  if (game.min_players !== game.max_players) {
    const count = h("select", { id: "player-count", name: "players" });
    for (let n = game.min_players; n <= Math.min(game.max_players, 8); n++) {
      if (!modes || counts.includes(n)) count.append(h("option", { value: n, text: n === 1 ? t("1 player") : t("{count} players", { count: n }) }));
    }
    count.addEventListener("change", () => setCount(Number(count.value)));
    seats.append(h("div", { class: "field" }, h("label", { for: "player-count", text: t("Players") }), count));
  }
  if (modes) {
    modeSelect.addEventListener("change", () => setRows(rows.childElementCount));
    seats.append(modeField);
  }
  seats.append(rows);
  setCount(game.min_players);
  form.append(seats);

  // Cards: theme and cards left out; then the seed.
  const byName = new Map(params.map((p) => [p.name, p]));
  const cards = h("fieldset", {}, h("legend", { text: t("Cards and seed") }));
  if (game.themes && game.themes.length) {
    const sel = h("select", { id: "p-theme", name: "theme", "data-default": byName.get("theme")?.default ?? game.themes[0] });
    for (const t of game.themes) sel.append(h("option", { value: t, text: t, selected: t === (byName.get("theme")?.default ?? game.themes[0]) }));
    cards.append(h("div", { class: "field" }, h("label", { for: "p-theme", text: t("theme") }), sel));
  } else if (byName.has("theme")) {
    cards.append(paramField(byName.get("theme")));
  }
  if (byName.has("without")) cards.append(paramField(byName.get("without")));
  cards.append(
    h(
      "div",
      { class: "field" },
      h("label", { for: "seed", text: t("seed") }),
      h("input", { id: "seed", name: "seed", type: "number", min: 0, inputmode: "numeric", placeholder: t("random"), autocomplete: "off" }),
      h("span", { class: "hint", text: t("The same seed deals the same game, so whoever knows it can work out every hidden card: leave it empty for real play.") }),
    ),
  );
  form.append(cards);

  // Every other rule switch. A card file ("file": a path on the server) is not offered here;
  // a game's "cards" that is a number of cards is, like any other.
  const rules = params.filter((p) => !p.file && !["theme", "without", modes && modes.parameter].includes(p.name));
  if (rules.length) {
    const grid = h("div", { class: "rules-grid" });
    for (const p of rules) grid.append(paramField(p));
    form.append(h("details", { class: "rules" }, h("summary", { text: t("Rule switches ({count})", { count: rules.length }) }), grid));
  }

  // a refused table says why just above the button pressed, in the page's flow: pinned over
  // the form, a long message covered the seat choices
  form.append(banner, h("div", { class: "create-row" }, h("button", { type: "submit", class: "primary", id: "create", text: t("Create the table") })));
  form.onsubmit = (e) => {
    e.preventDefault();
    create();
  };
  form.scrollIntoView({ block: "start", behavior: "smooth" });
}

function request() {
  const form = el("setup");
  const settings = {};
  for (const field of form.querySelectorAll("[id^='p-']")) {
    const value = field.value.trim();
    if (value === "" || value === field.dataset.default) continue;
    settings[field.name] = value;
  }
  const seats = [];
  for (const sel of form.querySelectorAll("select[data-seat]")) {
    if (sel.value === "ismcts") {
      const iterations = form.querySelector(`input[name='iterations-${sel.dataset.seat}']`).value.trim();
      seats.push(iterations ? `ismcts:iterations=${iterations}` : "ismcts");
    } else seats.push(sel.value);
  }
  const languages = [...form.querySelectorAll("select[data-lang-seat]")].map((sel, seat) => (seats[seat] === "human" && sel.value ? sel.value : null));
  const seedText = form.querySelector("#seed").value.trim();
  return { game: chosen.slug, settings, seed: seedText === "" ? null : Number(seedText), seats, languages, lang: speech.lang, player: playerKey() };
}

// This browser's own key: a game that keeps lasting state between playthroughs (Ribbon of
// Bone's imprisonment envelope) keeps it per player on the server, found by this key.
function playerKey() {
  let key = localStorage.getItem("rulebook-player");
  if (!key) {
    key = crypto.randomUUID ? crypto.randomUUID() : Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, "0")).join("");
    localStorage.setItem("rulebook-player", key);
  }
  return key;
}

async function create() {
  showError("");
  const button = el("create");
  button.disabled = true;
  try {
    const body = request();
    if (body.seed !== null && (!Number.isInteger(body.seed) || body.seed < 0)) throw new Error(t("The seed must be a whole number from 0."));
    const res = await fetch("/api/rooms", { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) });
    let data = null;
    try {
      data = await res.json();
    } catch (e) {
      data = null;
    }
    if (!res.ok) throw new Error((data && data.error) || t("The server answered {status}.", { status: res.status }));
    showRoom(data);
  } catch (e) {
    showError(e.message);
  } finally {
    button.disabled = false;
  }
}

/* ------------------------------------------------------------------ the room's links */

function copyButton(text) {
  const button = h("button", { type: "button", class: "small", text: t("Copy link") });
  button.addEventListener("click", async () => {
    try {
      await navigator.clipboard.writeText(text);
      button.textContent = t("Copied");
    } catch (e) {
      button.textContent = t("Select and copy the link");
    }
    setTimeout(() => {
      button.textContent = t("Copy link");
    }, 2000);
  });
  return button;
}

function showRoom(data) {
  const room = el("room");
  room.replaceChildren();
  room.hidden = false;
  room.append(h("h2", { text: t("Table ready: {game}", { game: chosen.title }) }));
  room.append(h("p", { class: "muted", text: t("Each person opens their own link (or scans its code on their phone). A link is that seat's key: share it only with that person.") }));
  if (["localhost", "127.0.0.1", "[::1]"].includes(location.hostname)) {
    room.append(h("p", { class: "hint local-only", text: t("These links work on this computer only. For phones, start the server with --host 0.0.0.0 and open the lobby at this computer's network address.") }));
  }
  const list = h("div", { class: "invites" });
  for (const seat of data.seats) {
    const card = h("article", { class: "invite", "data-seat": seat.seat }, h("h3", { text: seat.role || t("Seat {number}", { number: seat.seat + 1 }) }));
    if (seat.link) {
      const url = location.origin + seat.link;
      const reads = (speech.languages || []).find((l) => l.code === seat.lang);
      card.append(h("span", { class: "kind", text: reads ? `${t("A person")} · ${reads.name}` : t("A person") }));
      if (seat.qr) {
        const qr = h("div", { class: "qr", role: "img", "aria-label": t("QR code of {role}'s link", { role: seat.role }) });
        qr.innerHTML = seat.qr; // an SVG the server drew from the link
        const svg = qr.querySelector("svg");
        if (svg && !svg.getAttribute("viewBox") && svg.getAttribute("width")) {
          svg.setAttribute("viewBox", `0 0 ${svg.getAttribute("width")} ${svg.getAttribute("height") || svg.getAttribute("width")}`);
        }
        card.append(qr);
      }
      card.append(
        h("a", { class: "link seat-link", href: url, text: url }),
        h("div", { class: "row" }, h("a", { class: "button", href: url, target: "_blank", rel: "noopener", text: t("Open this seat") }), copyButton(url)),
      );
    } else {
      card.append(h("span", { class: "kind", text: t("AI: {agent}", { agent: seat.kind }) }));
    }
    list.append(card);
  }
  const watch = location.origin + data.spectate;
  list.append(
    h(
      "article",
      { class: "invite" },
      h("h3", { text: t("Spectators") }),
      h("span", { class: "kind", text: t("The public view: no hidden cards") }),
      h("a", { class: "link spectate-link", href: watch, text: watch }),
      h("div", { class: "row" }, h("a", { class: "button secondary", href: watch, target: "_blank", rel: "noopener", text: t("Watch") }), copyButton(watch)),
    ),
  );
  room.append(list);
  room.scrollIntoView({ block: "start", behavior: "smooth" });
}

load();
