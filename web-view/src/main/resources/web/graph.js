'use strict';
// Layered graph layout (Sugiyama style) and the SVG drawings built on it: agent graphs and FSM graphs.

const SVG_NS = 'http://www.w3.org/2000/svg';
const FONT = '12px sans-serif';
const FONT_BOLD = 'bold 12px sans-serif';
const FONT_SMALL = '11px sans-serif';

function svgEl(tag, attrs, parent) {
  const e = document.createElementNS(SVG_NS, tag);
  for (const [k, v] of Object.entries(attrs || {})) e.setAttribute(k, v);
  if (parent) parent.appendChild(e);
  return e;
}

function svgText(parent, x, y, text, attrs) {
  const t = svgEl('text', {x, y, ...attrs}, parent);
  t.textContent = text;
  return t;
}

// Boxes are sized before they are in the document, so text is measured on a canvas with the same font as the CSS.
const measureContext = document.createElement('canvas').getContext('2d');
function textWidth(text, font) {
  measureContext.font = font;
  return measureContext.measureText(text).width;
}

/** Pool-adjacent-violators fit: centres as near the targets as the layer's order and minimum gaps allow. */
function fitLayer(layer, targets, separation) {
  const offsets = [0];
  for (let i = 1; i < layer.length; i++) offsets.push(offsets[i - 1] + separation(layer[i - 1], layer[i]));
  const blocks = [];
  layer.forEach((n, i) => {
    blocks.push({sum: targets[i] - offsets[i], count: 1});
    while (blocks.length > 1) {
      const b = blocks[blocks.length - 1];
      const a = blocks[blocks.length - 2];
      if (a.sum / a.count <= b.sum / b.count) break;
      a.sum += b.sum;
      a.count += b.count;
      blocks.pop();
    }
  });
  let i = 0;
  for (const b of blocks) {
    for (let j = 0; j < b.count; j++, i++) layer[i].x = b.sum / b.count + offsets[i];
  }
}

function countCrossings(layers) {
  let c = 0;
  for (let k = 0; k + 1 < layers.length; k++) {
    const segs = [];
    for (const n of layers[k]) for (const m of n.down) segs.push([n.order, m.order]);
    for (let i = 0; i < segs.length; i++) {
      for (let j = i + 1; j < segs.length; j++) {
        if ((segs[i][0] - segs[j][0]) * (segs[i][1] - segs[j][1]) < 0) c++;
      }
    }
  }
  return c;
}

/**
 * Lays out nodes [{id, w, h}] on the given layers (Map id → 0..): edges [{from, to}] between different
 * layers get dummy points on the layers they cross, layers are ordered by barycentres to cut crossings,
 * and x comes from repeated fits towards the neighbours' positions. Layers run top to bottom, or left to
 * right with opt.leftToRight (worked out top to bottom on the transposed sizes); nodes sit on the far side
 * of their layer. gapX is the gap within a layer, gapY between layers.
 * Returns {pos: Map id → {left, top, w, h}, routes: per edge the points from `from` to `to`, alternating
 * a curve between layers and a straight run through a layer, width, height, horizontal}.
 */
