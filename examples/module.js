// A page of another site that uses the clearboard engine as an ES module:
// it imports clearboard.js from ?engine=URL (the folder where dist/ is
// served; that server must send Access-Control-Allow-Origin when it is
// another origin), loads clearboard_bg.wasm beside it, and plays each game
// through its class. What happened is listed (role="log") and kept in
// window.results; the status line says "done" or what failed.
const status = document.getElementById('status');
const list = document.getElementById('results');
const base = new URL(new URLSearchParams(location.search).get('engine') ?? './clearboard/', location.href);

window.results = {};
const note = (key, value) => {
  window.results[key] = value;
  const li = document.createElement('li');
  li.textContent = `${key}: ${JSON.stringify(value)}`;
  list.append(li);
};

try {
  const engine = await import(new URL('clearboard.js', base).href);
  await engine.default({ module_or_path: new URL('clearboard_bg.wasm', base) });

  // Same Game: one click on a small board, then greedy to the end.
  const s = new engine.SameGameApp();
  s.openLink('game=samegame&board=RRG/GBB/GBR');
  note('samegame click', s.click(0, 2));
  while (s.step()) { /* greedy */ }
  note('samegame', { link: s.link(), score: s.score(), over: s.isOver() });

  // 连连看: a winnable Classic deal played by Hint alone.
  const g = new engine.LianliankanApp();
  g.newGame(16, 9, 36, 'down', 5);
  let pairs = 0;
  for (let h = g.hint(); h && pairs < 100; h = g.hint()) {
    if (!g.tryPair(h[0], h[1], h[2], h[3])) break;
    pairs += 1;
  }
  note('lianliankan', { pairs, won: g.isWon(), winnable: g.winnable() });

  // The Mayan puzzle: level 1 by its hints.
  const m = new engine.MayanApp();
  for (let h = m.hint(); h.length === 3 && !m.isOver(); h = m.hint()) m.play(h[0], h[1], h[2]);
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
  status.textContent = `The engine could not be loaded from ${base.href}: ${e.message ?? e}`;
}
