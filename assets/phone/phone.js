// The phone page of tvgames: join a seat on the TV, then play it privately. Plain JavaScript, no
// build step. The box decides everything; this page shows the seat's view and sends its taps.
"use strict";

let WORDS = { en: { errors: {} } };  // assets/phone/words.json: the page's words in each language
const GROUP_COLOURS = {
  brown: "#8b5a2b", "light-blue": "#9fd3f0", pink: "#d94f9b", orange: "#f08c2e", red: "#e03b3b",
  yellow: "#f2d94e", green: "#2f9e55", "dark-blue": "#2c4fbf", railroad: "#888", utility: "#bbb",
};
const STORE = "tvgames-phone";
const $ = (id) => document.getElementById(id);

const page = {
  lang: "en",
  ws: null, nextId: 1, view: null, lobby: [], seat: null, retry: 0, armed: null, showOdds: false,
};
page.lang = localStorage.getItem(STORE + "-lang") || ((navigator.language || "en").startsWith("fa") ? "fa" : "en");

function w(key) { return (WORDS[page.lang] || {})[key] || WORDS.en[key] || key; }
function el(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs)) {
    if (key === "onclick") node.addEventListener("click", value);
    else if (key === "className") node.className = value;
    else node.setAttribute(key, value);
  }
  for (const child of children) node.append(child instanceof Node ? child : String(child));
  return node;
}
function number(n) { return new Intl.NumberFormat(page.lang === "fa" ? "fa-IR" : "en-US").format(n); }
function percent(p) { return p === null || p === undefined ? "–" : number(Math.round(p * 100)) + "%"; }

function saved() {
  try { return JSON.parse(localStorage.getItem(STORE) || "null"); } catch (e) { return null; }
}
function roomFromAddress() {
  const code = new URLSearchParams(location.search).get("r") || "";
  return /^[A-Za-z]{4}$/.test(code) ? code.toUpperCase() : "";
}

function setLanguage(lang) {
  page.lang = lang;
  localStorage.setItem(STORE + "-lang", lang);
  document.documentElement.lang = lang;
  document.documentElement.dir = lang === "fa" ? "rtl" : "ltr";
  $("lang").textContent = lang === "fa" ? "EN" : "فا";
  for (const node of document.querySelectorAll("[data-t]")) node.textContent = w(node.dataset.t);
  render();
}

function send(message) {
  if (!page.ws || page.ws.readyState !== WebSocket.OPEN) return false;
  page.ws.send(JSON.stringify({ id: page.nextId++, ...message }));
  return true;
}

function connect() {
  const scheme = location.protocol === "https:" ? "wss" : "ws";
  const ws = new WebSocket(`${scheme}://${location.host}/ws`);
  page.ws = ws;
  $("connection").textContent = w("connecting");
  ws.onopen = () => {
    page.retry = 0;
    $("connection").textContent = w("connected");
    const mine = saved();
    if (mine && (!roomFromAddress() || mine.room === roomFromAddress())) {
      send({ type: "hello", room: mine.room, seat: mine.seat, secret: mine.secret });
    }
  };
  ws.onmessage = (event) => receive(JSON.parse(event.data));
  ws.onclose = () => {
    if (page.ws !== ws) return;
    $("connection").textContent = w("lost");
    page.retry = Math.min(page.retry + 1, 5);
    setTimeout(connect, 500 * page.retry);
  };
}

function receive(message) {
  if (message.type === "lobby") { page.lobby = message.seats; if (page.seat === null) render(); return; }
  if (message.type === "welcome") {
    page.seat = message.seat;
    localStorage.setItem(STORE, JSON.stringify({ room: message.room, seat: message.seat, secret: message.secret, name: message.name }));
    $("message").hidden = true;
    render();
    return;
  }
  if (message.type === "view") { page.view = message; page.armed = null; render(); return; }
  if (message.type === "error") {
    if (message.code === "bad_secret") { localStorage.removeItem(STORE); page.seat = null; }
    const text = ((WORDS[page.lang] || WORDS.en).errors || {})[message.code] || message.message;
    $("message").textContent = text;
    $("message").hidden = false;
    render();
  }
  if (message.type === "ok") $("message").hidden = true;
}

function act(action) {
  if (!page.view) return;
  send({ type: "act", action, move: page.view.move });
}
function legal(text) {
  const found = (page.view && page.view.legal || []).find((m) => m.text === text);
  return found ? found.action : null;
}

function render() {
  const seated = page.seat !== null;
  $("join").hidden = seated;
  $("play").hidden = !seated;
  if (!seated) return renderJoin();
  renderPlay();
}