function layeredLayout(nodes, edges, layerOf, opt = {}) {
  const gapX = opt.gapX ?? 28;
  const gapY = opt.gapY ?? 40;
  const margin = opt.margin ?? 12;
  const flip = Boolean(opt.leftToRight);
  if (!nodes.length) return {pos: new Map(), routes: [], width: 2 * margin, height: 2 * margin, horizontal: flip};
  const info = new Map();
  for (const n of nodes) {
    info.set(n.id, {id: n.id, w: flip ? n.h : n.w, h: flip ? n.w : n.h, layer: layerOf.get(n.id), up: [], down: [], top: [], bottom: []});
  }
  const depth = Math.max(0, ...[...info.values()].map((n) => n.layer)) + 1;
  const layers = Array.from({length: depth}, () => []);
  for (const n of info.values()) layers[n.layer].push(n);

  const chains = edges.map((e, i) => {
    let a = info.get(e.from);
    let b = info.get(e.to);
    const reversed = a.layer > b.layer;
    if (reversed) [a, b] = [b, a];
    const chain = [a];
    for (let k = a.layer + 1; k < b.layer; k++) {
      const d = {id: `dummy ${i} ${k}`, w: 6, h: 0, layer: k, dummy: true, up: [], down: []};
      layers[k].push(d);
      chain.push(d);
    }
    chain.push(b);
    for (let k = 1; k < chain.length; k++) {
      chain[k - 1].down.push(chain[k]);
      chain[k].up.push(chain[k - 1]);
    }
    return {chain, reversed};
  });

  // Order: barycentre sweeps, keeping the order with the fewest crossings.
  const renumber = (l) => l.forEach((n, i) => { n.order = i; });
  layers.forEach(renumber);
  const sortBy = (l, dir) => {
    const key = new Map(l.map((n) => [n, n[dir].length ? n[dir].reduce((s, m) => s + m.order, 0) / n[dir].length : n.order]));
    l.sort((p, q) => key.get(p) - key.get(q));
    renumber(l);
  };
  let best = layers.map((l) => l.slice());
  let bestCrossings = countCrossings(layers);
  for (let it = 0; it < 16 && bestCrossings > 0; it++) {
    if (it % 2 === 0) for (let k = 1; k < depth; k++) sortBy(layers[k], 'up');
    else for (let k = depth - 2; k >= 0; k--) sortBy(layers[k], 'down');
    const c = countCrossings(layers);
    if (c < bestCrossings) {
      bestCrossings = c;
      best = layers.map((l) => l.slice());
    }
  }
  best.forEach((l, k) => {
    layers[k] = l;
    renumber(l);
  });

  // x: dummies may run closer together than boxes.
  const separation = (a, b) => (a.w + b.w) / 2 + (a.dummy && b.dummy ? 6 : a.dummy || b.dummy ? 12 : gapX);
  for (const l of layers) fitLayer(l, l.map(() => 0), separation);
  const mean = (ns, self) => (ns.length ? ns.reduce((s, m) => s + m.x, 0) / ns.length : self.x);
  for (let it = 0; it < 30; it++) {
    const down = it % 2 === 0;
    const both = it >= 24;
    const ks = [...layers.keys()];
    for (const k of down ? ks : ks.reverse()) {
      const l = layers[k];
      fitLayer(l, l.map((n) => (both ? mean([...n.up, ...n.down], n) : mean(down ? n.up : n.down, n))), separation);
    }
  }

  // y: each layer as tall as its tallest node.
  let y = margin;
  const bands = layers.map((l) => {
    const h = Math.max(0, ...l.map((n) => n.h));
    const band = {top: y, bottom: y + h};
    y += h + gapY;
    return band;
  });
  for (const l of layers) for (const n of l) n.y = bands[n.layer].bottom - n.h;

  const all = layers.flat();
  const left = Math.min(...all.map((n) => n.x - n.w / 2));
  const right = Math.max(...all.map((n) => n.x + n.w / 2));
  for (const n of all) n.x += margin - left;

  // Ends of edges spread along a node's side in the order of where they go, so parallel edges stay apart.
  for (const c of chains) {
    const ch = c.chain;
    ch[0].bottom.push({c, next: ch[1]});
    ch[ch.length - 1].top.push({c, next: ch[ch.length - 2]});
  }
  for (const n of info.values()) {
    for (const side of ['top', 'bottom']) {
      const ends = n[side];
      ends.sort((p, q) => p.next.x - q.next.x || Number(p.c.reversed) - Number(q.c.reversed));
      const step = Math.min(14, (n.w * 0.7) / Math.max(1, ends.length));
      ends.forEach((e, i) => { e.c[side === 'bottom' ? 'startX' : 'endX'] = n.x + (i - (ends.length - 1) / 2) * step; });
    }
  }
  const routes = chains.map((c) => {
    const ch = c.chain;
    const a = ch[0];
    const b = ch[ch.length - 1];
    const pts = [[c.startX, a.y + a.h]];
    for (const d of ch.slice(1, -1)) pts.push([d.x, bands[d.layer].top], [d.x, bands[d.layer].bottom]);
    pts.push([c.endX, b.y]);
    if (c.reversed) pts.reverse();
    return flip ? pts.map(([px, py]) => [py, px]) : pts;
  });

  const pos = new Map();
  for (const n of nodes) {
    const p = info.get(n.id);
    pos.set(n.id, flip ? {left: p.y, top: p.x - p.w / 2, w: p.h, h: p.w} : {left: p.x - p.w / 2, top: p.y, w: p.w, h: p.h});
  }
  const width = right - left + 2 * margin;
  const height = y - gapY + margin;
  return {pos, routes, width: flip ? height : width, height: flip ? width : height, horizontal: flip};
}

