// clearboard's page: drawing, pointer and keyboard input, controls, the log
// and the link in the address. Every rule, score and strategy comes from the
// Rust engine (window.wasmBindings, set by Trunk's loader); this file never
// decides what a move does.

const PRESETS = {
  poj: { w: 15, h: 10, colors: 3 },
  standard: { w: 15, h: 15, colors: 5 },
  small: { w: 6, h: 5, colors: 3 },
};

// Okabe–Ito colours (distinguishable with the common colour-vision
// deficiencies), in the order of the engine's letters R G B Y V O C P W.
const PALETTE = ['#d55e00', '#009e73', '#0072b2', '#f0e442', '#9b59b6', '#e69f00', '#56b4e9', '#cc79a7', '#f2f2f2'];
const ANIMATION_MS = 240;

const $ = (id) => document.getElementById(id);

/** Resolves with the wasm bindings whether Trunk's loader ran before or after us. */
function engine() {
  return new Promise((resolve) => {
    const done = () => {
      if (window.wasmBindings) {
        clearInterval(poll);
        resolve(window.wasmBindings);
      }
    };
    const poll = setInterval(done, 10);
    addEventListener('TrunkApplicationStarted', done, { once: true });
    done();
  });
}

/** What the page measures about itself (read by the browser tests). */
const stats = { frameGaps: [], animations: 0, engineCallMs: [] };
window.__clearboard = stats;

class SameGamePage {
  constructor(bindings) {
    this.app = new bindings.SameGameApp();
    this.canvas = $('board');
    this.ctx = this.canvas.getContext('2d');
    this.cursor = { col: 0, row: 0 };
    this.hover = null; // cells [col,row,...] under the pointer
    this.next = []; // the cluster the greedy strategy takes next
    this.anim = null; // { start, falls, removed, before }
    this.playTimer = null;
    this.cellSize = 24;
    this.reducedMotion = matchMedia('(prefers-reduced-motion: reduce)');
    this.bind();
    this.openFromAddress(true);
    new ResizeObserver(() => this.resize()).observe($('board-wrap'));
    addEventListener('hashchange', () => this.openFromAddress(false));
  }

  // ---- opening games -------------------------------------------------

