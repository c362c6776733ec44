// The patrolkit table referee: start a game, photograph the table, see the verdict, correct
// what could not be read, keep the history. Plain DOM; every text from the server is set with
// textContent, never parsed as markup.
//
// The page speaks the browser's language when patrolkit speaks it (English otherwise), or the
// one its switch chose (kept in this browser). Its own words are English here, each in a call
// of _(), ngettext() or pgettext() that the server's catalog translates (/api/messages/<lang>);
// every request says the language (Accept-Language), so verdicts and refusals come back in it.

const app = document.getElementById("app");
const whoInput = document.getElementById("who");
whoInput.value = localStorage.getItem("patrolkit.who") || "";
whoInput.addEventListener("change", () => localStorage.setItem("patrolkit.who", whoInput.value.trim()));
const who = () => whoInput.value.trim() || null;

// -- words -----------------------------------------------------------------------------------

const LANGUAGE_KEY = "patrolkit.language";
const ENGLISH = { language: "en", plural: "n != 1", messages: {} };
let said = ENGLISH;                       // the catalog in force, as the server sent it
let asked = "en";                         // the language requests ask for: the switch's at once
let pluralForm = (n) => Number(n !== 1);  // which of a counted text's forms a count takes

// `{name}` in `text` filled from `values`; a translation may move them.
function fill(text, values = {}) {
  return text.replace(/\{(\w+)\}/g, (whole, name) => (name in values ? String(values[name]) : whole));
}

function _(text, values) {
  const found = said.messages[text];
  return fill(typeof found === "string" && found ? found : text, values);
}

function pgettext(context, text, values) {
  const found = said.messages[`${context}\u0004${text}`];
  return fill(typeof found === "string" && found ? found : text, values);
}

function ngettext(singular, plural, count, values = {}) {
  const forms = said.messages[singular];
  const form = Array.isArray(forms) ? forms[pluralForm(count)] : null;
  return fill(form || (count === 1 ? singular : plural), { count, ...values });
}

// What the game calls a side or a player (`red`, `white`), in the language of the page.
const sideName = (kind, side) => ((kind && kind.side_names) || {})[side] || side;

// The `lang` of a text kept as it was said, when the page speaks another language.
const saidIn = (reading) => (reading.language && reading.language !== said.language ? reading.language : null);

async function speak(language) {
  asked = language;
  let catalog = ENGLISH;
  if (language !== "en") {
    try {
      const response = await fetch(`/api/messages/${language}`);
      if (response.ok) catalog = await response.json();
    } catch { catalog = ENGLISH; }
  }
  if (asked !== language) return;  // the switch was pressed again meanwhile
  said = catalog;
  asked = catalog.language;
  // the catalog's own plural expression, in C's syntax (also JavaScript's), on a count n
  pluralForm = new Function("n", `return Number(${catalog.plural});`);
  document.documentElement.lang = said.language;
  document.title = _("patrolkit — table referee");
  document.getElementById("who-label").textContent = _("Player");
  whoInput.placeholder = _("your name");
  document.getElementById("languages").setAttribute("aria-label", _("Language"));
  for (const button of document.querySelectorAll("#languages button")) {
    button.setAttribute("aria-pressed", String(button.value === said.language));
  }
}