/** SVG path of a route: curves between layers (meeting the boxes square on), straight runs through layers. */
function routePath(pts, horizontal) {
  let d = `M${pts[0][0]},${pts[0][1]}`;
  for (let i = 1; i < pts.length; i++) {
    const [px, py] = pts[i - 1];
    const [qx, qy] = pts[i];
    if (i % 2 === 1) {
      const mx = (px + qx) / 2;
      const my = (py + qy) / 2;
      d += horizontal ? ` C${mx},${py} ${mx},${qy} ${qx},${qy}` : ` C${px},${my} ${qx},${my} ${qx},${qy}`;
    } else {
      d += ` L${qx},${qy}`;
    }
  }
  return d;
}

function arrowHead(tip, from) {
  const dx = tip[0] - from[0];
  const dy = tip[1] - from[1];
  const len = Math.hypot(dx, dy) || 1;
  const ux = dx / len;
  const uy = dy / len;
  const bx = tip[0] - ux * 8;
  const by = tip[1] - uy * 8;
  return `M${tip[0]},${tip[1]} L${bx - uy * 3.5},${by + ux * 3.5} L${bx + uy * 3.5},${by - ux * 3.5} Z`;
}

/** Arrowhead at a route's end (or start), pointing square into the box as the curve does. */
function routeHead(pts, horizontal, atStart = false) {
  const [x, y] = atStart ? pts[0] : pts[pts.length - 1];
  const [bx, by] = atStart ? pts[1] : pts[pts.length - 2];
  return horizontal ? arrowHead([x, y], [x + (bx < x ? -1 : 1), y]) : arrowHead([x, y], [x, y + (by < y ? -1 : 1)]);
}

function sizeSvg(svg, width, height) {
  svg.setAttribute('width', Math.ceil(width));
  svg.setAttribute('height', Math.ceil(height));
  svg.setAttribute('viewBox', `0 0 ${Math.ceil(width)} ${Math.ceil(height)}`);
}

/** The last part of a subsystem name ("core/a./cs" → "cs"): Embodia names a subsystem by its kind. */
function subsystemKind(name) {
  return name.slice(name.lastIndexOf('/') + 1);
}

/**
 * Layers of an agent graph: hops from the control subsystem (cs), so virtual effectors and receptors come
 * next and the real ones last; a part with no cs starts from a subsystem nothing sends to, else its first.
 * Hops over undirected links put every connection between neighbouring layers or within one.
 */
