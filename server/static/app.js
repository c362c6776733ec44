// The patrolkit table referee: start a game, photograph the table, see the verdict, correct
// what could not be read, keep the history. Plain DOM; every text from the server is set with
// textContent, never parsed as markup.

const app = document.getElementById("app");
const whoInput = document.getElementById("who");
whoInput.value = localStorage.getItem("patrolkit.who") || "";
whoInput.addEventListener("change", () => localStorage.setItem("patrolkit.who", whoInput.value.trim()));
const who = () => whoInput.value.trim() || null;

function el(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs)) {
    if (value === null || value === undefined || value === false) continue;
    if (key.startsWith("on")) node.addEventListener(key.slice(2), value);
    else if (key === "class") node.className = value;
    else node.setAttribute(key, value === true ? "" : value);
  }
  for (const child of children.flat(Infinity)) {
    if (child === null || child === undefined || child === false) continue;
    node.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return node;
}

async function api(path, options = {}) {
  const response = await fetch(path, options);
  let body = null;
  try { body = await response.json(); } catch { body = null; }
  if (!response.ok) {
    const detail = body && typeof body.detail === "string" ? body.detail : `The server answered ${response.status}.`;
    throw new Error(detail);
  }
  return body;
}

const post = (path, data) => api(path, {
  method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(data),
});

// -- start page ------------------------------------------------------------------------------

async function startPage() {
  const [kinds, games] = await Promise.all([api("/api/kinds"), api("/api/games")]);
  const gameLine = (g) => [
    el("span", {}, g.title, " ", el("span", { class: "note" }, g.created.slice(0, 16).replace("T", " "))),
    el("span", { class: "note" }, g.kind.sides.length ? "each player's own link" : `${g.accepted} accepted`)];
  const list = games.length
    ? el("ul", { class: "games", "data-testid": "games" }, games.map((g) =>
        // a game that hides information opens only through each player's own link
        el("li", {}, g.kind.sides.length ? el("div", { class: "game-line" }, gameLine(g))
          : el("a", { href: `#/game/${g.id}` }, gameLine(g)))))
    : el("p", { class: "note" }, "No game yet: start one above.");
  app.replaceChildren(
    el("h1", {}, "Start a game"),
    el("div", { class: "card" },
      el("p", { class: "note" }, "Pick the game on the table, then photograph it after each turn."),
      el("div", { class: "kinds" }, kinds.map((k) =>
        el("button", { "data-testid": `start-${k.name}`,
          onclick: () => k.rules === null ? start(k.name) : rulesForm(k) }, k.title))),
      el("div", { id: "rules-form" })),
    el("h2", {}, "Games"),
    el("div", { class: "card" }, list),
  );
}

async function start(name, rules) {
  const game = await post("/api/games", rules ? { game: name, rules } : { game: name });
  if (game.links) linksPage(game);
  else location.hash = `#/game/${game.id}`;
}

// A game whose players choose its rules before it starts (Stratego, the grand jeu): one control
// per option as the server describes it (a checkbox for on or off, a list for a few values, a
// number for a count, a checkbox per digit for a set of digits), each at the game's default.
// The rules are sent as the game writes them (`two-square=5 chase=on`); the server reads them.
function ruleControl(option) {
  const id = `rule-${option.name}`;
  const testid = { "data-testid": id };
  if (option.control === "switch") {
    const box = el("input", { type: "checkbox", id, ...testid, checked: option.default === "on" });
    return { node: el("label", { class: "rule switch", for: id }, box, el("span", {}, option.label)),
      value: () => (box.checked ? "on" : "off") };
  }
  if (option.control === "digits") {
    const boxes = option.values.map((v) => el("input", { type: "checkbox", value: v.value,
      "data-testid": `${id}-${v.value}`, checked: option.default.includes(v.value) }));
    return { node: el("fieldset", { class: "rule digits", "data-testid": id },
      el("legend", {}, option.label),
      option.values.map((v, i) => el("label", {}, boxes[i], el("span", {}, v.label)))),
      value: () => boxes.filter((b) => b.checked).map((b) => b.value).join("") };
  }
  let field;
  if (option.control === "choice") {
    field = el("select", { id, ...testid }, option.values.map((v) =>
      el("option", { value: v.value, selected: v.value === option.default }, v.label)));
  } else if (option.control === "count") {
    field = el("input", { type: "number", id, ...testid, inputmode: "numeric", value: option.default,
      min: option.min, max: option.max, step: 1, required: true });
  } else {
    field = el("input", { id, ...testid, value: option.default, autocomplete: "off", spellcheck: "false" });
  }
  return { node: el("label", { class: "rule", for: id }, el("span", {}, option.label), field),
    value: () => field.value.trim() };
}

