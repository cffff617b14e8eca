'use strict';
// The page's panels other than the graphs: robots, RAPP, switches, timing, buffers.

function el(tag, props, ...children) {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(props || {})) {
    if (k === 'class') e.className = v;
    else if (k === 'dataset') Object.assign(e.dataset, v);
    else if (k in e) e[k] = v;
    else e.setAttribute(k, v);
  }
  for (const c of children) if (c != null) e.append(c);
  return e;
}

const fixed = (v, digits) => (typeof v === 'number' && Number.isFinite(v) ? v.toFixed(digits) : '–');

/** Microseconds in the unit that keeps three significant digits readable. */
function micros(us) {
  if (typeof us !== 'number' || !Number.isFinite(us)) return '–';
  if (us < 1000) return `${us.toPrecision(3)} µs`;
  if (us < 1e6) return `${(us / 1000).toPrecision(3)} ms`;
  return `${(us / 1e6).toPrecision(3)} s`;
}

function clock(t) {
  return typeof t === 'number' ? new Date(t).toLocaleTimeString([], {hour12: false}) : '–';
}

/** A colour per state name that stays the same across graphs, timeline and reloads. */
function stateColour(name) {
  let h = 0;
  for (const ch of String(name)) h = (h * 31 + ch.codePointAt(0)) % 997;
  return `hsl(${(h * 137.5) % 360}, 55%, 78%)`; // the golden angle spreads neighbouring hashes apart
}

/** A <dl> of live facts, its <dd>s kept and rewritten so the text can be selected while it updates. */
class Facts {
  constructor(dl) {
    this.dl = dl;
    this.items = new Map();
  }

  set(rows) {
    const keys = rows.map((r) => r[0]).join('\n');
    if (keys !== this.keys) {
      this.keys = keys;
      this.items.clear();
      this.dl.replaceChildren(...rows.flatMap(([term]) => {
        const dd = el('dd');
        this.items.set(term, dd);
        return [el('dt', {textContent: term}), dd];
      }));
    }
    for (const [term, value, cls] of rows) {
      const dd = this.items.get(term);
      const text = value == null || value === '' ? '–' : String(value);
      if (dd.textContent !== text) dd.textContent = text;
      dd.className = cls || '';
    }
  }
}

/** Rows of a <tbody> kept by key, so a table updating ten times a second does not rebuild. */
class KeyedRows {
  constructor(tbody, make) {
    this.tbody = tbody;
    this.make = make;
    this.rows = new Map();
  }

  /** Ensures the rows for these keys exist, in this order, and returns them; the rest go. */
  sync(keys) {
    const wanted = new Set(keys);
    for (const [k, row] of this.rows) {
      if (!wanted.has(k)) {
        row.tr.remove();
        this.rows.delete(k);
      }
    }
    let prev = null;
    return keys.map((k) => {
      if (!this.rows.has(k)) this.rows.set(k, this.make(k));
      const row = this.rows.get(k);
      const at = prev ? prev.nextSibling : this.tbody.firstChild;
      if (row.tr !== at) this.tbody.insertBefore(row.tr, at);
      prev = row.tr;
      return row;
    });
  }
}

function setText(node, text) {
  if (node.textContent !== text) node.textContent = text;
}

const READY = {
  right: [1.2, 1.3, -1.57, 1.3, 0, 0, 0],
  left: [1.2, -1.3, -1.57, 1.3, 0, 0, 0],
  torso: [0],
};

class VelmaPanel {
  constructor(commands) {
    this.view = null;
    this.facts = new Facts(document.getElementById('velma-status'));
    this.joints = new KeyedRows(document.querySelector('#velma-joints tbody'), (name) => {
      const rad = el('td', {class: 'num'});
      const deg = el('td', {class: 'num'});
      return {tr: el('tr', {}, el('td', {textContent: name}), rad, deg), rad, deg};
    });
    this.names = [];

    const jimp = document.getElementById('velma-jimp');
    const slots = jimp.querySelector('.joints');
    const values = READY.right.map((v, i) => el('input', {type: 'number', step: 'any', value: v, required: true, title: `joint ${i + 1}`}));
    slots.append(...values);
    jimp.part.addEventListener('change', () => {
      const ready = READY[jimp.part.value];
      values.forEach((input, i) => {
        input.hidden = i >= ready.length;
        if (i < ready.length) input.value = ready[i];
      });
    });
    const onSubmit = (form, build) => form.addEventListener('submit', (e) => {
      e.preventDefault();
      commands.send(build(form));
    });
    onSubmit(jimp, (f) => `velma:jimp ${f.part.value} ${values.filter((v) => !v.hidden).map((v) => v.value).join(' ')} ${f.seconds.value}`);
    onSubmit(document.getElementById('velma-cimp'), (f) => `velma:cimp ${f.arm.value} ${f.x.value} ${f.y.value} ${f.z.value} ${f.seconds.value}`);
    onSubmit(document.getElementById('velma-head'), (f) => `velma:head ${f.pan.value} ${f.tilt.value} ${f.seconds.value}`);
  }