function renderJoin() {
  if (!$("room").value) $("room").value = roomFromAddress();
  if (!$("name").value) $("name").value = (saved() || {}).name || "";
  const box = $("seats");
  box.replaceChildren();
  for (const seat of page.lobby) {
    const label = `${w("seat")} ${number(seat.seat + 1)}: ${seat.name}` + (seat.open ? "" : ` (${w("taken")})`);
    const button = el("button", { type: "button", className: seat.open ? "primary" : "" }, label);
    button.disabled = !seat.open;
    button.addEventListener("click", () => send({
      type: "join", room: $("room").value.trim().toUpperCase(), seat: seat.seat, name: $("name").value.trim().slice(0, 16),
    }));
    box.append(button);
  }
}

function renderPlay() {
  const view = page.view;
  const status = $("status");
  const box = $("private");
  const moves = $("moves");
  box.replaceChildren();
  moves.replaceChildren();
  if (!view || !view.game) {
    status.textContent = w("no_game");
    status.className = "status";
    return;
  }
  const p = view.private;
  status.dataset.move = String(view.move);  // which position the buttons below answer
  status.textContent = p.over ? w("over") : view.your_turn ? w("your_turn") : w("waiting");
  status.className = view.your_turn ? "status turn" : "status";
  const shown = new Set();
  if (p.family === "yahtzee") yahtzee(p, box, shown);
  else if (p.family === "monopoly-dice") monopolyDice(p, box, shown);
  else if (p.family === "monopoly") monopoly(p, box);
  else if (p.family === "pig") pig(p, box);
  for (const move of view.legal) {
    if (shown.has(move.text)) continue;
    moves.append(el("button", { type: "button", onclick: () => act(move.action) }, move.text));
  }
}

function yahtzee(p, box, shown) {
  const dice = el("div", { className: "dice" });
  p.dice.forEach((die, i) => {
    const toggle = legal(`toggle ${i + 1}`);
    const face = die.face === null ? "·" : die.face;
    const button = el("button", { type: "button", className: "die" + (die.held ? " held" : ""), "aria-pressed": String(die.held),
      "aria-label": `${face}${die.held ? " " + w("held") : ""}` }, face);
    if (die.held) button.append(el("small", {}, w("held")));
    button.disabled = toggle === null;
    button.addEventListener("click", () => act(toggle));
    dice.append(button);
    shown.add(`toggle ${i + 1}`);
  });
  box.append(dice);
  const roll = legal("roll");
  shown.add("roll");
  const row = el("div", { className: "buttons" });
  const rollButton = el("button", { type: "button", className: "primary", onclick: () => act(roll) },
    `${w("roll")} (${w("rolls_left")}: ${number(p.rolls_left)})`);
  rollButton.disabled = roll === null;
  row.append(rollButton);
  if (p.your_turn && p.rolls > 0) {
    row.append(el("button", { type: "button", onclick: () => { page.showOdds = !page.showOdds; render(); } },
      page.showOdds ? w("odds_hide") : w("odds")));
  }
  box.append(row);
  if (p.your_turn && p.rolls > 0) box.append(el("p", { className: "note" }, w("tap_hold")));
  const odds = Object.fromEntries((p.odds || []).map((o) => [o.key, o]));
  const table = el("table");
  for (const b of p.boxes) {
    const scoreText = `score ${b.key}`;
    shown.add(scoreText);
    const action = legal(scoreText);
    const tr = el("tr", { className: b.score === null ? (action !== null ? "can" : "open") : "" });
    let label = b.name;
    if (page.showOdds && odds[b.key]) label += ` · ${percent(odds[b.key].next_roll)} ${w("next")}, ${percent(odds[b.key].end_of_turn)} ${w("by_end")}`;
    if (action !== null) {
      const armed = page.armed === b.key;
      const button = el("button", { type: "button", className: armed ? "confirm" : "" }, armed ? w("again_zero") : label);
      // a box that would score nothing asks for a second tap: a slip of the thumb never costs a box
      button.addEventListener("click", () => {
        if (b.potential === 0 && page.armed !== b.key) { page.armed = b.key; render(); return; }
        act(action);
      });
      tr.append(el("td", {}, button), el("td", { className: "num" }, b.potential === null ? "" : number(b.potential)));
    } else {
      tr.append(el("td", {}, label), el("td", { className: "num" }, b.score === null ? "–" : number(b.score)));
    }
    table.append(tr);
  }
  table.append(el("tr", { className: "total" }, el("td", {}, w("upper_bonus")), el("td", { className: "num" }, number(p.upper_bonus))));
  table.append(el("tr", { className: "total" }, el("td", {}, w("total")), el("td", { className: "num" }, number(p.total))));
  box.append(table);
  box.append(el("h2", {}, w("others")));
  box.append(el("p", {}, p.totals.map((t, i) => `${w("player")} ${number(i + 1)}: ${number(t)}`).join(" · ")));
}