function rulesForm(kind) {
  const controls = kind.options.map(ruleControl);
  const error = el("p", { class: "error", role: "alert", "data-testid": "rules-error" });
  const chosen = () => kind.options.map((option, i) => `${option.name}=${controls[i].value()}`).join(" ");
  const form = el("form", { class: "rules", "data-testid": "rules-form",
    onsubmit: (event) => {
      event.preventDefault();
      start(kind.name, chosen()).catch((e) => { error.textContent = e.message; });
    } },
    el("p", { class: "rules-title" }, `${kind.title}: the rules you play`),
    controls.map((c) => c.node),
    error,
    el("div", { class: "actions" },
      el("button", { type: "submit", "data-testid": "start-with-rules" }, `Start ${kind.title}`)));
  document.getElementById("rules-form").replaceChildren(form);
  form.scrollIntoView({ block: "nearest" });
}

// A game that hides information (Stratego): one link per army, each for its player's phone.
function linksPage(game) {
  const url = (link) => new URL(link.url, location.href).href;
  app.replaceChildren(
    el("h1", {}, game.title, " ", el("span", { class: "note" }, "started")),
    el("div", { class: "card" },
      el("p", {}, "Each player opens their own army's link on their own phone and gives their army's secret. ",
        "Keep the other link away from your screen: it opens that army's page."),
      el("ul", { class: "links", "data-testid": "links" }, game.links.map((link) =>
        el("li", { "data-side": link.side },
          el("div", { class: "line" }, el("span", { class: `badge side ${link.side}` }, link.side)),
          el("div", { class: "mono" }, url(link)),
          el("div", { class: "actions" },
            el("a", { class: "button", href: `#/game/${link.token}`, "data-testid": `open-${link.side}` },
              `Play ${link.side} on this phone`),
            navigator.clipboard ? el("button", { class: "quiet",
              onclick: (event) => navigator.clipboard.writeText(url(link)).then(
                () => { event.target.textContent = "Copied"; }, () => {}) }, "Copy link") : null))))),
    el("a", { href: "#/" }, "Back to the games"),
  );
}

// The rules a game is played under, as chosen at its start (none for a game without a choice).
const rulesLine = (game) => game.rules
  ? [el("p", { class: "note mono", "data-testid": "rules" }, `Rules: ${game.rules}`)] : [];

// -- a game ----------------------------------------------------------------------------------

let current = null;      // the game's history as the server last sent it
let busy = null;         // "reading…" while a photo is read
let problem = null;      // the last refusal, in the server's words
let choosing = null;     // the unreadable place whose choices are open
let hinted = null;       // the computer player's hint for the latest photo, as the server sent it

async function gamePage(token) {
  current = await api(`/api/games/${token}`);
  if (mustJoin(current)) drawJoin();
  else drawGame();
}

// -- joining a game that hides information -----------------------------------------------------

function mustJoin(game) {
  return Boolean(game.side) && !game.sides.find((s) => s.side === game.side).joined;
}

function waitingFor(game) {
  return (game.sides || []).filter((s) => !s.joined).map((s) => s.side);
}

