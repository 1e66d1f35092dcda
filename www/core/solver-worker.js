// Runs a game's solver off the page's thread. The page sends the URLs of the
// wasm-bindgen module and of the wasm (Trunk names them with a hash), the
// game, its position and a seed; the worker answers after each step of the
// search with the best move list so far, until the page stops it (by
// terminating the worker).

onmessage = async (event) => {
  const { jsUrl, wasmUrl, game, board, seed } = event.data;
  try {
    const engine = await import(jsUrl);
    await engine.default({ module_or_path: wasmUrl });
    if (game !== 'samegame') throw new Error(`no solver for the game '${game}'`);
    const session = new engine.SolverSession(board, seed);
    // Beams widen up to the engine's memory bound and then run at that
    // width again; three such runs without a better score end the search.
    let best = -Infinity;
    let lastWidth = 0;
    let idle = 0;
    for (;;) {
      const more = session.step();
      const score = session.bestScore();
      const width = session.width();
      if (score > best || width !== lastWidth) {
        postMessage({ score, cleared: session.cleared(), moves: Array.from(session.bestMoves()), width });
      }
      idle = width === lastWidth && score <= best ? idle + 1 : 0;
      best = Math.max(best, score);
      lastWidth = width;
      if (!more || idle >= 3) break;
    }
    session.free();
    postMessage({ done: true });
  } catch (e) {
    postMessage({ error: String(e && e.message ? e.message : e) });
  }
};