  /** Opens the game in the address; a bad link leaves a default game and says why. */
  openFromAddress(first) {
    const hash = decodeURIComponent(location.hash.replace(/^#/, ''));
    if (!hash) {
      if (first) this.changed({ fresh: true });
      return;
    }
    if (hash === this.app.link()) return;
    try {
      this.app.openLink(hash);
      this.message('');
    } catch (e) {
      this.message(`This link could not be opened (${e.message}); showing a new game instead.`, true);
      if (first) this.app.newGame(15, 10, 3, 1);
    }
    this.syncControls();
    this.changed({ fresh: true });
  }

  newGame() {
    const w = Number($('width').value);
    const h = Number($('height').value);
    const colors = Number($('colors').value);
    const seed = Number($('seed').value);
    try {
      this.app.newGame(w, h, colors, seed);
      this.message('');
    } catch (e) {
      this.message(`New game: ${e.message}`, true);
      return;
    }
    this.changed({ fresh: true });
  }

  loadPoj() {
    try {
      const n = this.app.loadPoj($('poj-input').value, Number($('poj-game').value));
      this.message(`Loaded game ${$('poj-game').value} of ${n} from the POJ input.`);
    } catch (e) {
      this.message(e.message, true);
      return;
    }
    this.syncControls();
    this.changed({ fresh: true });
  }

  syncControls() {
    $('width').value = this.app.width();
    $('height').value = this.app.height();
    $('colors').value = this.app.colors();
    if (this.app.seed() >= 0) $('seed').value = this.app.seed();
    const preset = Object.entries(PRESETS).find(
      ([, p]) => p.w === this.app.width() && p.h === this.app.height() && p.colors === this.app.colors(),
    );
    $('preset').value = preset ? preset[0] : 'custom';
  }

  // ---- moves ---------------------------------------------------------

  /** Runs an engine call that may make a move; animates and updates everything after it. */
  act(call) {
    if (this.anim) return false; // input during an animation is ignored
    const before = this.app.cells();
    const t0 = performance.now();
    const moved = call();
    stats.engineCallMs.push(performance.now() - t0);
    if (!moved) return false;
    const falls = this.app.lastFalls();
    if (falls.length && !this.reducedMotion.matches) {
      this.anim = { start: performance.now(), last: null, falls, removed: this.app.lastRemoved(), before };
      stats.animations++;
      requestAnimationFrame((t) => this.frame(t));
    }
    this.changed({});
    return true;
  }

  click(col, row) {
    return this.act(() => this.app.click(col, row));
  }

  step() {
    return this.act(() => this.app.step());
  }

  undo() {
    this.stopAnimation();
    if (this.app.undo()) this.changed({});
  }

  redo() {
    this.stopAnimation();
    if (this.app.redo()) this.changed({});
  }

  restart() {
    this.pause();
    this.stopAnimation();
    this.app.restart();
    this.changed({});
  }

  play() {
    if (this.playTimer || this.app.isOver()) return;
    $('play').disabled = true;
    $('pause').disabled = false;
    const tick = () => {
      if (this.app.isOver()) return this.pause();
      if (!this.anim) this.step();
      this.playTimer = setTimeout(tick, 1000 / Number($('speed').value));
    };
    this.playTimer = setTimeout(tick, 0);
  }

  pause() {
    clearTimeout(this.playTimer);
    this.playTimer = null;
    $('play').disabled = false;
    $('pause').disabled = true;
  }

  stopAnimation() {
    this.anim = null;
  }

  /** After any change: log, status, the strategy's next move, the address, the drawing. */
  changed({ fresh }) {
    const over = this.app.isOver();
    this.next = over ? [] : Array.from(this.app.greedyCluster());
    if (fresh) {
      this.pause();
      this.stopAnimation();
      this.cursor = { col: 0, row: 0 };
      this.resize();
    }
    const log = this.app.log();
    $('log').textContent = log;
    $('log').scrollTop = $('log').scrollHeight;
    $('status').textContent = `Score ${this.app.score()} · Moves ${this.app.moves()} · Balls left ${this.app.balls()}`;
    $('why').textContent = this.app.greedyReason();
    $('undo').disabled = this.app.moves() === 0;
    $('redo').disabled = !this.app.canRedo();
    $('step').disabled = over;
    if (over) {
      this.pause();
      this.message(this.app.overText());
    } else if (!$('message').classList.contains('error')) {
      this.message('');
    }
    if (!fresh) {
      const lines = log.trimEnd().split('\n');
      $('live').textContent = over ? `${lines.at(-2) ?? ''} ${this.app.overText()}` : lines.at(-1) ?? 'Back at the start.';
    }
    const link = `#${this.app.link()}`;
    if (location.hash !== link) history.replaceState(null, '', link);
    this.hover = null;
    $('hover-info').textContent = '';
    this.draw();
  }

  message(text, error = false) {
    $('message').textContent = text;
    $('message').classList.toggle('error', error);
  }

  // ---- input -----------------------------------------------------------

  cellAt(event) {
    const r = this.canvas.getBoundingClientRect();
    const col = Math.floor((event.clientX - r.left) / this.cellSize);
    const rowFromTop = Math.floor((event.clientY - r.top) / this.cellSize);
    const row = this.app.height() - 1 - rowFromTop;
    if (col < 0 || row < 0 || col >= this.app.width() || row >= this.app.height()) return null;
    return { col, row };
  }

  showHover(cell) {
    if (this.anim || !cell) {
      this.hover = null;
      $('hover-info').textContent = '';
    } else {
      const cells = this.app.clusterAt(cell.col, cell.row);
      this.hover = cells.length >= 4 ? Array.from(cells) : null;
      $('hover-info').textContent = this.app.describeCell(cell.col, cell.row);
    }
    this.draw();
  }

  bind() {
    const c = this.canvas;
    c.addEventListener('pointermove', (e) => this.showHover(this.cellAt(e)));
    c.addEventListener('pointerleave', () => this.showHover(null));
    c.addEventListener('click', (e) => {
      const cell = this.cellAt(e);
      if (!cell) return;
      this.cursor = cell;
      this.click(cell.col, cell.row);
    });
    c.addEventListener('keydown', (e) => {
      const moves = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, 1], ArrowDown: [0, -1] };
      if (moves[e.key]) {
        const [dc, dr] = moves[e.key];
        this.cursor.col = Math.min(this.app.width() - 1, Math.max(0, this.cursor.col + dc));
        this.cursor.row = Math.min(this.app.height() - 1, Math.max(0, this.cursor.row + dr));
        this.showHover(this.cursor);
        e.preventDefault();
      } else if (e.key === 'Enter' || e.key === ' ') {
        this.click(this.cursor.col, this.cursor.row);
        this.showHover(this.cursor);
        e.preventDefault();
      }
    });
    c.addEventListener('focus', () => this.showHover(this.cursor));
    c.addEventListener('blur', () => this.showHover(null));
    document.addEventListener('keydown', (e) => {
      if (e.target.closest && e.target.closest('input, textarea, select')) return;
      const k = e.key.toLowerCase();
      if ((e.ctrlKey || e.metaKey) && k === 'z' && !e.shiftKey) { this.undo(); e.preventDefault(); }
      else if ((e.ctrlKey || e.metaKey) && (k === 'y' || (k === 'z' && e.shiftKey))) { this.redo(); e.preventDefault(); }
      else if (e.ctrlKey || e.metaKey || e.altKey) return;
      else if (k === 'u') this.undo();
      else if (k === 'r') this.redo();
      else if (k === 's') this.step();
    });
    $('new-game').addEventListener('click', () => this.newGame());
    $('restart').addEventListener('click', () => this.restart());
    $('undo').addEventListener('click', () => this.undo());
    $('redo').addEventListener('click', () => this.redo());
    $('step').addEventListener('click', () => this.step());
    $('play').addEventListener('click', () => this.play());
    $('pause').addEventListener('click', () => this.pause());
    $('marks').addEventListener('change', () => this.draw());
    $('poj-load').addEventListener('click', () => this.loadPoj());
    $('preset').addEventListener('change', () => {
      const p = PRESETS[$('preset').value];
      if (!p) return;
      $('width').value = p.w;
      $('height').value = p.h;
      $('colors').value = p.colors;
      this.newGame();
    });
    for (const id of ['width', 'height', 'colors']) {
      $(id).addEventListener('input', () => { $('preset').value = 'custom'; });
    }
  }