  setModel(velma) {
    this.names = velma?.joints ?? [];
    this.capsules = velma?.capsules ?? [];
    this.radii = velma?.radii ?? [];
    this.view?.setModel(this.capsules, this.radii);
  }

  /** The 3-D view starts with the first Velma data, so pages of other robots open no WebGL context. */
  ensureView() {
    if (!this.view) {
      this.view = new VelmaView(document.getElementById('velma-view'));
      this.view.setModel(this.capsules, this.radii);
    }
    return this.view;
  }

  update(v) {
    const joints = v.joints ?? [];
    const rows = this.joints.sync(joints.map((_, i) => this.names[i] ?? `joint ${i}`));
    rows.forEach((r, i) => {
      setText(r.rad, fixed(joints[i], 3));
      setText(r.deg, fixed(joints[i] * 180 / Math.PI, 1));
    });
    const d = v.selfCollisionDistance;
    this.facts.set([
      ['self-collision distance', typeof d === 'number' ? `${(d * 100).toFixed(1)} cm` : null, d < 0.02 ? 'bad' : d < 0.05 ? 'warn' : ''],
      ['nearest pair', v.nearestPair],
      ['safe mode', v.safeMode == null ? null : v.safeMode ? 'yes' : 'no', v.safeMode ? 'warn' : 'good'],
      ['iteration', v.iteration],
    ]);
    this.ensureView().update(v);
  }
}

class NaoPanel {
  constructor(commands) {
    this.names = [];
    this.joints = new KeyedRows(document.querySelector('#nao-joints tbody'), (name) => {
      const rad = el('td', {class: 'num'});
      const deg = el('td', {class: 'num'});
      const fill = el('span', {class: 'gauge-fill'});
      return {tr: el('tr', {}, el('td', {textContent: name}), rad, deg, el('td', {}, el('span', {class: 'gauge'}, fill))), rad, deg, fill};
    });
    this.pose = new Facts(document.getElementById('nao-pose'));
    this.canvas = document.getElementById('nao-floor');
    this.trails = {ekf: [], truth: []};
    this.camera = document.getElementById('camera');
    this.caption = document.getElementById('camera-caption');
    this.cameraSeq = null;
    const free = document.getElementById('nao-free');
    free.addEventListener('submit', (e) => {
      e.preventDefault();
      commands.send(free.line.value.trim());
    });
  }

  setModel(nao) {
    this.names = nao?.joints ?? [];
  }

  update(n) {
    const joints = n.joints ?? [];
    this.joints.sync(joints.map((_, i) => this.names[i] ?? `joint ${i}`)).forEach((r, i) => {
      const v = joints[i];
      setText(r.rad, fixed(v, 3));
      setText(r.deg, fixed(v * 180 / Math.PI, 1));
      // A bar from the middle (0) towards ±π.
      const f = Math.max(-1, Math.min(1, (Number(v) || 0) / Math.PI));
      r.fill.style.left = `${50 + Math.min(0, f) * 50}%`;
      r.fill.style.width = `${Math.abs(f) * 50}%`;
    });
    for (const key of ['ekf', 'truth']) {
      const p = n[key];
      if (!p) continue;
      const trail = this.trails[key];
      const last = trail[trail.length - 1];
      if (!last || Math.hypot(p.x - last.x, p.y - last.y) > 0.005 || p.theta !== last.theta) trail.push({x: p.x, y: p.y, theta: p.theta});
      if (trail.length > 600) trail.shift();
    }
    // θ shown in (−180°, 180°]: estimators may let it run on past a turn.
    const degrees = (t) => 180 - ((((180 - (t * 180) / Math.PI) % 360) + 360) % 360);
    const pose = (p) => (p ? `x ${fixed(p.x, 3)} m, y ${fixed(p.y, 3)} m, θ ${fixed(degrees(p.theta), 1)}°` : null);
    this.pose.set([['EKF', pose(n.ekf)], ['truth', pose(n.truth)]]);
    this.drawFloor();
    this.showCamera(n.camera);
  }