function monopolyDice(p, box, shown) {
  box.append(el("p", {}, `${w("score_now")}: ${number(p.score.total)} · ${w("target")}: ${number(p.target)}`));
  const dice = el("div", { className: "buttons" });
  for (const die of p.dice) {
    const face = die.face ? die.face.label : "·";
    dice.append(el("span", { className: "note" }, `${die.name}: ${face} (${die.where})`));
  }
  box.append(dice);
  if (p.odds && p.odds.complete) {
    box.append(el("h2", {}, w("odds")));
    box.append(el("p", {}, `${w("jail_chance")}: ${percent(p.odds.jail)}`));
    for (const [key, chance] of Object.entries(p.odds.complete)) {
      box.append(el("div", { className: "deed" }, el("span", {}, `${w("complete")}: ${key}`), el("span", {}, percent(chance))));
    }
  }
  box.append(el("h2", {}, w("others")));
  box.append(el("p", {}, p.totals.map((t, i) => `${w("player")} ${number(i + 1)}: ${number(t)}`).join(" · ")));
  if (page.view.legal.length) box.append(el("h2", {}, w("moves")));
  shown.clear();
}

function monopoly(p, box) {
  box.append(el("div", { className: "cash" }, `${w("cash")}: $${number(p.cash)}`));
  box.append(el("p", { className: "note" }, `${w("worth")}: $${number(p.worth)}`));
  if (p.in_jail) box.append(el("p", {}, w("in_jail")));
  if (p.jail_cards) box.append(el("p", {}, `${w("jail_cards")}: ${number(p.jail_cards)}`));
  for (const debt of p.debts) box.append(el("p", { className: "message" }, `${w("debts")}: $${number(debt.amount)}`));
  if (p.auction) {
    const a = p.auction;
    box.append(el("h2", {}, w("auction")));
    box.append(el("p", {}, `${a.item}${a.square_name ? " " + a.square_name : ""} · ${w("high_bid")}: $${number(a.high_bid)}`));
  }
  if (p.trade) {
    const t = p.trade;
    const mine = t.proposer === page.seat;
    box.append(el("h2", {}, w("trade")));
    box.append(el("p", {}, `${mine ? w("offer_to") : w("offer_from")} ${w("player")} ${number((mine ? t.partner : t.proposer) + 1)}: `
      + `${t.square_names.join(", ") || "–"} · ${w("cash_in_trade")} $${number(t.cash)}`));
  }
  box.append(el("h2", {}, w("deeds")));
  if (!p.deeds.length) box.append(el("p", { className: "note" }, w("none")));
  for (const group of p.deeds) {
    const part = el("div", { className: "group" });
    part.style.borderColor = GROUP_COLOURS[group.group] || "#999";
    part.append(el("div", { className: "note" }, group.group));
    for (const deed of group.squares) {
      const extra = [deed.hotel ? w("hotel") : deed.houses ? `${number(deed.houses)} ${w("houses")}` : "",
        deed.mortgaged ? w("mortgaged") : `${w("rent")} $${number(deed.rent)}`].filter(Boolean).join(" · ");
      part.append(el("div", { className: "deed" }, el("span", {}, deed.name), el("span", { className: "note" }, extra)));
    }
    box.append(part);
  }
  box.append(el("h2", {}, w("others")));
  box.append(el("p", {}, p.players.map((q, i) => `${w("player")} ${number(i + 1)}: $${number(q.cash)}`).join(" · ")));
  if (page.view.legal.length) box.append(el("h2", {}, w("moves")));
}

function pig(p, box) {
  box.append(el("div", { className: "cash" }, `${w("score_now")}: ${number(p.score)} / ${number(p.goal)}`));
  if (p.your_turn) box.append(el("p", {}, `${w("at_stake")}: ${number(p.turn_total)}`));
  if (p.last_face !== null) box.append(el("p", { className: "note" }, `${w("last_die")}: ${number(p.last_face)}`));
  box.append(el("h2", {}, w("others")));
  box.append(el("p", {}, p.scores.map((t, i) => `${w("player")} ${number(i + 1)}: ${number(t)}`).join(" · ")));
  if (page.view.legal.length) box.append(el("h2", {}, w("moves")));
}

document.addEventListener("DOMContentLoaded", () => {
  $("lang").addEventListener("click", () => setLanguage(page.lang === "fa" ? "en" : "fa"));
  $("leave").addEventListener("click", () => {
    send({ type: "leave" });
    localStorage.removeItem(STORE);
    page.seat = null; page.view = null;
    render();
  });
  // the words come first (a small file of the same origin); without them the page still works in English keys
  fetch("words.json").then((r) => r.json()).then((words) => { WORDS = words; }).catch(() => {}).finally(() => {
    setLanguage(page.lang);
    connect();
  });
});