function agentLayers(names, connections) {
  const adjacent = new Map(names.map((n) => [n, new Set()]));
  const fed = new Set();
  for (const c of connections) {
    if (c.from === c.to) continue;
    adjacent.get(c.from).add(c.to);
    adjacent.get(c.to).add(c.from);
    fed.add(c.to);
  }
  const layer = new Map();
  const bfs = (roots) => {
    const queue = roots.filter((r) => !layer.has(r));
    for (const r of queue) layer.set(r, 0);
    while (queue.length) {
      const v = queue.shift();
      for (const w of adjacent.get(v)) {
        if (!layer.has(w)) {
          layer.set(w, layer.get(v) + 1);
          queue.push(w);
        }
      }
    }
  };
  bfs(names.filter((n) => subsystemKind(n) === 'cs'));
  while (layer.size < names.length) {
    const rest = names.filter((n) => !layer.has(n));
    bfs([rest.find((n) => !fed.has(n)) ?? rest[0]]);
  }
  return layer;
}

/** Step numbers of each subsystem in its activities' order, e.g. "1,3", prefixed by the activity when there are several. */
function stepLabels(agent) {
  const labels = new Map();
  const hosts = new Map();
  const many = agent.activities.length > 1;
  for (const a of agent.activities) {
    const mine = new Map();
    a.steps.forEach((s, i) => {
      if (!mine.has(s.subsystem)) mine.set(s.subsystem, []);
      mine.get(s.subsystem).push(i + 1);
      if (s.host && s.host !== 'main') hosts.set(s.subsystem, s.host);
    });
    for (const [sub, nums] of mine) {
      const text = (many ? `${a.name}: ` : '') + nums.join(',');
      labels.set(sub, labels.has(sub) ? `${labels.get(sub)}; ${text}` : text);
    }
  }
  return {labels, hosts};
}

const LINE = 15;

/**
 * Draws one agent, layers left to right (cs, then virtual, then real parts: wide layers would not fit
 * across the page): a box per subsystem (name, FSM state, step numbers, host, fault) and an edge per
 * connection. The labels ("output → input") of the connections between a box and the layer before it sit
 * in a block to the box's left, where those edges end, which keeps them apart without label placement.
 * Returns {element, update(agentSnapshot)}.
 */