  /** The floor seen from above, x to the right and y up, zoomed to hold both trails. */
  drawFloor() {
    const c = this.canvas;
    const size = c.clientWidth || 360;
    const dpr = window.devicePixelRatio || 1;
    if (c.width !== Math.round(size * dpr)) {
      c.width = Math.round(size * dpr);
      c.height = Math.round(size * dpr);
    }
    const g = c.getContext('2d');
    g.setTransform(dpr, 0, 0, dpr, 0, 0);
    g.clearRect(0, 0, size, size);
    const pts = [...this.trails.ekf, ...this.trails.truth];
    if (!pts.length) return;
    const xs = pts.map((p) => p.x);
    const ys = pts.map((p) => p.y);
    const cx = (Math.min(...xs) + Math.max(...xs)) / 2;
    const cy = (Math.min(...ys) + Math.max(...ys)) / 2;
    const half = Math.max(1, (Math.max(...xs) - Math.min(...xs)) / 2 + 0.3, (Math.max(...ys) - Math.min(...ys)) / 2 + 0.3);
    const scale = size / (2 * half);
    const sx = (x) => size / 2 + (x - cx) * scale;
    const sy = (y) => size / 2 - (y - cy) * scale;
    const step = half > 4 ? 1 : 0.5;
    g.lineWidth = 1;
    for (let v = Math.ceil((cx - half) / step) * step; v <= cx + half; v += step) {
      g.strokeStyle = Math.abs(v) < 1e-9 ? '#8a94a0' : '#e1e5ea';
      g.beginPath();
      g.moveTo(sx(v), 0);
      g.lineTo(sx(v), size);
      g.stroke();
    }
    for (let v = Math.ceil((cy - half) / step) * step; v <= cy + half; v += step) {
      g.strokeStyle = Math.abs(v) < 1e-9 ? '#8a94a0' : '#e1e5ea';
      g.beginPath();
      g.moveTo(0, sy(v));
      g.lineTo(size, sy(v));
      g.stroke();
    }
    g.fillStyle = '#6b7480';
    g.font = '11px sans-serif';
    g.fillText(`grid ${step} m`, 6, size - 6);
    for (const [key, colour] of [['truth', '#2e9d52'], ['ekf', '#2b62c4']]) {
      const trail = this.trails[key];
      if (!trail.length) continue;
      g.strokeStyle = colour;
      g.globalAlpha = 0.55;
      g.lineWidth = 1.5;
      g.beginPath();
      trail.forEach((p, i) => (i ? g.lineTo(sx(p.x), sy(p.y)) : g.moveTo(sx(p.x), sy(p.y))));
      g.stroke();
      g.globalAlpha = 1;
      const p = trail[trail.length - 1];
      const a = -p.theta; // screen y points down
      const x = sx(p.x);
      const y = sy(p.y);
      g.fillStyle = colour;
      g.beginPath();
      g.moveTo(x + 16 * Math.cos(a), y + 16 * Math.sin(a));
      g.lineTo(x + 7 * Math.cos(a + 2.5), y + 7 * Math.sin(a + 2.5));
      g.lineTo(x + 7 * Math.cos(a - 2.5), y + 7 * Math.sin(a - 2.5));
      g.closePath();
      g.fill();
    }
  }

  /** Loads a new image off screen first, so #camera never shows a failed one. */
  showCamera(cam) {
    if (!cam || !cam.seq || cam.seq === this.cameraSeq) return;
    this.cameraSeq = cam.seq;
    const url = `api/camera.png?seq=${encodeURIComponent(cam.seq)}`;
    const probe = new Image();
    probe.onload = () => {
      if (this.cameraSeq !== cam.seq) return;
      this.camera.src = url;
      this.caption.textContent = `image ${cam.seq}, ${cam.width ?? probe.naturalWidth}×${cam.height ?? probe.naturalHeight}`;
    };
    probe.src = url;
  }
}

class RappPanel {
  constructor(commands) {
    this.commands = commands;
    this.apps = document.querySelector('#rapp-apps tbody');
    this.calls = document.querySelector('#rapp-calls tbody');
    this.status = new Facts(document.getElementById('rapp-status'));
  }

