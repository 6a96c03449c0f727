/* Small DOM helpers shared by the lobby and the table. */

/* h("div", {class: "x", text: "…", onclick: f}, ...children): an element, built in one call. */
export function h(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (v === null || v === undefined || v === false) continue;
    if (k === "class") node.className = v;
    else if (k === "text") node.textContent = v;
    else if (k.startsWith("on")) node.addEventListener(k.slice(2), v);
    else node.setAttribute(k, v === true ? "" : String(v));
  }
  for (const child of children.flat()) {
    if (child === null || child === undefined || child === false) continue;
    node.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return node;
}

/* The page's words in its reader's language: the server sends a table (English -> text) with
the page's first data; t("Your turn") reads it, filling {placeholders} from args, and reads the
English for anything the table lacks. */
let WORDS = {};

export function setWords(words) {
  WORDS = words || {};
}

export function t(text, args = {}) {
  const said = WORDS[text] ?? text;
  return said.replace(/\{(\w+)\}/g, (whole, key) => (key in args ? String(args[key]) : whole));
}

/* The form for count (the server maps each English form to the language's). */
export function tn(count, one, many, args = {}) {
  return t(count === 1 ? one : many, { count, ...args });
}

/* The page's own fixed words (elements marked data-t="English") and its language. */
export function translatePage(lang) {
  for (const node of document.querySelectorAll("[data-t]")) node.textContent = t(node.dataset.t);
  if (lang) document.documentElement.lang = lang.startsWith("x-") ? "en" : lang;
}

/* A language choice (every catalog the server has, each named in its own words). */
export function languagePicker(languages, current, onchange) {
  const select = h("select", { class: "lang-pick", "aria-label": t("Language"), title: t("Language") });
  for (const lang of languages || []) select.append(h("option", { value: lang.code, selected: lang.code === current, text: lang.name }));
  if (!(languages || []).some((l) => l.code === current)) select.append(h("option", { value: current, selected: true, text: current }));
  select.addEventListener("change", () => onchange(select.value));
  return select;
}

/* A game's "How to play" (the text of `rulebook rules`) as nodes: paragraphs, "* " bullets and
``code``, never as HTML. The lobby and the table show the same text the same way. A line break
between two Japanese (CJK) characters joins without a space: Japanese wraps mid-word. */
const WIDE = /[\u3000-\u30ff\u3400-\u9fff\uff00-\uffef]/;

function joined(lines) {
  let text = "";
  for (const line of lines) {
    const part = line.trim();
    if (!text) text = part;
    else text += (WIDE.test(text.at(-1)) && WIDE.test(part[0] ?? "") ? "" : " ") + part;
  }
  return text;
}

export function rulesNodes(text) {
  const nodes = [];
  const inline = (line) => line.split(/``?([^`]+)``?/).map((part, i) => (i % 2 ? h("code", { text: part }) : part));
  for (const block of String(text).split(/\n\s*\n/)) {
    const lines = block.split("\n");
    if (lines.some((l) => /^\s*[*-] /.test(l))) {
      const list = h("ul");
      let item = null; // the bullet's lines so far, joined when the next begins
      const close = () => item && list.append(h("li", {}, inline(joined(item))));
      for (const line of lines) {
        const bullet = /^\s*[*-] (.*)$/.exec(line);
        if (bullet) {
          close();
          item = [bullet[1]];
        } else if (item) item.push(line);
        else nodes.push(h("p", {}, inline(line.trim())));
      }
      close();
      nodes.push(list);
    } else {
      nodes.push(h("p", {}, inline(joined(lines))));
    }
  }
  return nodes;
}