function buildAgentGraph(agent, fsms) {
  const names = agent.subsystems.map((s) => s.name);
  for (const c of agent.connections) {
    for (const n of [c.from, c.to]) if (!names.includes(n)) names.push(n);
  }
  const fsmOf = new Map(agent.subsystems.map((s) => [s.name, s.fsm]));
  const layer = agentLayers(names, agent.connections);
  const {labels, hosts} = stepLabels(agent);

  const cross = agent.connections.filter((c) => layer.get(c.from) !== layer.get(c.to));
  const within = agent.connections.filter((c) => layer.get(c.from) === layer.get(c.to));
  const later = (c) => (layer.get(c.from) > layer.get(c.to) ? c.from : c.to);
  const earlier = (c) => (layer.get(c.from) > layer.get(c.to) ? c.to : c.from);
  const connLabel = (c) => `${c.from === earlier(c) ? '▶' : '◀'} ${c.output} → ${c.input}`;

  const nodes = names.map((name) => {
    const incoming = cross.filter((c) => later(c) === name);
    const neighbours = [...new Set(incoming.map(earlier))];
    const lines = [];
    for (const nb of neighbours) {
      if (neighbours.length > 1) lines.push({text: nb, head: true});
      const mine = incoming.filter((c) => earlier(c) === nb).sort((p, q) => Number(p.to === nb) - Number(q.to === nb));
      for (const c of mine) lines.push({text: connLabel(c)});
    }
    const states = fsms[fsmOf.get(name)]?.states.map((s) => s.name) ?? [];
    const stepLine = [labels.has(name) ? `steps ${labels.get(name)}` : 'not scheduled', hosts.has(name) ? `host ${hosts.get(name)}` : '']
      .filter(Boolean).join(' · ');
    const boxW = 16 + Math.max(110, textWidth(name, FONT_BOLD), textWidth(stepLine, FONT_SMALL),
      ...states.map((s) => textWidth(`state ${s}`, FONT)));
    const boxH = 4 * LINE + 8;
    const blockW = lines.length ? 12 + Math.max(...lines.map((l) => textWidth(l.text, FONT_SMALL))) : 0;
    const h = Math.max(boxH, lines.length * 14 + 8);
    return {id: name, lines, stepLine, boxW, boxH, blockW, w: blockW + (blockW ? 6 : 0) + boxW, h};
  });
  // Connections within a layer arc out to the right of it, so that layer needs room for them.
  const arcRoom = within.length ? 40 + Math.max(...within.map((c) => textWidth(`${c.output} → ${c.input}`, FONT_SMALL))) : 0;
  const layout = layeredLayout(nodes, cross, layer, {leftToRight: true, gapX: 22, gapY: 44 + arcRoom});

  const svg = svgEl('svg', {class: 'agent-graph', 'data-agent': agent.name});
  sizeSvg(svg, layout.width + arcRoom, layout.height);
  const edgeLayer = svgEl('g', {class: 'edges'}, svg);
  const connection = (c) => {
    const g = svgEl('g', {class: 'connection'}, edgeLayer);
    svgEl('title', {}, g).textContent = `${c.from}:${c.output} → ${c.to}:${c.input}`;
    return g;
  };
  cross.forEach((c, i) => {
    const g = connection(c);
    svgEl('path', {class: 'line', d: routePath(layout.routes[i], true)}, g);
    svgEl('path', {class: 'head', d: routeHead(layout.routes[i], true)}, g);
  });
  for (const c of within) {
    const a = layout.pos.get(c.from);
    const b = layout.pos.get(c.to);
    const ax = a.left + a.w;
    const ay = a.top + a.h / 2;
    const bx = b.left + b.w;
    const by = b.top + b.h / 2 + 8;
    const bulge = Math.max(ax, bx) + 30;
    const g = connection(c);
    svgEl('path', {class: 'line', d: `M${ax},${ay} C${bulge},${ay} ${bulge},${by} ${bx},${by}`}, g);
    svgEl('path', {class: 'head', d: arrowHead([bx, by], [bx + 1, by])}, g);
    svgText(g, 0.75 * bulge + (ax + bx) / 8 + 4, (ay + by) / 2 + 4, `${c.output} → ${c.input}`, {class: 'port'});
  }

  const views = new Map();
  for (const n of nodes) {
    const p = layout.pos.get(n.id);
    const g = svgEl('g', {class: 'subsystem', 'data-subsystem': n.id, transform: `translate(${p.left},${p.top})`}, svg);
    const title = svgEl('title', {}, g);
    if (n.lines.length) {
      // As tall as the node, so the edges spread along its side all end on it.
      svgEl('rect', {class: 'ports', x: 0, y: 0, width: n.blockW, height: p.h, rx: 3}, g);
      const top = (p.h - n.lines.length * 14) / 2;
      n.lines.forEach((l, i) => svgText(g, 6, top + 11 + i * 14, l.text, {class: l.head ? 'port head' : 'port'}));
    }
    const x0 = p.w - n.boxW;
    const y0 = (p.h - n.boxH) / 2;
    svgEl('rect', {class: 'box', x: x0, y: y0, width: n.boxW, height: n.boxH, rx: 5}, g);
    const line = (k) => y0 + 4 + k * LINE - 3;
    svgText(g, x0 + 8, line(1), n.id, {class: 'name'});
    const state = svgText(g, x0 + 8, line(2), fsmOf.get(n.id) ? 'state –' : 'no FSM', {class: 'state-text'});
    svgText(g, x0 + 8, line(3), n.stepLine, {class: 'steps'});
    const fault = svgText(g, x0 + 8, line(4), '', {class: 'fault-text'});
    views.set(n.id, {g, title, state, fault, boxW: n.boxW, shown: {}});
  }

  const update = (snap) => {
    for (const s of snap?.subsystems ?? []) {
      const v = views.get(s.name);
      if (!v) continue;
      const stateText = s.state != null ? `state ${s.state}` : fsmOf.get(s.name) ? 'state –' : 'no FSM';
      if (v.shown.state !== stateText) v.state.textContent = v.shown.state = stateText;
      const faultText = s.fault ? `fault: ${typeof s.fault === 'string' ? s.fault : JSON.stringify(s.fault)}` : '';
      if (v.shown.fault !== faultText) {
        v.shown.fault = faultText;
        v.fault.textContent = faultText;
        // Long fault texts are cut to the box; the tooltip has all of it.
        let cut = faultText;
        while (cut.length > 4 && textWidth(cut, FONT_SMALL) > v.boxW - 14) cut = cut.slice(0, -2);
        if (cut !== faultText) v.fault.textContent = `${cut.slice(0, -1)}…`;
      }
      v.g.classList.toggle('fault', Boolean(s.fault));
      v.g.classList.toggle('absent', s.present === false);
      v.title.textContent = [s.name, stateText, faultText, `iterations ${s.iterations ?? '–'}`, `failures ${s.failures ?? 0}`,
        s.lastFailure ? `last failure: ${s.lastFailure}` : ''].filter(Boolean).join('\n');
    }
  };
  return {element: svg, update};
}