// The languages the server speaks, as a switch; the browser's first one it speaks, unless the
// switch chose another here before.
async function chooseLanguage() {
  let offered = [{ code: "en", name: "English" }];
  try { offered = await (await fetch("/api/languages")).json(); } catch { /* English only */ }
  const codes = offered.map((l) => l.code);
  const browser = (navigator.languages && navigator.languages.length ? navigator.languages : [navigator.language || "en"])
    .map((name) => name.toLowerCase().split("-")[0]);
  const kept = localStorage.getItem(LANGUAGE_KEY);
  const language = codes.includes(kept) ? kept : browser.find((code) => codes.includes(code)) || "en";
  const group = document.getElementById("languages");
  group.replaceChildren(...offered.map((l) => el("button", {
    type: "button", value: l.code, lang: l.code, title: l.name, "data-testid": `language-${l.code}`,
    onclick: () => {
      localStorage.setItem(LANGUAGE_KEY, l.code);
      speak(l.code).then(route);
    } }, l.code.toUpperCase())));
  await speak(language);
}

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
  const headers = { ...(options.headers || {}), "Accept-Language": asked };
  const response = await fetch(path, { ...options, headers });
  let body = null;
  try { body = await response.json(); } catch { body = null; }
  if (!response.ok) {
    const detail = body && typeof body.detail === "string" ? body.detail
      : _("The server answered {status}.", { status: response.status });
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
    el("span", { class: "note" }, g.kind.sides.length ? _("each player's own link")
      : ngettext("{count} accepted", "{count} accepted", g.accepted))];
  const list = games.length
    ? el("ul", { class: "games", "data-testid": "games" }, games.map((g) =>
        // a game that hides information opens only through each player's own link
        el("li", {}, g.kind.sides.length ? el("div", { class: "game-line" }, gameLine(g))
          : el("a", { href: `#/game/${g.id}` }, gameLine(g)))))
    : el("p", { class: "note" }, _("No game yet: start one above."));
  app.replaceChildren(
    el("h1", {}, _("Start a game")),
    el("div", { class: "card" },
      el("p", { class: "note" }, _("Pick the game on the table, then photograph it after each turn.")),
      el("div", { class: "kinds" }, kinds.map((k) =>
        el("button", { "data-testid": `start-${k.name}`,
          onclick: () => k.rules === null ? start(k.name) : rulesForm(k) }, k.title))),
      el("div", { id: "rules-form" })),
    el("h2", {}, _("Games")),
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
    el("p", { class: "rules-title" }, _("{game}: the rules you play", { game: kind.title })),
    controls.map((c) => c.node),
    error,
    el("div", { class: "actions" },
      el("button", { type: "submit", "data-testid": "start-with-rules" }, _("Start {game}", { game: kind.title }))));
  document.getElementById("rules-form").replaceChildren(form);
  form.scrollIntoView({ block: "nearest" });
}

// A game that hides information (Stratego): one link per army, each for its player's phone.
function linksPage(game) {
  const url = (link) => new URL(link.url, location.href).href;
  app.replaceChildren(
    el("h1", {}, game.title, " ", el("span", { class: "note" }, _("started"))),
    el("div", { class: "card" },
      el("p", {}, _("Each player opens their own army's link on their own phone and gives their army's secret. "
        + "Keep the other link away from your screen: it opens that army's page.")),
      el("ul", { class: "links", "data-testid": "links" }, game.links.map((link) =>
        el("li", { "data-side": link.side },
          el("div", { class: "line" }, el("span", { class: `badge side ${link.side}` }, sideName(game.kind, link.side))),
          el("div", { class: "mono" }, url(link)),
          el("div", { class: "actions" },
            el("a", { class: "button", href: `#/game/${link.token}`, "data-testid": `open-${link.side}` },
              _("Play {side} on this phone", { side: sideName(game.kind, link.side) })),
            navigator.clipboard ? el("button", { class: "quiet",
              onclick: (event) => navigator.clipboard.writeText(url(link)).then(
                () => { event.target.textContent = _("Copied"); }, () => {}) }, _("Copy link")) : null))))),
    el("a", { href: "#/" }, _("Back to the games")),
  );
}