  update(r) {
    const apps = JSON.stringify(r.apps ?? []);
    if (apps !== this.shownApps) {
      this.shownApps = apps;
      const allowed = this.commands.allowed('rapp');
      this.apps.replaceChildren(...(r.apps ?? []).map((a) => el('tr', {},
        el('td', {textContent: a.name}),
        el('td', {textContent: (a.keywords ?? []).join(', ')}),
        el('td', {dataset: {scope: 'rapp'}},
          el('button', {type: 'button', textContent: 'Deploy', disabled: !allowed, dataset: {command: `rapp:deploy ${a.name}`}})))));
    }
    const s = r.status ?? {};
    this.status.set([
      ['state', s.state], ['app', s.app], ['agent status', s.agentStatus],
      ['last error', s.lastError, s.lastError ? 'bad' : ''], ['activated', s.activated], ['destroyed', s.destroyed],
    ]);
    const calls = JSON.stringify(r.calls ?? []);
    if (calls !== this.shownCalls) {
      this.shownCalls = calls;
      this.calls.replaceChildren(...[...(r.calls ?? [])].reverse().map((c) => el('tr', {},
        el('td', {textContent: clock(c.millis)}), el('td', {textContent: c.app ?? ''}), el('td', {textContent: c.call ?? ''}),
        el('td', {class: c.outcome === 'ok' ? 'text' : 'text error', textContent: c.outcome ?? ''}))));
    }
  }
}

/**
 * Switches: a table of each FSM subsystem's last switches, and a timeline of its states over cycles
 * from the switches seen since the page opened (the snapshots carry only the last few).
 */
class SwitchesPanel {
  constructor() {
    this.timeline = document.getElementById('timeline');
    this.tbody = document.querySelector('#switch-table tbody');
    this.history = new Map();
    this.lanes = [];
  }

  setModel(model) {
    this.lanes = (model.agents ?? []).flatMap((a) => a.subsystems.filter((s) => s.fsm).map((s) => s.name));
    this.history.clear();
    this.shownTable = null;
  }

  /** Adds the switches newer than the history's last; a switch that does not start where it ended marks a gap. */
  merge(sub, list) {
    const sorted = [...list].sort((a, b) => a.cycle - b.cycle);
    let h = this.history.get(sub) ?? [];
    const last = h[h.length - 1];
    if (last && sorted.length && sorted[sorted.length - 1].cycle < last.cycle) h = []; // counters restarted
    const lastCycle = h.length ? h[h.length - 1].cycle : -Infinity;
    for (const s of sorted) {
      if (s.cycle <= lastCycle) continue;
      const prev = h[h.length - 1];
      h.push({cycle: s.cycle, from: s.from, to: s.to, gap: Boolean(prev && prev.to !== s.from)});
    }
    this.history.set(sub, h.slice(-150));
  }

  update(agents) {
    const now = new Map();
    const current = new Map();
    const lists = new Map();
    for (const a of agents) {
      const cycles = new Map((a.activities ?? []).map((x) => [x.name, x.cycles]));
      for (const s of a.subsystems ?? []) {
        now.set(s.name, Math.max(s.iterations ?? 0, cycles.get(s.activity) ?? 0));
        current.set(s.name, s.state);
      }
      for (const [sub, list] of Object.entries(a.switches ?? {})) {
        lists.set(sub, list);
        this.merge(sub, list);
      }
    }
    this.drawTable(lists);
    // The timeline is redrawn twice a second: enough to follow, light on the page.
    const t = performance.now();
    if (!(t - this.drawn < 500)) {
      this.drawn = t;
      this.drawTimeline(now, current);
    }
  }

  drawTable(lists) {
    const key = JSON.stringify([...lists]);
    if (key === this.shownTable) return;
    this.shownTable = key;
    const rows = [];
    for (const [sub, list] of lists) {
      const last = [...list].sort((a, b) => b.cycle - a.cycle).slice(0, 6);
      last.forEach((s, i) => {
        const preds = Object.entries(s.predicates ?? {}).map(([name, v]) => el('span', {class: v ? 'pred true' : 'pred', textContent: name}));
        rows.push(el('tr', {class: i === 0 ? 'group-start' : ''},
          el('td', {textContent: i === 0 ? sub : ''}),
          el('td', {class: 'num', textContent: s.cycle}),
          el('td', {class: 'nowrap'}, el('span', {class: 'chip', textContent: s.from, style: `background:${stateColour(s.from)}`}), ' → ',
            el('span', {class: 'chip', textContent: s.to, style: `background:${stateColour(s.to)}`})),
          el('td', {class: 'preds'}, ...preds)));
      });
    }
    this.tbody.replaceChildren(...rows);
    if (!rows.length) this.tbody.append(el('tr', {}, el('td', {colSpan: 4, class: 'hint', textContent: 'no switches yet'})));
  }