/**
 * Layers of an FSM: a depth-first search from the initial state turns back edges around, then each
 * state goes one layer below the deepest state leading to it.
 */
function fsmLayers(names, initial, pairs) {
  const out = new Map(names.map((n) => [n, []]));
  for (const p of pairs) out.get(p.from).push(p.to);
  const mark = new Map();
  const postorder = [];
  const back = new Set();
  const visit = (v) => {
    mark.set(v, 'open');
    for (const w of out.get(v)) {
      if (mark.get(w) === 'open') back.add(`${v}\n${w}`);
      else if (!mark.has(w)) visit(w);
    }
    mark.set(v, 'done');
    postorder.push(v);
  };
  if (out.has(initial)) visit(initial);
  for (const n of names) if (!mark.has(n)) visit(n);
  const layer = new Map(names.map((n) => [n, 0]));
  for (const v of postorder.reverse()) {
    for (const w of out.get(v)) {
      if (!back.has(`${v}\n${w}`)) layer.set(w, Math.max(layer.get(w), layer.get(v) + 1));
    }
  }
  return layer;
}

const fsmLayoutCache = new Map();

/** One layout per FSM definition, shared by every subsystem that runs it. */
function fsmLayout(fsm) {
  if (fsmLayoutCache.has(fsm)) return fsmLayoutCache.get(fsm);
  const names = fsm.states.map((s) => s.name);
  for (const t of fsm.transitions) {
    for (const n of [t.from, t.to]) if (!names.includes(n)) names.push(n);
  }
  // One edge per pair of states, headed at each end some transition enters: dense FSMs (CiA 402) go both ways a lot.
  const pairMap = new Map();
  for (const t of fsm.transitions) {
    const key = [t.from, t.to].sort().join('\n');
    if (!pairMap.has(key)) pairMap.set(key, {from: t.from, to: t.to, forward: [], backward: []});
    const p = pairMap.get(key);
    (t.from === p.from ? p.forward : p.backward).push(t.condition);
  }
  const pairs = [...pairMap.values()];
  const loops = new Set(pairs.filter((p) => p.from === p.to).map((p) => p.from));
  const edges = pairs.filter((p) => p.from !== p.to);
  const directed = edges.flatMap((p) => [...(p.forward.length ? [p] : []), ...(p.backward.length ? [{from: p.to, to: p.from}] : [])]);
  const nodes = names.map((n) => {
    const boxW = textWidth(n, FONT_BOLD) + 26;
    return {id: n, boxW, w: boxW + (loops.has(n) ? 52 : 0), h: 26};
  });
  const layout = layeredLayout(nodes, edges, fsmLayers(names, fsm.initial, directed), {gapY: 38, gapX: 22});
  const result = {nodes, pairs, edges, layout};
  fsmLayoutCache.set(fsm, result);
  return result;
}