function drawJoin() {
  const game = current;
  const code = el("input", { id: "secret", "data-testid": "secret", autocomplete: "off", autocapitalize: "characters",
    spellcheck: "false", placeholder: "RC7QK2MZ-ABCD-EFGH-JKMN-PQRS-XY", maxlength: "60" });
  const join = (text) => {
    busy = "checking the secret…"; problem = null; drawJoinState();
    post(`/api/games/${game.id}/secret`, { secret: text })
      .then((joined) => { current = joined; busy = null; drawGame(); })
      .catch((error) => { busy = null; problem = error.message; drawJoinState(); });
  };
  const state = el("div", { "data-testid": "join-state" });
  function drawJoinState() {
    state.replaceChildren(...[
      busy ? el("p", { class: "reading-state" }, el("span", { class: "spinner" }), busy) : null,
      problem ? el("p", { class: "error", role: "alert", "data-testid": "error" }, problem) : null,
    ].filter(Boolean));
  }
  app.replaceChildren(
    el("h1", {}, game.title, " ", el("span", { class: `badge side ${game.side}`, "data-testid": "side" }, `you are ${game.side}`)),
    ...rulesLine(game),
    el("form", { class: "card", "data-testid": "join",
      onsubmit: (event) => { event.preventDefault(); if (code.value.trim()) join(code.value.trim()); } },
      el("label", { for: "secret" }, `Type the code on ${game.side}'s private slip:`),
      code,
      el("div", { class: "actions" },
        el("button", { type: "submit", "data-testid": "join-button" }, "Join the game"),
        el("label", { class: "button quiet" }, "Or pick the secret file",
          el("input", { type: "file", class: "hidden-input", accept: ".secret,text/plain", "data-testid": "secret-file",
            onchange: (event) => {
              const file = event.target.files && event.target.files[0];
              if (file) file.text().then(join);
            } }))),
      el("p", { class: "note" }, "The server keeps your secret to judge attacks; the other player is never sent your ranks, ",
        "only what the rules reveal: the two ranks of an attack and its outcome.")),
    state,
  );
  drawJoinState();
}

function headline(verdict, status) {
  if (verdict.kind === "check") {
    if (verdict.legal === true) {
      const how = verdict.turn_kind || verdict.terrain;
      return `Legal turn: ${verdict.turn}${how ? ` (${how})` : ""}`;
    }
    if (verdict.legal === false) return `Illegal: ${verdict.reason}`;
    const why = verdict.reason || "some places could not be read";
    return why.startsWith("Cannot judge") ? why : `Cannot judge: ${why}`;
  }
  if (!verdict.judged) {
    const count = verdict.unreadable.length;
    return `Could not read ${count} place${count === 1 ? "" : "s"}: tap one to say what is there`;
  }
  const failing = (verdict.failing || []).map((f) => f.sentence);
  if (verdict.win === true) return "The kingdom is complete: a win";
  if (verdict.win === false) return `The kingdom fails: ${failing[0] || "a requirement is not met"}`;
  if (verdict.reachable === false) return `No win can be reached: ${verdict.why_not}`;
  if (verdict.reachable === true) return "A win can still be reached";
  if (verdict.result) return verdict.result;
  if (status === "accepted") return "Read whole: the position is set";
  return "Read whole";
}

const STATUS_WORDS = {
  accepted: "accepted", waiting: "to correct", illegal: "illegal", rejected: "rejected", undone: "undone",
};

function placeOf(u) {
  return u.cell || u.where || null;
}