  drawTimeline(now, current) {
    const lanes = this.lanes.filter((l) => now.has(l) || this.history.has(l));
    const labelW = 8 + Math.max(120, ...lanes.map((l) => textWidth(l, FONT)));
    const width = Math.max(500, this.timeline.clientWidth || 900);
    const laneH = 24;
    const svg = svgEl('svg', {class: 'timeline'});
    sizeSvg(svg, width, lanes.length * laneH + 18);
    const right = width - 70;
    lanes.forEach((sub, i) => {
      const y = i * laneH;
      svgText(svg, 0, y + 16, sub, {class: 'lane-label'});
      const h = this.history.get(sub) ?? [];
      const end = Math.max(now.get(sub) ?? 0, h.length ? h[h.length - 1].cycle : 0);
      const start = h.length ? h[0].cycle : end;
      const span = Math.max(1, end - start);
      const sx = (c) => labelW + ((c - start) / span) * (right - labelW);
      // Before the first switch seen, only the state it left is known.
      const pieces = h.length ? h.map((s, k) => ({from: s.cycle, to: k + 1 < h.length ? h[k + 1].cycle : end, state: s.to, gap: h[k + 1]?.gap}))
        : [{from: start, to: end, state: current.get(sub)}];
      for (const p of pieces) {
        const x0 = sx(p.from);
        const w = Math.max(1, (h.length ? sx(p.to) : right) - x0);
        const g = svgEl('g', {}, svg);
        svgEl('title', {}, g).textContent = p.gap ? `${p.state} from cycle ${p.from}, then switches not seen until ${p.to}`
          : `${p.state ?? 'no state'}: cycles ${p.from}–${p.to}`;
        svgEl('rect', {x: x0, y: y + 3, width: w, height: laneH - 6, fill: p.state ? stateColour(p.state) : '#eee', class: p.gap ? 'gap' : ''}, g);
        if (p.state && w > textWidth(p.state, FONT_SMALL) + 6) svgText(g, x0 + 3, y + 16, p.state, {class: 'seg-label'});
      }
      svgText(svg, right + 4, y + 16, String(end), {class: 'cycle-label'});
    });
    svgText(svg, labelW, lanes.length * laneH + 14, 'cycles since the first switch seen →', {class: 'cycle-label'});
    this.timeline.replaceChildren(svg);
  }
}

/** Timing: per activity its counters and period/wake/compute histograms; per subsystem its compute time. */
class TimingPanel {
  constructor() {
    this.container = document.getElementById('activities');
    this.cards = new Map();
    this.subsystems = new KeyedRows(document.querySelector('#subsystem-timing tbody'), (name) => {
      const cells = ['', 'num', 'num', 'text', 'num', 'num'].map((c) => el('td', {class: c}));
      return {tr: el('tr', {}, el('td', {textContent: name}), ...cells), cells};
    });
  }

  update(agents) {
    const seen = new Set();
    for (const a of agents) {
      for (const act of a.activities ?? []) {
        const key = `${a.name}/${act.name}`;
        seen.add(key);
        if (!this.cards.has(key)) this.cards.set(key, this.card(key));
        this.fill(this.cards.get(key), act);
      }
    }
    for (const [key, card] of this.cards) {
      if (!seen.has(key)) {
        card.root.remove();
        this.cards.delete(key);
      }
    }
    const subs = agents.flatMap((a) => a.subsystems ?? []);
    this.subsystems.sync(subs.map((s) => s.name)).forEach((r, i) => {
      const s = subs[i];
      const texts = [s.activity ?? '', String(s.iterations ?? '–'), String(s.failures ?? 0), s.lastFailure ?? '',
        micros(s.compute?.p50), micros(s.compute?.p99)];
      texts.forEach((t, j) => setText(r.cells[j], t));
      r.cells[2].classList.toggle('bad', s.failures > 0);
    });
  }