  // ---- drawing -----------------------------------------------------------

  resize() {
    const wrap = $('board-wrap');
    const w = this.app.width();
    const h = this.app.height();
    this.cellSize = Math.max(8, Math.floor(Math.min(wrap.clientWidth / w, wrap.clientHeight / h)));
    const dpr = window.devicePixelRatio || 1;
    const cssW = this.cellSize * w;
    const cssH = this.cellSize * h;
    this.canvas.style.width = `${cssW}px`;
    this.canvas.style.height = `${cssH}px`;
    this.canvas.width = Math.round(cssW * dpr);
    this.canvas.height = Math.round(cssH * dpr);
    this.ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
    this.draw();
  }

  frame(now) {
    if (!this.anim) return;
    if (this.anim.last !== null) stats.frameGaps.push(now - this.anim.last);
    this.anim.last = now;
    this.draw(now);
    if (now - this.anim.start >= ANIMATION_MS) {
      this.anim = null;
      this.draw();
    } else {
      requestAnimationFrame((t) => this.frame(t));
    }
  }

  ball(x, y, color, scale, outline) {
    const s = this.cellSize;
    const ctx = this.ctx;
    const r = (s / 2 - 1.5) * scale;
    if (r <= 0) return;
    ctx.beginPath();
    ctx.arc(x + s / 2, y + s / 2, r, 0, Math.PI * 2);
    ctx.fillStyle = PALETTE[(color - 1) % PALETTE.length];
    ctx.fill();
    if (outline) {
      ctx.lineWidth = Math.max(2, s / 10);
      ctx.strokeStyle = outline;
      ctx.stroke();
    }
    if ($('marks').checked && s >= 12) {
      ctx.fillStyle = color === 4 || color === 9 ? '#222' : '#fff';
      ctx.font = `600 ${Math.floor(s * 0.5)}px system-ui, sans-serif`;
      ctx.textAlign = 'center';
      ctx.textBaseline = 'middle';
      ctx.fillText(this.app.colorLetter(color), x + s / 2, y + s / 2 + 1);
    }
  }

  draw(now = performance.now()) {
    const ctx = this.ctx;
    const w = this.app.width();
    const h = this.app.height();
    const s = this.cellSize;
    ctx.clearRect(0, 0, w * s, h * s);
    ctx.fillStyle = '#222';
    ctx.fillRect(0, 0, w * s, h * s);
    const top = (row) => (h - 1 - row) * s;
    if (this.anim) {
      const t = Math.min(1, (now - this.anim.start) / ANIMATION_MS);
      const ease = 1 - (1 - t) * (1 - t);
      const { falls, removed, before } = this.anim;
      for (let i = 0; i < removed.length; i += 2) {
        const [c, r] = [removed[i], removed[i + 1]];
        this.ball(c * s, top(r), before[r * w + c], 1 - t);
      }
      for (let i = 0; i < falls.length; i += 4) {
        const [fc, fr, tc, tr] = [falls[i], falls[i + 1], falls[i + 2], falls[i + 3]];
        const x = (fc + (tc - fc) * ease) * s;
        const y = top(fr) + (top(tr) - top(fr)) * ease;
        this.ball(x, y, before[fr * w + fc], 1);
      }
      return;
    }
    const cells = this.app.cells();
    const mark = new Map();
    for (let i = 0; i < this.next.length; i += 2) mark.set(this.next[i + 1] * w + this.next[i], '#ffffffaa');
    if (this.hover) for (let i = 0; i < this.hover.length; i += 2) mark.set(this.hover[i + 1] * w + this.hover[i], '#ffffff');
    for (let row = 0; row < h; row++) {
      for (let col = 0; col < w; col++) {
        const v = cells[row * w + col];
        if (v) this.ball(col * s, top(row), v, 1, mark.get(row * w + col));
      }
    }
    if (document.activeElement === this.canvas) {
      ctx.lineWidth = 2;
      ctx.strokeStyle = '#fff';
      ctx.setLineDash([4, 3]);
      ctx.strokeRect(this.cursor.col * s + 1, top(this.cursor.row) + 1, s - 2, s - 2);
      ctx.setLineDash([]);
    }
  }
}

engine().then((bindings) => {
  window.clearboardPage = new SameGamePage(bindings);
  document.body.dataset.ready = 'true';
});