function latestCard(reading) {
  const v = reading.verdict;
  const places = Object.keys(reading.choices || {});
  const open = reading.status === "waiting" || reading.status === "illegal";
  const unreadable = (v.unreadable || []).filter((u) => !u.photo || u.photo === "after" || u.photo === 2);
  const reasons = new Map(unreadable.map((u) => [placeOf(u), u.reason || u.what]));
  // a place on no cell (a grand jeu prison with a slot unread) is named in its reason's words
  const reasonOf = (place) => reasons.get(place)
    || (unreadable.find((u) => !placeOf(u) && (u.reason || "").includes(place)) || {}).reason;
  return el("section", { class: "card", "data-testid": "latest", "data-status": reading.status },
    el("div", { class: "line" },
      el("span", { class: `badge ${reading.status}`, "data-testid": "status" }, STATUS_WORDS[reading.status]),
      " ", el("span", { class: "note" }, `Photo ${reading.seq}`)),
    el("p", { class: "headline", "data-testid": "verdict" }, headline(v, reading.status)),
    v.kind === "check" && v.legal === true && v.description
      ? el("p", { class: "note", "data-testid": "description" }, v.description) : null,
    reading.status === "waiting" && places.length ? el("div", {},
      el("p", { class: "note" }, "Could not read — tap a place and pick what is there:"),
      el("div", { class: "unreadable", "data-testid": "unreadable" }, places.map((place) =>
        el("button", { "data-place": place, title: reasonOf(place) || "",
          onclick: () => { choosing = choosing === place ? null : place; drawGame(); } }, place))),
      choosing && reading.choices[choosing] ? el("div", {},
        el("p", { class: "note" }, `${choosing}: ${(reasonOf(choosing) || "not read").replace(/\.$/, "")}. It holds:`),
        reading.choices[choosing].some((v) => /^[SCX]\d\/\d$/.test(v))
          ? el("p", { class: "note" }, "S straight, C curve, X crossing; the digit is how many quarter turns; /n is the player.")
          : null,
        el("div", { class: "choices", "data-testid": "choices" }, reading.choices[choosing].map((value) =>
          el("button", { class: "quiet", "data-value": value,
            onclick: () => correct(reading.seq, choosing, value) }, value)))) : null) : null,
    (v.problems || []).length ? el("ul", { class: "problems" }, v.problems.slice(0, 6).map((p) => el("li", {}, p))) : null,
    hintBox(reading),
    current.side && !reading.picture_url ? el("p", { class: "note", "data-testid": "photo-hidden" },
      `This photo was sent from ${reading.side}'s phone; only ${reading.side} sees it, as it may show ${reading.side}'s ranks.`) : null,
    reading.picture_url && !(hinted && hinted.seq === reading.seq) ? el("a", { href: reading.picture_url, target: "_blank" },
      el("img", { class: "picture", src: reading.picture_url, alt: "the photo with what was read drawn over it",
        "data-testid": "picture" })) : null,
    open ? el("div", { class: "actions" },
      el("button", { class: "danger", "data-testid": "reject", onclick: () => reject(reading.seq) },
        "Reject — I will retake it")) : null,
  );
}

function hintBox(reading) {
  const movers = current.kind.hints || [];
  const whole = reading.status === "accepted" || (reading.verdict.kind !== "check" && reading.verdict.judged);
  if (!movers.length || !whole) return null;
  const shown = hinted && hinted.seq === reading.seq ? hinted : null;
  return el("div", { class: "hint", "data-testid": "hint" },
    el("div", { class: "actions" }, movers.map((mover) =>
      el("button", { class: "quiet", "data-testid": `hint-${mover}`, disabled: busy !== null,
        onclick: () => askHint(reading.seq, mover) }, `Hint: ${mover} to play`))),
    shown ? el("p", { class: "headline", "data-testid": "hint-line" }, shown.line) : null,
    shown ? el("a", { href: shown.picture_url, target: "_blank" },
      el("img", { class: "picture", src: shown.picture_url, alt: "the photo with the hint's jumps drawn as arrows",
        "data-testid": "hint-picture" })) : null);
}

function historyList(game) {
  const events = game.events || [];
  return el("ol", { class: "history", "data-testid": "history", reversed: true },
    [...game.readings].reverse().map((r) =>
      el("li", { "data-seq": r.seq, "data-status": r.status },
        el("div", { class: "line" },
          el("strong", {}, `#${r.seq}`),
          el("span", { class: `badge ${r.status}` }, STATUS_WORDS[r.status]),
          el("span", {}, headline(r.verdict, r.status))),
        el("div", { class: "note" }, `sent by ${r.sent_by}, ${r.created.replace("T", " ").slice(0, 19)}`),
        r.corrections.map((c) => el("div", { class: "fix", "data-testid": "correction" },
          `corrected: ${c.place} = ${c.value}, by ${c.by}, ${c.at.replace("T", " ").slice(0, 19)}`)),
        events.filter((e) => e.seq === r.seq).map((e) => el("div", { class: "event" },
          `${e.action === "undo" ? "undone" : "rejected"} by ${e.by}, ${e.at.replace("T", " ").slice(0, 19)}`)),
        r.verdict.state ? el("div", { class: "mono" }, r.verdict.state) : null)));
}

function scoreBox(game) {
  const s = game.score;
  const rows = [["Accepted photos", s.accepted]];
  if (game.kind.check_style) rows.push(["Turns", s.turns]);
  if (s.attempts !== undefined) rows.push(["Attempts", `${s.attempts} finished, ${s.won} won`]);
  if (s.score) {
    const text = typeof s.score === "object"
      ? Object.entries(s.score).map(([k, val]) => `${k} ${typeof val === "object" ? val.points : val}`).join(", ")
      : String(s.score);
    rows.push(["Score", text]);
  }
  if (s.result) rows.push(["Result", s.result]);
  return el("dl", { class: "score", "data-testid": "score" }, rows.map(([k, val]) => [el("dt", {}, k), el("dd", {}, val)]));
}

