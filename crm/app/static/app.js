// Every piece of text is set with textContent: answers and criteria are never parsed as HTML.
// Served as a file (no inline script or style): the Content-Security-Policy allows only 'self'.
const $ = (id) => document.getElementById(id);
let options = null, job = null, lastResult = null;

function el(tag, text, cls) { const e = document.createElement(tag); if (text !== undefined) e.textContent = text; if (cls) e.className = cls; return e; }

async function api(path, body) {
  const res = await fetch(path, body ? {method: "POST", headers: {"Content-Type": "application/json"}, body: JSON.stringify(body)} : {});
  const data = await res.json().catch(() => ({}));
  if (!res.ok) throw new Error(data.detail ? (typeof data.detail === "string" ? data.detail : JSON.stringify(data.detail)) : res.statusText);
  return data;
}

function fillCorpus() {
  const c = options.corpora[$("corpus").value];
  const topics = $("topics"); topics.replaceChildren();
  for (const [topic, n] of Object.entries(c.topics)) {
    const label = el("label"); const box = el("input"); box.type = "checkbox"; box.value = topic; box.name = "topic";
    label.append(box, " " + topic + " (" + n + ")"); topics.append(label);
  }
  const base = $("baseline"); base.replaceChildren();
  for (const m of c.models) { const o = el("option", m); o.value = m; o.selected = m === c.baseline; base.append(o); }
}

async function init() {
  options = await api("/api/options");
  for (const name of Object.keys(options.corpora)) { const o = el("option", name); o.value = name; $("corpus").append(o); }
  for (const name of options.ckpts) { const o = el("option", name); o.value = name; $("ckpt").append(o); }
  for (const [name, text] of Object.entries(options.presets)) {
    const b = el("button", name); b.type = "button"; b.onclick = () => { $("criteria").value = text; }; $("presets").append(b);
  }
  $("corpus").onchange = fillCorpus; fillCorpus();
  $("ckpt").onchange = applyLimits; applyLimits();
}

function criteriaLimit() {  // what the selected CRM reads at most: {tokens, characters}, or null if unknown
  return (options.criteria_limits || {})[$("ckpt").value] || null;
}

function applyLimits() {  // the CRM's limit caps both criteria boxes (the server checks it in tokens)
  const limit = criteriaLimit();
  for (const id of ["criteria", "versus"]) {
    if (limit) $(id).maxLength = limit.characters; else $(id).removeAttribute("maxlength");
    $(id + "-limit").textContent = limit ? "up to about " + limit.characters + " characters (" + limit.tokens + " tokens): what this CRM reads" : "";
  }
}

function overLimit(text, label) {  // a message when text is longer than the CRM reads, else ""
  const limit = criteriaLimit();
  if (!limit || text.length <= limit.characters) return "";
  return label + " are " + text.length + " characters long; this CRM reads at most " + limit.tokens +
    " tokens of criteria (about " + limit.characters + " characters): shorten or drop some criteria.";
}

function renderBoard(title, board) {
  const box = el("div"); box.append(el("h2", title));
  box.append(el("p", "criteria: " + board.criteria.join(" / ") + " · " + board.queries + " queries vs " + board.baseline, "muted"));
  if (board.readings && board.readings.length) box.append(readings(board.readings));
  const table = el("table"); const head = el("tr");
  for (const h of ["rank", "model", "win rate", "95% interval", "n", "mean length"]) head.append(el("th", h));
  table.append(head);
  for (const r of board.rows) {
    const tr = el("tr"); tr.className = "board-row";
    tr.append(el("td", String(r.rank), "num rank"), el("td", r.model, "model"), el("td", r.win_rate.toFixed(3), "num"),
      el("td", "[" + r.lower.toFixed(3) + ", " + r.upper.toFixed(3) + "]", "num"), el("td", String(r.n), "num"),
      el("td", Math.round(r.mean_length).toString(), "num"));
    table.append(tr);
  }
  box.append(table, chart(board.rows)); return box;
}

function readings(list) {  // how the CRM read each criterion; unsure readings are flagged
  const ul = el("ul", "", "readings");
  for (const r of list) {
    const text = "“" + r.criterion + "”: read as asking for " + r.meaning + " (" + r.family + ", p = " + r.probability.toFixed(2) + ")";
    ul.append(el("li", r.sure ? text : text + ": unsure, the board may not follow this criterion; try rewording it", r.sure ? "" : "unsure"));
  }
  return ul;
}

