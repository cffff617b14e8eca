'use strict';
// Velma's body in 3-D with three.js r88: capsules, a floor grid, the tool frames, and a small orbit control.

const CAPSULE_COLOURS = {right: 0x4a78c8, left: 0x3f9a66, body: 0x9aa4b0, near: 0xe69a28, touching: 0xd83a2e};

class VelmaView {
  constructor(container) {
    this.container = container;
    this.capsules = [];
    this.data = null;
    this.fresh = false;
    this.rendered = null;
    // Asking for the context first tells a missing WebGL apart without three.js's console errors.
    const canvas = document.createElement('canvas');
    const gl = window.THREE && (canvas.getContext('webgl', {antialias: true}) || canvas.getContext('experimental-webgl'));
    if (!gl) {
      container.classList.add('unavailable');
      container.textContent = window.THREE ? '3-D view unavailable: this browser gives no WebGL.' : '3-D view unavailable: three.js did not load.';
      return;
    }
    this.renderer = new THREE.WebGLRenderer({canvas, context: gl, antialias: true});
    this.renderer.setPixelRatio(window.devicePixelRatio || 1);
    container.appendChild(canvas);

    const scene = this.scene = new THREE.Scene();
    scene.background = new THREE.Color(0xf3f5f8);
    scene.add(new THREE.AmbientLight(0xffffff, 0.55));
    const sun = new THREE.DirectionalLight(0xffffff, 0.6);
    sun.position.set(2, 1.5, 4);
    scene.add(sun);
    const grid = new THREE.GridHelper(4, 16, 0x7d8894, 0xc8cfd7);
    grid.rotation.x = Math.PI / 2; // three's grid lies in x-z; Velma's floor is x-y (z up)
    scene.add(grid);
    scene.add(new THREE.AxesHelper(0.25));
    this.tools = {};
    for (const side of ['right', 'left']) {
      const axes = new THREE.AxesHelper(0.15);
      axes.matrixAutoUpdate = false;
      axes.visible = false;
      scene.add(axes);
      this.tools[side] = axes;
    }

    this.camera = new THREE.PerspectiveCamera(40, 1, 0.05, 50);
    this.camera.up.set(0, 0, 1);
    this.orbit = {target: new THREE.Vector3(0, 0, 0.85), distance: 3.6, azimuth: 0.65, elevation: 0.3};
    this.listen(canvas);
    new ResizeObserver(() => this.schedule()).observe(container);
    this.axis = new THREE.Vector3(0, 1, 0); // three's cylinders run along y
    this.a = new THREE.Vector3();
    this.b = new THREE.Vector3();
  }

  /** Drag orbits about the target, the wheel zooms. */
  listen(canvas) {
    let last = null;
    canvas.addEventListener('pointerdown', (e) => {
      last = [e.clientX, e.clientY];
      canvas.setPointerCapture(e.pointerId);
    });
    canvas.addEventListener('pointermove', (e) => {
      if (!last) return;
      const o = this.orbit;
      o.azimuth -= (e.clientX - last[0]) * 0.008;
      o.elevation = Math.min(1.45, Math.max(-1.45, o.elevation + (e.clientY - last[1]) * 0.008));
      last = [e.clientX, e.clientY];
      this.schedule();
    });
    const stop = () => { last = null; };
    canvas.addEventListener('pointerup', stop);
    canvas.addEventListener('pointercancel', stop);
    canvas.addEventListener('wheel', (e) => {
      e.preventDefault();
      this.orbit.distance = Math.min(12, Math.max(0.6, this.orbit.distance * Math.exp(e.deltaY * 0.001)));
      this.schedule();
    }, {passive: false});
  }

  /** Builds one capsule (cylinder and two end spheres) per model capsule. */
  setModel(names, radii) {
    if (!this.renderer) return;
    for (const c of this.capsules) {
      this.scene.remove(c.group);
      c.group.children.forEach((m) => m.geometry.dispose());
      c.material.dispose();
    }
    this.capsules = names.map((name, i) => {
      const r = radii[i] ?? 0.07;
      const base = name.startsWith('right') ? CAPSULE_COLOURS.right : name.startsWith('left') ? CAPSULE_COLOURS.left : CAPSULE_COLOURS.body;
      const material = new THREE.MeshLambertMaterial({color: base});
      const group = new THREE.Group();
      const body = new THREE.Mesh(new THREE.CylinderBufferGeometry(r, r, 1, 24, 1, true), material);
      const ends = [0, 1].map(() => new THREE.Mesh(new THREE.SphereBufferGeometry(r, 24, 16), material));
      group.add(body, ...ends);
      group.visible = false;
      this.scene.add(group);
      return {name, base, material, group, body, ends};
    });
    this.rendered = null;
    this.schedule();
  }

  update(velma) {
    this.data = velma;
    this.fresh = true;
    this.schedule();
  }

  schedule() {
    if (this.renderer && !this.requested) {
      this.requested = true;
      requestAnimationFrame(() => this.frame());
    }
  }

  frame() {
    this.requested = false;
    const w = this.container.clientWidth;
    const h = this.container.clientHeight;
    if (!w || !h) return; // hidden: drawn again when shown or when data comes
    const size = this.renderer.getSize();
    if (size.width !== w || size.height !== h) {
      this.renderer.setSize(w, h);
      this.camera.aspect = w / h;
      this.camera.updateProjectionMatrix();
    }
    const o = this.orbit;
    const ce = Math.cos(o.elevation);
    this.camera.position.set(ce * Math.cos(o.azimuth), ce * Math.sin(o.azimuth), Math.sin(o.elevation))
      .multiplyScalar(o.distance).add(o.target);
    this.camera.lookAt(o.target);
    if (this.fresh) this.apply(this.data);
    this.renderer.render(this.scene, this.camera);
    if (this.fresh) {
      this.fresh = false;
      this.rendered = {joints: [...(this.data.joints ?? [])], capsules: (this.data.capsules ?? []).map((c) => [...c])};
    }
  }

  apply(v) {
    const caps = v.capsules ?? [];
    const d = v.selfCollisionDistance;
    const pair = v.nearestPair ?? '';
    this.capsules.forEach((c, i) => {
      const e = caps[i];
      c.group.visible = Boolean(e);
      if (!e) return;
      this.a.set(e[0], e[1], e[2]);
      this.b.set(e[3], e[4], e[5]);
      c.ends[0].position.copy(this.a);
      c.ends[1].position.copy(this.b);
      c.body.position.copy(this.a).add(this.b).multiplyScalar(0.5);
      const len = this.b.sub(this.a).length();
      c.body.scale.set(1, Math.max(len, 1e-6), 1);
      if (len > 1e-9) c.body.quaternion.setFromUnitVectors(this.axis, this.b.divideScalar(len));
      // The nearest pair turns orange when close, red in self collision (cs's 2 cm).
      const near = d != null && d < 0.05 && pair.includes(c.name);
      c.material.color.setHex(near ? (d < 0.02 ? CAPSULE_COLOURS.touching : CAPSULE_COLOURS.near) : c.base);
    });
    for (const side of ['right', 'left']) {
      const t = v.tools?.[side];
      const axes = this.tools[side];
      axes.visible = Array.isArray(t) && t.length >= 12;
      if (!axes.visible) continue;
      axes.matrix.set(t[3], t[4], t[5], t[0], t[6], t[7], t[8], t[1], t[9], t[10], t[11], t[2], 0, 0, 0, 1);
      axes.matrixWorldNeedsUpdate = true;
    }
  }
}
