// A page of another site that uses the clearboard engine as an ES module:
// it imports clearboard.js from ENGINE (the folder where the contents of
// dist/ are served; that server must send Access-Control-Allow-Origin when
// it is another origin), loads clearboard_bg.wasm beside it, and plays each
// game through its class. What happened is listed (role="log") and kept in
// window.results; the status line says "done" or what failed.

/** Where the engine is: a site copying this page sets its own folder here. */
const ENGINE = './clearboard/';

/**
 * The engine's folder: ENGINE, or for this project's own tests (a page on a
 * loopback address) the `?engine=` parameter. A page on the web never takes
 * the folder from its address: anyone could make it import their script.
 */
function engineBase() {
  const loopback = ['127.0.0.1', 'localhost', '[::1]'].includes(location.hostname);
  const asked = new URLSearchParams(location.search).get('engine');
  let base = new URL(ENGINE, location.href);
  if (loopback && asked) {
    const u = new URL(asked, location.href);
    if (u.protocol === 'http:' || u.protocol === 'https:') base = u;
  }
  if (!base.pathname.endsWith('/')) base.pathname += '/';
  return base;
}

const status = document.getElementById('status');
const list = document.getElementById('results');
const base = engineBase();

window.results = {};
const note = (key, value) => {
  window.results[key] = value;
  const li = document.createElement('li');
  li.textContent = `${key}: ${JSON.stringify(value)}`;
  list.append(li);
};

let engine;
try {
  engine = await import(new URL('clearboard.js', base).href);
  await engine.default({ module_or_path: new URL('clearboard_bg.wasm', base) });
} catch (e) {
  engine = null;
  status.textContent = `The engine could not be loaded from ${base.href}: ${e.message ?? e}`;
}

if (engine) {
  try {
    // Same Game: one click on a small board, then greedy to the end.
    const s = new engine.SameGameApp();
    s.openLink('game=samegame&board=RRG/GBB/GBR');
    note('samegame click', s.click(0, 2));
    for (let i = 0; i < 100 && s.step(); i++) { /* greedy */ }
    note('samegame', { link: s.link(), score: s.score(), over: s.isOver() });

    // 连连看: a winnable 16 × 9 deal (36 kinds, tiles sliding down) played by Hint alone.
    const g = new engine.LianliankanApp();
    g.newGame(16, 9, 36, 'down', 5);
    let pairs = 0;
    for (let h = g.hint(); h && pairs < 100; h = g.hint()) {
      if (!g.tryPair(h[0], h[1], h[2], h[3])) break;
      pairs += 1;
    }
    note('lianliankan', { pairs, won: g.isWon(), winnable: g.winnable() });

    // The Mayan puzzle: level 1 by its hints (at most its n moves).
    const m = new engine.MayanApp();
    for (let h = m.hint(), i = 0; h.length === 3 && !m.isOver() && i < 10; h = m.hint(), i++) {
      if (!m.play(h[0], h[1], h[2])) break;
    }
    note('mayan', { solved: m.solved(), n: m.n() });

    // Bad input is an Error with a message, never a trap.
    try {
      g.openLink('game=lianliankan&board=A!');
      note('bad link', 'accepted');
    } catch (e) {
      note('bad link', String(e.message ?? e));
    }
    status.textContent = 'done';
  } catch (e) {
    status.textContent = `The engine loaded, but a call failed: ${e.message ?? e}`;
  }
}