/**
 * Draws an FSM for one subsystem: rounded boxes for states (the initial one ringed), arrows for
 * transitions with their conditions as tooltips. Returns {element, update(state, lastSwitch)}.
 */
function buildFsmGraph(fsm, subsystem) {
  const {nodes, pairs, edges, layout} = fsmLayout(fsm);
  const behaviours = new Map(fsm.states.map((s) => [s.name, s.behaviours ?? []]));
  const svg = svgEl('svg', {class: 'fsm', 'data-subsystem': subsystem, 'data-fsm': fsm.name});
  sizeSvg(svg, layout.width, layout.height);
  const edgeLayer = svgEl('g', {class: 'edges'}, svg);
  const transitions = new Map();
  const addTransition = (p, d, heads) => {
    const g = svgEl('g', {class: 'transition', 'data-from': p.from, 'data-to': p.to}, edgeLayer);
    const says = (from, to, conditions) => (conditions.length ? `${from} → ${to}: ${conditions.join(' or ')}` : '');
    svgEl('title', {}, g).textContent = [says(p.from, p.to, p.forward), says(p.to, p.from, p.backward)].filter(Boolean).join('\n');
    svgEl('path', {class: 'hit', d}, g);
    svgEl('path', {class: 'line', d}, g);
    for (const head of heads) svgEl('path', {class: 'head', d: head}, g);
    if (p.forward.length) transitions.set(`${p.from}\n${p.to}`, g);
    if (p.backward.length) transitions.set(`${p.to}\n${p.from}`, g);
  };
  edges.forEach((p, i) => {
    const r = layout.routes[i];
    addTransition(p, routePath(r), [...(p.forward.length ? [routeHead(r)] : []), ...(p.backward.length ? [routeHead(r, false, true)] : [])]);
  });
  for (const p of pairs.filter((q) => q.from === q.to)) {
    const n = layout.pos.get(p.from);
    const box = nodes.find((m) => m.id === p.from);
    const x = n.left + (n.w + box.boxW) / 2;
    const end = [x, n.top + n.h - 7];
    const c2 = [x + 26, n.top + n.h + 6];
    addTransition(p, `M${x},${n.top + 7} C${x + 26},${n.top - 6} ${c2[0]},${c2[1]} ${end[0]},${end[1]}`, [arrowHead(end, c2)]);
  }
  const states = new Map();
  for (const n of nodes) {
    const p = layout.pos.get(n.id);
    const g = svgEl('g', {class: 'state', 'data-state': n.id, transform: `translate(${p.left + (p.w - n.boxW) / 2},${p.top})`}, svg);
    const b = behaviours.get(n.id);
    svgEl('title', {}, g).textContent = `${n.id}${n.id === fsm.initial ? ' (initial)' : ''}${b?.length ? `\nbehaviours: ${b.join(', ')}` : ''}`;
    if (n.id === fsm.initial) {
      g.classList.add('initial');
      svgEl('rect', {class: 'ring', x: -3, y: -3, width: n.boxW + 6, height: p.h + 6, rx: 15}, g);
    }
    svgEl('rect', {class: 'outline', width: n.boxW, height: p.h, rx: 12}, g);
    svgText(g, n.boxW / 2, p.h / 2 + 4, n.id, {'text-anchor': 'middle'});
    states.set(n.id, g);
  }
  let shown = null;
  let taken = null;
  const update = (state, lastSwitch) => {
    if (state !== shown) {
      states.get(shown)?.classList.remove('current');
      states.get(state)?.classList.add('current');
      shown = state;
    }
    const t = lastSwitch ? transitions.get(`${lastSwitch.from}\n${lastSwitch.to}`) : null;
    if (t !== taken) {
      taken?.classList.remove('taken');
      t?.classList.add('taken');
      taken = t;
    }
  };
  return {element: svg, update};
}