  card(key) {
    const facts = el('dl', {class: 'facts inline'});
    const hists = {};
    const row = el('div', {class: 'histograms'});
    for (const kind of ['period', 'wake', 'compute']) {
      const caption = el('div', {class: 'hist-caption'});
      const holder = el('div');
      row.append(el('figure', {}, el('figcaption', {textContent: kind}), holder, caption));
      hists[kind] = {holder, caption};
    }
    const root = el('div', {class: 'activity'}, el('h3', {textContent: key}), facts, row);
    this.container.append(root);
    return {root, facts: new Facts(facts), hists};
  }

  fill(card, act) {
    card.facts.set([
      ['clock', act.clock], ['cycles', act.cycles],
      ['overruns', act.overruns, act.overruns > 0 ? 'bad' : ''], ['missed triggers', act.missedTriggers, act.missedTriggers > 0 ? 'bad' : ''],
      ['fault', act.fault ? 'yes' : 'no', act.fault ? 'bad' : 'good'],
    ]);
    for (const kind of ['period', 'wake', 'compute']) {
      const s = act[kind];
      const h = card.hists[kind];
      h.holder.replaceChildren(histogram(s?.hist));
      setText(h.caption, s ? `p50 ${micros(s.p50)} · p99 ${micros(s.p99)} · p99.9 ${micros(s.p999)} · max ${micros(s.max)} · n ${s.count}` : 'no data');
    }
  }
}

/** Bars of a histogram whose buckets grow geometrically, so equal widths give a log x axis; heights are log counts. */
function histogram(hist) {
  const width = 280;
  const height = 96;
  const svg = svgEl('svg', {class: 'histogram'});
  sizeSvg(svg, width, height);
  const upper = hist?.upper ?? [];
  const counts = hist?.counts ?? [];
  const used = counts.map((c, i) => (c > 0 ? i : -1)).filter((i) => i >= 0);
  if (!used.length) {
    svgText(svg, width / 2, height / 2, 'no samples', {'text-anchor': 'middle', class: 'axis'});
    return svg;
  }
  const first = Math.max(0, used[0] - 2);
  const last = Math.min(counts.length - 1, used[used.length - 1] + 2);
  const n = last - first + 1;
  const top = Math.log10(1 + Math.max(...counts));
  const barW = (width - 8) / n;
  const plotH = height - 20;
  for (let i = first; i <= last; i++) {
    const h = (Math.log10(1 + counts[i]) / top) * (plotH - 4);
    const x = 4 + (i - first) * barW;
    const g = svgEl('g', {}, svg);
    svgEl('title', {}, g).textContent = `≤ ${micros(upper[i])}: ${counts[i]}`;
    svgEl('rect', {class: 'bar', x: x + 1, y: plotH - h, width: Math.max(1, barW - 2), height: h}, g);
  }
  svgEl('line', {class: 'axis', x1: 4, y1: plotH + 0.5, x2: width - 4, y2: plotH + 0.5}, svg);
  for (const i of [first, Math.round((first + last) / 2), last]) {
    const x = 4 + (i - first + 1) * barW;
    svgText(svg, Math.min(width - 2, Math.max(2, x)), height - 4, micros(upper[i]),
      {class: 'axis', 'text-anchor': i === first ? 'start' : i === last ? 'end' : 'middle'});
  }
  return svg;
}

class BuffersPanel {
  constructor() {
    this.filter = document.getElementById('buffer-filter');
    this.rows = new KeyedRows(document.querySelector('#buffer-table tbody'), (key) => {
      const [sub, buffer] = key.split('\n');
      const text = el('td', {class: 'text'});
      return {tr: el('tr', {}, el('td', {textContent: sub}), el('td', {textContent: buffer}), text), text, sub, buffer};
    });
    this.filter.addEventListener('input', () => this.applyFilter());
  }

  update(agents) {
    const entries = [];
    for (const a of agents) {
      for (const [sub, buffers] of Object.entries(a.buffers ?? {})) {
        for (const [name, msg] of Object.entries(buffers ?? {})) entries.push([`${sub}\n${name}`, typeof msg === 'string' ? msg : JSON.stringify(msg)]);
      }
    }
    this.rows.sync(entries.map((e) => e[0])).forEach((r, i) => setText(r.text, entries[i][1]));
    this.applyFilter();
  }

  applyFilter() {
    const words = this.filter.value.toLowerCase().split(/\s+/).filter(Boolean);
    for (const r of this.rows.rows.values()) {
      const hay = `${r.sub} ${r.buffer} ${r.text.textContent}`.toLowerCase();
      r.tr.hidden = !words.every((w) => hay.includes(w));
    }
  }
}