// The rules a game is played under, as chosen at its start (none for a game without a choice).
const rulesLine = (game) => game.rules
  ? [el("p", { class: "note mono", "data-testid": "rules" }, _("Rules: {rules}", { rules: game.rules }))] : [];

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
    busy = _("checking the secret…"); problem = null; drawJoinState();
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
    el("h1", {}, game.title, " ", el("span", { class: `badge side ${game.side}`, "data-testid": "side" },
      _("you are {side}", { side: sideName(game.kind, game.side) }))),
    ...rulesLine(game),
    el("form", { class: "card", "data-testid": "join",
      onsubmit: (event) => { event.preventDefault(); if (code.value.trim()) join(code.value.trim()); } },
      el("label", { for: "secret" }, _("Type the code on {side}'s private slip:", { side: sideName(game.kind, game.side) })),
      code,
      el("div", { class: "actions" },
        el("button", { type: "submit", "data-testid": "join-button" }, _("Join the game")),
        el("label", { class: "button quiet" }, _("Or pick the secret file"),
          el("input", { type: "file", class: "hidden-input", accept: ".secret,text/plain", "data-testid": "secret-file",
            onchange: (event) => {
              const file = event.target.files && event.target.files[0];
              if (file) file.text().then(join);
            } }))),
      el("p", { class: "note" }, _("The server keeps your secret to judge attacks; the other player is never sent your ranks, "
        + "only what the rules reveal: the two ranks of an attack and its outcome."))),
    state,
  );
  drawJoinState();
}

// The verdict in one line: the page's words round the sentences the verdict holds (said in the
// language of the request that judged it, and kept so).
function headline(verdict, status) {
  if (verdict.kind === "check") {
    if (verdict.legal === true) {
      const how = verdict.turn_kind || verdict.terrain;
      return how ? _("Legal turn: {turn} ({how})", { turn: verdict.turn, how })
        : _("Legal turn: {turn}", { turn: verdict.turn });
    }
    if (verdict.legal === false) return _("Illegal: {reason}", { reason: verdict.reason });
    const why = verdict.reason || _("some places could not be read");
    const already = why.startsWith("Cannot judge") || why.startsWith(_("Cannot judge"));
    return already ? why : _("Cannot judge: {reason}", { reason: why });
  }
  if (!verdict.judged) {
    return ngettext("Could not read {count} place: tap it to say what is there",
      "Could not read {count} places: tap one to say what is there", verdict.unreadable.length);
  }
  const failing = (verdict.failing || []).map((f) => f.sentence);
  if (verdict.win === true) return _("The kingdom is complete: a win");
  if (verdict.win === false) {
    const reason = failing[0] || _("a requirement is not met");
    return _("The kingdom fails: {reason}", { reason });
  }
  if (verdict.reachable === false) return _("No win can be reached: {reason}", { reason: verdict.why_not });
  if (verdict.reachable === true) return _("A win can still be reached");
  if (verdict.result) return verdict.result;
  if (status === "accepted") return _("Read whole: the position is set");
  return _("Read whole");
}

function statusWord(status) {
  switch (status) {
    case "accepted": return pgettext("reading status", "accepted");
    case "waiting": return _("to correct");
    case "illegal": return pgettext("reading status", "illegal");
    case "rejected": return pgettext("reading status", "rejected");
    case "undone": return pgettext("reading status", "undone");
    default: return status;
  }
}

const notRead = () => _("not read");