function chart(rows) {  // win rates with their 95% intervals, 0.5 marked
  const ns = "http://www.w3.org/2000/svg", w = 520, rowH = 16, left = 190, h = rows.length * rowH + 24;
  const svg = document.createElementNS(ns, "svg"); svg.setAttribute("viewBox", `0 0 ${w} ${h}`); svg.setAttribute("width", "100%");
  const x = (v) => left + v * (w - left - 10);
  const mk = (tag, attrs, text) => { const e = document.createElementNS(ns, tag); for (const k in attrs) e.setAttribute(k, attrs[k]); if (text) e.textContent = text; svg.append(e); };
  mk("line", {x1: x(0.5), x2: x(0.5), y1: 0, y2: h - 18, stroke: "#98a2b3", "stroke-dasharray": "3 3"});
  rows.forEach((r, i) => {
    const y = 8 + i * rowH;
    mk("text", {x: left - 6, y: y + 4, "text-anchor": "end", "font-size": 11, fill: "#344054"}, r.model);
    mk("line", {x1: x(r.lower), x2: x(r.upper), y1: y, y2: y, stroke: "#3559e0", "stroke-width": 2});
    mk("circle", {cx: x(r.win_rate), cy: y, r: 3.5, fill: "#3559e0"});
  });
  for (const v of [0, 0.25, 0.5, 0.75, 1]) mk("text", {x: x(v), y: h - 4, "text-anchor": "middle", "font-size": 10, fill: "#667085"}, String(v));
  return svg;
}

function render(result) {
  lastResult = result;
  const boards = $("boards"); boards.replaceChildren();
  boards.className = result.versus ? "boards two" : "boards";
  boards.append(renderBoard("Your leaderboard", result.criteria));
  if (result.versus) boards.append(renderBoard("With the other criteria", result.versus));
  $("tau").textContent = result.tau ? "Kendall tau between the two rankings: " + result.tau.tau.toFixed(3) + " (" + result.tau.models + " models)" : "";
  $("results").hidden = false;
  const ddm = $("dd-model"); ddm.replaceChildren();
  for (const r of result.criteria.rows) { const o = el("option", r.model); o.value = r.model; ddm.append(o); }
  const ddq = $("dd-query"); ddq.replaceChildren();
  for (const q of result.question_ids) { const o = el("option", "query " + q); o.value = q; ddq.append(o); }
  $("drill").hidden = false;
}

async function poll() {
  const s = await api("/api/jobs/" + job);
  $("progress").value = s.total ? s.done / s.total : 0;
  $("progress-text").textContent = s.status === "queued" ? "waiting for another leaderboard to finish…"
    : s.total ? s.done + " / " + s.total + " queries scored" : "reading the cache…";
  $("notices").textContent = s.notices.join(" ");
  if (s.status === "running" || s.status === "queued") { setTimeout(poll, 250); return; }
  $("status").hidden = true; $("build").disabled = false;
  if (s.status === "done") render(s.result); else $("message").textContent = s.message;
}

$("build").onclick = async () => {
  $("message").textContent = ""; $("notices").textContent = "";
  const topics = [...document.querySelectorAll("#topics input:checked")].map((b) => b.value);
  const body = {corpus: $("corpus").value, ckpt: $("ckpt").value, criteria: $("criteria").value, topics,
    search: $("search").value || null, baseline: $("baseline").value, versus: $("versus").value || null};
  if (!body.criteria.trim()) { $("message").textContent = "Write at least one criterion (one per line)."; return; }
  const tooLong = overLimit(body.criteria, "Your criteria") || overLimit(body.versus || "", "The other criteria");
  if (tooLong) { $("message").textContent = tooLong; return; }
  try {
    job = (await api("/api/boards", body)).job;
    $("build").disabled = true; $("status").hidden = false; poll();
  } catch (e) { $("message").textContent = e.message; }
};
$("cancel").onclick = () => job && api("/api/jobs/" + job + "/cancel", {});
$("dd-show").onclick = async () => {
  try {
    const d = await api(`/api/jobs/${job}/drilldown?model=${encodeURIComponent($("dd-model").value)}&question_id=${encodeURIComponent($("dd-query").value)}`);
    $("dd-query-text").textContent = "[" + d.topic + "] " + d.query;
    $("dd-model-name").textContent = d.model; $("dd-p").textContent = d.p.toFixed(3);
    $("dd-model-label").textContent = d.model; $("dd-baseline-label").textContent = d.baseline + " (baseline)";
    $("dd-answer").textContent = d.answer; $("dd-baseline-answer").textContent = d.baseline_answer;
  } catch (e) { $("message").textContent = e.message; }
};
init().catch((e) => { $("message").textContent = "could not load the options: " + e.message; });