function drawGame() {
  const game = current;
  const latest = game.readings[game.readings.length - 1];
  const accepted = game.readings.some((r) => r.status === "accepted");
  const waiting = waitingFor(game);
  const camera = el("label", { class: "button camera", "data-testid": "camera" },
    game.readings.length ? "Photograph the table after the turn" : "Photograph the table",
    el("input", { type: "file", accept: "image/*", capture: "environment", "data-testid": "photo",
      disabled: busy !== null || waiting.length > 0, onchange: (event) => send(event.target) }));
  const what = waiting.length
    ? `Photos are judged once ${waiting.join(" and ")} has given their army's secret: send them their link.`
    : game.kind.check_style
      ? "Each photo is judged against the last accepted one."
      : "Each photo is judged on its own.";
  app.replaceChildren(
    el("h1", {}, game.title, game.title !== game.kind.title ? el("span", { class: "note" }, ` ${game.kind.title}`) : null,
      game.side ? [" ", el("span", { class: `badge side ${game.side}`, "data-testid": "side" }, `you are ${game.side}`)] : null),
    ...rulesLine(game),
    el("div", { class: "game-grid" },
      el("div", {},
        el("div", { class: "card" }, camera, el("p", { class: "note" }, what),
          busy ? el("p", { class: "reading-state", "data-testid": "reading" }, el("span", { class: "spinner" }), busy) : null,
          problem ? el("p", { class: "error", role: "alert", "data-testid": "error" }, problem) : null),
        latest ? latestCard(latest) : el("p", { class: "note" }, "No photo yet.")),
      el("div", {},
        el("section", { class: "card" }, el("h2", {}, "Score"), scoreBox(game),
          el("div", { class: "actions" },
            el("button", { class: "quiet", "data-testid": "undo", disabled: !accepted, onclick: undo }, "Undo last turn"),
            el("a", { class: "button quiet", href: `/api/games/${game.id}/export`, download: "", "data-testid": "export" }, "Export JSON"),
            el("a", { class: "button quiet", href: `/api/games/${game.id}/notation`, download: "", "data-testid": "notation" }, "Notation"))),
        el("section", { class: "card" }, el("h2", {}, "History"), historyList(game)))),
  );
}

async function run(action, label) {
  busy = label; problem = null; drawGame();
  try {
    await action();
    current = await api(`/api/games/${current.id}`);
  } catch (error) {
    problem = error.message;
  } finally {
    busy = null; drawGame();
  }
}

function send(input) {
  const file = input.files && input.files[0];
  if (!file) return;
  const form = new FormData();
  form.append("photo", file);
  if (who()) form.append("by", who());
  choosing = null;
  run(() => api(`/api/games/${current.id}/photos`, { method: "POST", body: form }), "reading…");
}

function correct(seq, place, value) {
  choosing = null;
  run(() => post(`/api/games/${current.id}/readings/${seq}/corrections`, { place, value, by: who() }), "recomputing the verdict…");
}

function askHint(seq, mover) {
  run(async () => { hinted = await post(`/api/games/${current.id}/readings/${seq}/hint`, { mover }); },
    "the computer player is thinking…");
}

function reject(seq) {
  run(() => post(`/api/games/${current.id}/readings/${seq}/reject`, { by: who() }), "rejecting…");
}

function undo() {
  run(() => post(`/api/games/${current.id}/undo`, { by: who() }), "undoing…");
}

// -- routing ---------------------------------------------------------------------------------

async function route() {
  const match = location.hash.match(/^#\/game\/([\w-]+)$/);
  busy = null; problem = null; choosing = null; hinted = null;
  try {
    if (match) await gamePage(match[1]);
    else await startPage();
  } catch (error) {
    app.replaceChildren(el("p", { class: "error", role: "alert" }, error.message),
      el("a", { href: "#/" }, "Back to the games"));
  }
}

window.addEventListener("hashchange", route);
route();