// `names` as one list a sentence says: "red", "red and blue".
function both(names) {
  if (names.length < 2) return names.join("");
  return _("{names} and {last}", { names: names.slice(0, -1).join(", "), last: names[names.length - 1] });
}

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
      el("span", { class: `badge ${reading.status}`, "data-testid": "status" }, statusWord(reading.status)),
      " ", el("span", { class: "note" }, _("Photo {seq}", { seq: reading.seq }))),
    el("p", { class: "headline", "data-testid": "verdict" }, headline(v, reading.status)),
    v.kind === "check" && v.legal === true && v.description
      ? el("p", { class: "note", "data-testid": "description", lang: saidIn(reading) }, v.description) : null,
    reading.status === "waiting" && places.length ? el("div", {},
      el("p", { class: "note" }, _("Could not read — tap a place and pick what is there:")),
      el("div", { class: "unreadable", "data-testid": "unreadable" }, places.map((place) =>
        el("button", { "data-place": place, title: reasonOf(place) || "",
          onclick: () => { choosing = choosing === place ? null : place; drawGame(); } }, place))),
      choosing && reading.choices[choosing] ? el("div", {},
        el("p", { class: "note" }, _("{place}: {reason}. It holds:",
          { place: choosing, reason: (reasonOf(choosing) || notRead()).replace(/\.$/, "") })),
        reading.choices[choosing].some((v) => /^[SCX]\d\/\d$/.test(v))
          ? el("p", { class: "note" }, _("S straight, C curve, X crossing; the digit is how many quarter turns; /n is the player."))
          : null,
        el("div", { class: "choices", "data-testid": "choices" }, reading.choices[choosing].map((value) =>
          el("button", { class: "quiet", "data-value": value,
            onclick: () => correct(reading.seq, choosing, value) }, value)))) : null) : null,
    (v.problems || []).length ? el("ul", { class: "problems", lang: saidIn(reading) },
      v.problems.slice(0, 6).map((p) => el("li", {}, p))) : null,
    hintBox(reading),
    current.side && !reading.picture_url ? el("p", { class: "note", "data-testid": "photo-hidden" },
      _("This photo was sent from {side}'s phone; only {side} sees it, as it may show {side}'s ranks.",
        { side: sideName(current.kind, reading.side) })) : null,
    reading.picture_url && !(hinted && hinted.seq === reading.seq) ? el("a", { href: reading.picture_url, target: "_blank" },
      el("img", { class: "picture", src: reading.picture_url, alt: _("the photo with what was read drawn over it"),
        "data-testid": "picture" })) : null,
    open ? el("div", { class: "actions" },
      el("button", { class: "danger", "data-testid": "reject", onclick: () => reject(reading.seq) },
        _("Reject — I will retake it"))) : null,
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
        onclick: () => askHint(reading.seq, mover) }, _("Hint: {player} to play", { player: sideName(current.kind, mover) })))),
    shown ? el("p", { class: "headline", "data-testid": "hint-line" }, shown.line) : null,
    shown ? el("a", { href: shown.picture_url, target: "_blank" },
      el("img", { class: "picture", src: shown.picture_url, alt: _("the photo with the hint's jumps drawn as arrows"),
        "data-testid": "hint-picture" })) : null);
}

function historyList(game) {
  const events = game.events || [];
  return el("ol", { class: "history", "data-testid": "history", reversed: true },
    [...game.readings].reverse().map((r) =>
      el("li", { "data-seq": r.seq, "data-status": r.status },
        el("div", { class: "line" },
          el("strong", {}, `#${r.seq}`),
          el("span", { class: `badge ${r.status}` }, statusWord(r.status)),
          el("span", {}, headline(r.verdict, r.status))),
        el("div", { class: "note" }, _("sent by {name}, {date}", { name: r.sent_by, date: when(r.created) })),
        r.corrections.map((c) => el("div", { class: "fix", "data-testid": "correction" },
          _("corrected: {place} = {value}, by {name}, {date}", { place: c.place, value: c.value, name: c.by, date: when(c.at) }))),
        events.filter((e) => e.seq === r.seq).map((e) => el("div", { class: "event" },
          e.action === "undo" ? _("undone by {name}, {date}", { name: e.by, date: when(e.at) })
            : _("rejected by {name}, {date}", { name: e.by, date: when(e.at) }))),
        r.verdict.state ? el("div", { class: "mono" }, r.verdict.state) : null)));
}

const when = (stamp) => stamp.replace("T", " ").slice(0, 19);

