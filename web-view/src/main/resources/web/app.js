'use strict';
// Wires the page to the server: the token, the model, the event stream, commands, and the test hooks.

const TOKEN_KEY = 'embodia.token';

/** The token comes once in the address the console printed; it is kept for the tab and taken out of the address bar. */
function takeToken() {
  const url = new URL(location.href);
  if (url.searchParams.has('token')) {
    const t = url.searchParams.get('token').trim();
    if (t) sessionStorage.setItem(TOKEN_KEY, t);
    url.searchParams.delete('token');
    history.replaceState(history.state, '', url.pathname + url.search + url.hash);
  }
  return sessionStorage.getItem(TOKEN_KEY);
}

const token = takeToken();
let model = null;
let state = null;
let loadingModel = null;

const commandLog = document.getElementById('command-log');

function commandsOn() {
  return Boolean(token) && Boolean(model) && !model.readOnly;
}

/** Whether the server takes commands of a scope (the part before ':'). */
function allowed(scope) {
  return commandsOn() && (!Array.isArray(model.commandScopes) || model.commandScopes.includes(scope));
}

function addLogEntry(line) {
  const out = el('pre', {class: 'output', textContent: 'pending…'});
  const entry = el('div', {class: 'result pending'}, el('div', {class: 'command-line'}, el('time', {textContent: clock(Date.now())}), ' ', el('code', {textContent: line})), out);
  const atBottom = commandLog.scrollHeight - commandLog.scrollTop - commandLog.clientHeight < 30;
  commandLog.append(entry);
  if (atBottom) commandLog.scrollTop = commandLog.scrollHeight;
  return {entry, out};
}

/** Sends one command line; resolves to the server's parsed reply. Several may be pending at once. */
async function send(line) {
  const {entry, out} = addLogEntry(line);
  const started = performance.now();
  let reply;
  try {
    const headers = {'Content-Type': 'text/plain; charset=utf-8'};
    if (token) headers['X-Embodia-Token'] = token;
    const res = await fetch('api/command', {method: 'POST', headers, body: line});
    const text = await res.text();
    try {
      reply = JSON.parse(text);
    } catch {
      reply = {ok: false, error: `HTTP ${res.status}: ${text}`};
    }
  } catch (e) {
    reply = {ok: false, error: `no answer from the server: ${e.message}`};
  }
  const ok = reply?.ok === true;
  entry.className = `result ${ok ? 'ok' : 'error'}`;
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  out.textContent = `${(ok ? reply.output : reply?.error) ?? ''}`.trimEnd() || (ok ? '(done)' : '(failed)');
  entry.querySelector('.command-line').append(el('span', {class: 'took', textContent: ` ${seconds} s`}));
  return reply;
}

const commands = {send, allowed};
const panels = {
  velma: new VelmaPanel(commands),
  nao: new NaoPanel(commands),
  rapp: new RappPanel(commands),
  switches: new SwitchesPanel(),
  timing: new TimingPanel(),
  buffers: new BuffersPanel(),
};
let agentViews = [];
let fsmViews = [];

function applyPermissions() {
  const note = document.getElementById('readonly-note');
  note.hidden = Boolean(token) && !model?.readOnly;
  note.textContent = token ? 'read-only: the server has commands turned off' : 'read-only: open the address with ?token= the console printed';
  document.getElementById('command').disabled = !commandsOn();
  document.getElementById('send').disabled = !commandsOn();
  for (const area of document.querySelectorAll('[data-scope]')) {
    const ok = allowed(area.dataset.scope);
    for (const c of area.querySelectorAll('button, input, select')) c.disabled = !ok;
    area.title = ok || !commandsOn() ? '' : `the server takes no ${area.dataset.scope} commands`;
  }
}

/** Everything drawn from the model's structure, rebuilt when its version changes. */
function buildFromModel() {
  document.getElementById('robot-name').textContent = model.robot ?? 'no robot';
  const agents = model.agents ?? [];
  const fsms = model.fsms ?? {};
  agentViews = agents.map((a) => ({name: a.name, ...buildAgentGraph(a, fsms)}));
  document.getElementById('agent-graphs').replaceChildren(...agentViews.map((v) =>
    el('div', {class: 'graph-card'}, el('h3', {textContent: `agent ${v.name}`}), el('div', {class: 'problems', dataset: {agent: v.name}}), el('div', {class: 'scroll'}, v.element))));
  if (!agents.length) document.getElementById('agent-graphs').replaceChildren(el('p', {class: 'hint', textContent: 'no agents'}));

  fsmViews = [];
  for (const a of agents) {
    for (const s of a.subsystems) {
      if (!s.fsm || !fsms[s.fsm]) continue;
      const view = buildFsmGraph(fsms[s.fsm], s.name);
      const current = el('span', {class: 'current-state'});
      const card = el('div', {class: 'graph-card'},
        el('h3', {}, `${s.name} `, el('span', {class: 'fsm-name', textContent: s.fsm}), ' ', current), el('div', {class: 'scroll'}, view.element));
      fsmViews.push({subsystem: s.name, current, card, update: view.update});
    }
  }
  document.getElementById('fsm-graphs').replaceChildren(...fsmViews.map((v) => v.card));
  if (!fsmViews.length) document.getElementById('fsm-graphs').replaceChildren(el('p', {class: 'hint', textContent: 'no subsystem runs an FSM'}));

  panels.velma.setModel(model.velma);
  panels.nao.setModel(model.nao);
  panels.switches.setModel(model);
  applyPermissions();
}