function scoreBox(game) {
  const s = game.score;
  const rows = [[_("Accepted photos"), s.accepted]];
  if (game.kind.check_style) rows.push([_("Turns"), s.turns]);
  if (s.attempts !== undefined) {
    rows.push([_("Attempts"), _("{finished} finished, {won} won", { finished: s.attempts, won: s.won })]);
  }
  if (s.score) {
    const text = typeof s.score === "object"
      ? Object.entries(s.score).map(([k, val]) => `${sideName(game.kind, k)} ${typeof val === "object" ? val.points : val}`).join(", ")
      : String(s.score);
    rows.push([_("Score"), text]);
  }
  if (s.result) rows.push([_("Result"), s.result]);
  return el("dl", { class: "score", "data-testid": "score" }, rows.map(([k, val]) => [el("dt", {}, k), el("dd", {}, val)]));
}

function drawGame() {
  const game = current;
  const latest = game.readings[game.readings.length - 1];
  const accepted = game.readings.some((r) => r.status === "accepted");
  const waiting = waitingFor(game);
  const camera = el("label", { class: "button camera", "data-testid": "camera" },
    game.readings.length ? _("Photograph the table after the turn") : _("Photograph the table"),
    el("input", { type: "file", accept: "image/*", capture: "environment", "data-testid": "photo",
      disabled: busy !== null || waiting.length > 0, onchange: (event) => send(event.target) }));
  const what = waiting.length
    ? ngettext("Photos are judged once {sides} has given their army's secret: send them their link.",
      "Photos are judged once {sides} have given their army's secret: send them their link.", waiting.length,
      { sides: both(waiting.map((side) => sideName(game.kind, side))) })
    : game.kind.check_style
      ? _("Each photo is judged against the last accepted one.")
      : _("Each photo is judged on its own.");
  app.replaceChildren(
    el("h1", {}, game.title, game.title !== game.kind.title ? el("span", { class: "note" }, ` ${game.kind.title}`) : null,
      game.side ? [" ", el("span", { class: `badge side ${game.side}`, "data-testid": "side" },
        _("you are {side}", { side: sideName(game.kind, game.side) }))] : null),
    ...rulesLine(game),
    el("div", { class: "game-grid" },
      el("div", {},
        el("div", { class: "card" }, camera, el("p", { class: "note" }, what),
          busy ? el("p", { class: "reading-state", "data-testid": "reading" }, el("span", { class: "spinner" }), busy) : null,
          problem ? el("p", { class: "error", role: "alert", "data-testid": "error" }, problem) : null),
        latest ? latestCard(latest) : el("p", { class: "note" }, _("No photo yet."))),
      el("div", {},
        el("section", { class: "card" }, el("h2", {}, _("Score")), scoreBox(game),
          el("div", { class: "actions" },
            el("button", { class: "quiet", "data-testid": "undo", disabled: !accepted, onclick: undo }, _("Undo last turn")),
            el("a", { class: "button quiet", href: `/api/games/${game.id}/export?lang=${said.language}`, download: "",
              "data-testid": "export" }, _("Export JSON")),
            el("a", { class: "button quiet", href: `/api/games/${game.id}/notation?lang=${said.language}`, download: "",
              "data-testid": "notation" }, _("Notation")))),
        el("section", { class: "card" }, el("h2", {}, _("History")), historyList(game)))),
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
  run(() => api(`/api/games/${current.id}/photos`, { method: "POST", body: form }), _("reading…"));
}

function correct(seq, place, value) {
  choosing = null;
  run(() => post(`/api/games/${current.id}/readings/${seq}/corrections`, { place, value, by: who() }), _("recomputing the verdict…"));
}

function askHint(seq, mover) {
  run(async () => { hinted = await post(`/api/games/${current.id}/readings/${seq}/hint`, { mover }); },
    _("the computer player is thinking…"));
}

function reject(seq) {
  run(() => post(`/api/games/${current.id}/readings/${seq}/reject`, { by: who() }), _("rejecting…"));
}

function undo() {
  run(() => post(`/api/games/${current.id}/undo`, { by: who() }), _("undoing…"));
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
      el("a", { href: "#/" }, _("Back to the games")));
  }
}

await chooseLanguage();
window.addEventListener("hashchange", route);
route();