async function loadModel() {
  while (true) {
    try {
      const res = await fetch('api/model', {cache: 'no-store'});
      if (!res.ok) throw new Error(`HTTP ${res.status}`);
      model = await res.json();
      window.embodia.model = model;
      buildFromModel();
      return;
    } catch (e) {
      console.warn(`model not loaded (${e.message}); trying again`);
      await new Promise((r) => setTimeout(r, 2000));
    }
  }
}

function reloadModel() {
  loadingModel ??= loadModel().finally(() => {
    loadingModel = null;
    if (state) render(state);
  });
  return loadingModel;
}

function showSection(id, shown) {
  document.getElementById(id).hidden = !shown;
  document.querySelector(`nav a[data-for="${id}"]`).hidden = !shown;
}

function render(snap) {
  if (!model || loadingModel) return;
  if (snap.modelVersion !== undefined && snap.modelVersion !== model.modelVersion) {
    reloadModel();
    return;
  }
  const agents = snap.agents ?? [];
  const byAgent = new Map(agents.map((a) => [a.name, a]));
  for (const v of agentViews) {
    const a = byAgent.get(v.name);
    v.update(a);
    const problems = document.querySelector(`.problems[data-agent="${CSS.escape(v.name)}"]`);
    const text = a ? [`status ${a.status ?? '–'}`, ...(a.problems ?? [])].join(' · ') : 'not in the last snapshot';
    setText(problems, text);
    problems.classList.toggle('bad', Boolean(a?.problems?.length) || (a && a.status !== 'RUNNING'));
  }
  setText(document.getElementById('agent-status'), agents.map((a) => `${a.name} ${a.status ?? ''}${a.problems?.length ? ' ⚠' : ''}`).join(' · '));

  const subs = new Map(agents.flatMap((a) => (a.subsystems ?? []).map((s) => [s.name, s])));
  const lastSwitch = new Map();
  for (const a of agents) {
    for (const [sub, list] of Object.entries(a.switches ?? {})) {
      if (list?.length) lastSwitch.set(sub, list.reduce((p, q) => (q.cycle >= p.cycle ? q : p)));
    }
  }
  for (const v of fsmViews) {
    const s = subs.get(v.subsystem)?.state ?? null;
    v.update(s, lastSwitch.get(v.subsystem));
    setText(v.current, s ?? '–');
  }

  panels.switches.update(agents);
  panels.timing.update(agents);
  panels.buffers.update(agents);
  for (const key of ['velma', 'nao', 'rapp']) {
    showSection(key, Boolean(snap[key]));
    if (snap[key]) panels[key].update(snap[key]);
  }
}

function setConnected(on) {
  document.body.dataset.connected = on ? 'true' : 'false';
  const badge = document.getElementById('connection');
  badge.textContent = on ? 'live' : 'disconnected';
  badge.classList.toggle('good', on);
  badge.classList.toggle('bad', !on);
}

function connect() {
  const events = new EventSource('api/events');
  events.onopen = () => setConnected(true);
  // EventSource reconnects by itself; until then the page says it is not live.
  events.onerror = () => setConnected(events.readyState === EventSource.OPEN);
  events.onmessage = (e) => {
    let snap;
    try {
      snap = JSON.parse(e.data);
    } catch {
      console.warn('an event that is not JSON was skipped');
      return;
    }
    setConnected(true);
    state = snap;
    window.embodia.state = snap;
    render(snap);
  };
}

window.embodia = {
  state: null,
  model: null,
  send,
  fsmState(subsystem) {
    for (const svg of document.querySelectorAll('svg.fsm')) {
      if (svg.dataset.subsystem === subsystem) return svg.querySelector('g.state.current')?.dataset.state ?? null;
    }
    return null;
  },
  velmaRendered() {
    const r = panels.velma.view?.rendered;
    return r ? {joints: [...r.joints], capsules: r.capsules.map((c) => [...c])} : null;
  },
};

document.getElementById('command-form').addEventListener('submit', (e) => {
  e.preventDefault();
  const input = document.getElementById('command');
  const line = input.value.trim();
  if (!line) return;
  input.value = '';
  send(line);
});
document.addEventListener('click', (e) => {
  const button = e.target.closest('button[data-command]');
  if (button) send(button.dataset.command);
});
applyPermissions();
setConnected(false);
reloadModel().then(connect);
